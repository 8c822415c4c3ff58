"""The search engine: Engine.search(board, depth=..., nodes=..., movetime=...)
with live info through an on_info callback and stop() from any thread."""

import ctypes
import os
import threading
import warnings

from . import _args, _lib
from . import options as _options_mod
from ._errors import StateError
from ._lib import F
from .board import RULE_NONE, Board, move_to_usi

SCORE_CP = 0
SCORE_MATE = 1
BOUND_EXACT = 0
BOUND_UPPER = 1
BOUND_LOWER = 2
MAX_PV = 64
MAX_MULTIPV = 16

_i32, _u32, _i64, _u64 = ctypes.c_int32, ctypes.c_uint32, ctypes.c_int64, ctypes.c_uint64


class EngineOptions(ctypes.Structure):
    """shogi_engine_options_t."""

    _fields_ = [("threads", _i32), ("hash_mb", _i32), ("multipv", _i32), ("entering_king_rule", _i32),
                ("max_moves_to_draw", _i32), ("fv_scale", _i32), ("resign_value", _i32),
                ("network_delay_ms", _i32)]


class SearchLimits(ctypes.Structure):
    """shogi_search_limits_t."""

    _fields_ = [("depth", _i32), ("infinite", _i32), ("ponder", _i32), ("reserved", _i32),
                ("nodes", _u64), ("movetime_ms", _i64), ("time_ms", _i64 * 2), ("inc_ms", _i64 * 2),
                ("byoyomi_ms", _i64 * 2)]


class _CInfo(ctypes.Structure):
    """shogi_search_info_t."""

    _fields_ = [("depth", _i32), ("seldepth", _i32), ("multipv", _i32), ("score_kind", _i32),
                ("score", _i32), ("value", _i32), ("bound", _i32), ("hashfull", _i32),
                ("nodes", _u64), ("nps", _u64), ("time_ms", _i64), ("pv_length", _i32),
                ("pv", _u32 * MAX_PV)]


class _CLine(ctypes.Structure):
    """shogi_search_line_t."""

    _fields_ = [("score_kind", _i32), ("score", _i32), ("value", _i32), ("depth", _i32),
                ("seldepth", _i32), ("pv_length", _i32), ("pv", _u32 * MAX_PV)]


class _CResult(ctypes.Structure):
    """shogi_search_result_t."""

    _fields_ = [("best_move", _u32), ("ponder_move", _u32), ("score_kind", _i32), ("score", _i32),
                ("value", _i32), ("depth", _i32), ("seldepth", _i32), ("line_count", _i32),
                ("nodes", _u64), ("time_ms", _i64), ("pv_length", _i32), ("pv", _u32 * MAX_PV),
                ("lines", _CLine * MAX_MULTIPV)]


INFO_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.POINTER(_CInfo), ctypes.c_void_p)

_lib.declare("shogi_engine_new", _lib.c_status, ctypes.POINTER(EngineOptions), _lib.handle, _lib.P_handle, _lib.P_err)
_lib.declare("shogi_engine_free", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_engine_set_options", _lib.c_status, _lib.handle, ctypes.POINTER(EngineOptions), _lib.P_err)
_lib.declare("shogi_engine_new_game", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_engine_search", _lib.c_status, _lib.handle, _lib.handle, ctypes.POINTER(SearchLimits),
             INFO_CALLBACK, ctypes.c_void_p, ctypes.POINTER(_CResult), _lib.P_err)
_lib.declare("shogi_engine_stop", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_engine_ponderhit", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_engine_searching", _lib.c_status, _lib.handle, _lib.P_i32, _lib.P_err)


def _eval_names():
    from .evaluation import EVAL_NAMES

    return EVAL_NAMES


def _score_text(kind, score):
    return ("mate %d" % score) if kind == SCORE_MATE else ("cp %d" % score)


class _ScoredLine(object):
    """What an info report, a result line and a result share: the fields
    copied from the C struct (same names), the PV, the mate test."""

    __slots__ = ()
    _copied = ()  # field names copied as they are from the C struct

    def _copy(self, c):
        for name in self._copied:
            setattr(self, name, getattr(c, name))
        self.pv = c.pv[: max(0, min(c.pv_length, MAX_PV))]

    @property
    def is_mate(self):
        """True when score counts plies to mate (SCORE_MATE)."""
        return self.score_kind == SCORE_MATE

    @property
    def pv_usi(self):
        """The principal variation as USI strings."""
        return [move_to_usi(m) for m in self.pv]


class SearchInfo(_ScoredLine):
    """One progress report: one MultiPV line of one iteration."""

    _copied = ("depth", "seldepth", "multipv", "score_kind", "score", "value", "bound", "hashfull",
               "nodes", "nps", "time_ms")
    __slots__ = _copied + ("pv",)

    def __init__(self, c):
        self._copy(c)

    def usi(self):
        """The USI "info" line (without the word "info")."""
        bound = {BOUND_UPPER: " upperbound", BOUND_LOWER: " lowerbound"}.get(self.bound, "")
        return "depth %d seldepth %d multipv %d score %s%s nodes %d nps %d hashfull %d time %d pv %s" % (
            self.depth, self.seldepth, self.multipv, _score_text(self.score_kind, self.score), bound,
            self.nodes, self.nps, self.hashfull, self.time_ms, " ".join(self.pv_usi))

    __str__ = usi

    def __repr__(self):
        return "<SearchInfo %s>" % self.usi()


class SearchLine(_ScoredLine):
    """One MultiPV line of a result."""

    _copied = ("score_kind", "score", "value", "depth", "seldepth")
    __slots__ = _copied + ("pv",)

    def __init__(self, c):
        self._copy(c)

    def __repr__(self):
        return "<SearchLine score %s depth %d pv %s>" % (_score_text(self.score_kind, self.score), self.depth,
                                                       " ".join(self.pv_usi))


class SearchResult(_ScoredLine):
    """The result of Engine.search. bestmove is a legal move, MOVE_RESIGN or
    MOVE_WIN; score is centipawns (SCORE_CP) or plies to mate (SCORE_MATE),
    from the side to move's view; value is the raw evaluation-unit score."""

    _copied = ("score_kind", "score", "value", "depth", "seldepth", "nodes", "time_ms")
    __slots__ = _copied + ("bestmove", "ponder", "pv", "lines", "sfen")

    def __init__(self, c, sfen=None):
        self.sfen = sfen  # the searched position (for the notebook view)
        self._copy(c)
        self.bestmove = c.best_move
        self.ponder = c.ponder_move
        self.lines = [SearchLine(c.lines[i]) for i in range(max(0, min(c.line_count, MAX_MULTIPV)))]

    @property
    def bestmove_usi(self):
        """The best move as USI text ("resign", "win" for the special moves)."""
        return move_to_usi(self.bestmove)

    @property
    def ponder_usi(self):
        """The expected reply as USI text, or None."""
        return move_to_usi(self.ponder) if self.ponder else None

    def __repr__(self):
        return "<SearchResult bestmove %s score %s depth %d nodes %d>" % (
            self.bestmove_usi, _score_text(self.score_kind, self.score), self.depth, self.nodes)

    def _repr_html_(self):
        """Notebook view: the position with the best move and the PV."""
        from . import rich

        return rich.search_result_html(self)


# the struct's fields and the table's names for them
_STRUCT_OPTIONS = (("threads", "Threads"), ("hash_mb", "USI_Hash"), ("multipv", "MultiPV"),
                   ("entering_king_rule", "EnteringKingRule"), ("max_moves_to_draw", "MaxMovesToDraw"),
                   ("fv_scale", "FV_SCALE"), ("resign_value", "ResignValue"),
                   ("network_delay_ms", "NetworkDelay"))
_RULES = ("none", "CSARule27", "CSARule24", "CSARule27H", "CSARule24H", "TryRule")  # SHOGI_RULE_* order

_OPTION_NAMES = ("threads", "hash_mb", "multipv", "entering_king_rule", "max_moves_to_draw", "fv_scale",
                 "resign_value", "network_delay_ms")


def _limit(value, name, lo, hi):
    """A search limit: None is 0 (no limit); anything else is checked so that
    a wrong value never becomes another limit (or none)."""
    return 0 if value is None else _args.integer(value, name, lo, hi)


def _limits(depth, nodes, movetime, infinite, ponder, btime, wtime, binc, winc, byoyomi):
    """SearchLimits from search()'s arguments (TypeError/ValueError first)."""
    ms = _args.INT64  # the C field's range; the library judges the sign
    lim = SearchLimits()
    lim.depth = _limit(depth, "depth", *_args.INT32)
    lim.nodes = _limit(nodes, "nodes", *_args.UINT64)
    lim.movetime_ms = _limit(movetime, "movetime", *ms)
    lim.infinite = 1 if infinite else 0
    lim.ponder = 1 if ponder else 0
    for field, names, pair in (("time_ms", ("btime", "wtime"), (btime, wtime)),
                               ("inc_ms", ("binc", "winc"), (binc, winc)),
                               ("byoyomi_ms", ("byoyomi", "byoyomi"), (byoyomi, byoyomi))):
        arr = getattr(lim, field)
        arr[0] = _limit(pair[0], names[0], *ms)
        arr[1] = _limit(pair[1], names[1], *ms)
    return lim


class Engine(_lib.HandleOwner):
    """An alpha-beta search engine (Lazy SMP threads, a shared hash table).

    ``network``: a Network, an nn.bin path or bytes, an evaluation name
    ("default": the net built into the library, "builtin": the material
    evaluation; see libshogi.evaluation), or None for the EvalFile option's
    default: the net built into the library (the material evaluation before
    0.17.0). ``evaluation`` says which one the engine uses. ``on_info``: a callable that
    receives a SearchInfo for every progress report of every search (or pass
    on_info to search()). It runs on the searching thread; keep it short.

    An exception raised by on_info stops the search and is re-raised by
    search() once the library has returned (on_error="raise", the default);
    with on_error="warn" it is reported through warnings.warn and the search
    goes on. It never reaches the C library.

    stop() and ponderhit() may be called from any thread (or from on_info)
    while search() runs; everything else waits until it returns. In the main
    thread, search() runs the library call on a helper thread so that Ctrl-C
    (KeyboardInterrupt, a notebook's "interrupt") stops the search; on_info
    then runs on that helper thread. interruptible=False keeps the call (and
    on_info) on the calling thread, without Ctrl-C support.
    """

    def __init__(self, threads=1, hash_mb=16, network=None, multipv=1, entering_king_rule=RULE_NONE,
                 max_moves_to_draw=0, fv_scale=16, resign_value=0, network_delay_ms=0, on_info=None,
                 on_error="raise", interruptible=True):
        _lib.require("shogi_engine_new", "shogi_engine_search")
        self._h = None
        self._lock = threading.Lock()  # held while a search() runs
        self.on_info = on_info
        self.on_error = on_error
        self.interruptible = interruptible
        values = (threads, hash_mb, multipv, entering_king_rule, max_moves_to_draw, fv_scale, resign_value,
                  network_delay_ms)
        self._options = EngineOptions(*(_args.int32(v, k) for k, v in zip(_OPTION_NAMES, values)))
        net = network
        named = network if isinstance(network, str) and network in _eval_names() else None
        if named is not None:
            net = None
        elif network is not None:
            from .network import Network

            if not isinstance(network, Network):
                net = Network(network if isinstance(network, (bytes, bytearray, memoryview)) else os.fspath(network))
        h = ctypes.c_void_p()
        _lib.call(F.shogi_engine_new, ctypes.byref(self._options), net._handle() if net is not None else None,
                  ctypes.byref(h))
        self._h = h
        if named is not None:
            self.set_option("EvalFile", named)
        # whether a net evaluates (a library before ABI 1.2 cannot say which)
        self.uses_network = net is not None or (_lib.has("shogi_engine_evaluation")
                                                and self.evaluation != _eval_names()[1])

    @property
    def evaluation(self):
        """The evaluation the next search uses: "default", "builtin", the
        EvalFile path, or "network" (the Network given at creation)."""
        from .evaluation import engine_evaluation

        return engine_evaluation(self)

    # lifetime
    _kind = "engine"

    def _release(self, h):
        e = _lib.Error()
        rc = F.shogi_engine_free(h, ctypes.byref(e))
        if rc:
            self._h = h  # still searching: the engine stays usable
            raise _lib.exception(rc, e)

    # options
    @property
    def options(self):
        """The options as a dict (threads, hash_mb, multipv, ...)."""
        return {k: getattr(self._options, k) for k in _OPTION_NAMES}

    def set_options(self, **options):
        """Changes options (not while searching): threads, hash_mb, multipv,
        entering_king_rule, max_moves_to_draw, fv_scale, resign_value,
        network_delay_ms."""
        new = EngineOptions.from_buffer_copy(self._options)
        for k, v in options.items():
            if k not in _OPTION_NAMES:
                raise TypeError("unknown engine option %r" % k)
            setattr(new, k, _args.int32(v, k))
        _lib.call(F.shogi_engine_set_options, self._handle(), ctypes.byref(new))
        self._options = new

    # the option table, by name
    option_table = staticmethod(_options_mod.option_table)

    def set_option(self, name, value):
        """Sets an option of the table by its USI name (not while searching):
        e.g. set_option("Threads", 4), set_option("EvalFile", "nn.bin").
        ints and bools are written as USI spells them. A name the table
        lacks or a value out of range raises InvalidArgumentError."""
        _options_mod.set_option(self._handle(), name, value)
        # the struct the other calls pass must not undo this value
        for field, opt in _STRUCT_OPTIONS:
            text = _options_mod.get_option(self._handle(), opt)
            setattr(self._options, field, _RULES.index(text) if field == "entering_king_rule" else int(text))

    def get_option(self, name):
        """An option's current value, as the text USI would show."""
        return _options_mod.get_option(self._handle(), name)

    def new_game(self):
        """Clears the hash table and the move-ordering statistics."""
        _lib.call(F.shogi_engine_new_game, self._handle())

    # searching
    def stop(self):
        """Stops a running search (any thread; a no-op when none runs)."""
        h = self._h
        if h is not None:
            _lib.call(F.shogi_engine_stop, h)

    def ponderhit(self):
        """Ends pondering: the time limits count from now."""
        _lib.call(F.shogi_engine_ponderhit, self._handle())

    @property
    def searching(self):
        """True while a search runs (any thread may ask)."""
        v = ctypes.c_int32()
        _lib.call(F.shogi_engine_searching, self._handle(), ctypes.byref(v))
        return v.value != 0

    def search(self, board, depth=None, nodes=None, movetime=None, multipv=None, infinite=False, ponder=False,
               btime=None, wtime=None, binc=None, winc=None, byoyomi=None, on_info=None, on_error=None):
        """Searches a Board (not modified; its history counts for
        repetitions) and returns a SearchResult.

        depth (plies), nodes, movetime (ms) limit the search; none of them
        (and infinite=True) searches until stop(). btime/wtime/binc/winc/
        byoyomi (ms) are clock limits as in USI "go". multipv changes the
        engine's MultiPV option for this and later searches. on_info /
        on_error override the engine's for this search."""
        if not isinstance(board, Board):
            board = Board(board)
        if multipv is not None and multipv != self._options.multipv:
            self.set_options(multipv=multipv)
        lim = _limits(depth, nodes, movetime, infinite, ponder, btime, wtime, binc, winc, byoyomi)
        callback = on_info if on_info is not None else self.on_info
        if callback is not None and not callable(callback):
            raise TypeError("on_info must be callable, not %s" % type(callback).__name__)
        policy = on_error if on_error is not None else self.on_error
        if policy not in ("raise", "warn"):
            raise ValueError("on_error must be 'raise' or 'warn'")
        errors = []
        h = self._handle()

        def trampoline(p, _user):
            # runs on the searching thread, called by the library: nothing may
            # escape into C
            try:
                callback(SearchInfo(p.contents))
            except BaseException as exc:  # noqa: B902 - also KeyboardInterrupt / SystemExit
                if policy == "warn" and isinstance(exc, Exception):
                    try:
                        warnings.warn("on_info raised %s: %s" % (type(exc).__name__, exc), RuntimeWarning)
                    except BaseException:  # warnings turned into errors: keep it
                        errors.append(exc)
                        F.shogi_engine_stop(h, None)
                else:
                    errors.append(exc)
                    F.shogi_engine_stop(h, None)

        cfn = INFO_CALLBACK(trampoline) if callback is not None else INFO_CALLBACK()
        result = _CResult()
        e = _lib.Error()
        rcs = []
        pos = board._handle()

        done = threading.Event()

        def run():
            # cfn stays referenced by this closure while the library may call it
            try:
                rcs.append(F.shogi_engine_search(h, pos, ctypes.byref(lim), cfn, None, ctypes.byref(result),
                                                 ctypes.byref(e)))
            finally:
                done.set()

        if not self._lock.acquire(False):
            # as the library does: one search at a time (a nested search from
            # on_info would otherwise wait for itself)
            raise StateError("engine is already searching", name="SHOGI_E_STATE")
        try:
            if self.interruptible and threading.current_thread() is threading.main_thread():
                worker = threading.Thread(target=run, name="libshogi-search", daemon=True)
                worker.start()
                # Event.wait, not Thread.join: an interrupted join can mark a
                # running thread as finished (CPython bpo-45274)
                try:
                    done.wait()
                except KeyboardInterrupt:
                    # repeat the stop: one sent before the library entered
                    # the search would be a no-op
                    while not done.wait(0.05):
                        F.shogi_engine_stop(h, None)
                    raise
            else:
                run()
        finally:
            self._lock.release()
        del cfn  # kept referenced until the library has returned
        if rcs and rcs[0]:
            raise _lib.exception(rcs[0], e)
        if errors:
            raise errors[0]
        return SearchResult(result, board.sfen())


def search(board, depth=None, network=None, **kwargs):
    """One search with a temporary Engine (convenience)."""
    with Engine(network=network) as eng:
        return eng.search(board, depth=depth, **kwargs)
