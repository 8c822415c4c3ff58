// P/Invoke declarations for the search progress section of include/shogi.h
// (shogi_engine_search_progress: periodic nodes/NPS/hashfull/current move).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    // Offsets of shogi_search_progress_t: six int32 fields, then three
    // 8-byte fields (natural alignment, no padding).
    internal static class ProgressLayout
    {
        public const int Depth = 0;
        public const int SelDepth = 4;
        public const int MultiPV = 8;
        public const int Hashfull = 12;
        public const int CurrMove = 16;
        public const int CurrMoveNumber = 20;
        public const int Nodes = 24;
        public const int Nps = 32;
        public const int TimeMs = 40;
        public const int Size = 48;
        public const int IntervalMs = 500; // SHOGI_PROGRESS_INTERVAL_MS
    }

    internal static partial class NativeMethods
    {
        // shogi_progress_callback_t: (const shogi_search_progress_t *progress, void *user_data)
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void ProgressCallback(IntPtr progress, IntPtr userData);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_engine_search_progress(EngineHandle eng, PositionHandle pos,
                                                                ref NativeSearchLimits limits, InfoCallback callback,
                                                                ProgressCallback progress, IntPtr userData,
                                                                IntPtr result, byte[] err);
    }
}
