// The WinForms sample's entry point. "--selftest FILE.png" opens the
// window, clicks moves, runs a short MultiPV analysis, restarts it after a
// move, stops it, saves and reloads the record, saves a screenshot of the
// window to FILE.png and checks that it shows a board with pieces; it
// prints "selftest ok" and exits 0, or exits 1 with the reason.
using System;
using System.Collections.Generic;
using System.Drawing;
using System.Drawing.Imaging;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using System.Windows.Forms;
using LibShogi;

namespace WinFormsGui
{
    internal static class Program
    {
        [STAThread]
        private static int Main(string[] args)
        {
            Application.EnableVisualStyles();
            var form = new MainForm();
            if (args.Length == 2 && args[0] == "--selftest")
            {
                string png = args[1];
                int code = 1;
                form.Shown += async (s, e) =>
                {
                    try
                    {
                        await SelfTest(form, png);
                        Console.WriteLine("selftest ok");
                        code = 0;
                    }
                    catch (Exception ex)
                    {
                        Console.WriteLine("selftest FAILED: " + ex.Message);
                    }
                    form.Close();
                };
                Application.Run(form);
                return code;
            }
            Application.Run(form);
            return 0;
        }

        private static void Check(bool ok, string what)
        {
            if (!ok)
                throw new Exception(what);
        }

        private static void Click(MainForm form, string usiSquare)
        {
            form.OnSquareClicked(Square.ParseUsi(usiSquare));
        }

        private static async Task SelfTest(MainForm form, string png)
        {
            // Click moves: 7g7f 3c3d 8h2b+ (a promotion choice, answered yes).
            foreach (string sq in new[] { "7g", "7f", "3c", "3d", "8h", "2b" })
                Click(form, sq);
            Check(form.Position.PieceAt(Square.ParseUsi("2b")).Type == PieceType.Horse, "8h2b+ not played: " + form.Position.Sfen);

            // Analysis with live info: periodic reports and two lines.
            form.RestartAnalysis();
            var watch = System.Diagnostics.Stopwatch.StartNew();
            for (int i = 0; i < 30 && (form.PeriodicReports < 2 || form.LineReports < 2); i++)
                await Task.Delay(100);
            Console.WriteLine("analysis: {0} periodic and {1} line reports after {2} ms",
                              form.PeriodicReports, form.LineReports, watch.ElapsedMilliseconds);
            Check(form.PeriodicReports >= 2, form.PeriodicReports + " periodic reports in 3 s");
            Check(form.LineReports >= 2, form.LineReports + " line reports");
            int shown = 0;
            foreach (string line in form.Lines)
                if (line.Length > 0)
                    shown++;
            Check(shown == 2, shown + " MultiPV lines shown");

            // A move during the analysis (同銀): the analysis restarts on the
            // new position; no report of the old search is shown.
            Click(form, "3a");
            Click(form, "2b");
            await Task.Delay(1200);
            Check(form.StaleReports == 0, form.StaleReports + " stale reports reached the form");
            var stopWatch = System.Diagnostics.Stopwatch.StartNew();
            SearchResult r = await form.StopAnalysisAsync();
            // The trap: Control.Invoke plus a blocking stop left lines
            // 12 s late. Posted reports: per analysis, the first report's lag
            // (search start-up included) and the largest delivery delay
            // beyond the fastest report's.
            var figures = new List<string>();
            TimeSpan worst = TimeSpan.Zero;
            foreach (List<TimeSpan> lags in form.ReportLags)
            {
                TimeSpan min = lags.Min(), delay = lags.Max() - min;
                if (delay > worst)
                    worst = delay;
                figures.Add(string.Format("{0} reports, first {1} ms, delay <= {2} ms", lags.Count,
                                          (long)lags[0].TotalMilliseconds, (long)delay.TotalMilliseconds));
            }
            Console.WriteLine("reports on the UI thread: {0}; stop took {1} ms", string.Join("; ", figures.ToArray()),
                              stopWatch.ElapsedMilliseconds);
            // Reports come in bursts (the shallow iterations take
            // milliseconds) and queue behind the UI's own work (drawing, PV
            // text, first-call JIT): 0.1-1.2 s seen on the loaded test machine.
            Check(worst < TimeSpan.FromSeconds(5), "a report reached the UI " + worst + " later than the fastest");
            Check(r != null && r.StopReason == StopReason.Stopped, "stop: " + (r == null ? "no result" : r.StopReason.ToString()));
            Check(form.Position.IsLegal(r.BestMove), "best move " + r.BestMove + " not legal after 同銀");

            // Record save and load.
            string kif = Path.Combine(Path.GetTempPath(), "libshogi-winforms-" + Guid.NewGuid().ToString("N") + ".kif");
            try
            {
                string sfen = form.Position.Sfen;
                form.SaveRecord(kif);
                form.LoadRecord(kif);
                Check(form.Position.Sfen == sfen, "reloaded record ends at " + form.Position.Sfen);
            }
            finally
            {
                File.Delete(kif);
            }

            // Screenshot of the window, checked for a drawn board with pieces.
            await Task.Delay(200);
            using (var bmp = new Bitmap(form.ClientSize.Width, form.ClientSize.Height))
            {
                // A real grab of the screen where the window is (Mono reads
                // the X server's pixels); Xvfb's screen in the test stage.
                using (Graphics g = Graphics.FromImage(bmp))
                    g.CopyFromScreen(form.PointToScreen(Point.Empty), Point.Empty, form.ClientSize);
                bmp.Save(png, ImageFormat.Png);
                int boardPixels = 0, darkPixels = 0;
                Color bc = BoardView.BoardColor;
                Rectangle area = form.Board.Bounds;
                for (int y = area.Top; y < area.Bottom; y += 2)
                    for (int x = area.Left; x < area.Right; x += 2)
                    {
                        Color c = bmp.GetPixel(x, y);
                        if (Math.Abs(c.R - bc.R) < 12 && Math.Abs(c.G - bc.G) < 12 && Math.Abs(c.B - bc.B) < 12)
                            boardPixels++;
                        else if (c.R + c.G + c.B < 200)
                            darkPixels++;
                    }
                int sampled = (area.Width / 2) * (area.Height / 2);
                Console.WriteLine("screenshot {0}: {1} board-colour and {2} dark pixels of {3} sampled", png, boardPixels, darkPixels, sampled);
                Check(boardPixels > sampled / 3, "too few board-colour pixels: " + boardPixels);
                Check(darkPixels > 400, "too few dark (grid and piece) pixels: " + darkPixels);
            }
        }
    }
}
