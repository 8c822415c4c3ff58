// Finding the native library.
//
// [DllImport("shogi")] is resolved by the runtime:
//   Windows:          shogi.dll (beside the program, or on PATH).
//   Mono on Linux:    LibShogi.dll.config maps "shogi" to libshogi.so; Mono
//                     looks beside LibShogi.dll first, then asks dlopen (so
//                     LD_LIBRARY_PATH and the system paths work).
//   .NET Core 3.0+:   the resolver below: $LIBSHOGI_LIBRARY if set, else
//                     shogi.dll / libshogi.so / libshogi.so.1 /
//                     libshogi.dylib through the normal probing.
// On Windows, the DLL for the process's bitness is preferred: x64\shogi.dll
// or x86\shogi.dll beside LibShogi.dll, then runtimes\win-x64\native\ or
// runtimes\win-x86\native\ (the NuGet layout), then plain shogi.dll. A
// .NET Framework WinForms app is 32-bit by default ("Prefer 32-bit"), so
// one program folder can carry both DLLs.
// LIBSHOGI_LIBRARY (a full path) is honoured on .NET Core 3.0+ everywhere and
// on .NET Framework / Mono on Windows (the file is loaded first, so the
// module is already present when DllImport looks for shogi.dll; name the
// file shogi.dll). On Mono/Linux use LD_LIBRARY_PATH or copy libshogi.so
// beside LibShogi.dll.
using System;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading;

namespace LibShogi
{
    internal static class NativeLibraryLoader
    {
        internal const string EnvironmentVariable = "LIBSHOGI_LIBRARY";
        private static int initialized;

        internal static bool IsWindows
        {
            get
            {
                PlatformID p = Environment.OSVersion.Platform;
                return p == PlatformID.Win32NT || p == PlatformID.Win32Windows;
            }
        }

        internal static void Initialize()
        {
            if (Interlocked.Exchange(ref initialized, 1) != 0)
                return;
#if NETCOREAPP3_0_OR_GREATER
            try
            {
                NativeLibrary.SetDllImportResolver(typeof(NativeLibraryLoader).Assembly, Resolve);
            }
            catch (InvalidOperationException)
            {
                // The application installed its own resolver for this
                // assembly; it decides where the library comes from.
            }
#else
            string path = Environment.GetEnvironmentVariable(EnvironmentVariable);
            if (!string.IsNullOrEmpty(path) && IsWindows)
            {
                if (LoadLibraryW(path) == IntPtr.Zero)
                    throw new DllNotFoundException(string.Format(
                        "{0}={1}: cannot load the library (Windows error {2})",
                        EnvironmentVariable, path, Marshal.GetLastWin32Error()));
            }
            else if (IsWindows)
            {
                // Loaded first, the module is what DllImport("shogi") binds to.
                foreach (string candidate in WindowsCandidates(AssemblyDirectory(), Environment.Is64BitProcess))
                    if (File.Exists(candidate) && LoadLibraryW(candidate) != IntPtr.Zero)
                        break;
            }
#endif
        }

        // The architecture folder name for a process's bitness.
        internal static string WindowsArchitecture(bool is64BitProcess)
        {
            return is64BitProcess ? "x64" : "x86";
        }

        // Where shogi.dll for this bitness may be, best first (full paths
        // under baseDirectory; the last is the plain name for the normal
        // search).
        internal static string[] WindowsCandidates(string baseDirectory, bool is64BitProcess)
        {
            string arch = WindowsArchitecture(is64BitProcess);
            return new[]
            {
                Path.Combine(Path.Combine(baseDirectory, arch), "shogi.dll"),
                Path.Combine(Path.Combine(Path.Combine(Path.Combine(baseDirectory, "runtimes"), "win-" + arch), "native"), "shogi.dll"),
                "shogi.dll",
            };
        }

        private static string AssemblyDirectory()
        {
            string location = typeof(NativeLibraryLoader).Assembly.Location;
            return string.IsNullOrEmpty(location) ? AppDomain.CurrentDomain.BaseDirectory : Path.GetDirectoryName(location);
        }

#if NETCOREAPP3_0_OR_GREATER
        private static IntPtr Resolve(string name, Assembly assembly, DllImportSearchPath? searchPath)
        {
            if (name != NativeMethods.Lib)
                return IntPtr.Zero;
            string path = Environment.GetEnvironmentVariable(EnvironmentVariable);
            if (!string.IsNullOrEmpty(path))
                return NativeLibrary.Load(path);
            string[] candidates;
            if (RuntimeInformation.IsOSPlatform(OSPlatform.Windows))
            {
                foreach (string file in WindowsCandidates(AssemblyDirectory(), Environment.Is64BitProcess))
                {
                    IntPtr h;
                    if (Path.IsPathRooted(file) && File.Exists(file) && NativeLibrary.TryLoad(file, out h))
                        return h;
                }
                candidates = new[] { "shogi.dll", "libshogi.dll" };
            }
            else if (RuntimeInformation.IsOSPlatform(OSPlatform.OSX))
                candidates = new[] { "libshogi.dylib", "libshogi.so" };
            else
                candidates = new[] { "libshogi.so", "libshogi.so.1" };
            foreach (string candidate in candidates)
            {
                IntPtr handle;
                if (NativeLibrary.TryLoad(candidate, assembly, searchPath, out handle))
                    return handle;
            }
            // Fall back to the runtime's own probing (and its error message).
            return IntPtr.Zero;
        }
#else
        [DllImport("kernel32", CharSet = CharSet.Unicode, SetLastError = true)]
        private static extern IntPtr LoadLibraryW(string path);
#endif
    }
}
