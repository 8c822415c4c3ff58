using System;
using System.Collections;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>One batch of a <see cref="Dataset"/>. The pointers address
    /// memory the stream owns and hold this batch until the next batch is
    /// taken or the stream is disposed; the Copy methods read them into
    /// managed arrays. Pointers of layouts the stream does not fill are
    /// IntPtr.Zero.</summary>
    public sealed class DatasetBatch
    {
        private readonly DatasetBatchNative b;

        internal DatasetBatch(DatasetBatchNative native) { b = native; }

        /// <summary>Positions in the batch.</summary>
        public int Count { get { return (int)b.N; } }
        /// <summary>Row width of the padded feature arrays (38 for HalfKP).</summary>
        public int MaxActive { get { return b.MaxActive; } }

        /// <summary>Count x MaxActive feature indices of Black's (white:
        /// false) or White's perspective, padded with -1.</summary>
        public int[] Padded(bool white)
        {
            return Ints(white ? b.PaddedWhite : b.PaddedBlack, Count * MaxActive);
        }

        /// <summary>CSR values of a perspective (row i: values[offsets[i]..offsets[i+1])).</summary>
        public int[] Values(bool white)
        {
            return Ints(white ? b.ValuesWhite : b.ValuesBlack, (int)(white ? b.NValuesWhite : b.NValuesBlack));
        }

        /// <summary>CSR offsets (Count + 1) of a perspective.</summary>
        public int[] Offsets(bool white)
        {
            return Ints(white ? b.OffsetsWhite : b.OffsetsBlack, Count + 1);
        }

        /// <summary>Side to move: 0 Black, 1 White.</summary>
        public byte[] SideToMove()
        {
            if (b.SideToMove == IntPtr.Zero) return null;
            var a = new byte[Count];
            Marshal.Copy(b.SideToMove, a, 0, Count);
            return a;
        }

        /// <summary>Scores from the side to move's view.</summary>
        public short[] Score()
        {
            if (b.Score == IntPtr.Zero) return null;
            var a = new short[Count];
            Marshal.Copy(b.Score, a, 0, Count);
            return a;
        }

        /// <summary>Results for the side to move: 1 win, 0 draw, -1 loss.</summary>
        public sbyte[] Result()
        {
            if (b.Result == IntPtr.Zero) return null;
            var raw = new byte[Count];
            Marshal.Copy(b.Result, raw, 0, Count);
            var a = new sbyte[Count];
            Buffer.BlockCopy(raw, 0, a, 0, Count);
            return a;
        }

        /// <summary>SFEN move numbers.</summary>
        public int[] Ply() { return Ints(b.Ply, Count); }

        /// <summary>Recorded moves, YaneuraOu move16 (0: none).</summary>
        public ushort[] Move16()
        {
            if (b.Move16 == IntPtr.Zero) return null;
            var raw = new short[Count];
            Marshal.Copy(b.Move16, raw, 0, Count);
            var a = new ushort[Count];
            Buffer.BlockCopy(raw, 0, a, 0, 2 * Count);
            return a;
        }

        /// <summary>dlshogi planes: Count x 62 x 81 floats.</summary>
        public float[] Features1() { return Floats(b.Features1, Count * Dataset.Features1Num * 81); }

        /// <summary>dlshogi planes: Count x 57 x 81 floats.</summary>
        public float[] Features2() { return Floats(b.Features2, Count * Dataset.Features2Num * 81); }

        /// <summary>Compact planes (layout planes_u8): Count x 62 x 81 bytes.</summary>
        public byte[] Features1U8() { return Bytes(b.Features1U8, Count * Dataset.Features1Num * 81); }

        /// <summary>Compact planes: Count x 57 bytes, one a plane.</summary>
        public byte[] Features2U8() { return Bytes(b.Features2U8, Count * Dataset.Features2Num); }

        /// <summary>dlshogi move labels (-1: no move).</summary>
        public int[] MoveLabel() { return Ints(b.MoveLabel, Count); }

        /// <summary>Policy targets: row i's labels and probabilities are
        /// PolicyLabel()/PolicyProb() [PolicyOffsets()[i], PolicyOffsets()[i+1]).</summary>
        public int[] PolicyOffsets() { return Ints(b.PolicyOffsets, Count + 1); }
        public int[] PolicyLabel() { return Ints(b.PolicyLabel, (int)b.NPolicy); }
        public float[] PolicyProb() { return Floats(b.PolicyProb, (int)b.NPolicy); }

        /// <summary>The raw pointers (for unsafe code or native hand-off).</summary>
        public IntPtr Features1Pointer { get { return b.Features1; } }

        private static int[] Ints(IntPtr p, int n)
        {
            if (p == IntPtr.Zero) return null;
            var a = new int[n];
            if (n > 0) Marshal.Copy(p, a, 0, n);
            return a;
        }

        private static byte[] Bytes(IntPtr p, int n)
        {
            if (p == IntPtr.Zero) return null;
            var a = new byte[n];
            if (n > 0) Marshal.Copy(p, a, 0, n);
            return a;
        }

        private static float[] Floats(IntPtr p, int n)
        {
            if (p == IntPtr.Zero) return null;
            var a = new float[n];
            if (n > 0) Marshal.Copy(p, a, 0, n);
            return a;
        }
    }

    /// <summary>Counts of a <see cref="Dataset"/>.</summary>
    public sealed class DatasetStats
    {
        public long Records, Bad, Positions, Batches, Epochs;
        /// <summary>Positions removed by each filter, indexed like <see cref="Dataset.FilterNames"/>.</summary>
        public long[] Removed;
    }

    /// <summary>A training-data stream (shogi_dataset_*): batches of
    /// positions from PSV, hcpe and hcpe3 files. Options are "key=value"
    /// pairs separated by spaces (see shogi.h), e.g.
    /// "features=HalfKP batch_size=8192 threads=2 shuffle=1000000".
    /// Enumerate it; each batch is valid until the next one.</summary>
    public sealed class Dataset : IDisposable, IEnumerable<DatasetBatch>
    {
        public const int Features1Num = 62;   // SHOGI_DLSHOGI_FEATURES1_NUM
        public const int Features2Num = 57;   // SHOGI_DLSHOGI_FEATURES2_NUM
        public const int MoveLabelNum = 2187; // SHOGI_DLSHOGI_MOVE_LABEL_NUM
        public const int FormatPsv = 1;       // SHOGI_DATASET_FORMAT_PSV
        public const int FormatHcpe = 2;      // SHOGI_DATASET_FORMAT_HCPE

        /// <summary>The filters, in the order of DatasetStats.Removed.</summary>
        public static readonly string[] FilterNames = { "in_check", "capture", "promotion", "score", "min_ply", "random" };

        private readonly DatasetHandle handle;

        public Dataset(string[] files, string options)
        {
            if (files == null)
                throw new ArgumentNullException("files");
            byte[] err = Errors.New();
            using (var paths = new Utf8StringArray(files, "files"))
            {
                byte[] opts = Utf8.Encode(options ?? "", "options");
                DatasetHandle h;
                int status = NativeMethods.shogi_dataset_open(paths.Pointers, (UIntPtr)files.Length, opts, out h, err);
                if (status != 0)
                {
                    h.Dispose();
                    throw Errors.Create(status, err);
                }
                handle = h;
            }
        }

        /// <summary>The next batch, or null at the end.</summary>
        public DatasetBatch Next()
        {
            byte[] err = Errors.New();
            var b = new DatasetBatchNative { StructSize = Marshal.SizeOf(typeof(DatasetBatchNative)) };
            Errors.Check(NativeMethods.shogi_dataset_next(handle, ref b, err), err);
            return b.N == 0 ? null : new DatasetBatch(b);
        }

        public DatasetStats Stats()
        {
            byte[] err = Errors.New();
            var s = new DatasetStatsNative { StructSize = Marshal.SizeOf(typeof(DatasetStatsNative)), Removed = new long[8] };
            Errors.Check(NativeMethods.shogi_dataset_stats(handle, ref s, err), err);
            return new DatasetStats { Records = s.Records, Bad = s.Bad, Positions = s.Positions, Batches = s.Batches, Epochs = s.Epochs, Removed = s.Removed };
        }

        /// <summary>The latest bad-record message ("" when none).</summary>
        public string LastError
        {
            get
            {
                return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_dataset_last_error(handle, buf, cap, out needed, err), 128);
            }
        }

        public IEnumerator<DatasetBatch> GetEnumerator()
        {
            for (DatasetBatch b = Next(); b != null; b = Next())
                yield return b;
        }

        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }

        public void Dispose() { handle.Dispose(); }

        /// <summary>dlshogi planes and labels of PSV (format FormatPsv) or
        /// hcpe (FormatHcpe) records; returns the number of bad records
        /// (zero planes, label -1).</summary>
        public static int DlshogiFeatures(byte[] records, int format, out float[] features1, out float[] features2, out int[] labels)
        {
            if (records == null)
                throw new ArgumentNullException("records");
            int size = format == FormatHcpe ? 38 : 40;
            int n = records.Length / size;
            features1 = new float[n * Features1Num * 81];
            features2 = new float[n * Features2Num * 81];
            labels = new int[n];
            byte[] err = Errors.New();
            UIntPtr bad;
            Errors.Check(NativeMethods.shogi_dlshogi_features(records, (UIntPtr)n, format, features1, features2, labels, out bad, err), err);
            return (int)bad.ToUInt64();
        }
    }
}
