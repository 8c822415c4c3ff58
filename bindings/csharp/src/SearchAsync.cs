// The asynchronous search API for user interfaces: SearchAsync searches a
// copy of the position on its own thread and posts its reports to the
// caller's SynchronizationContext; StopAsync stops it without blocking.
using System;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;

namespace LibShogi
{
    /// <summary>The exception of a search task whose cancellation token was
    /// cancelled: the task ends Canceled, and awaiting it throws this
    /// exception, which carries the best move found until then.</summary>
    public sealed class SearchCanceledException : OperationCanceledException
    {
        /// <summary>The result at the moment of cancelling
        /// (<see cref="SearchResult.StopReason"/> is <see cref="StopReason.Cancelled"/>).</summary>
        public SearchResult Result { get; private set; }

        /// <summary>A cancelled search's exception.</summary>
        public SearchCanceledException(SearchResult result, CancellationToken token)
            : base("the search was cancelled", token)
        {
            Result = result;
        }
    }

    public sealed partial class Engine
    {
        // The task of the latest SearchAsync (for StopAsync).
        private volatile Task<SearchResult> lastTask;

        // One search: its id, where its reports go, how it was stopped.
        private sealed class SearchContext
        {
            public long Id;
            public SynchronizationContext Sync;
            public IProgress<SearchInfo> Progress;
            public volatile bool StopRequested;
            public volatile bool Cancelled;
            // Finished is set (on the reports' thread) once the task is
            // about to complete: a report still queued then is dropped.
            public volatile bool Finished;
            public ExceptionDispatchInfo HandlerError;
            public Task<SearchResult> Task;

            // Report runs on the searching thread: posted (never sent) to
            // Sync when there is one, so the search never waits for the UI.
            public void Report(SearchInfo info)
            {
                IProgress<SearchInfo> progress = Progress;
                if (progress == null)
                    return;
                if (Sync == null)
                {
                    progress.Report(info);
                    return;
                }
                Sync.Post(state =>
                {
                    if (!Finished)
                        progress.Report((SearchInfo)state);
                }, info);
            }

            // Flush waits until every report posted so far has run on Sync,
            // then marks the search finished there (no report after it). A
            // context that does not run it within FlushTimeout (a UI thread
            // blocked on the search's task, a message loop that has ended)
            // does not hold the task: the search is marked finished here,
            // and the reports still queued are dropped when they run.
            public void Flush()
            {
                if (Sync == null)
                {
                    Finished = true;
                    return;
                }
                // Not disposed: the posted callback may run after the timeout.
                var done = new ManualResetEventSlim();
                Sync.Post(state =>
                {
                    Finished = true;
                    ((ManualResetEventSlim)state).Set();
                }, done);
                if (!done.Wait(FlushTimeout))
                    Finished = true;
            }
        }

        private static readonly TimeSpan FlushTimeout = TimeSpan.FromSeconds(2);

        /// <summary>Searches a copy of <paramref name="position"/> (taken
        /// before this method returns: changing or disposing the position
        /// afterwards does not affect the search) on a dedicated thread, and
        /// returns at once.
        /// <para>Reports: when the calling thread has a
        /// <see cref="SynchronizationContext"/> (a WinForms or WPF UI thread),
        /// every report is posted to it (never sent: the search never waits
        /// for the UI, so a UI thread that blocks cannot deadlock it), in
        /// order, and the task completes only after the posted reports have
        /// run there: no report arrives after the task has ended. (A UI
        /// thread that blocks on the task instead of awaiting it does not
        /// deadlock: after 2 s the task completes and the reports still
        /// queued are dropped.) Without a
        /// context, reports are raised on the search thread before the task
        /// completes. Every report carries the search's
        /// <see cref="SearchInfo.SearchId"/>. Line reports come for every
        /// finished iteration, periodic ones every
        /// <see cref="SearchInfo.ProgressInterval"/>.</para>
        /// <para>Ending: the task's result has a
        /// <see cref="SearchResult.StopReason"/> (limit, mate, or
        /// <see cref="StopAsync"/>/<see cref="Stop"/>). Cancelling
        /// <paramref name="cancellation"/> stops the search and ends the task
        /// Canceled; awaiting it throws <see cref="SearchCanceledException"/>
        /// with the result so far. A progress handler that throws stops the
        /// search and faults the task with its exception.</para></summary>
        /// <param name="position">the position to search (copied)</param>
        /// <param name="limits">when to stop (null: until stopped)</param>
        /// <param name="progress">receives the reports (may be null)</param>
        /// <param name="cancellation">stops the search, ending the task Canceled</param>
        /// <returns>the search's task</returns>
        /// <exception cref="ShogiStateException">a search already runs on this
        /// engine (thrown here, not as a failed task)</exception>
        public Task<SearchResult> SearchAsync(Position position, SearchLimits limits, IProgress<SearchInfo> progress,
                                              CancellationToken cancellation = default(CancellationToken))
        {
            if (position == null)
                throw new ArgumentNullException("position");
            NativeSearchLimits l = (limits ?? new SearchLimits()).ToNative();
            SearchContext ctx = Claim(SynchronizationContext.Current, progress);
            Position copy;
            try
            {
                copy = position.Clone();
            }
            catch
            {
                Release(ctx);
                throw;
            }
            // The token is the search task's: a search that ends cancelled
            // throws SearchCanceledException with it, which ends the task
            // Canceled and keeps the exception (and its result) for await.
            Task<SearchResult> search = Task.Factory.StartNew(() => RunAsync(ctx, copy, l, cancellation), cancellation,
                                                              TaskCreationOptions.LongRunning, TaskScheduler.Default);
            // The caller gets a proxy that completes only after this
            // continuation: a search cancelled before it started (its body
            // never runs) frees the engine here, so that whoever sees the
            // task end finds the engine free. (A waiter on the search task
            // itself could wake before a continuation of it had run.)
            ctx.Task = lastTask = search.ContinueWith(t =>
            {
                if (t.IsCanceled && copy.Handle != null && !copy.Handle.IsClosed)
                {
                    copy.Dispose();
                    Release(ctx);
                }
                return t;
            }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default).Unwrap();
            return ctx.Task;
        }

        private SearchResult RunAsync(SearchContext ctx, Position copy, NativeSearchLimits l,
                                      CancellationToken cancellation)
        {
            SearchResult r;
            try
            {
                r = RunSearch(ctx, copy, l, cancellation);
            }
            finally
            {
                copy.Dispose();
                Release(ctx);
                ctx.Flush();
            }
            if (r.StopReason == StopReason.Cancelled)
                throw new SearchCanceledException(r, cancellation);
            return r;
        }

        /// <summary>Old form of <see cref="SearchAsync(Position, SearchLimits, IProgress{SearchInfo}, CancellationToken)"/>
        /// with no progress (use <see cref="Info"/>, raised on the search thread).</summary>
        /// <param name="position">the position to search (copied)</param>
        /// <param name="limits">when to stop (null: until stopped)</param>
        /// <param name="cancellation">stops the search, ending the task Canceled</param>
        /// <returns>the search's task</returns>
        public Task<SearchResult> SearchAsync(Position position, SearchLimits limits = null,
                                              CancellationToken cancellation = default(CancellationToken))
        {
            return SearchAsync(position, limits, null, cancellation);
        }

        /// <summary>Stops the running search without waiting (safe on a UI
        /// thread): the returned task is the search's own task, which
        /// completes with <see cref="StopReason.Stopped"/> once the search has
        /// returned its best move (and, from a UI thread, once its posted
        /// reports have run). With no search started by
        /// <see cref="SearchAsync(Position, SearchLimits, IProgress{SearchInfo}, CancellationToken)"/>
        /// running, a completed task with a null result.</summary>
        /// <returns>the search's task, or a completed task with null</returns>
        public Task<SearchResult> StopAsync()
        {
            Task<SearchResult> task = lastTask;
            Stop();
            if (task != null && !task.IsCompleted)
                return task;
            var done = new TaskCompletionSource<SearchResult>();
            done.SetResult(null);
            return done.Task;
        }
    }
}
