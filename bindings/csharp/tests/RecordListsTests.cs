using System;
using System.Text;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // Issue 22 items 4-6: multi-game CSA files, KIF end words, text with no
    // record in it.
    internal static class RecordListsTests
    {
        private const string Two =
            "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n-3334FU\n%CHUDAN\n";
        private const string Kif =
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ";

        public static void RunAll()
        {
            Run("record lists: every game of a multi-game CSA file; Parse refuses it", () =>
            {
                Record[] games = Record.ParseAll(Two);
                Equal(2, games.Length, "games");
                Equal(1, games[0].Moves.Length, "first game moves");
                Equal(2, games[1].Moves.Length, "second game moves");
                Equal(RecordResult.BlackWin, games[0].Result, "first result");
                foreach (var g in games)
                    g.Dispose();
                var e = Throws<ShogiParseException>(() => Record.Parse(Two), "Parse of two games");
                True(e.Message.Contains("2 games"), "message: " + e.Message);
            });
            Run("record lists: KIF end words (known variants, an unknown one with a warning)", () =>
            {
                using (var r = Record.Parse(Kif + "入玉宣言\n"))
                {
                    Equal(GameEnd.DeclareWin, r.End, "入玉宣言");
                    Equal(0, r.Warnings.Length, "no warning");
                }
                using (var r = Record.Parse(Kif + "珍事発生\n"))
                {
                    Equal(2, r.Moves.Length, "moves kept");
                    Equal(GameEnd.Unknown, r.End, "unknown end");
                    Equal(RecordResult.None, r.Result, "no result");
                    Equal(1, r.Warnings.Length, "one warning");
                    True(r.Warnings[0].Contains("珍事発生"), "warning names the word");
                }
            });
            Run("record lists: empty and UTF-16 text are errors", () =>
            {
                Throws<ShogiParseException>(() => Record.Parse(new byte[0]), "empty");
                Throws<ShogiParseException>(() => Record.Parse(Encoding.Unicode.GetBytes(Kif + "投了\n")), "UTF-16");
                Throws<ShogiParseException>(() => Record.ParseAll(new byte[0]), "ParseAll empty");
            });
        }
    }
}
