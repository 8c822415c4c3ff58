// P/Invoke declarations for the dataset section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>shogi_dataset_batch_t: pointers into memory the stream owns.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct DatasetBatchNative
    {
        public long StructSize;
        public long N;
        public int MaxActive;
        public int Reserved;
        public IntPtr PaddedBlack, PaddedWhite;
        public IntPtr ValuesBlack, ValuesWhite;
        public IntPtr OffsetsBlack, OffsetsWhite;
        public long NValuesBlack, NValuesWhite;
        public IntPtr SideToMove, Score, Result, Ply, Move16, Features1, Features2, MoveLabel;
        public IntPtr PolicyOffsets, PolicyLabel, PolicyProb;
        public long NPolicy;
        public IntPtr Features1U8, Features2U8;
    }

    /// <summary>shogi_dataset_stats_t.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct DatasetStatsNative
    {
        public long StructSize;
        public long Records, Bad, Positions, Batches, Epochs;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 8)]
        public long[] Removed;
    }

    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclDataset = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dataset_open(IntPtr[] paths, UIntPtr nPaths, byte[] options,
                                                      out DatasetHandle ds, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dataset_next(DatasetHandle ds, ref DatasetBatchNative batch, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dataset_stats(DatasetHandle ds, ref DatasetStatsNative stats, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dataset_last_error(DatasetHandle ds, [Out] byte[] buf, UIntPtr cap,
                                                            out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dataset_free(IntPtr ds, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclDataset)]
        internal static extern int shogi_dlshogi_features(byte[] records, UIntPtr n, int format, [Out] float[] features1,
                                                          [Out] float[] features2, [Out] int[] moveLabels,
                                                          out UIntPtr nBad, byte[] err);
    }

    /// <summary>A shogi_dataset_t, owned by its <see cref="Dataset"/>;
    /// public only because P/Invoke marshals it.</summary>
    public sealed class DatasetHandle : Microsoft.Win32.SafeHandles.SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (P/Invoke fills it on return).</summary>
        public DatasetHandle() : base(true) { }

        /// <summary>Stops the stream's reader threads and frees its batch
        /// memory (shogi_dataset_free); true when the library accepted it.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_dataset_free(handle, null) == 0;
        }
    }
}
