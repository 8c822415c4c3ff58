"""Self-play: teacher generation (gensfen), re-scoring of training files,
and engine matches, over the self-play section of shogi.h.

Settings are keyword arguments named as the flags of ``shogi gensfen``,
``shogi rescore`` and ``shogi match`` (``random_moves=8``, ``write_minply=16``
...; see ``shogi gensfen -h``). Each call blocks until the job ends; a
``tqdm`` bar shows its progress when tqdm is installed (``progress=False``
turns it off, a callable receives a :class:`Progress` instead), and Ctrl-C
stops it cleanly (a generation run with the same settings resumes).

Distributed generation (:func:`gensfen_dask`) runs shards on the workers of
a Dask cluster. The workers must be started with the spawn method (never
fork a process that loaded the library)::

    import dask
    dask.config.set({"distributed.worker.multiprocessing-method": "spawn"})
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1) as cl, Client(cl) as client:
        shards = libshogi.gensfen_dask(client, "out", shards=8, games=1000, depth=6)
    libshogi.merge_shards([p for s in shards for p in s["files"]], "all.bin")
"""

import ctypes
import glob
import os
import shutil
import threading

from . import _lib
from ._lib import F

__all__ = ["Job", "Progress", "gensfen", "rescore", "match", "gensfen_dask", "merge_shards"]


class _CProgress(ctypes.Structure):
    _fields_ = [
        ("games", ctypes.c_int64),
        ("positions", ctypes.c_int64),
        ("plies", ctypes.c_int64),
        ("positions_per_sec", ctypes.c_double),
        ("mean_game_length", ctypes.c_double),
        ("elapsed_ms", ctypes.c_int64),
        ("eta_ms", ctypes.c_int64),
        ("done", ctypes.c_int32),
        ("wins", ctypes.c_int32),
        ("draws", ctypes.c_int32),
        ("losses", ctypes.c_int32),
        ("elo", ctypes.c_double),
        ("elo_error", ctypes.c_double),
        ("llr", ctypes.c_double),
    ]


class _CGensfenResult(ctypes.Structure):
    _fields_ = [(n, ctypes.c_int64) for n in (
        "games", "positions", "plies", "filtered", "duplicates", "unchanged", "elapsed_ms", "search_ms", "worker_ms")
    ] + [("stopped", ctypes.c_int32)]


class _CMatchResult(ctypes.Structure):
    _fields_ = [
        ("games", ctypes.c_int32),
        ("wins", ctypes.c_int32),
        ("draws", ctypes.c_int32),
        ("losses", ctypes.c_int32),
        ("penta", ctypes.c_int32 * 5),
        ("elo", ctypes.c_double),
        ("elo_low", ctypes.c_double),
        ("elo_high", ctypes.c_double),
        ("elo_trinomial", ctypes.c_double),
        ("elo_trinomial_error", ctypes.c_double),
        ("llr", ctypes.c_double),
        ("sprt_decision", ctypes.c_int32),
        ("faults", ctypes.c_int32),
        ("stopped", ctypes.c_int32),
    ]


PROGRESS_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.POINTER(_CProgress), ctypes.c_void_p)
_P = ctypes.POINTER
_lib.declare("shogi_selfplay_job_new", _lib.c_status, _lib.P_handle, _lib.P_err)
_lib.declare("shogi_selfplay_job_free", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_selfplay_job_stop", _lib.c_status, _lib.handle, _lib.P_err)
for _name in ("shogi_gensfen_run", "shogi_rescore_run"):
    _lib.declare(_name, _lib.c_status, _lib.handle, _lib.handle, _lib.c_char_p, PROGRESS_CALLBACK, _lib.vp,
                 _P(_CGensfenResult), _lib.P_err)
_lib.declare("shogi_match_run", _lib.c_status, _lib.handle, _lib.handle, _lib.handle, _lib.c_char_p, PROGRESS_CALLBACK,
             _lib.vp, _P(_CMatchResult), _lib.P_err)
_SELFPLAY = ("shogi_selfplay_job_new", "shogi_gensfen_run", "shogi_rescore_run", "shogi_match_run")


class Progress(object):
    """One progress report (a copy of shogi_selfplay_progress_t)."""

    __slots__ = [f[0] for f in _CProgress._fields_]

    def __init__(self, c):
        for name in self.__slots__:
            setattr(self, name, getattr(c, name))
        self.done = bool(self.done)

    def __repr__(self):
        return "Progress(games=%d, positions=%d, %.0f pos/s)" % (self.games, self.positions, self.positions_per_sec)


class Job(_lib.HandleOwner):
    """A stoppable run: pass ``job=`` to gensfen / rescore / match and call
    :meth:`stop` from another thread."""

    __slots__ = ("_h",)
    _kind = "job"

    def __init__(self):
        _lib.require(*_SELFPLAY)
        self._h = None
        h = ctypes.c_void_p()
        e = _lib.err()
        rc = F.shogi_selfplay_job_new(ctypes.byref(h), ctypes.byref(e))
        if rc:
            raise _lib.exception(rc, e)
        self._h = h

    def _release(self, h):
        F.shogi_selfplay_job_free(h, None)

    def stop(self):
        """Asks the run to stop (any thread)."""
        rc = F.shogi_selfplay_job_stop(self._handle(), None)
        if rc:
            raise _lib.exception(rc)


def _option_text(options):
    lines = []
    for k, v in options.items():
        if v is None:
            continue
        if isinstance(v, bool):
            v = "true" if v else "false"
        v = str(v)
        if "\n" in v or ";" in v:
            raise ValueError("option %s: value must not contain a newline or ';'" % k)
        lines.append("%s=%s" % (k.replace("_", "-"), v))
    return "\n".join(lines).encode("utf-8")


def _bar(progress, total, unit):
    """(callback(Progress), close()) for progress: True (tqdm if installed),
    False, or a callable."""
    if callable(progress):
        return progress, lambda: None
    if not progress:
        return None, lambda: None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None, lambda: None
    bar = tqdm(total=total, unit=unit, dynamic_ncols=True)
    count = unit == "game"

    def update(p):
        n = p.games if count else p.positions
        bar.update(max(n - bar.n, 0))
        if count and p.losses + p.draws + p.wins:
            bar.set_postfix_str("W/D/L %d/%d/%d Elo %.0f±%.0f" % (p.wins, p.draws, p.losses, p.elo, p.elo_error))
        else:
            bar.set_postfix_str("%.0f pos/s, %d games" % (p.positions_per_sec, p.games))

    return update, bar.close


def _run(fn, args, result, job, callback):
    """Runs fn(job, *args, cb, NULL, result, err) on a worker thread so that
    Ctrl-C can stop it; returns when the library has returned."""
    _lib.require(*_SELFPLAY)
    own = job is None
    if own:
        job = Job()
    errors = []

    def trampoline(p, _user):
        try:
            callback(Progress(p.contents))
        except BaseException as exc:  # noqa: B902 - nothing may escape into C
            errors.append(exc)
            F.shogi_selfplay_job_stop(h, None)

    cfn = PROGRESS_CALLBACK(trampoline) if callback is not None else PROGRESS_CALLBACK()
    h = job._handle()
    e = _lib.Error()
    rcs = []
    done = threading.Event()

    def run():
        try:
            rcs.append(fn(h, *(args + (cfn, None, ctypes.byref(result), ctypes.byref(e)))))
        finally:
            done.set()

    try:
        if threading.current_thread() is threading.main_thread():
            threading.Thread(target=run, name="libshogi-selfplay", daemon=True).start()
            try:
                done.wait()
            except KeyboardInterrupt:
                while not done.wait(0.05):
                    F.shogi_selfplay_job_stop(h, None)
                raise
        else:
            run()
    finally:
        if own:
            job.close()
    del cfn
    if rcs and rcs[0]:
        raise _lib.exception(rcs[0], e)
    if errors:
        raise errors[0]


def _net(network):
    return None if network is None else network._handle()


def gensfen(output_dir, depth=None, nodes=None, games=None, positions=None, network=None, progress=True, job=None,
            **options):
    """Teacher generation into output_dir (PREFIX-NNNNN.bin / .hcpe shards
    and PREFIX.state.json; prefix="gensfen"). network: a :class:`Network`
    (None: the built-in evaluation, or net="file"/"test" as an option).
    Calling it again with the same settings resumes; raising games or
    positions extends the run. Returns a dict of counts."""
    opts = dict(o=os.fspath(output_dir), depth=depth, nodes=nodes, games=games, positions=positions)
    opts.update(options)
    total = positions if positions else games
    cb, close = _bar(progress, total, "pos" if positions else "game")
    r = _CGensfenResult()
    try:
        _run(F.shogi_gensfen_run, (_net(network), _option_text(opts)), r, job, cb)
    finally:
        close()
    return {n: getattr(r, n) for n, _ in _CGensfenResult._fields_ if n != "unchanged"}


def rescore(input, output, depth=None, nodes=None, network=None, threads=1, progress=True, job=None, **options):
    """Re-searches every position of a PSV (.bin) or hcpe file and writes
    it to output with the new score and best move. Returns counts."""
    opts = dict(input=os.fspath(input), output=os.fspath(output), depth=depth, nodes=nodes, threads=threads)
    opts.update(options)
    size = 38 if str(input).lower().endswith(".hcpe") else 40
    total = os.path.getsize(input) // size if os.path.exists(input) else None
    cb, close = _bar(progress, total, "pos")
    r = _CGensfenResult()
    try:
        _run(F.shogi_rescore_run, (_net(network), _option_text(opts)), r, job, cb)
    finally:
        close()
    return {"positions": r.positions, "unchanged": r.unchanged, "elapsed_ms": r.elapsed_ms, "stopped": r.stopped}


def match(a, b, pairs=50, network_a=None, network_b=None, sprt=None, progress=True, job=None, **options):
    """A match of paired games between players a and b (specifications as
    ``shogi match -h`` describes: "depth=6", "net=nn.bin,movetime=100",
    "usi=/path/engine,movetime=100"). sprt: (elo0, elo1, alpha, beta).
    network_a / network_b give an in-process player a :class:`Network`.
    Returns a dict: games, wins, draws, losses (a's view), penta, elo,
    elo_low, elo_high, elo_trinomial, elo_trinomial_error, llr,
    sprt_decision, faults, stopped."""
    opts = dict(a=a, b=b, pairs=pairs)
    if sprt is not None:
        opts["sprt"] = ",".join(str(x) for x in sprt)
    opts.update(options)
    cb, close = _bar(progress, 2 * pairs, "game")
    r = _CMatchResult()
    try:
        _run(F.shogi_match_run, (_net(network_a), _net(network_b), _option_text(opts)), r, job, cb)
    finally:
        close()
    out = {n: getattr(r, n) for n, _ in _CMatchResult._fields_}
    out["penta"] = list(r.penta)
    return out


def _dask_shard(output_dir, prefix, seed, options):
    """Runs one shard in a Dask worker process (which loads the library
    itself: it was spawned, not forked)."""
    from libshogi import selfplay

    res = selfplay.gensfen(output_dir, prefix=prefix, seed=seed, progress=False, **options)
    res["prefix"] = prefix
    res["files"] = sorted(glob.glob(os.path.join(output_dir, prefix + "-*.*")))
    res["files"] = [f for f in res["files"] if not f.endswith(".json")]
    return res


def gensfen_dask(client, output_dir, shards, seed=1, **options):
    """Generation as `shards` independent runs on a Dask cluster (one
    task each, seeds seed, seed+1, ...; prefixes shard-000, ...), written
    into output_dir (a folder every worker can reach). Each shard resumes
    like gensfen. Returns the shards' result dicts with their "files"."""
    output_dir = os.fspath(output_dir)
    os.makedirs(output_dir, exist_ok=True)
    futures = [
        client.submit(_dask_shard, output_dir, "shard-%03d" % i, seed + i, options, pure=False)
        for i in range(shards)
    ]
    return client.gather(futures)


def merge_shards(paths, output):
    """Concatenates training-record shards (all PSV or all hcpe) into one
    file, in the order given; returns the number of bytes written."""
    exts = {os.path.splitext(p)[1].lower() for p in paths}
    if len(exts) > 1:
        raise ValueError("shards of different formats: %s" % ", ".join(sorted(exts)))
    size = 38 if exts == {".hcpe"} else 40
    n = 0
    with open(output, "wb") as out:
        for p in paths:
            with open(p, "rb") as f:
                s = os.fstat(f.fileno()).st_size
                if s % size:
                    raise ValueError("%s: %d bytes is not a whole number of %d-byte records" % (p, s, size))
                shutil.copyfileobj(f, out, 1 << 20)
                n += s
    return n
