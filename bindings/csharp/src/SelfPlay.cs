using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;

namespace LibShogi
{
    /// <summary>A progress report of a self-play run: an immutable snapshot,
    /// handed to the progress delegate about once a second (a match: after
    /// each game pair) and once more at the end.</summary>
    public sealed class SelfPlayProgress
    {
        /// <summary>Games finished (a generation run: over all its resumed sessions).</summary>
        public long Games { get; private set; }
        /// <summary>Records written (generation and re-scoring; 0 in a match).</summary>
        public long Positions { get; private set; }
        /// <summary>Plies of the finished games (generation).</summary>
        public long Plies { get; private set; }
        /// <summary>Records written per second in this session.</summary>
        public double PositionsPerSecond { get; private set; }
        /// <summary>Mean plies per finished game (generation).</summary>
        public double MeanGameLength { get; private set; }
        /// <summary>Time since this session started.</summary>
        public TimeSpan Elapsed { get; private set; }
        /// <summary>Estimated time left; null when unknown (no target, or too early to tell).</summary>
        public TimeSpan? Eta { get; private set; }
        /// <summary>True on the last report of the run.</summary>
        public bool Done { get; private set; }
        /// <summary>Match: games won by player A.</summary>
        public int Wins { get; private set; }
        /// <summary>Match: drawn games.</summary>
        public int Draws { get; private set; }
        /// <summary>Match: games lost by player A.</summary>
        public int Losses { get; private set; }
        /// <summary>Match: A's Elo difference over B (pentanomial estimate).</summary>
        public double Elo { get; private set; }
        /// <summary>Match: half-width of the 95% interval of <see cref="Elo"/>.</summary>
        public double EloError { get; private set; }
        /// <summary>Match: the SPRT log-likelihood ratio; 0 without an "sprt" option.</summary>
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
        // Made by the library only.
        internal GensfenResult() { }

        /// <summary>Games played (generation: over all resumed sessions).</summary>
        public long Games { get; internal set; }
        /// <summary>Records written (re-scoring: records read and written).</summary>
        public long Positions { get; internal set; }
        /// <summary>Plies of the games played (generation).</summary>
        public long Plies { get; internal set; }
        /// <summary>Generation: positions skipped by the write-time filters.</summary>
        public long Filtered { get; internal set; }
        /// <summary>Generation: positions skipped as duplicates.</summary>
        public long Duplicates { get; internal set; }
        /// <summary>Re-scoring: records copied without a search.</summary>
        public long Unchanged { get; internal set; }
        /// <summary>Wall-clock time of this session.</summary>
        public TimeSpan Elapsed { get; internal set; }
        /// <summary>Generation: time spent in searches, summed over the workers.</summary>
        public TimeSpan SearchTime { get; internal set; }
        /// <summary>Generation: time the workers ran, summed (SearchTime / WorkerTime is the search share).</summary>
        public TimeSpan WorkerTime { get; internal set; }
        /// <summary>True when a cancellation ended the run early (a generation
        /// run resumes when called again with the same options).</summary>
        public bool Stopped { get; internal set; }
    }

    /// <summary>What a match's SPRT decided.</summary>
    public enum SprtDecision
    {
        /// <summary>H0 accepted: the games favour elo0 over elo1 (of the
        /// "sprt" option "elo0,elo1,alpha,beta"): A is not better by elo1.</summary>
        H0Accepted = -1,
        /// <summary>No decision (no "sprt" option, or the bounds were not reached).</summary>
        None = 0,
        /// <summary>H1 accepted: the games favour elo1 over elo0: A is better.</summary>
        H1Accepted = 1,
    }

    /// <summary>The result of a match, from player A's view.</summary>
    public sealed class MatchResult
    {
        // Made by the library only.
        internal MatchResult() { }

        /// <summary>Games played (two per opening pair).</summary>
        public int Games { get; internal set; }
        /// <summary>Games won by A.</summary>
        public int Wins { get; internal set; }
        /// <summary>Drawn games.</summary>
        public int Draws { get; internal set; }
        /// <summary>Games lost by A.</summary>
        public int Losses { get; internal set; }
        /// <summary>Pairs scoring 0, 0.5, 1, 1.5 and 2 points for A (five
        /// counts; never null).</summary>
        public int[] Penta { get; internal set; }
        /// <summary>A's Elo difference over B, pentanomial estimate.</summary>
        public double Elo { get; internal set; }
        /// <summary>Lower end of the 95% interval of <see cref="Elo"/>.</summary>
        public double EloLow { get; internal set; }
        /// <summary>Upper end of the 95% interval of <see cref="Elo"/>.</summary>
        public double EloHigh { get; internal set; }
        /// <summary>The Elo difference from the win/draw/loss counts alone.</summary>
        public double EloTrinomial { get; internal set; }
        /// <summary>Half-width of the 95% interval of <see cref="EloTrinomial"/>.</summary>
        public double EloTrinomialError { get; internal set; }
        /// <summary>The SPRT log-likelihood ratio; 0 without an "sprt" option.</summary>
        public double Llr { get; internal set; }
        /// <summary>What the SPRT decided.</summary>
        public SprtDecision SprtDecision { get; internal set; }
        /// <summary>Games lost by a crash, timeout, illegal move or error.</summary>
        public int Faults { get; internal set; }
        /// <summary>True when the match ended early (SPRT decision or cancellation).</summary>
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
        /// <summary>Option text from a dictionary (one key=value a line):
        /// null values are left out, booleans are "true"/"false", numbers
        /// use the invariant culture.</summary>
        /// <exception cref="ArgumentNullException">options is null</exception>
        /// <exception cref="ArgumentException">a value holds a newline or ';'</exception>
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

        /// <summary>Teacher generation (<c>shogi gensfen</c>): plays games
        /// and writes training records. Needs "depth" or "nodes", and "games"
        /// or "positions". Blocks the calling thread until the run ends;
        /// progress is called on that same thread (keep it short; a GUI
        /// posts it on). A cancelled run keeps every finished game.</summary>
        /// <param name="options">option text (see <see cref="Options"/>); never null</param>
        /// <param name="network">may be null: the "net" option's evaluation; else
        /// this network (a resumed run must use the same one)</param>
        /// <param name="progress">may be null</param>
        /// <param name="cancellation">stops the run (Stopped is then true)</param>
        /// <returns>Never null.</returns>
        /// <exception cref="ArgumentNullException">options is null</exception>
        /// <exception cref="ShogiArgumentException">an unknown option or a value out of range</exception>
        /// <exception cref="ShogiIOException">the output cannot be written</exception>
        public static GensfenResult Gensfen(string options, Network network = null,
                                            Action<SelfPlayProgress> progress = null,
                                            CancellationToken cancellation = default(CancellationToken))
        {
            NativeGensfenResult r = default(NativeGensfenResult);
            Run(options, progress, cancellation, new[] { network }, (job, nets, cb, err) =>
                NativeMethods.shogi_gensfen_run(job, nets[0], Utf8.Encode(options, "options"), cb, IntPtr.Zero, out r, err));
            return ToResult(ref r);
        }

        /// <summary>Re-scoring of training files (<c>shogi rescore</c>):
        /// searches each record's position again and writes the new score.
        /// Blocks; progress and cancellation as in <see cref="Gensfen"/>.</summary>
        /// <param name="options">option text; never null</param>
        /// <param name="network">may be null: the "net" option's evaluation</param>
        /// <param name="progress">may be null; called on the calling thread</param>
        /// <param name="cancellation">stops the run</param>
        /// <returns>Never null.</returns>
        /// <exception cref="ArgumentNullException">options is null</exception>
        /// <exception cref="ShogiArgumentException">an unknown option or a value out of range</exception>
        /// <exception cref="ShogiIOException">an input cannot be read or the output written</exception>
        public static GensfenResult Rescore(string options, Network network = null,
                                            Action<SelfPlayProgress> progress = null,
                                            CancellationToken cancellation = default(CancellationToken))
        {
            NativeGensfenResult r = default(NativeGensfenResult);
            Run(options, progress, cancellation, new[] { network }, (job, nets, cb, err) =>
                NativeMethods.shogi_rescore_run(job, nets[0], Utf8.Encode(options, "options"), cb, IntPtr.Zero, out r, err));
            return ToResult(ref r);
        }

        /// <summary>A match between players "a" and "b" (<c>shogi match</c>;
        /// specs such as "depth=6,net=test" or "usi=/path/engine,movetime=100"),
        /// each opening played from both sides. Blocks; progress comes after
        /// each game pair on the calling thread.</summary>
        /// <param name="options">option text; never null</param>
        /// <param name="networkA">may be null; else player A's in-process network</param>
        /// <param name="networkB">may be null; else player B's in-process network</param>
        /// <param name="progress">may be null</param>
        /// <param name="cancellation">stops the match after the running pairs</param>
        /// <returns>Never null; from player A's view.</returns>
        /// <exception cref="ArgumentNullException">options is null</exception>
        /// <exception cref="ShogiArgumentException">an unknown option or a bad player spec</exception>
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
                EloTrinomialError = r.EloTrinomialError, Llr = r.Llr, SprtDecision = (SprtDecision)r.SprtDecision,
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
