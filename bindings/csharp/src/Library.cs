using System;

namespace LibShogi
{
    /// <summary>Library-wide functions: versions, status names, leak checks.</summary>
    public static class Library
    {
        /// <summary>The ABI major version this binding was written for.</summary>
        public const int BindingAbiMajor = 1;
        /// <summary>The ABI minor version this binding was written for (the
        /// newest header sections it declares).</summary>
        public const int BindingAbiMinor = 1;

        /// <summary>The library's version, e.g. "0.4.0"; never null.</summary>
        public static string Version
        {
            get { return Utf8.FromPointer(NativeMethods.shogi_version()); }
        }

        /// <summary>The SIMD kernels the library uses for NNUE evaluation:
        /// "avx512", "avx2" or "go" (portable). The environment variable
        /// LIBSHOGI_SIMD=go|avx2, set before the library loads, caps it. Never null.</summary>
        public static string SimdLevel
        {
            get { return Utf8.FromPointer(NativeMethods.shogi_simd_level()); }
        }

        /// <summary>The library's ABI version, (major &lt;&lt; 16) | minor.</summary>
        public static uint AbiVersion
        {
            get { return NativeMethods.shogi_abi_version(); }
        }

        /// <summary>True when the loaded library can serve this binding: the
        /// same ABI major and at least the binding's minor.</summary>
        public static bool IsCompatible
        {
            get
            {
                uint v = AbiVersion;
                return (v >> 16) == BindingAbiMajor && (v & 0xffff) >= BindingAbiMinor;
            }
        }

        /// <summary>Throws if the loaded library is too old or of another
        /// major version. GUIs call it once at start-up.</summary>
        public static void EnsureCompatible()
        {
            if (!IsCompatible)
            {
                uint v = AbiVersion;
                throw new ShogiUnsupportedException(string.Format(
                    "libshogi {0} has ABI {1}.{2}; this binding needs {3}.{4} or a newer {3}.x",
                    Version, v >> 16, v & 0xffff, BindingAbiMajor, BindingAbiMinor));
            }
        }

        /// <summary>The C name of a status code ("SHOGI_E_PARSE" ...);
        /// never null: "SHOGI_E_UNKNOWN" for a value the library does not know.</summary>
        public static string StatusName(Status status)
        {
            return Utf8.FromPointer(NativeMethods.shogi_status_name((int)status));
        }

        /// <summary>The number of live native handles of every kind: a leak
        /// check for tests.</summary>
        public static ulong LiveHandles
        {
            get { return NativeMethods.shogi_live_handles(); }
        }

        /// <summary>Raises and recovers a panic inside the library; always
        /// throws <see cref="ShogiInternalException"/>. Tests the error path.</summary>
        public static void SelfTestPanic()
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_selftest_panic(err), err);
        }
    }
}
