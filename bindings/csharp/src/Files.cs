using System;
using System.IO;

namespace LibShogi
{
    // Every loader reports a file that is not there the way .NET's own
    // readers do (FileNotFoundException with FileName set), before the
    // library would turn it into a generic ShogiIOException.
    internal static class Files
    {
        internal static void RequireExisting(string path, string paramName, string what)
        {
            if (path == null)
                throw new ArgumentNullException(paramName);
            if (!File.Exists(path))
                throw new FileNotFoundException("no " + what + " file at " + path, path);
        }
    }
}
