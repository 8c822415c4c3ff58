using System;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace LibShogi
{
    /// <summary>A search engine: threads, transposition table, options.
    /// <see cref="Search(Position, SearchLimits)"/> blocks the calling thread and raises
    /// <see cref="Info"/> on that thread; <see cref="Stop"/>,
    /// <see cref="PonderHit"/> and <see cref="IsSearching"/> may be called
    /// from any other thread (a GUI's UI thread) meanwhile. One search runs
    /// at a time per engine.</summary>
    public sealed partial class Engine : IDisposable
    {
        private readonly EngineHandle handle;

        // The function pointer the library calls back. It is created once
        // and held in this field, so it lives as long as the Engine; Search
        // also keeps it (and the engine) alive across the native call.
        private readonly NativeMethods.InfoCallback infoCallback;

        // The search in progress (null when none). Its GCHandle is the
        // callback's user_data.
        private SearchContext current;

        private long lastSearchId;

        // The progress callback, held like infoCallback.
        private readonly NativeMethods.ProgressCallback progressCallback;

        /// <summary>Raised on the searching thread for every completed
        /// iteration and MultiPV line. Keep handlers short (marshal to the UI
        /// thread with Control.BeginInvoke / Dispatcher.BeginInvoke). If a
        /// handler throws, the search is stopped and Search rethrows that
        /// exception.</summary>
        public event EventHandler<SearchInfo> Info;

        /// <summary>Raised on the searching thread every
        /// <see cref="SearchInfo.ProgressInterval"/> with a
        /// <see cref="SearchInfoKind.Progress"/> report (nodes, NPS, hashfull,
        /// current move), like <see cref="Info"/> otherwise.</summary>
        public event EventHandler<SearchInfo> PeriodicInfo;

        /// <summary>An engine with the default options and the trained net
        /// built into the library ("default").</summary>
        public Engine() : this(null, null) { }

        /// <summary>An engine with options (null: defaults) evaluating with
        /// network (null: the net built into the library; EvalFile "builtin"
        /// selects the material evaluation). The engine keeps
        /// the network alive: the Network may be disposed afterwards.</summary>
        public Engine(EngineOptions options, Network network = null)
        {
            NativeEngineOptions o = (options ?? new EngineOptions()).ToNative();
            byte[] err = Errors.New();
            EngineHandle h;
            int status = network != null
                ? NativeMethods.shogi_engine_new(ref o, network.Handle, out h, err)
                : NativeMethods.shogi_engine_new_without_network(ref o, IntPtr.Zero, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            handle = h;
            infoCallback = OnNativeInfo;
            progressCallback = OnNativeProgress;
        }

        /// <summary>The native handle (for the P/Invoke layer of other bindings).
        /// Never null; owned by this engine (do not dispose it yourself).</summary>
        public EngineHandle Handle { get { return handle; } }

        /// <summary>Stops a running search, then releases the engine once
        /// that search has returned.</summary>
        public void Dispose()
        {
            Stop();
            handle.Dispose();
        }

        /// <summary>Changes the options (not while searching: ShogiStateException).</summary>
        public void SetOptions(EngineOptions options)
        {
            if (options == null)
                throw new ArgumentNullException("options");
            NativeEngineOptions o = options.ToNative();
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_engine_set_options(handle, ref o, err), err);
        }

        /// <summary>Clears the transposition table and move-ordering statistics.</summary>
        public void NewGame()
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_engine_new_game(handle, err), err);
        }

        /// <summary>True while a search runs (any thread).</summary>
        public bool IsSearching
        {
            get
            {
                if (handle.IsClosed)
                    return false;
                byte[] err = Errors.New();
                int searching;
                try
                {
                    Errors.Check(NativeMethods.shogi_engine_searching(handle, out searching, err), err);
                }
                catch (ObjectDisposedException)
                {
                    return false;
                }
                return searching != 0;
            }
        }

        /// <summary>Searches a copy of the position (taken now; its history
        /// counts for repetitions) under limits (null: until
        /// <see cref="Stop"/>) and returns the result. Blocks until the
        /// search ends; <see cref="Info"/> is raised on the calling thread.</summary>
        /// <exception cref="ShogiStateException">a search already runs on this engine</exception>
        public SearchResult Search(Position position, SearchLimits limits = null)
        {
            return Search(position, limits, CancellationToken.None);
        }

        /// <summary><see cref="Search(Position, SearchLimits)"/> that cancelling
        /// <paramref name="cancellation"/> stops: the result is then the best
        /// move found so far, with <see cref="SearchResult.StopReason"/>
        /// <see cref="LibShogi.StopReason.Cancelled"/>.</summary>
        /// <exception cref="ShogiStateException">a search already runs on this engine</exception>
        public SearchResult Search(Position position, SearchLimits limits, CancellationToken cancellation)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            NativeSearchLimits l = (limits ?? new SearchLimits()).ToNative();
            SearchContext ctx = Claim(null, null);
            try
            {
                using (Position copy = position.Clone())
                    return RunSearch(ctx, copy, l, cancellation);
            }
            finally
            {
                Release(ctx);
            }
        }

        // Makes ctx the running search, or throws when one runs.
        private SearchContext Claim(SynchronizationContext sync, IProgress<SearchInfo> progress)
        {
            var ctx = new SearchContext();
            ctx.Id = Interlocked.Increment(ref lastSearchId);
            ctx.Sync = sync;
            ctx.Progress = progress;
            if (Interlocked.CompareExchange(ref current, ctx, null) != null)
                throw new ShogiStateException("a search is already running on this engine " +
                                              "(stop it and await its task before starting another)");
            return ctx;
        }

        private void Release(SearchContext ctx)
        {
            Interlocked.CompareExchange(ref current, null, ctx);
        }

        // The native search of pos (a private copy) for ctx.
        private SearchResult RunSearch(SearchContext ctx, Position pos, NativeSearchLimits l,
                                       CancellationToken cancellation)
        {
            GCHandle ctxHandle = GCHandle.Alloc(ctx);
            IntPtr result = Marshal.AllocHGlobal(EngineLayout.ResultSize);
            try
            {
                using (cancellation.Register(() => { ctx.Cancelled = true; Stop(); }))
                {
                    byte[] err = Errors.New();
                    int status = NativeMethods.shogi_engine_search_progress(handle, pos.Handle, ref l, infoCallback,
                                                                            progressCallback,
                                                                            GCHandle.ToIntPtr(ctxHandle), result, err);
                    // The library no longer calls back once search returns.
                    GC.KeepAlive(infoCallback);
                    GC.KeepAlive(progressCallback);
                    GC.KeepAlive(this);
                    if (ctx.HandlerError != null)
                        ctx.HandlerError.Throw();
                    Errors.Check(status, err);
                    SearchResult r = SearchResult.Read(result);
                    r.SearchId = ctx.Id;
                    if (ctx.Cancelled)
                        r.StopReason = StopReason.Cancelled;
                    else if (ctx.StopRequested)
                        r.StopReason = StopReason.Stopped;
                    else if (r.Score.IsMate && !r.BestMove.Equals(Move.Resign))
                        r.StopReason = StopReason.Mate;
                    else
                        r.StopReason = StopReason.Limit;
                    return r;
                }
            }
            finally
            {
                Marshal.FreeHGlobal(result);
                ctxHandle.Free();
            }
        }

        /// <summary>Asks the running search to stop (any thread; returns at
        /// once). The search then returns its best move so far. A no-op when
        /// no search runs or the engine is disposed.</summary>
        public void Stop()
        {
            SearchContext ctx = current;
            if (ctx != null)
                ctx.StopRequested = true; // also covers a search that has not reached the library yet
            StopNative();
        }

        private void StopNative()
        {
            if (handle.IsClosed)
                return;
            try
            {
                NativeMethods.shogi_engine_stop(handle, null);
            }
            catch (ObjectDisposedException)
            {
                // disposed by another thread meanwhile: nothing runs any more
            }
        }

        /// <summary>Ends pondering: the time limits count from now (any thread).</summary>
        public void PonderHit()
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_engine_ponderhit(handle, err), err);
        }

        // Called by the library on the searching thread. Nothing may escape
        // into the native frames: exceptions are kept for Search to rethrow.
        private void OnNativeInfo(IntPtr info, IntPtr userData)
        {
            Deliver(info, userData, false);
        }

        private void OnNativeProgress(IntPtr progress, IntPtr userData)
        {
            Deliver(progress, userData, true);
        }

        private void Deliver(IntPtr p, IntPtr userData, bool periodic)
        {
            SearchContext ctx = null;
            try
            {
                ctx = (SearchContext)GCHandle.FromIntPtr(userData).Target;
                if (ctx.StopRequested)
                    StopNative();
                if (ctx.HandlerError != null)
                    return;
                SearchInfo info = periodic ? SearchInfo.ReadProgress(p) : SearchInfo.Read(p);
                info.SearchId = ctx.Id;
                EventHandler<SearchInfo> handler = periodic ? PeriodicInfo : Info;
                if (handler != null)
                    handler(this, info);
                ctx.Report(info);
            }
            catch (Exception e)
            {
                if (ctx != null && ctx.HandlerError == null)
                    ctx.HandlerError = ExceptionDispatchInfo.Capture(e);
                StopNative();
            }
        }
    }
}
