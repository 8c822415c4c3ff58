// A record's move tree: variations, comments, per-move times and engine
// scores, readable and writable (KIF and KI2 write variations back).
using System;

namespace LibShogi
{
    /// <summary>One node of a record's move tree: the position after a
    /// move. <see cref="Record.Root"/> is the node before the first move;
    /// each node's <see cref="Children"/> are the moves after it, the first
    /// continuing its line and the others variations. A node is a view
    /// (its path from the root) on the record: it reads the record's
    /// current state and is valid while the record lives.</summary>
    public sealed class RecordNode
    {
        private readonly Record record;
        private readonly uint[] path;

        internal RecordNode(Record record, uint[] path)
        {
            this.record = record;
            this.path = path;
        }

        /// <summary>The child indices from the root (empty at the root; all
        /// zeros on the main line).</summary>
        public int[] Path { get { return Array.ConvertAll(path, i => (int)i); } }

        /// <summary>The number of moves played to reach this node (its depth in the tree).</summary>
        public int MovesPlayed { get { return path.Length; } }

        private NativeRecordNode Read()
        {
            byte[] err = Errors.New();
            NativeRecordNode n;
            Errors.Check(NativeMethods.shogi_record_node(record.Handle, path, (UIntPtr)path.Length, out n, err), err);
            return n;
        }

        /// <summary>The node's move (<see cref="LibShogi.Move.None"/> at the root).</summary>
        public Move Move { get { return new Move(Read().Move); } }

        /// <summary>The time used for the move, or null when none was recorded.</summary>
        public TimeSpan? Time
        {
            get
            {
                NativeRecordNode n = Read();
                return n.HasTime != 0 ? TimeSpan.FromMilliseconds(n.TimeMs) : (TimeSpan?)null;
            }
            set
            {
                byte[] err = Errors.New();
                long ms = value.HasValue ? (long)Math.Max(0, value.Value.TotalMilliseconds) : -1;
                Errors.Check(NativeMethods.shogi_record_node_set_time(record.Handle, path, (UIntPtr)path.Length, ms, err), err);
            }
        }

        /// <summary>The engine score read from the node's engine comments
        /// ("**評価値=45", CSA "'** 45 ..."), from Black's point of view, or
        /// null. Write one with <see cref="Comment"/>.</summary>
        public int? EngineScore
        {
            get
            {
                NativeRecordNode n = Read();
                return n.HasScore != 0 ? n.Score : (int?)null;
            }
        }

        /// <summary>The comments, one per line: never null, "" when none. KIF
        /// "*text" lines read as "text"; an engine line keeps one '*'
        /// ("*評価値=45"). Setting null or "" removes them.</summary>
        public string Comment
        {
            get
            {
                return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_record_node_comment(record.Handle, path, (UIntPtr)path.Length, buf, cap,
                                                            out needed, err), 64);
            }
            set
            {
                byte[] text = Utf8.Encode(value ?? "", "value");
                byte[] err = Errors.New();
                Errors.Check(NativeMethods.shogi_record_node_set_comment(record.Handle, path, (UIntPtr)path.Length,
                                                                         text, err), err);
            }
        }

        /// <summary>The moves after this node: the line's continuation first, then variations.</summary>
        public RecordNode[] Children
        {
            get
            {
                byte[] err = Errors.New();
                UIntPtr count;
                Errors.Check(NativeMethods.shogi_record_node_children(record.Handle, path, (UIntPtr)path.Length, null,
                                                                      UIntPtr.Zero, out count, err), err);
                var children = new RecordNode[(int)count.ToUInt64()];
                for (int i = 0; i < children.Length; i++)
                    children[i] = Child(i);
                return children;
            }
        }

        private RecordNode Child(int index)
        {
            var p = new uint[path.Length + 1];
            Array.Copy(path, p, path.Length);
            p[path.Length] = (uint)index;
            return new RecordNode(record, p);
        }

        /// <summary>Adds a move after this node (a variation, or the line's
        /// next move when there is none) and returns its node; a move the
        /// node already has is returned, not added twice.</summary>
        /// <param name="move">a legal move after this node's moves</param>
        /// <returns>the move's node</returns>
        /// <exception cref="IllegalMoveException">the move is not legal here</exception>
        public RecordNode AddMove(Move move)
        {
            byte[] err = Errors.New();
            uint index;
            Errors.Check(NativeMethods.shogi_record_node_add_move(record.Handle, path, (UIntPtr)path.Length, move.Value,
                                                                  out index, err), err);
            return Child((int)index);
        }

        /// <summary>The node's move in USI, or "root".</summary>
        /// <returns>the text</returns>
        public override string ToString()
        {
            return path.Length == 0 ? "root" : Move.ToString();
        }
    }

    public sealed partial class Record
    {
        /// <summary>The node before the first move: the root of the move
        /// tree (variations, comments, times, engine scores).</summary>
        public RecordNode Root { get { return new RecordNode(this, new uint[0]); } }
    }
}
