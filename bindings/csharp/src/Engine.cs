using System;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace LibShogi
{
    /// <summary>A search engine: threads, transposition table, options.
    /// <see cref="Search"/> blocks the calling thread and raises
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

        private sealed class SearchContext
        {
            public volatile bool StopRequested;
            public ExceptionDispatchInfo HandlerError;
        }

        /// <summary>Raised on the searching thread for every completed
        /// iteration and MultiPV line. Keep handlers short (marshal to the UI
        /// thread with Control.BeginInvoke / Dispatcher.BeginInvoke). If a
        /// handler throws, the search is stopped and Search rethrows that
        /// exception.</summary>
        public event EventHandler<SearchInfo> Info;

        /// <summary>An engine with the default options and the built-in
        /// material evaluation.</summary>
        public Engine() : this(null, null) { }

        /// <summary>An engine with options (null: defaults) evaluating with
        /// network (null: the built-in material evaluation). The engine keeps
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
        }

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

        /// <summary>Searches the position (not modified; its history counts
        /// for repetitions) under limits (null: until <see cref="Stop"/>) and
        /// returns the result. Blocks until the search ends. Do not change the
        /// position from another thread while it runs.</summary>
        /// <exception cref="ShogiStateException">a search already runs on this engine</exception>
        public SearchResult Search(Position position, SearchLimits limits = null)
        {
            return Search(position, limits, CancellationToken.None);
        }

        /// <summary><see cref="Search(Position, SearchLimits)"/> that cancelling
        /// <paramref name="cancellation"/> stops (the result is then the best
        /// move found so far).</summary>
        public SearchResult Search(Position position, SearchLimits limits, CancellationToken cancellation)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            NativeSearchLimits l = (limits ?? new SearchLimits()).ToNative();
            var ctx = new SearchContext();
            if (Interlocked.CompareExchange(ref current, ctx, null) != null)
                throw new ShogiStateException("a search is already running on this engine");
            GCHandle ctxHandle = GCHandle.Alloc(ctx);
            IntPtr result = Marshal.AllocHGlobal(EngineLayout.ResultSize);
            try
            {
                using (cancellation.Register(Stop))
                {
                    byte[] err = Errors.New();
                    int status = NativeMethods.shogi_engine_search(handle, position.Handle, ref l, infoCallback,
                                                                   GCHandle.ToIntPtr(ctxHandle), result, err);
                    // The library no longer calls back once search returns.
                    GC.KeepAlive(infoCallback);
                    GC.KeepAlive(this);
                    if (ctx.HandlerError != null)
                        ctx.HandlerError.Throw();
                    Errors.Check(status, err);
                    return SearchResult.Read(result);
                }
            }
            finally
            {
                Interlocked.Exchange(ref current, null);
                Marshal.FreeHGlobal(result);
                ctxHandle.Free();
            }
        }

        /// <summary>Runs <see cref="Search"/> on a dedicated thread. Cancelling
        /// the token stops the search early; the task then completes with the
        /// best move found so far. <see cref="Info"/> is raised on that
        /// thread.</summary>
        public Task<SearchResult> SearchAsync(Position position, SearchLimits limits = null,
                                              CancellationToken cancellation = default(CancellationToken))
        {
            if (position == null)
                throw new ArgumentNullException("position");
            return Task.Factory.StartNew(() => Search(position, limits, cancellation), CancellationToken.None,
                                         TaskCreationOptions.LongRunning, TaskScheduler.Default);
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
            SearchContext ctx = null;
            try
            {
                ctx = (SearchContext)GCHandle.FromIntPtr(userData).Target;
                if (ctx.StopRequested)
                    StopNative();
                if (ctx.HandlerError != null)
                    return;
                EventHandler<SearchInfo> handler = Info;
                if (handler != null)
                    handler(this, SearchInfo.Read(info));
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
