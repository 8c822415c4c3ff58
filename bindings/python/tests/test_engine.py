"""Search through Engine: basics, MultiPV, limits, callbacks, stop."""

import threading
import time
import warnings

import pytest

import libshogi
from libshogi import Board, Engine

pytestmark = pytest.mark.skipif(not libshogi._lib.has("shogi_engine_search"),
                                reason="library without the engine section")

MATE1 = "kn7/9/1G7/9/9/9/9/9/4K4 b L 1"


@pytest.fixture(scope="module")
def engine():
    with Engine(threads=1, hash_mb=16) as e:
        yield e


def test_search_depth(engine):
    b = Board()
    r = engine.search(b, depth=3)
    assert b.is_legal(r.bestmove)
    assert r.bestmove in b.legal_moves
    assert r.depth >= 3 and r.nodes > 0
    assert r.pv and r.pv[0] == r.bestmove
    assert r.score_kind == libshogi.SCORE_CP
    assert b.sfen() == libshogi.STARTING_SFEN  # the board is not modified
    assert len(r.lines) == 1 and r.lines[0].pv[0] == r.bestmove
    assert "bestmove" in repr(r)


def test_mate_in_one(engine):
    r = engine.search(Board(MATE1), depth=3)
    assert r.bestmove_usi == "L*9b"
    assert r.is_mate and r.score == 1


def test_no_legal_move_resigns(engine):
    b = Board(MATE1)
    b.push_usi("L*9b")
    r = engine.search(b, depth=2)
    assert r.bestmove == libshogi.MOVE_RESIGN
    assert r.bestmove_usi == "resign"


def test_multipv():
    with Engine(multipv=1) as e:
        r = e.search(Board(), depth=3, multipv=3)
        assert len(r.lines) == 3
        firsts = [l.pv[0] for l in r.lines]
        assert len(set(firsts)) == 3
        assert firsts[0] == r.bestmove
        assert e.options["multipv"] == 3
        seen = set()
        e.search(Board(), depth=2, on_info=lambda i: seen.add(i.multipv))
        assert seen == {1, 2, 3}


def test_nodes_and_movetime_limits(engine):
    r = engine.search(Board(), nodes=2000)
    assert 0 < r.nodes <= 4000 + 1000
    t = time.monotonic()
    r = engine.search(Board(), movetime=200)
    assert time.monotonic() - t < 5
    assert Board().is_legal(r.bestmove)


def test_on_info_receives_lines(engine):
    infos = []
    r = engine.search(Board(), depth=4, on_info=infos.append)
    assert [i.depth for i in infos if i.bound == libshogi.BOUND_EXACT][:4] == [1, 2, 3, 4]
    last = infos[-1]
    assert last.pv[0] == r.bestmove
    assert last.usi().startswith("depth ")
    assert "pv " in str(last)
    assert all(isinstance(m, int) for m in last.pv)


def test_engine_level_on_info():
    got = []
    with Engine(on_info=got.append) as e:
        e.search(Board(), depth=2)
    assert got and got[0].depth == 1


def test_callback_exception_is_raised_after_search(engine):
    calls = []

    def bad(info):
        calls.append(info.depth)
        raise ZeroDivisionError("boom at depth %d" % info.depth)

    with pytest.raises(ZeroDivisionError) as ei:
        engine.search(Board(), depth=30, on_info=bad)
    assert "boom" in str(ei.value)
    assert calls == [1]  # the search stopped at the first failure
    assert not engine.searching
    # the engine still works afterwards
    assert Board().is_legal(engine.search(Board(), depth=2).bestmove)


def test_callback_exception_warn_mode(engine):
    def bad(info):
        raise ValueError("noisy")

    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = engine.search(Board(), depth=3, on_info=bad, on_error="warn")
    assert Board().is_legal(r.bestmove)
    assert r.depth >= 3
    assert any("noisy" in str(x.message) for x in w)
    with pytest.raises(ValueError):
        engine.search(Board(), depth=1, on_error="ignore")
    with pytest.raises(TypeError):
        engine.search(Board(), depth=1, on_info=42)


def test_callback_exception_in_worker_thread(engine):
    """Off the main thread the library calls back on that same thread."""
    out = []

    def work():
        try:
            engine.search(Board(), depth=5, on_info=lambda i: 1 / 0)
        except ZeroDivisionError as e:
            out.append(e)

    t = threading.Thread(target=work)
    t.start()
    t.join(60)
    assert len(out) == 1


def test_stop_from_another_thread(engine):
    started = threading.Event()
    infos = []

    def on_info(i):
        infos.append(i)
        started.set()

    timer = threading.Thread(target=lambda: (started.wait(30), time.sleep(0.2), engine.stop()))
    timer.start()
    t = time.monotonic()
    r = engine.search(Board(), infinite=True, on_info=on_info)
    elapsed = time.monotonic() - t
    timer.join()
    assert elapsed < 20
    assert Board().is_legal(r.bestmove)
    assert infos


def test_stop_from_callback(engine):
    def on_info(i):
        if i.depth >= 2:
            engine.stop()

    r = engine.search(Board(), infinite=True, on_info=on_info)
    assert r.depth <= 3
    assert Board().is_legal(r.bestmove)


def test_searching_flag_and_stop_when_idle(engine):
    assert not engine.searching
    engine.stop()  # a no-op
    seen = []
    engine.search(Board(), depth=2, on_info=lambda i: seen.append(engine.searching))
    assert seen and all(seen)


def test_search_inside_callback_is_a_state_error(engine):
    inner = []

    def on_info(i):
        try:
            libshogi._lib.call(libshogi._lib.F.shogi_engine_new_game, engine._handle())
        except libshogi.ShogiError as e:
            inner.append(e)
        raise RuntimeError("done")

    with pytest.raises(RuntimeError):
        engine.search(Board(), depth=3, on_info=on_info)
    assert len(inner) == 1 and isinstance(inner[0], libshogi.StateError)


def test_nested_search_from_callback_is_a_state_error(engine):
    inner = []

    def on_info(i):
        try:
            engine.search(Board(), depth=1)
        except Exception as e:
            inner.append(e)
        engine.stop()

    # Python serialises searches of one Engine with a lock; a nested search
    # from the callback would deadlock on it, so it must fail instead
    r = engine.search(Board(), depth=3, on_info=on_info)
    assert r.bestmove
    assert len(inner) >= 1 and isinstance(inner[0], libshogi.StateError)


def test_network_engine_and_options():
    net = libshogi.Network.make_test("test", 1)
    with Engine(network=net, threads=2, hash_mb=8) as e:
        assert e.uses_network
        r = e.search(Board(), depth=3)
        assert Board().is_legal(r.bestmove)
        e.new_game()
        e.set_options(threads=1, hash_mb=4)
        assert e.options["threads"] == 1
        with pytest.raises(TypeError):
            e.set_options(bogus=1)
    net.close()


def test_bad_options_and_inputs():
    with pytest.raises(libshogi.InvalidArgumentError):
        Engine(threads=-1)
    with pytest.raises(libshogi.InvalidArgumentError):
        Engine(multipv=99)
    with pytest.raises(libshogi.InvalidArgumentError):
        Engine(fv_scale=500)
    with pytest.raises(libshogi.ShogiIOError):
        Engine(network="/nonexistent/nn.bin")
    with Engine() as e:
        with pytest.raises(libshogi.InvalidArgumentError):
            e.search(Board(), depth=-3)
        with pytest.raises(libshogi.InvalidArgumentError):
            e.set_options(multipv=0, hash_mb=-5)
        r = e.search(libshogi.STARTING_SFEN, depth=1)  # SFEN text works too
        assert r.bestmove
    e.close()
    with pytest.raises(ValueError):
        e.search(Board(), depth=1)


def test_handles_freed():
    import gc

    gc.collect()
    before = libshogi.live_handles()
    e = Engine()
    e.search(Board(), depth=1)
    del e
    gc.collect()
    assert libshogi.live_handles() == before


def test_keyboard_interrupt_stops_search():
    """Ctrl-C in the main thread stops the search (signal sent to ourselves)."""
    import signal

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_kill"):
        pytest.skip("needs the main thread and pthread_kill")
    # A shell starts background jobs with SIGINT ignored, and Python then
    # installs no KeyboardInterrupt handler: the signal would be lost and the
    # infinite search below would never end. The test is about what the
    # library does with a KeyboardInterrupt, so it installs Python's own.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _interrupt_search(signal)
    finally:
        signal.signal(signal.SIGINT, previous)


def _interrupt_search(signal):
    with Engine() as e:
        started = threading.Event()
        main = threading.main_thread().ident
        t = threading.Thread(target=lambda: (started.wait(30), time.sleep(0.2), signal.pthread_kill(main, signal.SIGINT)))
        t.start()
        t0 = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            e.search(Board(), infinite=True, on_info=lambda i: started.set())
        t.join()
        assert time.monotonic() - t0 < 20
        assert not e.searching
        assert e.search(Board(), depth=1).bestmove


def test_clock_limits(engine):
    t = time.monotonic()
    r = engine.search(Board(), btime=0, wtime=0, byoyomi=300)
    assert time.monotonic() - t < 10
    assert Board().is_legal(r.bestmove)
    b = Board()
    b.push_usi("7g7f")
    t = time.monotonic()
    r = engine.search(b, btime=60000, wtime=1000, winc=100)
    assert time.monotonic() - t < 10
    assert b.is_legal(r.bestmove)


def test_ponder_then_ponderhit(engine):
    started = threading.Event()

    def hit():
        started.wait(30)
        time.sleep(0.3)
        assert engine.searching  # pondering has no time limit
        engine.ponderhit()

    t = threading.Thread(target=hit)
    t.start()
    t0 = time.monotonic()
    r = engine.search(Board(), ponder=True, byoyomi=200, on_info=lambda i: started.set())
    t.join()
    assert time.monotonic() - t0 < 20
    assert Board().is_legal(r.bestmove)


def test_repetition_history_counts(engine):
    """The board's history reaches the search (draw by repetition nearby)."""
    b = Board("8k/9/7R1/9/9/9/9/9/4K4 b - 1")
    b.push_usi_moves(" ".join(["2c1c 1a2a 1c2c 2a1a"] * 2))
    r = engine.search(b, depth=4)
    assert b.is_legal(r.bestmove)


def test_non_interruptible_runs_callbacks_on_the_calling_thread():
    threads = set()
    with Engine(interruptible=False) as e:
        e.search(Board(), depth=2, on_info=lambda i: threads.add(threading.get_ident()))
    assert threads == {threading.get_ident()}
    with pytest.raises(ZeroDivisionError):
        with Engine(interruptible=False) as e:
            e.search(Board(), depth=3, on_info=lambda i: 1 / 0)
