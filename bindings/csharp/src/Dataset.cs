using System;
using System.Collections;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>One batch of a <see cref="Dataset"/>. It points into memory
    /// the stream owns, valid until the next batch is taken or the stream is
    /// disposed; each method copies one array out into a new managed array
    /// (call it before moving on). A method returns null when the stream's
    /// layout does not fill that array (e.g. Features1 without "planes").
    /// Not thread-safe: read a batch on the thread that enumerates.</summary>
    public sealed class DatasetBatch
    {
        private readonly DatasetBatchNative b;

        internal DatasetBatch(DatasetBatchNative native) { b = native; }

        /// <summary>Positions in the batch.</summary>
        public int Count { get { return (int)b.N; } }
        /// <summary>Row width of the padded feature arrays (38 for HalfKP).</summary>
        public int MaxActive { get { return b.MaxActive; } }

        /// <summary>Count x MaxActive feature indices of Black's (white:
        /// false) or White's perspective, padded with -1; null without the
        /// padded layout.</summary>
        public int[] Padded(bool white)
        {
            return Ints(white ? b.PaddedWhite : b.PaddedBlack, Count * MaxActive);
        }

        /// <summary>CSR values of a perspective (row i: values[offsets[i]..offsets[i+1]));
        /// null without the CSR layout.</summary>
        public int[] Values(bool white)
        {
            return Ints(white ? b.ValuesWhite : b.ValuesBlack, (int)(white ? b.NValuesWhite : b.NValuesBlack));
        }

        /// <summary>CSR offsets (Count + 1) of a perspective; null without the CSR layout.</summary>
        public int[] Offsets(bool white)
        {
            return Ints(white ? b.OffsetsWhite : b.OffsetsBlack, Count + 1);
        }

        /// <summary>Side to move per position: 0 Black, 1 White (null when not filled).</summary>
        public byte[] SideToMove()
        {
            if (b.SideToMove == IntPtr.Zero) return null;
            var a = new byte[Count];
            Marshal.Copy(b.SideToMove, a, 0, Count);
            return a;
        }

        /// <summary>Scores from the side to move's view, in the file's
        /// centipawn-like units (null when not filled).</summary>
        public short[] Score()
        {
            if (b.Score == IntPtr.Zero) return null;
            var a = new short[Count];
            Marshal.Copy(b.Score, a, 0, Count);
            return a;
        }

        /// <summary>Game results for the side to move: 1 win, 0 draw, -1 loss (null when not filled).</summary>
        public sbyte[] Result()
        {
            if (b.Result == IntPtr.Zero) return null;
            var raw = new byte[Count];
            Marshal.Copy(b.Result, raw, 0, Count);
            var a = new sbyte[Count];
            Buffer.BlockCopy(raw, 0, a, 0, Count);
            return a;
        }

        /// <summary>SFEN move numbers (null when not filled).</summary>
        public int[] Ply() { return Ints(b.Ply, Count); }

        /// <summary>Recorded moves, YaneuraOu move16 (0: none); null when not filled.</summary>
        public ushort[] Move16()
        {
            if (b.Move16 == IntPtr.Zero) return null;
            var raw = new short[Count];
            Marshal.Copy(b.Move16, raw, 0, Count);
            var a = new ushort[Count];
            Buffer.BlockCopy(raw, 0, a, 0, 2 * Count);
            return a;
        }

        /// <summary>dlshogi planes: Count x 62 x 81 floats (null without "planes").</summary>
        public float[] Features1() { return Floats(b.Features1, Count * Dataset.Features1Num * 81); }

        /// <summary>dlshogi planes: Count x 57 x 81 floats (null without "planes").</summary>
        public float[] Features2() { return Floats(b.Features2, Count * Dataset.Features2Num * 81); }

        /// <summary>Compact planes (layout planes_u8): Count x 62 x 81 bytes,
        /// each 0 or 1 (null with another layout).</summary>
        public byte[] Features1U8() { return Bytes(b.Features1U8, Count * Dataset.Features1Num * 81); }

        /// <summary>Compact planes: Count x 57 bytes, one a plane (a plane is
        /// all that byte); null with another layout.</summary>
        public byte[] Features2U8() { return Bytes(b.Features2U8, Count * Dataset.Features2Num); }

        /// <summary>dlshogi move labels, 0..<see cref="Dataset.MoveLabelNum"/>-1
        /// (-1: no move); null without planes.</summary>
        public int[] MoveLabel() { return Ints(b.MoveLabel, Count); }

        /// <summary>Policy targets: row i's labels and probabilities are
        /// PolicyLabel()/PolicyProb() [PolicyOffsets()[i], PolicyOffsets()[i+1]).
        /// Count + 1 offsets; null without planes.</summary>
        public int[] PolicyOffsets() { return Ints(b.PolicyOffsets, Count + 1); }
        /// <summary>The candidate moves' dlshogi labels of every row, one
        /// array (see <see cref="PolicyOffsets"/>); null without planes.</summary>
        public int[] PolicyLabel() { return Ints(b.PolicyLabel, (int)b.NPolicy); }
        /// <summary>The candidates' probabilities, parallel to
        /// <see cref="PolicyLabel"/>: hcpe3 visits over the position's total,
        /// else 1 for the recorded move; each row sums to 1 (or is empty).</summary>
        public float[] PolicyProb() { return Floats(b.PolicyProb, (int)b.NPolicy); }

        /// <summary>The features1 planes where the stream holds them, for
        /// unsafe code or a native hand-off without a copy (IntPtr.Zero
        /// when not filled); valid only until the next batch. Read only: the
        /// stream rewrites only the values that change from one batch to
        /// the next, so a write here would reach later batches.</summary>
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

    /// <summary>Counts of a <see cref="Dataset"/>: a snapshot.</summary>
    public sealed class DatasetStats
    {
        // Made by the library only.
        internal DatasetStats() { }

        /// <summary>Positions read, bad ones included (hcpe3: moves replayed).</summary>
        public long Records { get; internal set; }
        /// <summary>Bad records skipped (hcpe3: games); see <see cref="Dataset.LastError"/>.</summary>
        public long Bad { get; internal set; }
        /// <summary>Positions delivered in batches.</summary>
        public long Positions { get; internal set; }
        /// <summary>Batches delivered.</summary>
        public long Batches { get; internal set; }
        /// <summary>Passes over the files completed.</summary>
        public long Epochs { get; internal set; }
        /// <summary>Positions removed by each filter, indexed like
        /// <see cref="Dataset.FilterNames"/> (8 counts, the unused ones 0;
        /// never null).</summary>
        public long[] Removed { get; internal set; }
    }

    /// <summary>The fixed-size record formats <see cref="Dataset.DlshogiFeatures"/>
    /// reads (SHOGI_DATASET_FORMAT_*).</summary>
    public enum DatasetFormat
    {
        /// <summary>YaneuraOu PackedSfenValue, 40 bytes a record.</summary>
        Psv = 1,
        /// <summary>cshogi/dlshogi HuffmanCodedPosAndEval, 38 bytes a record.</summary>
        Hcpe = 2,
    }

    /// <summary>A training-data stream (shogi_dataset_*): batches of
    /// positions from PSV, hcpe and hcpe3 files. Options are "key=value"
    /// pairs separated by spaces (see shogi.h), e.g.
    /// "features=HalfKP batch_size=8192 threads=2 shuffle=1000000".
    /// Enumerate it; each batch is valid until the next one. Reading runs
    /// on the stream's own threads; the stream itself is used from one
    /// thread at a time.</summary>
    public sealed class Dataset : IDisposable, IEnumerable<DatasetBatch>
    {
        /// <summary>dlshogi features1 planes per position (SHOGI_DLSHOGI_FEATURES1_NUM).</summary>
        public const int Features1Num = 62;
        /// <summary>dlshogi features2 planes per position (SHOGI_DLSHOGI_FEATURES2_NUM).</summary>
        public const int Features2Num = 57;
        /// <summary>dlshogi move labels: labels are 0..MoveLabelNum-1 (SHOGI_DLSHOGI_MOVE_LABEL_NUM).</summary>
        public const int MoveLabelNum = 2187;

        /// <summary>The filters, in the order of DatasetStats.Removed.</summary>
        public static readonly string[] FilterNames = { "in_check", "capture", "promotion", "score", "min_ply", "random" };

        private readonly DatasetHandle handle;

        /// <summary>The stream's handle, for the other sections' calls.</summary>
        internal DatasetHandle Handle { get { return handle; } }

        /// <summary>Opens a stream over PSV, hcpe or hcpe3 files and starts
        /// its reader threads.</summary>
        /// <param name="files">the training files; never null, nor any path in it</param>
        /// <param name="options">"key=value" pairs separated by spaces; null or "" for the defaults</param>
        /// <exception cref="ArgumentNullException">files or one of its paths is null</exception>
        /// <exception cref="System.IO.FileNotFoundException">a file does not exist</exception>
        /// <exception cref="ShogiIOException">a file cannot be opened</exception>
        /// <exception cref="ShogiArgumentException">a bad option (unknown key, value out of range, unknown feature set)</exception>
        public Dataset(string[] files, string options)
        {
            if (files == null)
                throw new ArgumentNullException("files");
            for (int i = 0; i < files.Length; i++)
                Files.RequireExisting(files[i], "files[" + i + "]", "training data");
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

        /// <summary>The next batch, or null at the end; the previous batch's
        /// memory is reused from now on.</summary>
        /// <exception cref="ShogiIOException">a file became unreadable (after the positions before it)</exception>
        public DatasetBatch Next()
        {
            byte[] err = Errors.New();
            var b = new DatasetBatchNative { StructSize = Marshal.SizeOf(typeof(DatasetBatchNative)) };
            Errors.Check(NativeMethods.shogi_dataset_next(handle, ref b, err), err);
            return b.N == 0 ? null : new DatasetBatch(b);
        }

        /// <summary>The stream's counts so far (a new snapshot; never null).</summary>
        public DatasetStats Stats()
        {
            byte[] err = Errors.New();
            var s = new DatasetStatsNative { StructSize = Marshal.SizeOf(typeof(DatasetStatsNative)), Removed = new long[8] };
            Errors.Check(NativeMethods.shogi_dataset_stats(handle, ref s, err), err);
            return new DatasetStats { Records = s.Records, Bad = s.Bad, Positions = s.Positions, Batches = s.Batches, Epochs = s.Epochs, Removed = s.Removed };
        }

        /// <summary>The latest bad-record message; never null, "" when none.</summary>
        public string LastError
        {
            get
            {
                return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_dataset_last_error(handle, buf, cap, out needed, err), 128);
            }
        }

        /// <summary>The remaining batches: an enumeration takes them from the
        /// stream (as <see cref="Next"/> does), so a second enumeration goes
        /// on where the first stopped. Each batch is valid until the
        /// enumeration moves on.</summary>
        public IEnumerator<DatasetBatch> GetEnumerator()
        {
            for (DatasetBatch b = Next(); b != null; b = Next())
                yield return b;
        }

        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }

        /// <summary>Stops the reader threads and frees the batch memory; batches
        /// taken earlier must not be read after it. Calling it again is a no-op.</summary>
        public void Dispose() { handle.Dispose(); }

        /// <summary>dlshogi planes and labels of PSV or hcpe records (a
        /// trailing partial record is ignored): features1 n x 62 x 81,
        /// features2 n x 57 x 81, labels n.</summary>
        /// <returns>The number of bad records (their planes are zero, their label -1).</returns>
        /// <exception cref="ArgumentNullException">records is null</exception>
        /// <exception cref="ArgumentOutOfRangeException">format is not Psv or Hcpe</exception>
        public static int DlshogiFeatures(byte[] records, DatasetFormat format, out float[] features1,
                                          out float[] features2, out int[] labels)
        {
            if (records == null)
                throw new ArgumentNullException("records");
            if (format != DatasetFormat.Psv && format != DatasetFormat.Hcpe)
                throw new ArgumentOutOfRangeException("format", format, "Psv or Hcpe");
            int size = format == DatasetFormat.Hcpe ? 38 : 40;
            int n = records.Length / size;
            features1 = new float[n * Features1Num * 81];
            features2 = new float[n * Features2Num * 81];
            labels = new int[n];
            byte[] err = Errors.New();
            UIntPtr bad;
            Errors.Check(NativeMethods.shogi_dlshogi_features(records, (UIntPtr)n, (int)format, features1, features2, labels, out bad, err), err);
            return (int)bad.ToUInt64();
        }
    }
}
