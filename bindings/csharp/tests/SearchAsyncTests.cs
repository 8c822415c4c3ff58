// SearchAsync for user interfaces: reports posted in order to the caller's
// SynchronizationContext (a single-threaded one written here, like a UI
// thread's), none after the task ends, stops from the UI thread that never
// deadlock, cancellation and restarts, and searches of a copy.
using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // A UI thread's context: one thread runs the posted callbacks in order.
    // Send throws: the search must never wait for the UI thread.
    internal sealed class SingleThreadContext : SynchronizationContext, IDisposable
    {
        private readonly BlockingCollection<KeyValuePair<SendOrPostCallback, object>> queue =
            new BlockingCollection<KeyValuePair<SendOrPostCallback, object>>();
        public readonly Thread Thread;
        public Exception Error;

        public SingleThreadContext()
        {
            Thread = new Thread(Loop) { IsBackground = true, Name = "test UI thread" };
            Thread.Start();
        }

        public override void Post(SendOrPostCallback d, object state)
        {
            queue.Add(new KeyValuePair<SendOrPostCallback, object>(d, state));
        }

        public override void Send(SendOrPostCallback d, object state)
        {
            throw new NotSupportedException("Send to the UI thread: a search must only post");
        }

        private void Loop()
        {
            SetSynchronizationContext(this);
            foreach (KeyValuePair<SendOrPostCallback, object> item in queue.GetConsumingEnumerable())
            {
                try
                {
                    item.Key(item.Value);
                }
                catch (Exception e)
                {
                    Error = Error ?? e;
                }
            }
        }

        // Runs body on the UI thread; true when its task ended in time.
        public bool Run(Func<Task> body, TimeSpan patience)
        {
            var done = new ManualResetEventSlim();
            Post(_ =>
            {
                Task t;
                try
                {
                    t = body();
                }
                catch (Exception e)
                {
                    Error = Error ?? e;
                    done.Set();
                    return;
                }
                t.ContinueWith(x =>
                {
                    if (x.IsFaulted)
                        Error = Error ?? x.Exception.InnerException;
                    done.Set();
                }, TaskContinuationOptions.ExecuteSynchronously);
            }, null);
            return done.Wait(patience);
        }

        public void Dispose()
        {
            queue.CompleteAdding();
        }
    }

    // An IProgress that records where and when each report arrived.
    internal sealed class RecordingProgress : IProgress<SearchInfo>
    {
        public readonly List<SearchInfo> Infos = new List<SearchInfo>();
        public readonly List<int> Threads = new List<int>();
        public readonly List<bool> TaskDone = new List<bool>();
        public Func<Task> Task = () => null;
        public Action<SearchInfo> Then;

        public void Report(SearchInfo info)
        {
            lock (Infos)
            {
                Infos.Add(info);
                Threads.Add(Thread.CurrentThread.ManagedThreadId);
                Task t = Task();
                TaskDone.Add(t != null && t.IsCompleted);
            }
            if (Then != null)
                Then(info);
        }
    }

    internal static class SearchAsyncTests
    {
        private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

        public static void RunAll()
        {
            Run("searchasync: reports posted to the UI thread in order, none after the task ends", () =>
            {
                using (var ui = new SingleThreadContext())
                using (var engine = new Engine(new EngineOptions { MultiPV = 2 }))
                using (var p = new Position())
                {
                    var progress = new RecordingProgress();
                    Task<SearchResult> task = null;
                    progress.Task = () => task;
                    SearchResult result = null;
                    int lateReports = -1;
                    True(ui.Run(async () =>
                    {
                        task = engine.SearchAsync(p, SearchLimits.ForTime(TimeSpan.FromMilliseconds(2200)), progress);
                        result = await task;
                        lock (progress.Infos)
                            lateReports = progress.Infos.Count;
                        await Task.Delay(300);
                    }, Patience), "search did not end");
                    True(ui.Error == null, "UI thread error: " + ui.Error);
                    Equal(StopReason.Limit, result.StopReason, "stop reason");
                    Equal(lateReports, progress.Infos.Count, "reports after the task ended");
                    int periodic = 0, lines = 0;
                    TimeSpan lastTime = TimeSpan.Zero;
                    int lastDepth = 0;
                    for (int i = 0; i < progress.Infos.Count; i++)
                    {
                        SearchInfo info = progress.Infos[i];
                        Equal(ui.Thread.ManagedThreadId, progress.Threads[i], "report thread");
                        Equal(false, progress.TaskDone[i], "task done at a report");
                        Equal(result.SearchId, info.SearchId, "search id");
                        True(info.Time >= lastTime, "reports out of order: " + info.Time + " after " + lastTime);
                        lastTime = info.Time;
                        if (info.Kind == SearchInfoKind.Progress)
                        {
                            periodic++;
                            True(info.Nodes > 0 && info.Nps > 0, "progress without nodes: " + info.ToUsi());
                            True(info.ToUsi().StartsWith("info depth ", StringComparison.Ordinal), info.ToUsi());
                            if (!info.CurrMove.IsNone)
                                True(p.IsLegal(info.CurrMove), "currmove " + info.CurrMove);
                        }
                        else
                        {
                            lines++;
                            // A stopped iteration reports its unfinished lines one ply back.
                            True(info.Depth >= lastDepth - 1, "depth went back: " + info.ToUsi());
                            lastDepth = Math.Max(lastDepth, info.Depth);
                        }
                    }
                    True(periodic >= 2, periodic + " periodic reports in 2.2 s (expected at 0.5, 1.0, 1.5, 2.0 s)");
                    True(lines >= 2, lines + " line reports");
                }
            });
            Run("searchasync: without a context, reports are raised on the search thread before the task ends", () =>
            {
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    var progress = new RecordingProgress();
                    Task<SearchResult> task = null;
                    progress.Task = () => task;
                    int caller = Thread.CurrentThread.ManagedThreadId;
                    SynchronizationContext saved = SynchronizationContext.Current;
                    SynchronizationContext.SetSynchronizationContext(null);
                    try
                    {
                        task = engine.SearchAsync(p, SearchLimits.ToDepth(5), progress);
                    }
                    finally
                    {
                        SynchronizationContext.SetSynchronizationContext(saved);
                    }
                    True(task.Wait(Patience), "search did not end");
                    int count = progress.Infos.Count;
                    True(count >= 5, count + " reports");
                    int searchThread = progress.Threads[0];
                    True(searchThread != caller, "reports on the caller's thread");
                    for (int i = 0; i < count; i++)
                    {
                        Equal(searchThread, progress.Threads[i], "report thread");
                        Equal(false, progress.TaskDone[i], "task done at a report");
                    }
                    Equal(StopReason.Limit, task.Result.StopReason, "stop reason");
                }
            });
            Run("searchasync: StopAsync from a busy UI thread never deadlocks", () =>
            {
                using (var ui = new SingleThreadContext())
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    var progress = new RecordingProgress();
                    SearchResult result = null;
                    True(ui.Run(async () =>
                    {
                        Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.UntilStopped(), progress);
                        // The UI thread is busy (blocked) while the search posts reports.
                        Thread.Sleep(1200);
                        True(engine.IsSearching, "search not running after 1.2 s");
                        Task<SearchResult> stopping = engine.StopAsync();
                        True(ReferenceEquals(task, stopping), "StopAsync gives the search's task");
                        result = await stopping;
                    }, Patience), "StopAsync from the UI thread did not complete");
                    True(ui.Error == null, "UI thread error: " + ui.Error);
                    Equal(StopReason.Stopped, result.StopReason, "stop reason");
                    True(p.IsLegal(result.BestMove), "best move " + result.BestMove);
                    True(progress.Infos.Count >= 2, progress.Infos.Count + " reports (result depth " + result.Depth + ", " + result.Nodes + " nodes)");
                    Equal(null, engine.StopAsync().Result, "StopAsync with no search");
                }
            });
            Run("searchasync: a UI thread that blocks on the task (no await) does not deadlock", () =>
            {
                using (var ui = new SingleThreadContext())
                using (var engine = new Engine())
                using (var p = new Position())
                {
                    var progress = new RecordingProgress();
                    bool ended = false;
                    int atEnd = -1;
                    True(ui.Run(() =>
                    {
                        Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.ToDepth(4), progress);
                        ended = task.Wait(Patience); // the classic sync-over-async trap
                        atEnd = progress.Infos.Count;
                        return Task.FromResult(0);
                    }, Patience), "UI thread stuck");
                    True(ended, "task did not end while the UI thread blocked on it");
                    System.Threading.Thread.Sleep(300); // the queued reports run now: dropped
                    Equal(0, atEnd, "reports ran while the UI thread was blocked");
                    Equal(0, progress.Infos.Count, "reports after the task ended");
                    True(ui.Error == null, "UI thread error: " + ui.Error);
                }
            });
            Run("searchasync: cancelling ends the task Canceled with the result; a restart gets a new id", () =>
            {
                using (var ui = new SingleThreadContext())
                using (var engine = new Engine())
                using (var p = new Position())
                using (var cts = new CancellationTokenSource())
                {
                    var first = new RecordingProgress();
                    var second = new RecordingProgress();
                    SearchCanceledException cancelled = null;
                    SearchResult restarted = null;
                    Task<SearchResult> task = null;
                    first.Then = info => cts.Cancel();
                    True(ui.Run(async () =>
                    {
                        task = engine.SearchAsync(p, SearchLimits.UntilStopped(), first, cts.Token);
                        // A second search while one runs fails at once.
                        Throws<ShogiStateException>(() => engine.SearchAsync(p, SearchLimits.ToDepth(1), second),
                                                    "second search");
                        try
                        {
                            await task;
                        }
                        catch (SearchCanceledException e)
                        {
                            cancelled = e;
                        }
                        restarted = await engine.SearchAsync(p, SearchLimits.ToDepth(3), second);
                    }, Patience), "searches did not end");
                    True(ui.Error == null, "UI thread error: " + ui.Error);
                    True(cancelled != null, "no SearchCanceledException");
                    True(task.IsCanceled, "task status " + task.Status);
                    Equal(StopReason.Cancelled, cancelled.Result.StopReason, "stop reason");
                    True(p.IsLegal(cancelled.Result.BestMove), "cancelled best move");
                    True(restarted.SearchId > cancelled.Result.SearchId, "search ids");
                    foreach (SearchInfo info in first.Infos)
                        Equal(cancelled.Result.SearchId, info.SearchId, "first search's reports");
                    foreach (SearchInfo info in second.Infos)
                        Equal(restarted.SearchId, info.SearchId, "second search's reports");
                    True(second.Infos.Count > 0, "no reports of the restart");
                }
            });
            Run("searchasync: changing or disposing the position during a search does not change its result", () =>
            {
                using (var engine = new Engine())
                using (var reference = new Position())
                {
                    reference.DoMoves("7g7f", "3c3d");
                    engine.NewGame();
                    SearchResult expected = engine.Search(reference, SearchLimits.ToDepth(6));
                    var p = reference.Clone();
                    engine.NewGame();
                    Task<SearchResult> task = engine.SearchAsync(p, SearchLimits.ToDepth(6));
                    p.DoMove("2g2f");
                    p.UndoMove();
                    p.UndoMove();
                    p.Dispose();
                    True(task.Wait(Patience), "search did not end");
                    Equal(expected.BestMove, task.Result.BestMove, "best move");
                    Equal(expected.Nodes, task.Result.Nodes, "nodes");
                    Equal(expected.Score, task.Result.Score, "score");
                }
            });
        }
    }
}
