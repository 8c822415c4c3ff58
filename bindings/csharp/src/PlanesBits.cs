using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>The dlshogi planes packed one bit a value (shogi.h "dlshogi
    /// packed planes"): 992 + 8 bytes a position instead of the 38.5 KB of
    /// float32, for a trainer that unpacks them on the GPU. features1: 16
    /// bytes a plane, square s of plane p is bit s % 8 (least significant
    /// first) of byte 16 * p + s / 8; features2: bit p % 8 of byte p / 8 is
    /// plane p (all ones or all zeros in the float form).</summary>
    public static class PlanesBits
    {
        /// <summary>Packed features1 bytes per position (SHOGI_DLSHOGI_FEATURES1_BYTES).</summary>
        public const int Features1Bytes = 992;
        /// <summary>Packed features2 bytes per position (SHOGI_DLSHOGI_FEATURES2_BYTES).</summary>
        public const int Features2Bytes = 8;

        /// <summary>The packed planes and move labels of PSV or hcpe records
        /// (shogi_dlshogi_features_bits); a bad record's bytes are zeros and
        /// its label -1.</summary>
        /// <param name="records">whole records of the format, back to back; never null</param>
        /// <param name="format">Psv or Hcpe</param>
        /// <param name="features1">n * Features1Bytes bytes</param>
        /// <param name="features2">n * Features2Bytes bytes</param>
        /// <param name="labels">n move labels</param>
        /// <returns>the number of bad records</returns>
        /// <exception cref="ArgumentNullException">records is null</exception>
        /// <exception cref="ArgumentOutOfRangeException">format is neither Psv nor Hcpe</exception>
        public static int DlshogiFeaturesBits(byte[] records, DatasetFormat format, out byte[] features1,
                                              out byte[] features2, out int[] labels)
        {
            if (records == null)
                throw new ArgumentNullException("records");
            if (format != DatasetFormat.Psv && format != DatasetFormat.Hcpe)
                throw new ArgumentOutOfRangeException("format", format, "Psv or Hcpe");
            int n = records.Length / (format == DatasetFormat.Hcpe ? 38 : 40);
            features1 = new byte[n * Features1Bytes];
            features2 = new byte[n * Features2Bytes];
            labels = new int[n];
            byte[] err = Errors.New();
            UIntPtr bad;
            Errors.Check(NativeMethods.shogi_dlshogi_features_bits(records, (UIntPtr)n, (int)format, features1, features2,
                                                                   labels, out bad, err), err);
            return (int)bad.ToUInt64();
        }

        /// <summary>Copies of the packed planes of the batch the stream
        /// returned last (a stream opened with layout=planes_bits), or false
        /// when there is none (no such layout, no batch yet, the end).</summary>
        /// <param name="dataset">the stream; never null</param>
        /// <param name="features1">Count * Features1Bytes bytes, or null</param>
        /// <param name="features2">Count * Features2Bytes bytes, or null</param>
        /// <returns>whether the batch has packed planes</returns>
        /// <exception cref="ArgumentNullException">dataset is null</exception>
        public static bool CurrentBatch(Dataset dataset, out byte[] features1, out byte[] features2)
        {
            if (dataset == null)
                throw new ArgumentNullException("dataset");
            features1 = features2 = null;
            byte[] err = Errors.New();
            IntPtr p1, p2;
            long n;
            Errors.Check(NativeMethods.shogi_dataset_planes_bits(dataset.Handle, out p1, out p2, out n, err), err);
            if (p1 == IntPtr.Zero || p2 == IntPtr.Zero)
                return false;
            features1 = new byte[n * Features1Bytes];
            features2 = new byte[n * Features2Bytes];
            Marshal.Copy(p1, features1, 0, features1.Length);
            Marshal.Copy(p2, features2, 0, features2.Length);
            return true;
        }
    }
}
