using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class EngineTests
    {
        private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

        // Every move of pv is legal in turn from position.
        private static void CheckPv(Position position, Move[] pv, string what)
        {
            using (var p = position.Clone())
            {
                foreach (Move m in pv)
                {
                    True(p.IsLegal(m), string.Format("{0}: {1} not legal in {2}", what, m, p.Sfen));
                    p.DoMove(m);
                }
            }
        }

        private static void CheckBestMove(Position position, SearchResult r, string what)
        {
            True(position.IsLegal(r.BestMove), what + ": best move " + r.BestMove + " not legal");
            True(r.Pv.Length > 0, what + ": empty PV");
            Equal(r.BestMove.Move16, r.Pv[0].Move16, what + ": PV starts with the best move");
            CheckPv(position, r.Pv, what);
        }

        public static void RunAll()
        {
            Run("engine: depth-limited search with info events on the searching thread", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    var infos = new List<SearchInfo>();
                    var threads = new HashSet<int>();
                    engine.Info += (sender, info) =>
                    {
                        True(sender == engine, "sender");
                        infos.Add(info);
                        threads.Add(Thread.CurrentThread.ManagedThreadId);
                    };
                    SearchResult r = engine.Search(p, SearchLimits.ToDepth(4));
                    CheckBestMove(p, r, "result");
                    Equal(4, r.Depth, "depth");
                    True(r.Nodes > 0, "no nodes");
                    Equal(ScoreKind.Centipawns, r.Score.Kind, "score kind");
                    Equal(1, r.Lines.Length, "lines");
                    Equal(r.Pv.Length, r.Lines[0].Pv.Length, "line 0 PV");
                    True(infos.Count >= 4, "infos: " + infos.Count);
                    for (int i = 0; i < infos.Count; i++)
                    {
                        SearchInfo info = infos[i];
                        CheckPv(p, info.Pv, "info " + i);
                        Equal(1, info.MultiPV, "multipv");
                        True(info.Depth >= 1 && info.Depth <= 4, "info depth " + info.Depth);
                        True(i == 0 || info.Depth >= infos[i - 1].Depth, "depths go down");
                        True(info.ToUsi().StartsWith("info depth ", StringComparison.Ordinal), info.ToUsi());
                    }
                    Equal(4, infos[infos.Count - 1].Depth, "last info depth");
                    Equal(1, threads.Count, "info threads");
                    True(threads.Contains(Thread.CurrentThread.ManagedThreadId), "info not on the searching thread");
                    Equal(false, engine.IsSearching, "searching after return");
                    Equal(StartPositionSfen, p.Sfen, "position modified");
                    Contains("bestmove " + r.BestMove.ToUsi(), r.ToUsi(), "bestmove line");
                }
            });
            Run("engine: PeriodicInfo every ProgressInterval on the searching thread, none after the search", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    var periodic = new List<SearchInfo>();
                    var threads = new HashSet<int>();
                    int lineReports = 0, wrongKind = 0;
                    engine.PeriodicInfo += (sender, info) =>
                    {
                        lock (periodic)
                        {
                            periodic.Add(info);
                            threads.Add(Thread.CurrentThread.ManagedThreadId);
                        }
                    };
                    engine.Info += (sender, info) =>
                    {
                        lineReports++;
                        if (info.Kind != SearchInfoKind.Line)
                            wrongKind++;
                    };
                    int legal = p.LegalMoves().Length;
                    SearchResult r = engine.Search(p, new SearchLimits { MoveTime = TimeSpan.FromMilliseconds(1700) });
                    int atReturn;
                    lock (periodic)
                        atReturn = periodic.Count;
                    Thread.Sleep(SearchInfo.ProgressInterval + SearchInfo.ProgressInterval);
                    lock (periodic)
                        Equal(atReturn, periodic.Count, "periodic reports after Search returned");
                    // Expected at 0.5, 1.0 and 1.5 s; one may be lost to a loaded machine.
                    True(atReturn >= 2, atReturn + " periodic reports in a 1.7 s search");
                    True(lineReports > 0 && wrongKind == 0, "Info: " + lineReports + " reports, " + wrongKind + " not lines");
                    Equal(1, threads.Count, "periodic report threads");
                    True(threads.Contains(Thread.CurrentThread.ManagedThreadId), "periodic report not on the searching thread");
                    ulong lastNodes = 0;
                    foreach (SearchInfo info in periodic)
                    {
                        Equal(SearchInfoKind.Progress, info.Kind, "kind");
                        Equal(r.SearchId, info.SearchId, "search id");
                        True(info.Time >= SearchInfo.ProgressInterval - TimeSpan.FromMilliseconds(1),
                             "a periodic report before the first interval: " + info.Time);
                        True(info.Nodes >= lastNodes && info.Nodes <= r.Nodes, "nodes " + info.Nodes + " after " + lastNodes);
                        lastNodes = info.Nodes;
                        True(info.Nps > 0, "nps");
                        True(info.Hashfull >= 0 && info.Hashfull <= 1000, "hashfull per mille: " + info.Hashfull);
                        if (info.CurrMove.IsNone)
                            Equal(0, info.CurrMoveNumber, "currmovenumber without a move");
                        else
                        {
                            True(p.IsLegal(info.CurrMove), "currmove " + info.CurrMove + " not legal");
                            True(info.CurrMoveNumber >= 1 && info.CurrMoveNumber <= legal,
                                 "currmovenumber " + info.CurrMoveNumber + " of " + legal);
                        }
                    }
                }
            });
            Run("engine: Stop from another thread ends an infinite search", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                using (var firstInfo = new ManualResetEventSlim())
                {
                    int searchThread = -1;
                    engine.Info += (s, info) =>
                    {
                        searchThread = Thread.CurrentThread.ManagedThreadId;
                        firstInfo.Set();
                    };
                    SearchResult result = null;
                    Exception error = null;
                    var searcher = new Thread(() =>
                    {
                        try { result = engine.Search(p, SearchLimits.UntilStopped()); }
                        catch (Exception e) { error = e; }
                    });
                    searcher.Start();
                    True(firstInfo.Wait(Patience), "no info within the patience");
                    Equal(true, engine.IsSearching, "searching");
                    Thread.Sleep(100);
                    var watch = Stopwatch.StartNew();
                    engine.Stop(); // from this (the "UI") thread
                    True(searcher.Join(Patience), "search did not stop");
                    True(watch.Elapsed < TimeSpan.FromSeconds(10), "stop took " + watch.Elapsed);
                    True(error == null, "search threw " + error);
                    Equal(searcher.ManagedThreadId, searchThread, "info raised on the searching thread");
                    CheckBestMove(p, result, "stopped result");
                    Equal(false, engine.IsSearching, "searching after stop");
                    engine.Stop(); // no search: a no-op
                }
            });
            Run("engine: SearchAsync, cancellation stops the search", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                using (var cts = new CancellationTokenSource())
                using (var firstInfo = new ManualResetEventSlim())
                {
                    engine.Info += (s, info) => firstInfo.Set();
                    Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped(), cts.Token);
                    True(firstInfo.Wait(Patience), "no info");
                    cts.Cancel();
                    try
                    {
                        task.Wait(Patience);
                    }
                    catch (AggregateException)
                    {
                    }
                    True(task.IsCanceled, "cancelled task status " + task.Status);
                    SearchCanceledException e = CancelledOf(task);
                    True(e != null, "no SearchCanceledException");
                    CheckBestMove(p, e.Result, "async result");
                    Equal(StopReason.Cancelled, e.Result.StopReason, "stop reason");
                }
            });
            Run("engine: a stop requested before the search starts is honoured", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                using (var cts = new CancellationTokenSource())
                {
                    cts.Cancel();
                    Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped(), cts.Token);
                    try
                    {
                        task.Wait(Patience);
                    }
                    catch (AggregateException)
                    {
                    }
                    True(task.IsCanceled, "pre-cancelled search status " + task.Status);
                    // The engine is free again at once.
                    CheckBestMove(p, engine.Search(p, SearchLimits.ToDepth(2)), "next search");
                }
            });
            Run("engine: free as soon as a cancelled search's task ends (cancel racing the start)", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    for (int i = 0; i < 100; i++)
                    {
                        using (var cts = new CancellationTokenSource())
                        {
                            var go = new ManualResetEventSlim();
                            Task cancel = Task.Run(() => { go.Wait(); cts.Cancel(); });
                            go.Set();
                            Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped(), cts.Token);
                            try
                            {
                                task.Wait(Patience);
                            }
                            catch (AggregateException)
                            {
                            }
                            True(task.IsCanceled, "iteration " + i + ": status " + task.Status);
                            // No wait between the task's end and the next search.
                            CheckBestMove(p, engine.Search(p, SearchLimits.ToDepth(1)), "iteration " + i);
                            cancel.Wait(Patience);
                        }
                    }
                }
            });
            Run("engine: limits by nodes and by time", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    SearchResult r = engine.Search(p, new SearchLimits { Nodes = 20000 });
                    CheckBestMove(p, r, "nodes");
                    True(r.Nodes <= 40000, "nodes limit: searched " + r.Nodes);
                    var watch = Stopwatch.StartNew();
                    r = engine.Search(p, SearchLimits.ForTime(TimeSpan.FromMilliseconds(300)));
                    CheckBestMove(p, r, "movetime");
                    True(watch.Elapsed < TimeSpan.FromSeconds(10), "movetime 300 ms took " + watch.Elapsed);
                    r = engine.Search(p, new SearchLimits
                    {
                        BlackTime = TimeSpan.FromSeconds(1),
                        WhiteTime = TimeSpan.FromSeconds(1),
                        BlackByoyomi = TimeSpan.FromMilliseconds(100),
                        WhiteByoyomi = TimeSpan.FromMilliseconds(100),
                    });
                    CheckBestMove(p, r, "clock");
                }
            });
            Run("engine: mate scores, checkmated side resigns", () =>
            {
                using (var engine = new Engine())
                {
                    using (var p = Position.FromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"))
                    {
                        SearchResult r = engine.Search(p, SearchLimits.ToDepth(3));
                        Equal("G*5b", r.BestMove.ToUsi(), "mate in one");
                        Equal(ScoreKind.Mate, r.Score.Kind, "kind");
                        Equal(1, r.Score.Value, "plies to mate");
                        Equal("mate 1", r.Score.ToString(), "text");
                    }
                    using (var p = Position.FromSfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1"))
                    {
                        SearchResult r = engine.Search(p, SearchLimits.ToDepth(3));
                        Equal(Move.Resign, r.BestMove, "resign");
                        Equal(ScoreKind.Mate, r.Score.Kind, "kind");
                        True(r.Score.Value <= 0, "mated score " + r.Score);
                    }
                }
            });
            Run("engine: MultiPV lines", () =>
            {
                using (var engine = new Engine(new EngineOptions { MultiPV = 3 }))
                using (var p = new Position())
                {
                    var lines = new HashSet<int>();
                    engine.Info += (s, info) => lines.Add(info.MultiPV);
                    SearchResult r = engine.Search(p, SearchLimits.ToDepth(3));
                    Equal(3, r.Lines.Length, "lines");
                    var firsts = new HashSet<ushort>();
                    foreach (SearchLine line in r.Lines)
                    {
                        CheckPv(p, line.Pv, "line");
                        True(line.Pv.Length > 0, "empty line");
                        True(firsts.Add(line.Pv[0].Move16), "two lines start with " + line.Pv[0]);
                    }
                    True(lines.SetEquals(new[] { 1, 2, 3 }), "info multipv values");
                    engine.SetOptions(new EngineOptions { MultiPV = 1, Threads = 2, HashMB = 8 });
                    Equal(1, engine.Search(p, SearchLimits.ToDepth(3)).Lines.Length, "after SetOptions");
                    engine.NewGame();
                }
            });
            Run("engine: NNUE evaluation, the engine keeps the network alive", () =>
            {
                var net = Network.MakeTest("test", 1);
                using (var engine = new Engine(new EngineOptions { FVScale = 16 }, net))
                using (var p = Position.FromSfen("l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"))
                {
                    net.Dispose();
                    SearchResult r = engine.Search(p, SearchLimits.ToDepth(3));
                    CheckBestMove(p, r, "nnue search");
                }
            });
            Run("engine: an exception in an Info handler stops the search and is rethrown", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    int calls = 0;
                    EventHandler<SearchInfo> bad = (s, info) =>
                    {
                        calls++;
                        throw new InvalidOperationException("handler failed");
                    };
                    engine.Info += bad;
                    var e = Throws<InvalidOperationException>(() => engine.Search(p, SearchLimits.UntilStopped()), "rethrown");
                    Equal("handler failed", e.Message, "message");
                    Equal(1, calls, "handler called after its failure");
                    engine.Info -= bad;
                    CheckBestMove(p, engine.Search(p, SearchLimits.ToDepth(2)), "engine usable afterwards");
                }
            });
            Run("engine: a second concurrent search and options while searching are refused", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                using (var firstInfo = new ManualResetEventSlim())
                {
                    engine.Info += (s, info) => firstInfo.Set();
                    Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped());
                    True(firstInfo.Wait(Patience), "no info");
                    Throws<ShogiStateException>(() => engine.Search(p, SearchLimits.ToDepth(1)), "second search");
                    Throws<ShogiStateException>(() => engine.SetOptions(new EngineOptions()), "options while searching");
                    engine.Stop();
                    True(task.Wait(Patience), "search did not stop");
                    CheckBestMove(p, task.Result, "first search");
                }
            });
            Run("engine: Dispose during a search stops it and frees the engine afterwards", () =>
            {
                ulong before = Library.LiveHandles;
                var engine = new Engine();
                using (var p = new Position())
                using (var firstInfo = new ManualResetEventSlim())
                {
                    engine.Info += (s, info) => firstInfo.Set();
                    Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped());
                    True(firstInfo.Wait(Patience), "no info");
                    engine.Dispose();
                    True(task.Wait(Patience), "search did not stop");
                    CheckBestMove(p, task.Result, "result");
                    Equal(before + 1, Library.LiveHandles, "engine freed, position alive");
                    Equal(false, engine.IsSearching, "disposed engine searching");
                    engine.Stop(); // a no-op
                    Throws<ObjectDisposedException>(() => engine.Search(p, SearchLimits.ToDepth(1)), "search after dispose");
                }
                Equal(before, Library.LiveHandles, "live handles");
            });
            Run("engine: garbage collections during a search keep the callback alive", () =>
            {
                using (var p = new Position())
                {
                    int infos = 0;
                    // The engine is referenced only by the running search.
                    Task<SearchResult> task = StartUnreferenced(p, () =>
                    {
                        infos++;
                        // Collect only: waiting for finalizers on the library's
                        // callback thread can hang Mono's finalizer handshake
                        // (seen about 1 run in 10); the test thread waits below.
                        GC.Collect();
                    });
                    for (int i = 0; i < 20 && !task.IsCompleted; i++)
                    {
                        GC.Collect();
                        GC.WaitForPendingFinalizers();
                        Thread.Sleep(5);
                    }
                    True(task.Wait(Patience), "search did not finish");
                    CheckBestMove(p, task.Result, "result");
                    True(infos >= 5, "infos: " + infos);
                }
            });
            Run("engine: bad options and limits", () =>
            {
                Throws<ShogiArgumentException>(() => new Engine(new EngineOptions { Threads = -1 }).Dispose(), "threads");
                Throws<ShogiArgumentException>(() => new Engine(new EngineOptions { MultiPV = 99 }).Dispose(), "multipv");
                Throws<ShogiArgumentException>(() => new Engine(new EngineOptions { FVScale = 500 }).Dispose(), "fv_scale");
                Throws<ShogiArgumentException>(() => new Engine(new EngineOptions { EnteringKingRule = (DeclarationRule)42 }).Dispose(), "rule");
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    Throws<ArgumentOutOfRangeException>(() => engine.Search(p, new SearchLimits { Depth = -1 }), "depth");
                    Throws<ArgumentOutOfRangeException>(() => engine.Search(p, new SearchLimits { MoveTime = TimeSpan.FromSeconds(-1) }), "time");
                    Throws<ArgumentNullException>(() => engine.Search(null), "null position");
                    var gone = new Position();
                    gone.Dispose();
                    Throws<ObjectDisposedException>(() => engine.Search(gone, SearchLimits.ToDepth(1)), "disposed position");
                    CheckBestMove(p, engine.Search(p, SearchLimits.ToDepth(1)), "still usable");
                }
            });
        }

        // The SearchCanceledException a cancelled task keeps (await throws it).
        internal static SearchCanceledException CancelledOf(Task<SearchResult> task)
        {
            try
            {
                task.GetAwaiter().GetResult();
            }
            catch (SearchCanceledException e)
            {
                return e;
            }
            catch (Exception)
            {
            }
            return null;
        }

        private static Task<SearchResult> StartUnreferenced(Position p, Action onInfo)
        {
            var engine = new Engine();
            engine.Info += (s, info) => onInfo();
            Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.ToDepth(6));
            return task.ContinueWith(t =>
            {
                engine.Dispose();
                return t.Result;
            }, TaskScheduler.Default);
        }

        private const string StartPositionSfen = PositionTests.StartSfen;
    }
}
