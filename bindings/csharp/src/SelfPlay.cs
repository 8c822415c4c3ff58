using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;

namespace LibShogi
{
    /// <summary>A progress report of a self-play run.</summary>
    public sealed class SelfPlayProgress
    {
        public long Games { get; private set; }
        public long Positions { get; private set; }
        public long Plies { get; private set; }
        public double PositionsPerSecond { get; private set; }
        public double MeanGameLength { get; private set; }
        public TimeSpan Elapsed { get; private set; }
        /// <summary>Null when unknown.</summary>
        public TimeSpan? Eta { get; private set; }
        public bool Done { get; private set; }
        public int Wins { get; private set; }
        public int Draws { get; private set; }
        public int Losses { get; private set; }
        public double Elo { get; private set; }
        public double EloError { get; private set; }
        public double Llr { get; private set; }

        internal SelfPlayProgress(ref NativeSelfPlayProgress p)
        {
            Games = p.Games; Positions = p.Positions; Plies = p.Plies;
            PositionsPerSecond = p.PositionsPerSec; MeanGameLength = p.MeanGameLength;
            Elapsed = TimeSpan.FromMilliseconds(p.ElapsedMs);
            Eta = p.EtaMs < 0 ? (TimeSpan?)null : TimeSpan.FromMilliseconds(p.EtaMs);
            Done = p.Done != 0; Wins = p.Wins; Draws = p.Draws; Losses = p.Losses;
            Elo = p.Elo; EloError = p.EloError; Llr = p.Llr;
        }
    }

    /// <summary>Counts of a generation or re-scoring run.</summary>
    public sealed class GensfenResult
    {
        public long Games { get; internal set; }
        public long Positions { get; internal set; }
        public long Plies { get; internal set; }
        public long Filtered { get; internal set; }
        public long Duplicates { get; internal set; }
        public long Unchanged { get; internal set; }
        public TimeSpan Elapsed { get; internal set; }
        public TimeSpan SearchTime { get; internal set; }
        public TimeSpan WorkerTime { get; internal set; }
        public bool Stopped { get; internal set; }
    }

    /// <summary>The result of a match, from player A's view.</summary>
    public sealed class MatchResult
    {
        public int Games { get; internal set; }
        public int Wins { get; internal set; }
        public int Draws { get; internal set; }
        public int Losses { get; internal set; }
        /// <summary>Pairs scoring 0, 0.5, 1, 1.5 and 2 points.</summary>
        public int[] Penta { get; internal set; }
        public double Elo { get; internal set; }
        public double EloLow { get; internal set; }
        public double EloHigh { get; internal set; }
        public double EloTrinomial { get; internal set; }
        public double EloTrinomialError { get; internal set; }
        public double Llr { get; internal set; }
        /// <summary>-1 H0 accepted, 1 H1 accepted, 0 no decision.</summary>
        public int SprtDecision { get; internal set; }
        /// <summary>Games lost by a crash, timeout, illegal move or error.</summary>
        public int Faults { get; internal set; }
        public bool Stopped { get; internal set; }
    }

    /// <summary>Teacher generation, re-scoring and matches (the self-play
    /// section of shogi.h). Options are the flags of the <c>shogi gensfen</c>,
    /// <c>shogi rescore</c> and <c>shogi match</c> commands ("depth", "games",
    /// "o", "random-moves", "a", "b", "pairs" ...). Every call blocks; a
    /// cancellation token stops it (a generation run resumes when called
    /// again with the same options).</summary>
    public static class SelfPlay
    {
        /// <summary>Option text from a dictionary (one key=value a line).</summary>
        public static string Options(IDictionary<string, object> options)
        {
            var sb = new StringBuilder();
            foreach (KeyValuePair<string, object> kv in options)
            {
                if (kv.Value == null)
                    continue;
                string v = kv.Value is bool ? ((bool)kv.Value ? "true" : "false")
                                            : Convert.ToString(kv.Value, CultureInfo.InvariantCulture);
                if (v.IndexOf('\n') >= 0 || v.IndexOf(';') >= 0)
                    throw new ArgumentException("option " + kv.Key + ": no newline or ';' in a value");
                sb.Append(kv.Key).Append('=').Append(v).Append('\n');
            }
            return sb.ToString();
        }

        public static GensfenResult Gensfen(string options, Network network = null,
                                            Action<SelfPlayProgress> progress = null,
                                            CancellationToken cancellation = default(CancellationToken))
        {
            NativeGensfenResult r = default(NativeGensfenResult);
            Run(options, progress, cancellation, new[] { network }, (job, nets, cb, err) =>
                NativeMethods.shogi_gensfen_run(job, nets[0], Utf8.Encode(options, "options"), cb, IntPtr.Zero, out r, err));
            return ToResult(ref r);
        }

        public static GensfenResult Rescore(string options, Network network = null,
                                            Action<SelfPlayProgress> progress = null,
                                            CancellationToken cancellation = default(CancellationToken))
        {
            NativeGensfenResult r = default(NativeGensfenResult);
            Run(options, progress, cancellation, new[] { network }, (job, nets, cb, err) =>
                NativeMethods.shogi_rescore_run(job, nets[0], Utf8.Encode(options, "options"), cb, IntPtr.Zero, out r, err));
            return ToResult(ref r);
        }

        public static MatchResult Match(string options, Network networkA = null, Network networkB = null,
                                        Action<SelfPlayProgress> progress = null,
                                        CancellationToken cancellation = default(CancellationToken))
        {
            NativeMatchResult r = default(NativeMatchResult);
            Run(options, progress, cancellation, new[] { networkA, networkB }, (job, nets, cb, err) =>
                NativeMethods.shogi_match_run(job, nets[0], nets[1], Utf8.Encode(options, "options"), cb, IntPtr.Zero,
                                              out r, err));
            return new MatchResult
            {
                Games = r.Games, Wins = r.Wins, Draws = r.Draws, Losses = r.Losses,
                Penta = new[] { r.Penta0, r.Penta1, r.Penta2, r.Penta3, r.Penta4 },
                Elo = r.Elo, EloLow = r.EloLow, EloHigh = r.EloHigh, EloTrinomial = r.EloTrinomial,
                EloTrinomialError = r.EloTrinomialError, Llr = r.Llr, SprtDecision = r.SprtDecision,
                Faults = r.Faults, Stopped = r.Stopped != 0,
            };
        }

        private static GensfenResult ToResult(ref NativeGensfenResult r)
        {
            return new GensfenResult
            {
                Games = r.Games, Positions = r.Positions, Plies = r.Plies, Filtered = r.Filtered,
                Duplicates = r.Duplicates, Unchanged = r.Unchanged, Elapsed = TimeSpan.FromMilliseconds(r.ElapsedMs),
                SearchTime = TimeSpan.FromMilliseconds(r.SearchMs), WorkerTime = TimeSpan.FromMilliseconds(r.WorkerMs),
                Stopped = r.Stopped != 0,
            };
        }

        private delegate int Call(SelfPlayJobHandle job, IntPtr[] nets, NativeMethods.SelfPlayCallback cb, byte[] err);

        // Runs call under a fresh job (stopped by the token) with the
        // networks' handles held, and rethrows a progress handler's exception.
        private static void Run(string options, Action<SelfPlayProgress> progress, CancellationToken cancellation,
                                Network[] networks, Call call)
        {
            if (options == null)
                throw new ArgumentNullException("options");
            ExceptionDispatchInfo handlerError = null;
            SelfPlayJobHandle job;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_selfplay_job_new(out job, err), err);
            NativeMethods.SelfPlayCallback cb = null;
            if (progress != null)
            {
                cb = (ref NativeSelfPlayProgress p, IntPtr user) =>
                {
                    try
                    {
                        progress(new SelfPlayProgress(ref p));
                    }
                    catch (Exception e)
                    {
                        // nothing may unwind into the library: stop and rethrow later
                        if (handlerError == null)
                            handlerError = ExceptionDispatchInfo.Capture(e);
                        NativeMethods.shogi_selfplay_job_stop(job, null);
                    }
                };
            }
            var nets = new IntPtr[networks.Length];
            var added = new bool[networks.Length];
            try
            {
                for (int i = 0; i < networks.Length; i++)
                {
                    if (networks[i] == null)
                        continue;
                    networks[i].Handle.DangerousAddRef(ref added[i]);
                    nets[i] = networks[i].Handle.DangerousGetHandle();
                }
                using (cancellation.Register(() => NativeMethods.shogi_selfplay_job_stop(job, null)))
                {
                    int status = call(job, nets, cb, err);
                    GC.KeepAlive(cb);
                    if (handlerError != null)
                        handlerError.Throw();
                    Errors.Check(status, err);
                }
            }
            finally
            {
                for (int i = 0; i < networks.Length; i++)
                    if (added[i])
                        networks[i].Handle.DangerousRelease();
                job.Dispose();
            }
        }
    }
}
