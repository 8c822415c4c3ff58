// The sample's window: a board to click moves on, MultiPV analysis with
// live info, Stop, Undo, and KIF/KI2/CSA load and save. It shows the right
// way around the traps of a GUI on a search engine:
// - never Control.Invoke from the search thread (a UI thread that waits for
//   the search while the search waits for the UI deadlocks): SearchAsync
//   called on the UI thread posts every report to it, and Stop is
//   StopAsync, which never blocks;
// - stale reports after a restart: each analysis has its own sink, and
//   reports of any other search (SearchId) are ignored; the old search is
//   awaited before the new one starts;
// - the position changing under the search: SearchAsync searches a copy,
//   so the board can change (and the analysis restarts) at any time.
using System;
using System.Collections.Generic;
using System.Drawing;
using System.IO;
using System.Text;
using System.Threading.Tasks;
using System.Windows.Forms;
using LibShogi;
// Inside a Control, "Move" is Control.Move (an event): name the shogi move type.
using ShogiMove = LibShogi.Move;

namespace WinFormsGui
{
    internal sealed class MainForm : Form
    {
        private readonly Engine engine = new Engine(new EngineOptions { MultiPV = 2, HashMB = 16 });
        private Position position = new Position();
        private readonly BoardView boardView = new BoardView();
        private readonly ListBox lines = new ListBox();
        private readonly ListBox moves = new ListBox();
        private readonly Label status = new Label();
        private Square? selected;
        private PieceType dropType = PieceType.None;

        // The running analysis: its sink (reports of other sinks are stale)
        // and its task.
        private AnalysisSink sink;
        private Task<SearchResult> analysis;

        // Self-test counters and answers.
        public int PeriodicReports, LineReports, StaleReports;
        // Per analysis, how long after its search time each report reached
        // the UI thread: the first includes the search's start-up (thread,
        // copy, hash); the spread above the smallest is the delivery delay.
        public readonly List<List<TimeSpan>> ReportLags = new List<List<TimeSpan>>();
        public bool AutoPromote = true;
        public SearchResult LastResult;

        public MainForm()
        {
            Text = "libshogi WinForms sample";
            ClientSize = new Size(boardView.Width + 360, boardView.Height + 40);
            boardView.Location = new Point(0, 0);
            boardView.SquareClicked += OnSquareClicked;
            boardView.HandClicked += OnHandClicked;
            Controls.Add(boardView);

            var buttons = new FlowLayoutPanel { Location = new Point(boardView.Width + 4, 4), Size = new Size(356, 34), WrapContents = false };
            foreach (var b in new[]
            {
                MakeButton("Analyze", (s, e) => RestartAnalysis()),
                MakeButton("Stop", async (s, e) => await StopAnalysisAsync()),
                MakeButton("Undo", (s, e) => Undo()),
                MakeButton("Open", (s, e) => OpenRecord()),
                MakeButton("Save", (s, e) => SaveRecord()),
            })
                buttons.Controls.Add(b);
            Controls.Add(buttons);
            lines.Location = new Point(boardView.Width + 4, 42);
            lines.Size = new Size(350, 120);
            Controls.Add(lines);
            moves.Location = new Point(boardView.Width + 4, 168);
            moves.Size = new Size(350, boardView.Height - 170);
            Controls.Add(moves);
            status.Location = new Point(4, boardView.Height + 8);
            status.Size = new Size(ClientSize.Width - 8, 24);
            Controls.Add(status);
            FormClosed += (s, e) => engine.Dispose(); // stops a running search without waiting
            Refresh(ShogiMove.None);
        }

        private static Button MakeButton(string text, EventHandler onClick)
        {
            var b = new Button { Text = text, AutoSize = false, Width = 62 };
            b.Click += onClick;
            return b;
        }

        public Position Position { get { return position; } }
        public BoardView Board { get { return boardView; } }
        public IEnumerable<string> Lines { get { foreach (object o in lines.Items) yield return (string)o; } }

        private void Refresh(ShogiMove last)
        {
            boardView.Show(position.GetBoard(), last, selected, dropType);
            string side = position.SideToMove == Side.Black ? "▲" : "△";
            Text = "libshogi WinForms sample - move " + position.MoveNumber + " " + side + " to move";
        }

        // ---- Click moves ----------------------------------------------------

        public void OnSquareClicked(Square s)
        {
            Side us = position.SideToMove;
            Piece p = position.PieceAt(s);
            if (dropType != PieceType.None)
            {
                ShogiMove drop = position.FindDrop(dropType, s);
                dropType = PieceType.None;
                if (!drop.IsNone)
                    Play(drop);
                else
                    Refresh(ShogiMove.None);
                return;
            }
            if (!selected.HasValue || (!p.IsEmpty && p.Side == us))
            {
                selected = !p.IsEmpty && p.Side == us ? s : (Square?)null;
                Refresh(ShogiMove.None);
                return;
            }
            Square from = selected.Value;
            selected = null;
            bool promote;
            switch (position.PromotionOf(from, s))
            {
                case PromotionChoice.NoMove:
                    Refresh(ShogiMove.None);
                    return;
                case PromotionChoice.Mandatory:
                    promote = true;
                    break;
                case PromotionChoice.Optional:
                    promote = AutoPromote || MessageBox.Show(this, "成りますか？ (promote?)", "promotion",
                                                             MessageBoxButtons.YesNo) == DialogResult.Yes;
                    break;
                default:
                    promote = false;
                    break;
            }
            Play(position.FindMove(from, s, promote));
        }

        private void OnHandClicked(Side side, PieceType type)
        {
            if (side != position.SideToMove || position.HandCount(side, type) == 0)
                return;
            selected = null;
            dropType = type;
            boardView.SetDropSide(side);
            Refresh(ShogiMove.None);
        }

        private void Play(ShogiMove m)
        {
            string text = position.MoveText(m, MoveNotation.Ki2);
            string mark = position.SideToMove == Side.Black ? "▲" : "△";
            position.DoMove(m);
            moves.Items.Add(position.MoveNumber - 1 + " " + mark + text);
            Refresh(m);
            // The search works on its own copy: restart it for the new position.
            if (analysis != null && !analysis.IsCompleted)
                RestartAnalysis();
        }

        private void Undo()
        {
            try
            {
                position.UndoMove();
            }
            catch (ShogiStateException)
            {
                return; // nothing to undo
            }
            if (moves.Items.Count > 0)
                moves.Items.RemoveAt(moves.Items.Count - 1);
            Refresh(ShogiMove.None);
            if (analysis != null && !analysis.IsCompleted)
                RestartAnalysis();
        }

        // ---- Analysis ------------------------------------------------------

        // One analysis's receiver of reports. SearchAsync, called on the UI
        // thread, posts each report here on the UI thread.
        private sealed class AnalysisSink : IProgress<SearchInfo>
        {
            private readonly MainForm form;
            public readonly Position Root; // the position analysed (for PV text)
            public long SearchId;
            // Started with the search: a report's lag is the time it reached
            // the UI thread less its own search time.
            public readonly System.Diagnostics.Stopwatch Started = System.Diagnostics.Stopwatch.StartNew();
            public readonly List<TimeSpan> Lags = new List<TimeSpan>();

            public AnalysisSink(MainForm form, Position root)
            {
                this.form = form;
                Root = root;
            }

            public void Report(SearchInfo info)
            {
                form.OnInfo(this, info);
            }
        }

        public async void RestartAnalysis()
        {
            // The old search ends first (without blocking the UI thread);
            // its task completes only after its last posted report.
            await StopAnalysisAsync();
            if (analysis != null && !analysis.IsCompleted)
                return; // another restart got here first
            lines.Items.Clear();
            var mine = new AnalysisSink(this, position.Clone());
            sink = mine;
            analysis = engine.SearchAsync(position, SearchLimits.UntilStopped(), mine);
            try
            {
                LastResult = await analysis;
            }
            catch (OperationCanceledException)
            {
            }
            finally
            {
                mine.Root.Dispose();
            }
        }

        public async Task<SearchResult> StopAnalysisAsync()
        {
            SearchResult r = null;
            try
            {
                r = await engine.StopAsync();
            }
            catch (OperationCanceledException)
            {
            }
            if (r != null)
                status.Text = "bestmove " + r.BestMove + " (" + r.StopReason + ", depth " + r.Depth + ", " + r.Nodes + " nodes)";
            return r;
        }

        private void OnInfo(AnalysisSink from, SearchInfo info)
        {
            // A report of an earlier analysis: ignore it (with SearchAsync
            // awaited before a restart none arrives, but a GUI that does not
            // wait must check).
            if (from != sink || (from.SearchId != 0 && from.SearchId != info.SearchId))
            {
                StaleReports++;
                return;
            }
            from.SearchId = info.SearchId;
            if (from.Lags.Count == 0)
                ReportLags.Add(from.Lags);
            from.Lags.Add(from.Started.Elapsed - info.Time);
            if (info.Kind == SearchInfoKind.Progress)
            {
                PeriodicReports++;
                status.Text = string.Format("depth {0}  nodes {1:N0}  nps {2:N0}  hashfull {3}‰  currmove {4}",
                                            info.Depth, info.Nodes, info.Nps, info.Hashfull, info.CurrMove);
                return;
            }
            LineReports++;
            while (lines.Items.Count < info.MultiPV)
                lines.Items.Add("");
            lines.Items[info.MultiPV - 1] = info.MultiPV + ": " + info.Score + "  d" + info.Depth + "  " + PvText(from.Root, info.Pv);
        }

        private static string PvText(Position root, ShogiMove[] pv)
        {
            var sb = new StringBuilder();
            using (Position p = root.Clone())
                foreach (ShogiMove m in pv)
                {
                    if (!p.IsLegal(m) || sb.Length > 60)
                        break;
                    sb.Append(p.SideToMove == Side.Black ? "▲" : "△").Append(p.MoveText(m, MoveNotation.Ki2));
                    p.DoMove(m);
                }
            return sb.ToString();
        }

        // ---- Records ---------------------------------------------------------

        private void OpenRecord()
        {
            using (var dialog = new OpenFileDialog { Filter = "records (*.kif;*.ki2;*.csa)|*.kif;*.ki2;*.csa|all files|*.*" })
                if (dialog.ShowDialog(this) == DialogResult.OK)
                    LoadRecord(dialog.FileName);
        }

        public void LoadRecord(string path)
        {
            Record record;
            string error;
            if (!Record.TryParse(File.ReadAllText(path), RecordFormat.Auto, out record, out error))
            {
                status.Text = "cannot read " + path + ": " + error;
                return;
            }
            using (record)
            {
                Position next = record.PositionAt(0);
                moves.Items.Clear();
                foreach (ShogiMove m in record.Moves)
                {
                    string mark = next.SideToMove == Side.Black ? "▲" : "△";
                    moves.Items.Add(next.MoveNumber + " " + mark + next.MoveText(m, MoveNotation.Ki2));
                    next.DoMove(m);
                }
                Position old = position;
                position = next;
                old.Dispose(); // safe during an analysis: it searches a copy
            }
            Refresh(ShogiMove.None);
            if (analysis != null && !analysis.IsCompleted)
                RestartAnalysis();
        }

        private void SaveRecord()
        {
            using (var dialog = new SaveFileDialog { Filter = "KIF (*.kif)|*.kif", DefaultExt = "kif" })
                if (dialog.ShowDialog(this) == DialogResult.OK)
                    SaveRecord(dialog.FileName);
        }

        public void SaveRecord(string path)
        {
            using (Record record = Record.FromPosition(position))
                record.Save(path, RecordFormat.Kif);
        }
    }
}
