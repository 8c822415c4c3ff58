// A record's move tree from C#: a hand-written KIF with times, comments,
// an engine score and a variation, changed, written and read back.
using System;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class RecordTreeTests
    {
        private const string Kif =
            "手合割：平手\n" +
            "手数----指手---------消費時間--\n" +
            "*開始前のコメント\n" +
            "   1 ７六歩(77)   ( 0:03/00:00:03)\n" +
            "**評価値=45\n" +
            "   2 ３四歩(33)   ( 0:05/00:00:05)\n" +
            "   3 ２六歩(27)   ( 0:01/00:00:04)\n" +
            "\n" +
            "変化：2手\n" +
            "   2 ８四歩(83)   ( 0:02/00:00:02)\n" +
            "*居飛車\n";

        public static void RunAll()
        {
            Run("record tree: variations, comments, times and scores read and written", () =>
            {
                using (var r = Record.Parse(Kif, RecordFormat.Kif))
                {
                    RecordNode root = r.Root;
                    Equal("開始前のコメント", root.Comment, "root comment");
                    Equal(true, root.Move.IsNone, "root move");
                    RecordNode first = root.Children[0];
                    Equal("7g7f", first.Move.ToString(), "move 1");
                    Equal(TimeSpan.FromSeconds(3), first.Time.Value, "time 1");
                    Equal(45, first.EngineScore.Value, "score");
                    RecordNode[] replies = first.Children;
                    Equal(2, replies.Length, "replies");
                    Equal("3c3d", replies[0].Move.ToString(), "main line");
                    Equal("8c8d", replies[1].Move.ToString(), "variation");
                    Equal("居飛車", replies[1].Comment, "variation comment");
                    Equal(null, replies[1].EngineScore, "no score");
                    Equal("0,1", string.Join(",", Array.ConvertAll(replies[1].Path, i => i.ToString())), "path");
                    Equal(0, root.MovesPlayed, "root depth");
                    Equal(2, replies[1].MovesPlayed, "variation depth");
                    replies[0].Comment = "x";
                    replies[0].Comment = null;
                    Equal("", replies[0].Comment, "null removes the comment");
                    using (var p = new Position())
                    {
                        p.DoMoves("7g7f", "8c8d");
                        RecordNode added = replies[1].AddMove(p.ParseMove("2g2f"));
                        Equal(0, added.Path[2], "added index");
                        Equal(0, replies[1].AddMove(p.ParseMove("2g2f")).Path[2], "same move, same node");
                        Equal(1, replies[1].Children.Length, "not added twice");
                        Throws<IllegalMoveException>(() => replies[1].AddMove(new Position().ParseMove("7g7f")), "illegal");
                        added.Comment = "a\nb";
                        added.Time = TimeSpan.FromSeconds(7);
                        first.Time = null;
                        Equal(null, first.Time, "time removed");
                    }
                    using (var back = Record.Parse(r.ToText(RecordFormat.Kif), RecordFormat.Kif))
                    {
                        RecordNode n = back.Root.Children[0].Children[1].Children[0];
                        Equal("2g2f", n.Move.ToString(), "read back move");
                        Equal("a\nb", n.Comment, "read back comment");
                        Equal(TimeSpan.FromSeconds(7), n.Time.Value, "read back time");
                        Equal("7g7f 3c3d 2g2f", string.Join(" ", Array.ConvertAll(back.Moves, m => m.ToString())), "main line");
                    }
                }
            });
        }
    }
}
