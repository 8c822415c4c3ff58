// NNUE architectures: network information, loading with options, test nets
// of every layout, feature-set-neutral features, the accumulator by
// position and by move.
using System;
using System.Text;

namespace LibShogi
{
    /// <summary>The two families of NNUE layout (SHOGI_NNUE_*).</summary>
    public enum NetworkKind
    {
        /// <summary>A classic nn.bin: one transformer, one stack of layers.</summary>
        Classic = 0,
        /// <summary>A Stockfish-style net (sfnn*): layer stacks chosen by the kings' squares.</summary>
        Sfnn = 1,
    }

    /// <summary>What shogi_network_info reports about a network: a
    /// snapshot, immutable.</summary>
    public sealed class NetworkInfo
    {
        // Made by the library only.
        internal NetworkInfo() { }

        internal const int Size = 64 + 32 + 14 * 4;

        /// <summary>The layout's name, e.g. "halfkp_1024x2-8-32" or "sfnn1536"; never null.</summary>
        public string Arch { get; private set; }
        /// <summary>The feature set: "halfkp", "kp", "halfkpe9", "halfkpvm" or
        /// "halfkahm2" (the names <see cref="FeatureSets"/> takes); never null.</summary>
        public string FeatureSet { get; private set; }
        /// <summary>Classic or SFNN.</summary>
        public NetworkKind Kind { get; private set; }
        /// <summary>The file's version word as stored.</summary>
        public uint Version { get; private set; }
        /// <summary>Feature indices per perspective: valid indices are 0..Dimensions-1.</summary>
        public int Dimensions { get; private set; }
        /// <summary>At most this many features are active per perspective
        /// (the row width of the padded feature arrays).</summary>
        public int MaxActive { get; private set; }
        /// <summary>Accumulator values per perspective.</summary>
        public int HalfDimensions { get; private set; }
        /// <summary>Width of the first hidden layer (SFNN: without the shortcut output).</summary>
        public int Hidden1 { get; private set; }
        /// <summary>Width of the second hidden layer.</summary>
        public int Hidden2 { get; private set; }
        /// <summary>Layer stacks: 1 for classic nets, 9 for sfnn1536.</summary>
        public int LayerStacks { get; private set; }
        /// <summary>The FV_SCALE in use (1..128: the description's, the
        /// load override, else 16); the output is divided by it.</summary>
        public int FVScale { get; private set; }
        /// <summary>Whether the transformer was stored LEB128-compressed.</summary>
        public bool Compressed { get; private set; }
        /// <summary>The whole-file hash word as stored.</summary>
        public uint FileHash { get; private set; }
        /// <summary>The feature transformer's hash word.</summary>
        public uint FTHash { get; private set; }
        /// <summary>The hash word of the first layer stack.</summary>
        public uint NetHash { get; private set; }
        /// <summary>Load warnings (hash mismatches and the like); 0 for a clean file.</summary>
        public int Warnings { get; private set; }

        internal static NetworkInfo Parse(byte[] b)
        {
            Func<int, int> i32 = o => BitConverter.ToInt32(b, o);
            Func<int, uint> u32 = o => BitConverter.ToUInt32(b, o);
            return new NetworkInfo
            {
                Arch = CString(b, 0, 64), FeatureSet = CString(b, 64, 32), Kind = (NetworkKind)i32(96), Version = u32(100),
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

        /// <summary>Loads an nn.bin of any layout: arch (may be null: take the
        /// file's description) forces a layout, fvScale (0: the net's own, or
        /// 1..128) overrides FV_SCALE, mmap keeps an uncompressed classic
        /// transformer in a read-only shared mapping of the file (processes
        /// loading one file share one copy).</summary>
        /// <returns>Never null; dispose it.</returns>
        /// <exception cref="ArgumentNullException">path is null</exception>
        /// <exception cref="System.IO.FileNotFoundException">no file at path</exception>
        /// <exception cref="ShogiIOException">the file cannot be read</exception>
        /// <exception cref="ShogiParseException">not a valid nn.bin of that layout</exception>
        /// <exception cref="ShogiArgumentException">an unknown arch name or fvScale out of range</exception>
        public static Network Load(string path, string arch, int fvScale = 0, bool mmap = false)
        {
            Files.RequireExisting(path, "path", "network");
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_load_with(Utf8.Encode(path, "path"),
                arch == null ? null : Utf8.Encode(arch, "arch"), fvScale, mmap ? LoadMmap : 0, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>The deterministic test net of any layout (make_test_net.py
        /// --arch): arch e.g. "halfkp_1024x2-8-32", "kp_256x2-32-32",
        /// "sfnn1536"; kind "test", "stress" or "zero"; the same seed gives the
        /// same bytes. The large layouts take hundreds of MB.</summary>
        /// <returns>Never null; dispose it.</returns>
        /// <exception cref="ArgumentNullException">arch or kind is null</exception>
        /// <exception cref="ShogiArgumentException">an unknown arch or kind</exception>
        public static Network MakeTest(string arch, string kind, ulong seed)
        {
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_make_test_arch(Utf8.Encode(arch, "arch"), Utf8.Encode(kind, "kind"),
                                                                   seed, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>Layout, feature set, sizes, FV_SCALE, compression, hashes:
        /// a new snapshot on every get (never null).</summary>
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
        /// <summary>King squares (0..80, <see cref="Square.Index"/>) choosing an
        /// SFNN net's layer stack; a classic net ignores them.</summary>
        /// <exception cref="ShogiArgumentException">a square outside 0..80</exception>
        public void SetKings(int blackKing, int whiteKing)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_set_kings(handle, blackKing, whiteKing, err), err);
        }

        /// <summary>Refreshes both perspectives from a position and sets the kings.</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        public void RefreshPosition(Position position)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_refresh_position(handle, position.Handle, err), err);
        }

        /// <summary>Brings the accumulator (holding position, which is not
        /// changed) to the position after move, incrementally.</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        /// <exception cref="IllegalMoveException">move is not legal in position</exception>
        public void UpdateMove(Position position, Move move)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_update_move(handle, position.Handle, move.Value, err), err);
        }
    }

    /// <summary>Feature sets by name: "halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2".</summary>
    public static class FeatureSets
    {
        /// <summary>Feature indices per perspective (valid indices are below
        /// dimensions) and the most features active at once (maxActive).</summary>
        /// <exception cref="ShogiArgumentException">an unknown feature set</exception>
        public static void Info(string featureSet, out int dimensions, out int maxActive)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_feature_set_info(Utf8.Encode(featureSet, "featureSet"), out dimensions,
                                                              out maxActive, err), err);
        }

        /// <summary>The active features of a position, both perspectives:
        /// two new arrays of maxActive indices. A position with pieces
        /// missing from board and hands (a tsume) fills the rest with the
        /// "no piece" feature of the king's square, as YaneuraOu does.</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        /// <exception cref="ShogiArgumentException">an unknown feature set</exception>
        public static void Features(string featureSet, Position position, out int[] black, out int[] white)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            int dims, max;
            Info(featureSet, out dims, out max);
            black = new int[max];
            white = new int[max];
            byte[] err = Errors.New();
            UIntPtr count;
            Errors.Check(NativeMethods.shogi_position_features(Utf8.Encode(featureSet, "featureSet"), position.Handle,
                                                               black, white, (UIntPtr)max, out count, err), err);
        }

        /// <summary>Features of many SFENs in one call: row i (maxActive wide,
        /// padded with -1) belongs to sfens[i]; sideToMove[i] is 0 Black, 1 White.</summary>
        /// <exception cref="ArgumentNullException">sfens or one of them is null</exception>
        /// <exception cref="ShogiParseException">an SFEN does not parse</exception>
        /// <exception cref="ShogiStateException">a position lacks a king or
        /// has fewer than maxActive features (pieces missing)</exception>
        public static void FeaturesMany(string featureSet, string[] sfens, out int[] black, out int[] white,
                                        out byte[] sideToMove)
        {
            if (sfens == null)
                throw new ArgumentNullException("sfens");
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

        /// <summary>Features of n PSV (40-byte) records: rows of maxActive,
        /// padded with -1.</summary>
        /// <exception cref="ArgumentException">psv is null or not a whole number of records</exception>
        public static void PsvFeatures(string featureSet, byte[] psv, out int[] black, out int[] white)
        {
            Records(featureSet, psv, 40, out black, out white, true);
        }

        /// <summary>Features of n hcpe (38-byte) records: rows of maxActive,
        /// padded with -1.</summary>
        /// <exception cref="ArgumentException">hcpe is null or not a whole number of records</exception>
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
