using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace LibShogi
{
    // One SafeHandle subclass per handle kind of the C ABI. The runtime
    // guarantees ReleaseHandle runs exactly once, after the last P/Invoke
    // that uses the handle has returned, from Dispose or the finalizer.

    /// <summary>A shogi_position_t.</summary>
    public sealed class PositionHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public PositionHandle() : base(true) { }

        /// <summary>Frees the native position.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_position_free(handle, null) == 0;
        }
    }
}

namespace LibShogi
{
    /// <summary>A shogi_network_t.</summary>
    public sealed class NetworkHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public NetworkHandle() : base(true) { }

        /// <summary>Frees the native network.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_network_free(handle, null) == 0;
        }
    }

    /// <summary>A shogi_accumulator_t.</summary>
    public sealed class AccumulatorHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public AccumulatorHandle() : base(true) { }

        /// <summary>Frees the native accumulator.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_accumulator_free(handle, null) == 0;
        }
    }
}

namespace LibShogi
{
    /// <summary>A shogi_engine_t. Its release waits for a running Search
    /// call to return (the SafeHandle reference count), so the library never
    /// sees a free while it searches.</summary>
    public sealed class EngineHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public EngineHandle() : base(true) { }

        /// <summary>Frees the native engine.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_engine_free(handle, null) == 0;
        }
    }
}

namespace LibShogi
{
    /// <summary>A shogi_record_t.</summary>
    public sealed class RecordHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public RecordHandle() : base(true) { }

        // A handle the library gave out through an array (shogi_record_parse_all).
        internal RecordHandle(IntPtr h) : base(true) { SetHandle(h); }

        /// <summary>Frees the native record.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_record_free(handle, null) == 0;
        }
    }
}
