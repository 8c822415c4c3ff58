using System;
using System.Collections.Generic;
using System.IO;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class BookTests
    {
        // Sorted ("p1p..." < "ppp..."), so that the on-disk probe finds both.
        private const string Db =
            "#YANEURAOU-DB2016 1.00\n" +
            "sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3\n" +
            "2f2e none 30 18 2\n" +
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n" +
            "2g2f 8c8d 42 20 7\n" +
            "7g7f none -10 12 3\n";

        public static void RunAll(string testdata)
        {
            string dir = Path.Combine(Path.GetTempPath(), "libshogi-book-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            string db = Path.Combine(dir, "a.db");
            File.WriteAllText(db, Db);
            try
            {
                Run("book: BookMove has shogi_book_move_t's layout (test_book.c checks the C side)", () =>
                {
                    Equal(32, System.Runtime.InteropServices.Marshal.SizeOf(typeof(BookMove)), "size");
                    string[] fields = { "move", "ponder", "eval", "depth", "count", "fields", "reserved" };
                    int[] offsets = { 0, 4, 8, 12, 16, 24, 28 };
                    for (int i = 0; i < fields.Length; i++)
                        Equal(offsets[i], (int)System.Runtime.InteropServices.Marshal.OffsetOf(typeof(BookMove), fields[i]), fields[i]);
                });
                Run("book: probe a text book, loaded and on disk", () =>
                {
                    foreach (BookOpenMode mode in new[] { BookOpenMode.Memory, BookOpenMode.OnDisk })
                    {
                        using (var book = new Book(db, BookFormat.Auto, mode))
                        using (var pos = new Position())
                        {
                            Equal(BookFormat.Db, book.Format, "format");
                            BookMove[] moves = book.Probe(pos);
                            Equal(2, moves.Length, "moves");
                            Equal(pos.ParseMove("2g2f"), moves[0].Move, "first move");
                            Equal(42, moves[0].Eval, "eval");
                            Equal(20, moves[0].Depth, "depth");
                            Equal(7UL, moves[0].Count, "count");
                            True(moves[0].HasEval && moves[0].HasDepth && moves[0].HasCount, "fields");
                            pos.DoMove("2g2f");
                            Equal(pos.ParseMove("8c8d"), moves[0].Ponder, "ponder");
                            Equal(0, book.Probe(pos).Length, "absent position");
                        }
                    }
                });
                Run("book: entries in PackedSfen order", () =>
                {
                    Equal(64, System.Runtime.InteropServices.Marshal.SizeOf(typeof(BookEntry)), "entry size");
                    using (var book = new Book(db))
                    {
                        BookEntry[] es = book.Entries();
                        Equal(3, es.Length, "entries");
                        // The start position's PackedSfen (docs/specs/formats.md 2.6) starts 58 a4.
                        int start = Array.FindIndex(es, e => e.PackedSfen[0] == 0x58 && e.PackedSfen[1] == 0xa4 && e.PackedSfen[2] == 0x51 && e.Eval == 42);
                        True(start >= 0, "start position found");
                        Equal((ushort)0x078E, es[start].Move16, "2g2f");
                        Equal(7UL, es[start].Count, "count");
                        Equal((ushort)0x1E3B, es[start + 1].Move16, "7g7f second");
                    }
                });
                Run("book: flipped probe", () =>
                {
                    using (var book = new Book(db))
                    using (var pos = Position.FromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"))
                    {
                        Equal(0, book.Probe(pos).Length, "not flipped");
                        Equal(pos.ParseMove("8c8d"), book.Probe(pos, true)[0].Move, "flipped");
                    }
                });
                Run("book: convert to .ybb and book.bin, merge", () =>
                {
                    string ybb = Path.Combine(dir, "a.ybb"), bin = Path.Combine(dir, "a.bin"), merged = Path.Combine(dir, "m.db");
                    Book.Convert(db, ybb);
                    Book.Convert(db, bin);
                    using (var pos = new Position())
                    {
                        using (var book = new Book(ybb))
                        {
                            Equal(BookFormat.Ybb, book.Format, "ybb format");
                            Equal(-10, book.Probe(pos)[1].Eval, "ybb eval");
                        }
                        using (var book = new Book(bin))
                        {
                            Equal(BookFormat.Bin, book.Format, "bin format");
                            Equal(3UL, book.Probe(pos)[1].Count, "bin count");
                        }
                        Book.Merge(new[] { db, bin }, merged, BookFormat.Db, 1);
                        using (var book = new Book(merged))
                        {
                            BookMove[] m = book.Probe(pos);
                            Equal(1, m.Length, "top 1");
                            Equal(14UL, m[0].Count, "merged count");
                        }
                    }
                });
                Run("book: Apery book keys of book-keys.tsv", () =>
                {
                    int n = 0;
                    foreach (string line in File.ReadAllLines(Path.Combine(testdata, "book-keys.tsv")))
                    {
                        if (line.Length == 0 || line[0] == '#')
                            continue;
                        string[] f = line.Split('\t');
                        using (var pos = Position.FromSfen(f[0]))
                            Equal(Convert.ToUInt64(f[1], 16), pos.BookKey(), f[0]);
                        n++;
                    }
                    Equal(200, n, "rows");
                    using (var pos = new Position())
                    {
                        Move m = pos.ParseMove("7g7f");
                        ulong after = pos.BookKeyAfter(m);
                        pos.DoMove(m);
                        Equal(pos.BookKey(), after, "key after 7g7f");
                    }
                });
                Run("book: errors", () =>
                {
                    Equal(Path.Combine(dir, "missing.db"),
                          Throws<FileNotFoundException>(() => new Book(Path.Combine(dir, "missing.db")), "missing file").FileName,
                          "missing file's name");
                    string bad = Path.Combine(dir, "bad.db");
                    File.WriteAllText(bad, "#YANEURAOU-DB2016 1.00\nsfen 9/9/9/9/9/9/9/9/9 b - 1\n7g7f none x\n");
                    var e = Throws<ShogiParseException>(() => new Book(bad), "malformed");
                    True(e.Message.Contains("line 3"), "message names the line: " + e.Message);
                    Throws<ArgumentNullException>(() => new Book(null), "null path");
                    var book = new Book(db);
                    book.Dispose();
                    Throws<ObjectDisposedException>(() => book.Probe(new Position()), "disposed");
                });
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
