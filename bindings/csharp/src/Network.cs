using System;
using System.IO;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>An NNUE network (nn.bin, halfkp_256x2-32-32). Read-only once
    /// loaded: any number of threads may evaluate with it at once.</summary>
    public sealed partial class Network : IDisposable
    {
        /// <summary>SHOGI_NNUE_DEFAULT_FV_SCALE, what engines use by default.</summary>
        public const int DefaultFVScale = 16;
        /// <summary>SHOGI_NNUE_VALUE_MAX: values are clamped to +-this.</summary>
        public const int ValueMax = 31753;
        /// <summary>SHOGI_NNUE_HALFKP_DIMENSIONS: feature indices are below it.</summary>
        public const int HalfKPDimensions = 125388;
        /// <summary>SHOGI_NNUE_MAX_ACTIVE: active features per perspective.</summary>
        public const int MaxActiveFeatures = 38;

        private readonly NetworkHandle handle;

        private Network(NetworkHandle h)
        {
            handle = h;
        }

        /// <summary>The native handle, for calls the binding does not wrap.
        /// Never null; owned by this network (do not dispose it yourself).</summary>
        public NetworkHandle Handle { get { return handle; } }

        /// <summary>Loads an nn.bin file (the layout from its description,
        /// size or hash), or the net built into the library by its name
        /// "default" (<see cref="EvaluationNames.Default"/>). Never null;
        /// dispose it (an engine made with it keeps its own reference).</summary>
        /// <exception cref="FileNotFoundException">no file at path</exception>
        /// <exception cref="ShogiIOException">cannot open or read the file</exception>
        /// <exception cref="ShogiParseException">not a valid nn.bin</exception>
        /// <exception cref="ShogiUnsupportedException">an architecture this library does not evaluate</exception>
        public static Network Load(string path)
        {
            // The evaluation names are no files (the library answers for them).
            if (path != EvaluationNames.Default && path != EvaluationNames.Builtin)
                Files.RequireExisting(path, "path", "network");
            byte[] text = Utf8.Encode(path, "path");
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_load(text, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>Loads a network from the bytes of an nn.bin (the library copies them).</summary>
        public static Network Load(byte[] data)
        {
            if (data == null)
                throw new ArgumentNullException("data");
            byte[] err = Errors.New();
            NetworkHandle h;
            // A zero-length array still marshals as a valid pointer.
            int status = NativeMethods.shogi_network_load_memory(data, (UIntPtr)data.Length, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>A deterministic test network: kind "test", "stress"
        /// (evaluate with fvScale 128) or "zero".</summary>
        public static Network MakeTest(string kind, ulong seed)
        {
            byte[] text = Utf8.Encode(kind, "kind");
            byte[] err = Errors.New();
            NetworkHandle h;
            int status = NativeMethods.shogi_network_make_test(text, seed, out h, err);
            return Wrap(status, h, err);
        }

        private static Network Wrap(int status, NetworkHandle h, byte[] err)
        {
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            return new Network(h);
        }

        /// <summary>Releases the native network (engines and accumulators made from it keep their own reference).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>Writes the network to a file in the nn.bin layout.</summary>
        public void Save(string path)
        {
            byte[] text = Utf8.Encode(path, "path");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_network_save(handle, text, err), err);
        }

        /// <summary>The architecture string stored in the file.</summary>
        public string Architecture
        {
            get
            {
                byte[] err = Errors.New();
                UIntPtr needed;
                int status = NativeMethods.shogi_network_arch(handle, null, UIntPtr.Zero, out needed, err);
                Errors.Check(status, err);
                byte[] buf = new byte[(int)needed.ToUInt64()];
                status = NativeMethods.shogi_network_arch(handle, buf, (UIntPtr)buf.Length, out needed, err);
                Errors.Check(status, err);
                return Utf8.Decode(buf, 0, buf.Length);
            }
        }

        /// <summary>The evaluation of a position from the side to move's
        /// view, in the network's unit after FV_SCALE.</summary>
        public int Evaluate(Position position, int fvScale = DefaultFVScale)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            int value;
            Errors.Check(NativeMethods.shogi_network_evaluate(handle, position.Handle, fvScale, out value, err), err);
            return value;
        }

        /// <summary>Evaluates many SFENs in one call (in parallel for large
        /// batches).</summary>
        /// <exception cref="ShogiParseException">an SFEN does not parse (the
        /// message names the first bad index)</exception>
        public int[] Evaluate(string[] sfens, int fvScale = DefaultFVScale)
        {
            int[] values;
            Exception error = TryEvaluate(sfens, fvScale, out values);
            if (error != null)
                throw error;
            return values;
        }

        /// <summary>Evaluates many SFENs; on a bad SFEN returns the error
        /// instead of throwing, with every other value still written (0 for
        /// the bad ones).</summary>
        /// <returns>Null when every SFEN was evaluated; else the exception
        /// (not thrown) naming the first bad index.</returns>
        /// <exception cref="ArgumentNullException">sfens is null</exception>
        public Exception TryEvaluate(string[] sfens, int fvScale, out int[] values)
        {
            if (sfens == null)
                throw new ArgumentNullException("sfens");
            values = new int[sfens.Length];
            if (sfens.Length == 0)
                return null;
            using (var strings = new Utf8StringArray(sfens, "sfens"))
            {
                byte[] err = Errors.New();
                int status = NativeMethods.shogi_network_evaluate_sfens(
                    handle, strings.Pointers, (UIntPtr)strings.Pointers.Length, fvScale, values, err);
                return status == 0 ? null : Errors.Create(status, err);
            }
        }

        /// <summary>The HalfKP feature indices of many SFENs in one library
        /// call, for training: black and white receive
        /// <see cref="MaxActiveFeatures"/> indices per position (position i
        /// at [i * 38, i * 38 + 38)), sideToMove one colour per position
        /// (0 Black, 1 White). A bad SFEN throws, naming its index.</summary>
        public static void HalfKPFeatures(string[] sfens, out int[] black, out int[] white, out byte[] sideToMove)
        {
            if (sfens == null)
                throw new ArgumentNullException("sfens");
            black = new int[sfens.Length * MaxActiveFeatures];
            white = new int[sfens.Length * MaxActiveFeatures];
            sideToMove = new byte[sfens.Length];
            if (sfens.Length == 0)
                return;
            using (var strings = new Utf8StringArray(sfens, "sfens"))
            {
                byte[] err = Errors.New();
                Errors.Check(NativeMethods.shogi_sfens_halfkp_features(
                    strings.Pointers, (UIntPtr)strings.Pointers.Length, black, white, sideToMove, err), err);
            }
        }

        /// <summary>A new accumulator for this network (holding the biases).</summary>
        public Accumulator NewAccumulator()
        {
            return new Accumulator(this);
        }
    }

    /// <summary>Low-level NNUE accumulator for engines with their own board:
    /// refresh a perspective from its active features, apply feature deltas
    /// as moves are made, evaluate. One thread at a time. It keeps its
    /// network alive, so the Network may be disposed first.</summary>
    public sealed partial class Accumulator : IDisposable
    {
        private readonly AccumulatorHandle handle;

        internal Accumulator(Network network)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            byte[] err = Errors.New();
            AccumulatorHandle h;
            int status = NativeMethods.shogi_accumulator_new(network.Handle, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            handle = h;
        }

        /// <summary>The native handle, for calls the binding does not wrap.
        /// Never null; owned by this accumulator (do not dispose it yourself).</summary>
        public AccumulatorHandle Handle { get { return handle; } }

        /// <summary>Releases the native accumulator.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>Copies another accumulator of the same network size into this one.</summary>
        public void CopyFrom(Accumulator source)
        {
            if (source == null)
                throw new ArgumentNullException("source");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_copy(handle, source.handle, err), err);
        }

        /// <summary>Sets a perspective to the biases plus the given features.</summary>
        public void Refresh(Side perspective, int[] features)
        {
            if (features == null)
                throw new ArgumentNullException("features");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_refresh(
                handle, (int)perspective, features, (UIntPtr)features.Length, err), err);
        }

        /// <summary>Subtracts the removed and adds the added features of one
        /// perspective; either array may be null, meaning none.</summary>
        public void Update(Side perspective, int[] removed, int[] added)
        {
            removed = removed ?? new int[0];
            added = added ?? new int[0];
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_accumulator_update(
                handle, (int)perspective, removed, (UIntPtr)removed.Length,
                added, (UIntPtr)added.Length, err), err);
        }

        /// <summary>The evaluation for a side to move.</summary>
        public int Evaluate(Side sideToMove, int fvScale = Network.DefaultFVScale)
        {
            byte[] err = Errors.New();
            int value;
            Errors.Check(NativeMethods.shogi_accumulator_evaluate(handle, (int)sideToMove, fvScale, out value, err), err);
            return value;
        }
    }
}
