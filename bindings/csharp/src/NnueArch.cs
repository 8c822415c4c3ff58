// NNUE architectures: network information, loading with options, test nets
// of every layout, feature-set-neutral features, the accumulator by
// position and by move.
using System;
using System.Text;

namespace LibShogi
{
    /// <summary>What shogi_network_info reports about a network.</summary>
    public sealed class NetworkInfo
    {
        internal const int Size = 64 + 32 + 14 * 4;

        public string Arch;        // e.g. "halfkp_1024x2-8-32", "sfnn1536"
        public string FeatureSet;  // "halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2"
        public int Kind;           // 0 classic, 1 SFNN
        public uint Version;
        public int Dimensions, MaxActive, HalfDimensions, Hidden1, Hidden2, LayerStacks, FVScale;
        public bool Compressed;
        public uint FileHash, FTHash, NetHash;
        public int Warnings;

        internal static NetworkInfo Parse(byte[] b)
        {
            Func<int, int> i32 = o => BitConverter.ToInt32(b, o);
            Func<int, uint> u32 = o => BitConverter.ToUInt32(b, o);
            return new NetworkInfo
            {
                Arch = CString(b, 0, 64), FeatureSet = CString(b, 64, 32), Kind = i32(96), Version = u32(100),
                Dimensions = i32(104), MaxActive = i32(108), HalfDimensions = i32(112), Hidden1 = i32(116),
                Hidden2 = i32(120), LayerStacks = i32(124), FVScale = i32(128), Compressed = i32(132) != 0,
                FileHash = u32(136), FTHash = u32(140), NetHash = u32(144), Warnings = i32(148),
            };
        }

        private static string CString(byte[] b, int off, int max)
        {
            int n = 0;
            while (n < max && b[off + n] != 0)
                n++;
            return Encoding.ASCII.GetString(b, off, n);
        }
    }

    public sealed partial class Network
    {
        /// <summary>shogi_network_load_with flag: map the transformer read-only.</summary>
        public const uint LoadMmap = 1;

        /// <summary>Loads an nn.bin of any layout: arch (may be null) overrides
        /// the description, fvScale (0 or 1..128) the net's FV_SCALE.</summary>
        public static Network Load(string path, string arch, int fvScale = 0, bool mmap = false)
        {
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_load_with(Utf8.Encode(path, "path"),
                arch == null ? null : Utf8.Encode(arch, "arch"), fvScale, mmap ? LoadMmap : 0, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>The deterministic test net of any layout (make_test_net.py --arch).</summary>
        public static Network MakeTest(string arch, string kind, ulong seed)
        {
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_make_test_arch(Utf8.Encode(arch, "arch"), Utf8.Encode(kind, "kind"),
                                                                   seed, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>Layout, feature set, sizes, FV_SCALE, compression, hashes.</summary>
        public NetworkInfo Info
        {
            get
            {
                byte[] b = new byte[NetworkInfo.Size];
                byte[] err = Errors.New();
                Errors.Check(NativeMethods.shogi_network_info(handle, b, err), err);
                return NetworkInfo.Parse(b);
            }
        }
    }

    public sealed partial class Accumulator
    {
        /// <summary>King squares (0..80) choosing an SFNN net's layer stack.</summary>
        public void SetKings(int blackKing, int whiteKing)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_set_kings(handle, blackKing, whiteKing, err), err);
        }

        /// <summary>Refreshes both perspectives from a position and sets the kings.</summary>
        public void RefreshPosition(Position position)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_refresh_position(handle, position.Handle, err), err);
        }

        /// <summary>Brings the accumulator (holding position) to the position after move.</summary>
        public void UpdateMove(Position position, Move move)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_update_move(handle, position.Handle, move.Value, err), err);
        }
    }

    /// <summary>Feature sets by name: "halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2".</summary>
    public static class FeatureSets
    {
        /// <summary>Feature indices (valid: below it) and active features per perspective.</summary>
        public static void Info(string featureSet, out int dimensions, out int maxActive)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_feature_set_info(Utf8.Encode(featureSet, "featureSet"), out dimensions,
                                                              out maxActive, err), err);
        }

        /// <summary>The active features of a position, both perspectives.</summary>
        public static void Features(string featureSet, Position position, out int[] black, out int[] white)
        {
            int dims, max;
            Info(featureSet, out dims, out max);
            black = new int[max];
            white = new int[max];
            byte[] err = Errors.New();
            UIntPtr count;
            Errors.Check(NativeMethods.shogi_position_features(Utf8.Encode(featureSet, "featureSet"), position.Handle,
                                                               black, white, (UIntPtr)max, out count, err), err);
        }

        /// <summary>Features of many SFENs in one call: rows of maxActive.</summary>
        public static void FeaturesMany(string featureSet, string[] sfens, out int[] black, out int[] white,
                                        out byte[] sideToMove)
        {
            int dims, max;
            Info(featureSet, out dims, out max);
            int n = sfens.Length;
            black = new int[n * max];
            white = new int[n * max];
            sideToMove = new byte[n];
            byte[] err = Errors.New();
            using (var strings = new Utf8StringArray(sfens, "sfens"))
            {
                Errors.Check(NativeMethods.shogi_sfens_features(Utf8.Encode(featureSet, "featureSet"), strings.Pointers,
                                                                (UIntPtr)n, black, white, sideToMove, err), err);
            }
        }

        /// <summary>Features of n PSV (40-byte) records: rows of maxActive.</summary>
        public static void PsvFeatures(string featureSet, byte[] psv, out int[] black, out int[] white)
        {
            Records(featureSet, psv, 40, out black, out white, true);
        }

        /// <summary>Features of n hcpe (38-byte) records: rows of maxActive.</summary>
        public static void HcpeFeatures(string featureSet, byte[] hcpe, out int[] black, out int[] white)
        {
            Records(featureSet, hcpe, 38, out black, out white, false);
        }

        private static void Records(string featureSet, byte[] data, int size, out int[] black, out int[] white, bool psv)
        {
            if (data == null || data.Length % size != 0)
                throw new ArgumentException("records of " + size + " bytes expected", "data");
            int dims, max;
            Info(featureSet, out dims, out max);
            int n = data.Length / size;
            black = new int[n * max];
            white = new int[n * max];
            byte[] err = Errors.New();
            byte[] fs = Utf8.Encode(featureSet, "featureSet");
            int status = psv ? NativeMethods.shogi_psv_features(fs, data, (UIntPtr)n, black, white, err)
                             : NativeMethods.shogi_hcpe_features(fs, data, (UIntPtr)n, black, white, err);
            Errors.Check(status, err);
        }
    }
}
