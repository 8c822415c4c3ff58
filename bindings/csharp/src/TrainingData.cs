using System;

namespace LibShogi
{
    /// <summary>One decoded training record: a position with its score, move and result.</summary>
    public sealed class TrainingRecord : IDisposable
    {
        /// <summary>The position (owned by this record: disposed with it).</summary>
        public Position Position { get; private set; }
        /// <summary>PSV score / hcpe eval, from the side to move's view.</summary>
        public int Score { get; private set; }
        /// <summary>The legal move, the raw move16 when it is not legal there, or None.</summary>
        public Move Move { get; private set; }
        /// <summary>PSV: 1 win, -1 loss, 0 draw for the side to move.
        /// hcpe: 0 draw, 1 Black won, 2 White won (plus hcpe2 flag bits).</summary>
        public int Result { get; private set; }

        internal TrainingRecord(Position position, int score, Move move, int result)
        {
            Position = position;
            Score = score;
            Move = move;
            Result = result;
        }

        /// <summary>Releases the native buffers.</summary>
        public void Dispose()
        {
            Position.Dispose();
        }
    }

    /// <summary>PackedSfenValue (PSV, 40 bytes, YaneuraOu) and hcpe (38
    /// bytes, dlshogi) training records. Bulk functions take arrays of whole
    /// records and run in parallel for large inputs; a bad record raises a
    /// <see cref="ShogiParseException"/> naming the first bad index.</summary>
    public static class TrainingData
    {
        /// <summary>The size of one PackedSfenValue record in bytes.</summary>
        public const int PsvSize = 40;  // SHOGI_PSV_SIZE
        /// <summary>The size of one HuffmanCodedPosAndEval record in bytes.</summary>
        public const int HcpeSize = 38; // SHOGI_HCPE_SIZE

        private static byte[] Slice(byte[] data, int offset, int size, string name)
        {
            if (data == null)
                throw new ArgumentNullException(name);
            if (offset < 0 || offset > data.Length - size)
                throw new ArgumentOutOfRangeException("offset", "fewer than " + size + " bytes at the offset");
            byte[] rec = new byte[size];
            Array.Copy(data, offset, rec, 0, size);
            return rec;
        }

        private static int Count(byte[] data, int size, string name)
        {
            if (data == null)
                throw new ArgumentNullException(name);
            if (data.Length % size != 0)
                throw new ArgumentException(string.Format("{0} bytes is not a whole number of {1}-byte records",
                                                          data.Length, size), name);
            return data.Length / size;
        }

        /// <summary>Decodes the PSV record at data[offset..offset+40).</summary>
        public static TrainingRecord DecodePsv(byte[] data, int offset = 0)
        {
            byte[] rec = Slice(data, offset, PsvSize, "data");
            byte[] err = Errors.New();
            PositionHandle h;
            int score, result;
            uint move;
            int status = NativeMethods.shogi_position_from_psv(rec, out h, out score, out move, out result, err);
            return new TrainingRecord(Position.FromHandle(status, h, err), score, new Move(move), result);
        }

        /// <summary>Encodes a position with a score (int16 range), a move (None
        /// or legal there) and a result (-1, 0, 1) as a 40-byte PSV record.</summary>
        /// <exception cref="ShogiStateException">a position PSV cannot hold</exception>
        public static byte[] EncodePsv(Position position, int score, Move move, int result)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] rec = new byte[PsvSize];
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_to_psv(position.Handle, score, move.Value, result, rec, err), err);
            return rec;
        }

        /// <summary>Decodes the hcpe record at data[offset..offset+38).</summary>
        public static TrainingRecord DecodeHcpe(byte[] data, int offset = 0)
        {
            byte[] rec = Slice(data, offset, HcpeSize, "data");
            byte[] err = Errors.New();
            PositionHandle h;
            int eval, result;
            uint move;
            int status = NativeMethods.shogi_position_from_hcpe(rec, out h, out eval, out move, out result, err);
            return new TrainingRecord(Position.FromHandle(status, h, err), eval, new Move(move), result);
        }

        /// <summary>Encodes a position with an eval (int16 range), a move and an
        /// absolute result (0 draw, 1 Black won, 2 White won) as 38 hcpe bytes.</summary>
        public static byte[] EncodeHcpe(Position position, int eval, Move move, int result)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] rec = new byte[HcpeSize];
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_to_hcpe(position.Handle, eval, move.Value, result, rec, err), err);
            return rec;
        }

        /// <summary>Checks PSV records; returns the number of bad ones (0: all
        /// good) without throwing for bad records.</summary>
        public static int CheckPsv(byte[] psv)
        {
            int n = Count(psv, PsvSize, "psv");
            byte[] err = Errors.New();
            UIntPtr bad;
            int status = NativeMethods.shogi_psv_check(psv, (UIntPtr)n, out bad, err);
            if (status != 0 && status != (int)Status.Parse)
                throw Errors.Create(status, err);
            return (int)bad.ToUInt64();
        }

        /// <summary>Converts PSV records to hcpe (the result made absolute).</summary>
        public static byte[] PsvToHcpe(byte[] psv)
        {
            int n = Count(psv, PsvSize, "psv");
            byte[] hcpe = new byte[n * HcpeSize];
            if (n == 0)
                return hcpe;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_psv_to_hcpe(psv, (UIntPtr)n, hcpe, err), err);
            return hcpe;
        }

        /// <summary>Converts hcpe records to PSV (the result made relative, gamePly 0).</summary>
        public static byte[] HcpeToPsv(byte[] hcpe)
        {
            int n = Count(hcpe, HcpeSize, "hcpe");
            byte[] psv = new byte[n * PsvSize];
            if (n == 0)
                return psv;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_hcpe_to_psv(hcpe, (UIntPtr)n, psv, err), err);
            return psv;
        }

        /// <summary>The HalfKP features of PSV records: record i's 38 indices
        /// per perspective at [i * 38, i * 38 + 38).</summary>
        public static void PsvHalfKPFeatures(byte[] psv, out int[] black, out int[] white)
        {
            int n = Count(psv, PsvSize, "psv");
            black = new int[n * Network.MaxActiveFeatures];
            white = new int[n * Network.MaxActiveFeatures];
            if (n == 0)
                return;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_psv_halfkp_features(psv, (UIntPtr)n, black, white, err), err);
        }

        /// <summary>Evaluates the positions of PSV records with a network.</summary>
        public static int[] EvaluatePsv(Network network, byte[] psv, int fvScale = Network.DefaultFVScale)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            int n = Count(psv, PsvSize, "psv");
            int[] values = new int[n];
            if (n == 0)
                return values;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_network_evaluate_psv(network.Handle, psv, (UIntPtr)n, fvScale, values, err), err);
            return values;
        }
    }
}
