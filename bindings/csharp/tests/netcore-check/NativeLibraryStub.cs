// Compile-time stand-ins for the .NET Core 3.0+ APIs that Mono lacks, so
// that the stage script can type-check the NETCOREAPP3_0_OR_GREATER branch
// of NativeLibraryLoader with mcs. Never shipped, never run: the signatures
// copy the documented .NET ones, the bodies only throw.
using System;
using System.Reflection;

namespace System.Runtime.InteropServices
{
    public delegate IntPtr DllImportResolver(string libraryName, Assembly assembly, DllImportSearchPath? searchPath);

    public static class NativeLibrary
    {
        public static void SetDllImportResolver(Assembly assembly, DllImportResolver resolver)
        {
            throw new NotSupportedException();
        }

        public static IntPtr Load(string libraryPath)
        {
            throw new NotSupportedException();
        }

        public static bool TryLoad(string libraryName, Assembly assembly, DllImportSearchPath? searchPath,
                                   out IntPtr handle)
        {
            throw new NotSupportedException();
        }

        public static bool TryLoad(string libraryPath, out IntPtr handle)
        {
            throw new NotSupportedException();
        }
    }
}
