namespace LibShogi.Tests
{
    internal static class EngineTests
    {
        public static void RunAll()
        {
            // The engine section of the header has not landed yet.
        }
    }
}
