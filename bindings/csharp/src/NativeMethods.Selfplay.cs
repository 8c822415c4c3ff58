// P/Invoke declarations for the self-play section of include/shogi.h
// (teacher generation, re-scoring, matches). The structs are blittable
// mirrors of the C structs (natural alignment).
using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace LibShogi
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSelfPlayProgress
    {
        public long Games, Positions, Plies;
        public double PositionsPerSec, MeanGameLength;
        public long ElapsedMs, EtaMs;
        public int Done, Wins, Draws, Losses;
        public double Elo, EloError, Llr;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeGensfenResult
    {
        public long Games, Positions, Plies, Filtered, Duplicates, Unchanged, ElapsedMs, SearchMs, WorkerMs;
        public int Stopped;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMatchResult
    {
        public int Games, Wins, Draws, Losses;
        public int Penta0, Penta1, Penta2, Penta3, Penta4;
        public double Elo, EloLow, EloHigh, EloTrinomial, EloTrinomialError, Llr;
        public int SprtDecision, Faults, Stopped;
    }

    /// <summary>A shogi_selfplay_job_t: what makes a run of
    /// <see cref="SelfPlay"/> stoppable. SelfPlay creates and frees one per
    /// run; it is public only because P/Invoke marshals it.</summary>
    public sealed class SelfPlayJobHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (P/Invoke fills it on return).</summary>
        public SelfPlayJobHandle() : base(true) { }

        /// <summary>Frees the job (shogi_selfplay_job_free); true when the library accepted it.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_selfplay_job_free(handle, null) == 0;
        }
    }

    internal static partial class NativeMethods
    {
        // shogi_selfplay_callback_t: (const shogi_selfplay_progress_t *progress, void *user_data)
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void SelfPlayCallback(ref NativeSelfPlayProgress progress, IntPtr userData);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_selfplay_job_new(out SelfPlayJobHandle job, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_selfplay_job_free(IntPtr job, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_selfplay_job_stop(SelfPlayJobHandle job, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_gensfen_run(SelfPlayJobHandle job, IntPtr net, byte[] options,
                                                     SelfPlayCallback callback, IntPtr userData,
                                                     out NativeGensfenResult result, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_rescore_run(SelfPlayJobHandle job, IntPtr net, byte[] options,
                                                     SelfPlayCallback callback, IntPtr userData,
                                                     out NativeGensfenResult result, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_match_run(SelfPlayJobHandle job, IntPtr netA, IntPtr netB, byte[] options,
                                                   SelfPlayCallback callback, IntPtr userData,
                                                   out NativeMatchResult result, byte[] err);
    }
}
