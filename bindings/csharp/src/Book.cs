using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace LibShogi
{
    /// <summary>Opening-book formats (SHOGI_BOOK_*).</summary>
    public enum BookFormat
    {
        /// <summary>Detect from the file (or, when writing, from the extension).</summary>
        Auto = 0,
        /// <summary>YaneuraOu DB2016 text (.db).</summary>
        Db = 1,
        /// <summary>YaneuraOu binary book (.ybb).</summary>
        Ybb = 2,
        /// <summary>Apery / dlshogi book.bin.</summary>
        Bin = 3,
    }

    /// <summary>How a text book is read (SHOGI_BOOK_OPEN_*).</summary>
    public enum BookOpenMode
    {
        /// <summary>On disk from 256 MiB, else loaded.</summary>
        Auto = 0,
        /// <summary>Load the whole book (it may be unsorted).</summary>
        Memory = 1,
        /// <summary>Binary search in the file (it must be sorted).</summary>
        OnDisk = 2,
    }

    /// <summary>Which optional fields of a BookMove are present (SHOGI_BOOK_HAS_*).</summary>
    [Flags]
    public enum BookFields : uint
    {
        /// <summary>Only the move (and ponder) are known.</summary>
        None = 0,
        /// <summary>The evaluation is present (.db when written, .ybb, book.bin's score).</summary>
        Eval = 1,
        /// <summary>The search depth is present (.db when written, .ybb with the depth flag).</summary>
        Depth = 2,
        /// <summary>The play count is present (.db when written, book.bin); .ybb stores none.</summary>
        Count = 4,
    }

    /// <summary>One book move (shogi_book_move_t).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BookMove
    {
        private uint move;
        private uint ponder;
        private int eval;
        private int depth;
        private ulong count;
        private uint fields;
        private uint reserved;

        /// <summary>The move, legal in the probed position; when the book
        /// holds a move that is not legal there, its raw YaneuraOu move16
        /// (check with <see cref="Position.IsLegal(Move)"/> before playing it).</summary>
        public Move Move { get { return (Move)move; } }
        /// <summary>The expected reply (same convention as <see cref="Move"/>);
        /// the zero move when the book names none.</summary>
        public Move Ponder { get { return (Move)ponder; } }
        /// <summary>The book's evaluation in the engine's centipawn-like units,
        /// from the probed position's side to move's view; 0 and meaningless
        /// unless <see cref="HasEval"/>.</summary>
        public int Eval { get { return eval; } }
        /// <summary>The depth (plies) of the search that gave <see cref="Eval"/>;
        /// 0 unless <see cref="HasDepth"/>.</summary>
        public int Depth { get { return depth; } }
        /// <summary>How often the move was played or chosen (a weight for
        /// random book choice); 0 unless <see cref="HasCount"/>.</summary>
        public ulong Count { get { return count; } }
        /// <summary>Which of Eval, Depth and Count the book stores for this move.</summary>
        public BookFields Fields { get { return (BookFields)fields; } }
        /// <summary>Whether <see cref="Eval"/> is present (an absent eval is not 0).</summary>
        public bool HasEval { get { return (fields & 1) != 0; } }
        /// <summary>Whether <see cref="Depth"/> is present.</summary>
        public bool HasDepth { get { return (fields & 2) != 0; } }
        /// <summary>Whether <see cref="Count"/> is present.</summary>
        public bool HasCount { get { return (fields & 4) != 0; } }
    }

    /// <summary>One move of one position of a book (shogi_book_entry_t).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BookEntry
    {
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 32)]
        private byte[] psfen;
        private int ply;
        private ushort move16;
        private ushort ponder16;
        private int eval;
        private int depth;
        private ulong count;
        private uint fields;
        private uint reserved;

        /// <summary>The position as YaneuraOu PackedSfen (32 bytes).</summary>
        public byte[] PackedSfen { get { return (byte[])psfen.Clone(); } }
        /// <summary>The move number as stored, 0 if unknown.</summary>
        public int Ply { get { return ply; } }
        /// <summary>The move (YaneuraOu move16).</summary>
        public ushort Move16 { get { return move16; } }
        /// <summary>The expected reply (YaneuraOu move16, 0 = none).</summary>
        public ushort Ponder16 { get { return ponder16; } }
        /// <summary>Evaluation from the side to move's view (centipawn-like
        /// units); 0 unless <see cref="Fields"/> has <see cref="BookFields.Eval"/>.</summary>
        public int Eval { get { return eval; } }
        /// <summary>Search depth in plies; 0 unless <see cref="Fields"/> has <see cref="BookFields.Depth"/>.</summary>
        public int Depth { get { return depth; } }
        /// <summary>Play count; 0 unless <see cref="Fields"/> has <see cref="BookFields.Count"/>.</summary>
        public ulong Count { get { return count; } }
        /// <summary>Which of Eval, Depth and Count the book stores for this move.</summary>
        public BookFields Fields { get { return (BookFields)fields; } }
    }

    /// <summary>The handle of an open book (shogi_book_t). Owned by its
    /// <see cref="Book"/>; the SafeHandle reference count keeps it alive
    /// while a Probe on another thread uses it.</summary>
    public sealed class BookHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (P/Invoke fills it on return).</summary>
        public BookHandle() : base(true) { }

        /// <summary>Frees the book (shogi_book_free); true when the library accepted it.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_book_free(handle, null) == 0;
        }
    }

    /// <summary>An opening book (YaneuraOu .db / .ybb, Apery book.bin). Probe
    /// may be called from several threads at once.</summary>
    public sealed class Book : IDisposable
    {
        private readonly BookHandle handle;

        /// <summary>Opens a book file. The book keeps the file open (on-disk
        /// mode) until disposed.</summary>
        /// <param name="path">the book file; never null</param>
        /// <param name="format">its format, Auto to detect it from the contents</param>
        /// <param name="mode">how a text book is read (binary books are always loaded)</param>
        /// <exception cref="ArgumentNullException">path is null</exception>
        /// <exception cref="System.IO.FileNotFoundException">no file at path</exception>
        /// <exception cref="ShogiIOException">the file cannot be read</exception>
        /// <exception cref="ShogiParseException">a malformed book (the message names the line or entry)</exception>
        public Book(string path, BookFormat format = BookFormat.Auto, BookOpenMode mode = BookOpenMode.Auto)
        {
            Files.RequireExisting(path, "path", "book");
            byte[] err = Errors.New();
            BookHandle h;
            int status = NativeMethods.shogi_book_open(Utf8.Encode(path, "path"), (int)format, (int)mode, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            handle = h;
        }

        /// <summary>The native handle, for calls the binding does not wrap.
        /// Never null; owned by this book (do not dispose it yourself).</summary>
        public BookHandle Handle { get { return handle; } }

        /// <summary>The book's format (never Auto: the detected one).</summary>
        /// <exception cref="ObjectDisposedException">the book was disposed</exception>
        public BookFormat Format
        {
            get
            {
                byte[] err = Errors.New();
                int f;
                Errors.Check(NativeMethods.shogi_book_format(handle, out f, err), err);
                return (BookFormat)f;
            }
        }

        /// <summary>The book moves of a position, best first: never null,
        /// empty when it is not in the book. With flipped, an absent position
        /// is looked up seen from the other side and its moves mapped back.
        /// Thread-safe: several threads may probe one book at once.</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        public BookMove[] Probe(Position position, bool flipped = false)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            var moves = new BookMove[16];
            for (int attempt = 0; attempt < 4; attempt++)
            {
                UIntPtr count;
                int status = NativeMethods.shogi_book_probe(handle, position.Handle, flipped ? 1 : 0, moves,
                                                            (UIntPtr)moves.Length, out count, err);
                if (status == 0)
                {
                    var result = new BookMove[(int)count];
                    Array.Copy(moves, result, result.Length);
                    return result;
                }
                if (status != (int)Status.BufferTooSmall)
                    throw Errors.Create(status, err);
                moves = new BookMove[(int)count];
            }
            throw new ShogiStateException("the book kept changing size");
        }

        /// <summary>Every move of every position, ordered by PackedSfen, best
        /// move first (never null). The whole book is read once (a book.bin's
        /// positions are those its moves reach from the start position), so
        /// the array may be large: about 56 bytes per move.</summary>
        public BookEntry[] Entries()
        {
            byte[] err = Errors.New();
            UIntPtr count;
            Errors.Check(NativeMethods.shogi_book_entries(handle, null, UIntPtr.Zero, out count, err), err);
            var entries = new BookEntry[(int)count];
            if (entries.Length > 0)
                Errors.Check(NativeMethods.shogi_book_entries(handle, entries, (UIntPtr)entries.Length, out count, err), err);
            return entries;
        }

        /// <summary>Converts a book file (dstFormat Auto: from dst's extension).
        /// Fields the target format cannot store are dropped.</summary>
        /// <exception cref="ArgumentNullException">src or dst is null</exception>
        /// <exception cref="System.IO.FileNotFoundException">no file at src</exception>
        /// <exception cref="ShogiIOException">src cannot be read or dst written</exception>
        /// <exception cref="ShogiParseException">a malformed source book</exception>
        public static void Convert(string src, string dst, BookFormat srcFormat = BookFormat.Auto,
                                   BookFormat dstFormat = BookFormat.Auto)
        {
            Files.RequireExisting(src, "src", "book");
            if (dst == null)
                throw new ArgumentNullException("dst");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_book_convert(Utf8.Encode(src, "src"), (int)srcFormat,
                                                          Utf8.Encode(dst, "dst"), (int)dstFormat, err), err);
        }

        /// <summary>Merges book files into dst (counts add up, the deeper eval
        /// wins); topN &gt; 0 keeps that many moves per position, 0 all.</summary>
        /// <exception cref="ArgumentNullException">srcs, one of its paths, or dst is null</exception>
        /// <exception cref="System.IO.FileNotFoundException">a source file does not exist</exception>
        /// <exception cref="ShogiIOException">a source cannot be read or dst written</exception>
        public static void Merge(string[] srcs, string dst, BookFormat dstFormat = BookFormat.Auto, int topN = 0)
        {
            if (srcs == null)
                throw new ArgumentNullException("srcs");
            if (dst == null)
                throw new ArgumentNullException("dst");
            var ptrs = new IntPtr[srcs.Length];
            try
            {
                for (int i = 0; i < srcs.Length; i++)
                {
                    Files.RequireExisting(srcs[i], "srcs[" + i + "]", "book");
                    byte[] b = Utf8.Encode(srcs[i], "srcs");
                    ptrs[i] = Marshal.AllocHGlobal(b.Length);
                    Marshal.Copy(b, 0, ptrs[i], b.Length);
                }
                byte[] err = Errors.New();
                Errors.Check(NativeMethods.shogi_book_merge(ptrs, (UIntPtr)ptrs.Length, Utf8.Encode(dst, "dst"),
                                                            (int)dstFormat, topN, err), err);
            }
            finally
            {
                foreach (IntPtr p in ptrs)
                    if (p != IntPtr.Zero)
                        Marshal.FreeHGlobal(p);
            }
        }

        /// <summary>Closes the book file and frees its memory, once no
        /// Probe is running. Calling it again is a no-op.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>The Apery / dlshogi book.bin key (cshogi's book_key).</summary>
    public static class BookKeys
    {
        /// <summary>The book.bin key of a position (the side to move's hand
        /// and the board; the move number does not enter).</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        public static ulong BookKey(this Position position)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            ulong key;
            Errors.Check(NativeMethods.shogi_position_book_key(position.Handle, out key, err), err);
            return key;
        }

        /// <summary>The key after a legal move (the position is not changed).</summary>
        /// <exception cref="ArgumentNullException">position is null</exception>
        /// <exception cref="IllegalMoveException">move is not legal in position</exception>
        public static ulong BookKeyAfter(this Position position, Move move)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            byte[] err = Errors.New();
            ulong key;
            Errors.Check(NativeMethods.shogi_position_book_key_after(position.Handle, move.Value, out key, err), err);
            return key;
        }
    }
}
