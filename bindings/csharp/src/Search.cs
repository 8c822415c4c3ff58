using System;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;

namespace LibShogi
{
    /// <summary>Engine options. The defaults are the library's: 1 thread,
    /// 16 MB, 1 line, no declaration rule, no move limit, FV_SCALE 16, never
    /// resign, no network delay.</summary>
    public sealed class EngineOptions
    {
        /// <summary>Search threads, 1..1024.</summary>
        public int Threads { get; set; } = 1;
        /// <summary>Transposition table size in MB.</summary>
        public int HashMB { get; set; } = 16;
        /// <summary>Lines to search, 1..16.</summary>
        public int MultiPV { get; set; } = 1;
        /// <summary>The entering-king rule under which the engine claims a declaration win.</summary>
        public DeclarationRule EnteringKingRule { get; set; } = DeclarationRule.None;
        /// <summary>Draw at this move number (0: no limit).</summary>
        public int MaxMovesToDraw { get; set; }
        /// <summary>The NNUE FV_SCALE, 1..128.</summary>
        public int FVScale { get; set; } = Network.DefaultFVScale;
        /// <summary>Resign below -ResignValue centipawns (0: never).</summary>
        public int ResignValue { get; set; }
        /// <summary>Kept back from every clock-based time limit.</summary>
        public TimeSpan NetworkDelay { get; set; } = TimeSpan.Zero;

        internal NativeEngineOptions ToNative()
        {
            var o = new NativeEngineOptions();
            o.Threads = Threads;
            o.HashMB = HashMB;
            o.MultiPV = MultiPV;
            o.EnteringKingRule = (int)EnteringKingRule;
            o.MaxMovesToDraw = MaxMovesToDraw;
            o.FVScale = FVScale;
            o.ResignValue = ResignValue;
            o.NetworkDelayMs = Milliseconds(NetworkDelay, "NetworkDelay", int.MaxValue);
            return o;
        }

        internal static int Milliseconds(TimeSpan t, string name, long max)
        {
            if (t < TimeSpan.Zero)
                throw new ArgumentOutOfRangeException(name, "a negative time");
            return (int)Math.Min((long)t.TotalMilliseconds, max);
        }
    }

    /// <summary>When a search stops. Everything zero (the default) means no
    /// limit: the search runs until <see cref="Engine.Stop"/>. Clocks are
    /// per colour, as in a USI "go" command.</summary>
    public sealed class SearchLimits
    {
        /// <summary>Plies (0: none).</summary>
        public int Depth { get; set; }
        /// <summary>Total nodes over all threads (0: none).</summary>
        public ulong Nodes { get; set; }
        /// <summary>Fixed time for this move (zero: none).</summary>
        public TimeSpan MoveTime { get; set; }
        /// <summary>Search until <see cref="Engine.Stop"/>.</summary>
        public bool Infinite { get; set; }
        /// <summary>Pondering: no time limit until <see cref="Engine.PonderHit"/>.</summary>
        public bool Ponder { get; set; }
        /// <summary>Black's remaining time.</summary>
        public TimeSpan BlackTime { get; set; }
        /// <summary>White's remaining time.</summary>
        public TimeSpan WhiteTime { get; set; }
        /// <summary>Black's Fischer increment.</summary>
        public TimeSpan BlackIncrement { get; set; }
        /// <summary>White's Fischer increment.</summary>
        public TimeSpan WhiteIncrement { get; set; }
        /// <summary>Black's byoyomi.</summary>
        public TimeSpan BlackByoyomi { get; set; }
        /// <summary>White's byoyomi.</summary>
        public TimeSpan WhiteByoyomi { get; set; }

        /// <summary>Limits to a depth in plies.</summary>
        public static SearchLimits ToDepth(int depth)
        {
            return new SearchLimits { Depth = depth };
        }

        /// <summary>Limits to a fixed time for the move.</summary>
        public static SearchLimits ForTime(TimeSpan moveTime)
        {
            return new SearchLimits { MoveTime = moveTime };
        }

        /// <summary>No limit: the search runs until stopped.</summary>
        public static SearchLimits UntilStopped()
        {
            return new SearchLimits { Infinite = true };
        }

        internal NativeSearchLimits ToNative()
        {
            if (Depth < 0)
                throw new ArgumentOutOfRangeException("Depth", "a negative depth");
            var l = new NativeSearchLimits();
            l.Depth = Depth;
            l.Nodes = Nodes;
            l.Infinite = Infinite ? 1 : 0;
            l.Ponder = Ponder ? 1 : 0;
            l.MoveTimeMs = Ms(MoveTime, "MoveTime");
            l.TimeBlackMs = Ms(BlackTime, "BlackTime");
            l.TimeWhiteMs = Ms(WhiteTime, "WhiteTime");
            l.IncBlackMs = Ms(BlackIncrement, "BlackIncrement");
            l.IncWhiteMs = Ms(WhiteIncrement, "WhiteIncrement");
            l.ByoyomiBlackMs = Ms(BlackByoyomi, "BlackByoyomi");
            l.ByoyomiWhiteMs = Ms(WhiteByoyomi, "WhiteByoyomi");
            return l;
        }

        private static long Ms(TimeSpan t, string name)
        {
            if (t < TimeSpan.Zero)
                throw new ArgumentOutOfRangeException(name, "a negative time");
            return (long)t.TotalMilliseconds;
        }
    }

    /// <summary>What a <see cref="Score"/> value counts.</summary>
    public enum ScoreKind
    {
        /// <summary>Centipawns (100 * value / 90).</summary>
        Centipawns = 0,
        /// <summary>Distance to mate in plies.</summary>
        Mate = 1,
    }

    /// <summary>Whether an info score is exact or an aspiration bound.</summary>
    public enum Bound
    {
        /// <summary>The exact score.</summary>
        Exact = 0,
        /// <summary>Fail low: the score is at most this.</summary>
        Upper = 1,
        /// <summary>Fail high: the score is at least this.</summary>
        Lower = 2,
    }

    /// <summary>A score from the side to move's view: centipawns, or the
    /// distance to mate in plies (positive: the side to move mates;
    /// negative: it is mated; 0 with a negative Raw: no legal move).</summary>
    public struct Score : IEquatable<Score>
    {
        /// <summary>Centipawns or mate.</summary>
        public ScoreKind Kind { get; }
        /// <summary>Centipawns, or plies to mate.</summary>
        public int Value { get; }
        /// <summary>The raw score in the evaluation's unit.</summary>
        public int Raw { get; }

        /// <summary>A score of a kind, displayed value and raw value.</summary>
        public Score(ScoreKind kind, int value, int raw)
        {
            Kind = kind;
            Value = value;
            Raw = raw;
        }

        /// <summary>Whether this is a mate score.</summary>
        public bool IsMate { get { return Kind == ScoreKind.Mate; } }

        /// <summary>The USI form: "cp 35", "mate 5", "mate -4".</summary>
        public override string ToString()
        {
            if (Kind == ScoreKind.Mate)
                return (Value == 0 && Raw < 0 ? "mate -0" : "mate " + Value.ToString(CultureInfo.InvariantCulture));
            return "cp " + Value.ToString(CultureInfo.InvariantCulture);
        }

        /// <summary>Same kind, value and raw value.</summary>
        public bool Equals(Score other)
        {
            return Kind == other.Kind && Value == other.Value && Raw == other.Raw;
        }

        /// <summary>Same score (for a boxed Score).</summary>
        public override bool Equals(object obj) { return obj is Score && Equals((Score)obj); }

        /// <summary>A hash of the score.</summary>
        public override int GetHashCode() { return ((int)Kind * 31 + Value) * 31 + Raw; }
    }

    /// <summary>What a <see cref="SearchInfo"/> reports.</summary>
    public enum SearchInfoKind
    {
        /// <summary>One MultiPV line of a finished iteration (or an
        /// aspiration fail-low/high): score and PV are set.</summary>
        Line = 0,
        /// <summary>A periodic report (every <see cref="SearchInfo.ProgressInterval"/>)
        /// between iterations: depth, nodes, NPS, time, hashfull and the
        /// current root move are set; score and PV are not (keep the last
        /// line's).</summary>
        Progress = 1,
    }

    /// <summary>One progress report of a search: one MultiPV line of one
    /// iteration, or a periodic report (see <see cref="Kind"/>). Raised by
    /// <see cref="Engine.Info"/> on the searching thread, and given to the
    /// progress of <see cref="Engine.SearchAsync(Position, SearchLimits, IProgress{SearchInfo}, System.Threading.CancellationToken)"/>.</summary>
    public sealed class SearchInfo : EventArgs
    {
        // Made by the library only.
        internal SearchInfo() { }

        /// <summary>The time between two periodic reports of a search.</summary>
        public static readonly TimeSpan ProgressInterval = TimeSpan.FromMilliseconds(ProgressLayout.IntervalMs);

        /// <summary>Whether this is a line or a periodic report.</summary>
        public SearchInfoKind Kind { get; private set; }
        /// <summary>The search that sent this report (<see cref="SearchResult.SearchId"/>):
        /// reports of an earlier search can be told apart after a restart.</summary>
        public long SearchId { get; internal set; }
        /// <summary>The root move being searched (<see cref="Move.None"/> in
        /// line reports and before the first one).</summary>
        public Move CurrMove { get; private set; }
        /// <summary>The 1-based place of <see cref="CurrMove"/> in the root
        /// move order (0: none).</summary>
        public int CurrMoveNumber { get; private set; }
        /// <summary>The iteration depth in plies.</summary>
        public int Depth { get; private set; }
        /// <summary>The deepest ply reached (selective depth).</summary>
        public int SelDepth { get; private set; }
        /// <summary>1-based line number.</summary>
        public int MultiPV { get; private set; }
        /// <summary>The line's score (line reports only).</summary>
        public Score Score { get; private set; }
        /// <summary>Whether the score is exact or a bound.</summary>
        public Bound Bound { get; private set; }
        /// <summary>Transposition table use, per mille.</summary>
        public int Hashfull { get; private set; }
        /// <summary>Nodes searched so far, all threads.</summary>
        public ulong Nodes { get; private set; }
        /// <summary>Nodes per second.</summary>
        public ulong Nps { get; private set; }
        /// <summary>Time since the search started.</summary>
        public TimeSpan Time { get; private set; }
        /// <summary>The principal variation (at most 64 moves).</summary>
        public Move[] Pv { get; private set; }

        internal static SearchInfo Read(IntPtr p)
        {
            var info = new SearchInfo();
            info.Depth = Marshal.ReadInt32(p, EngineLayout.InfoDepth);
            info.SelDepth = Marshal.ReadInt32(p, EngineLayout.InfoSelDepth);
            info.MultiPV = Marshal.ReadInt32(p, EngineLayout.InfoMultiPV);
            info.Score = new Score((ScoreKind)Marshal.ReadInt32(p, EngineLayout.InfoScoreKind),
                                   Marshal.ReadInt32(p, EngineLayout.InfoScore),
                                   Marshal.ReadInt32(p, EngineLayout.InfoValue));
            info.Bound = (Bound)Marshal.ReadInt32(p, EngineLayout.InfoBound);
            info.Hashfull = Marshal.ReadInt32(p, EngineLayout.InfoHashfull);
            info.Nodes = (ulong)Marshal.ReadInt64(p, EngineLayout.InfoNodes);
            info.Nps = (ulong)Marshal.ReadInt64(p, EngineLayout.InfoNps);
            info.Time = TimeSpan.FromMilliseconds(Marshal.ReadInt64(p, EngineLayout.InfoTimeMs));
            info.Pv = ReadMoves(p, EngineLayout.InfoPvLength, EngineLayout.InfoPv);
            info.CurrMove = Move.None;
            return info;
        }

        internal static SearchInfo ReadProgress(IntPtr p)
        {
            var info = new SearchInfo();
            info.Kind = SearchInfoKind.Progress;
            info.Depth = Marshal.ReadInt32(p, ProgressLayout.Depth);
            info.SelDepth = Marshal.ReadInt32(p, ProgressLayout.SelDepth);
            info.MultiPV = Marshal.ReadInt32(p, ProgressLayout.MultiPV);
            info.Hashfull = Marshal.ReadInt32(p, ProgressLayout.Hashfull);
            info.CurrMove = new Move((uint)Marshal.ReadInt32(p, ProgressLayout.CurrMove));
            info.CurrMoveNumber = Marshal.ReadInt32(p, ProgressLayout.CurrMoveNumber);
            info.Nodes = (ulong)Marshal.ReadInt64(p, ProgressLayout.Nodes);
            info.Nps = (ulong)Marshal.ReadInt64(p, ProgressLayout.Nps);
            info.Time = TimeSpan.FromMilliseconds(Marshal.ReadInt64(p, ProgressLayout.TimeMs));
            info.Pv = new Move[0];
            return info;
        }

        internal static Move[] ReadMoves(IntPtr p, int lengthOffset, int movesOffset)
        {
            int n = Marshal.ReadInt32(p, lengthOffset);
            n = Math.Max(0, Math.Min(n, EngineLayout.MaxPv));
            var moves = new Move[n];
            for (int i = 0; i < n; i++)
                moves[i] = new Move((uint)Marshal.ReadInt32(p, movesOffset + 4 * i));
            return moves;
        }

        /// <summary>The USI "info" line: "info depth 8 seldepth 12 multipv 1
        /// score cp 35 nodes ... nps ... time ... hashfull ... pv 7g7f ...".</summary>
        public string ToUsi()
        {
            var sb = new StringBuilder("info");
            sb.Append(" depth ").Append(Depth);
            sb.Append(" seldepth ").Append(SelDepth);
            if (Kind == SearchInfoKind.Progress)
            {
                sb.Append(" nodes ").Append(Nodes);
                sb.Append(" nps ").Append(Nps);
                sb.Append(" time ").Append((long)Time.TotalMilliseconds);
                sb.Append(" hashfull ").Append(Hashfull);
                if (!CurrMove.IsNone)
                    sb.Append(" currmove ").Append(CurrMove.ToString());
                return sb.ToString();
            }
            sb.Append(" multipv ").Append(MultiPV);
            sb.Append(" score ").Append(Score);
            if (Bound == Bound.Lower)
                sb.Append(" lowerbound");
            else if (Bound == Bound.Upper)
                sb.Append(" upperbound");
            sb.Append(" nodes ").Append(Nodes);
            sb.Append(" nps ").Append(Nps);
            sb.Append(" time ").Append((long)Time.TotalMilliseconds);
            sb.Append(" hashfull ").Append(Hashfull);
            if (Pv.Length > 0)
            {
                sb.Append(" pv");
                foreach (Move m in Pv)
                    sb.Append(' ').Append(m.ToString());
            }
            return sb.ToString();
        }

        /// <summary>The USI "info" line.</summary>
        public override string ToString()
        {
            return ToUsi();
        }
    }

    /// <summary>One MultiPV line of a result.</summary>
    public sealed class SearchLine
    {
        // Made by the library only.
        internal SearchLine() { }

        /// <summary>The line's score.</summary>
        public Score Score { get; internal set; }
        /// <summary>The line's depth in plies.</summary>
        public int Depth { get; internal set; }
        /// <summary>The line's selective depth.</summary>
        public int SelDepth { get; internal set; }
        /// <summary>The line's principal variation.</summary>
        public Move[] Pv { get; internal set; }
    }

    /// <summary>Why a search ended.</summary>
    public enum StopReason
    {
        /// <summary>A limit (depth, nodes, time) was reached, or there was
        /// nothing to search (no legal move, a declaration win).</summary>
        Limit = 0,
        /// <summary><see cref="Engine.Stop"/> or <see cref="Engine.StopAsync"/> ended it.</summary>
        Stopped = 1,
        /// <summary>Its cancellation token was cancelled.</summary>
        Cancelled = 2,
        /// <summary>The engine proved a mate and stopped before its limits.</summary>
        Mate = 3,
    }

    /// <summary>The result of a search.</summary>
    public sealed class SearchResult
    {
        // Made by the library only.
        internal SearchResult() { }

        /// <summary>The search's id (as on its <see cref="SearchInfo.SearchId"/>).</summary>
        public long SearchId { get; internal set; }
        /// <summary>Why the search ended.</summary>
        public StopReason StopReason { get; internal set; }
        /// <summary>The move to play: a legal move, <see cref="Move.Resign"/>
        /// (no legal move, or below the resign value) or <see cref="Move.Win"/>
        /// (a declaration win under the point rules).</summary>
        public Move BestMove { get; private set; }
        /// <summary>The expected reply, or <see cref="Move.None"/>.</summary>
        public Move PonderMove { get; private set; }
        /// <summary>The best move's score.</summary>
        public Score Score { get; private set; }
        /// <summary>The last completed depth.</summary>
        public int Depth { get; private set; }
        /// <summary>The selective depth.</summary>
        public int SelDepth { get; private set; }
        /// <summary>Nodes searched, all threads.</summary>
        public ulong Nodes { get; private set; }
        /// <summary>The search's duration.</summary>
        public TimeSpan Time { get; private set; }
        /// <summary>The principal variation (at most 64 moves).</summary>
        public Move[] Pv { get; private set; }
        /// <summary>The MultiPV lines, best first (Lines[0] matches Pv).</summary>
        public SearchLine[] Lines { get; private set; }

        internal static SearchResult Read(IntPtr p)
        {
            var r = new SearchResult();
            r.BestMove = new Move((uint)Marshal.ReadInt32(p, EngineLayout.ResultBestMove));
            r.PonderMove = new Move((uint)Marshal.ReadInt32(p, EngineLayout.ResultPonderMove));
            r.Score = new Score((ScoreKind)Marshal.ReadInt32(p, EngineLayout.ResultScoreKind),
                                Marshal.ReadInt32(p, EngineLayout.ResultScore),
                                Marshal.ReadInt32(p, EngineLayout.ResultValue));
            r.Depth = Marshal.ReadInt32(p, EngineLayout.ResultDepth);
            r.SelDepth = Marshal.ReadInt32(p, EngineLayout.ResultSelDepth);
            r.Nodes = (ulong)Marshal.ReadInt64(p, EngineLayout.ResultNodes);
            r.Time = TimeSpan.FromMilliseconds(Marshal.ReadInt64(p, EngineLayout.ResultTimeMs));
            r.Pv = SearchInfo.ReadMoves(p, EngineLayout.ResultPvLength, EngineLayout.ResultPv);
            int count = Marshal.ReadInt32(p, EngineLayout.ResultLineCount);
            count = Math.Max(0, Math.Min(count, EngineLayout.MaxMultiPV));
            r.Lines = new SearchLine[count];
            for (int i = 0; i < count; i++)
            {
                IntPtr line = new IntPtr(p.ToInt64() + EngineLayout.ResultLines + i * EngineLayout.LineSize);
                r.Lines[i] = new SearchLine
                {
                    Score = new Score((ScoreKind)Marshal.ReadInt32(line, EngineLayout.LineScoreKind),
                                      Marshal.ReadInt32(line, EngineLayout.LineScore),
                                      Marshal.ReadInt32(line, EngineLayout.LineValue)),
                    Depth = Marshal.ReadInt32(line, EngineLayout.LineDepth),
                    SelDepth = Marshal.ReadInt32(line, EngineLayout.LineSelDepth),
                    Pv = SearchInfo.ReadMoves(line, EngineLayout.LinePvLength, EngineLayout.LinePv),
                };
            }
            return r;
        }

        /// <summary>The USI "bestmove" line.</summary>
        public string ToUsi()
        {
            string s = "bestmove " + BestMove.ToString();
            if (!PonderMove.IsNone)
                s += " ponder " + PonderMove.ToString();
            return s;
        }

        /// <summary>The USI "bestmove" line.</summary>
        public override string ToString()
        {
            return ToUsi();
        }
    }
}
