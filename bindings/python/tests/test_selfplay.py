"""Self-play through the Python binding: gensfen (records readable, the
same bytes for a seed, resume), rescore, match, stop from another thread,
progress callbacks, and distributed generation on a 2-worker Dask cluster."""

import os
import threading

import pytest

import libshogi
from libshogi import selfplay

SMALL = dict(depth=2, write_minply=1, random_moves=4, random_maxply=8, progress=False)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_gensfen_records_are_readable(tmp_path):
    res = libshogi.gensfen(tmp_path, games=3, format="both", **SMALL)
    assert res["games"] == 3 and res["positions"] > 0 and res["stopped"] == 0
    psv = libshogi.read_psv(str(tmp_path / "gensfen-00000.bin"))
    hcpe = libshogi.read_hcpe(str(tmp_path / "gensfen-00000.hcpe"))
    assert len(psv) == len(hcpe) == res["positions"]
    for rec in psv[:50]:
        e = libshogi.decode_psv(rec)
        assert e.move in e.board.legal_moves  # the best move is legal where it was searched
        assert e.result in (-1, 0, 1)
        assert not e.board.is_check()  # in-check positions are filtered by default


def test_gensfen_same_seed_same_bytes_and_resume(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    libshogi.gensfen(a, games=4, seed=5, **SMALL)
    libshogi.gensfen(b, games=2, seed=5, threads=2, **SMALL)
    r = libshogi.gensfen(b, games=4, seed=5, threads=2, **SMALL)  # resumes at game 2
    assert r["games"] == 4
    assert _read(a / "gensfen-00000.bin") == _read(b / "gensfen-00000.bin")
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.gensfen(b, games=5, seed=6, **SMALL)  # other settings on the same files


def test_progress_callback_and_errors(tmp_path):
    seen = []
    libshogi.gensfen(tmp_path, games=2, **dict(SMALL, progress=seen.append))
    assert seen and seen[-1].done and seen[-1].games == 2
    assert all(isinstance(p, libshogi.Progress) for p in seen)
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.gensfen(tmp_path, games=1, colour="red", **SMALL)
    with pytest.raises(ValueError):
        libshogi.gensfen(tmp_path, games=1, prefix="a;b", **SMALL)

    def boom(p):
        raise RuntimeError("from the callback")

    with pytest.raises(RuntimeError):
        libshogi.gensfen(tmp_path / "x", games=50, **dict(SMALL, progress=boom, progress_every=None))


def test_rescore(tmp_path):
    libshogi.gensfen(tmp_path, games=2, **SMALL)
    src = tmp_path / "gensfen-00000.bin"
    out = tmp_path / "re.bin"
    net = libshogi.Network.make_test()
    r = libshogi.rescore(src, out, depth=2, network=net, threads=2, progress=False)
    old, new = libshogi.read_psv(str(src)), libshogi.read_psv(str(out))
    assert r["positions"] == len(old) == len(new)
    assert (old["sfen"] == new["sfen"]).all() and (old["game_result"] == new["game_result"]).all()
    assert (old["score"] != new["score"]).any()


def test_match_and_stop(tmp_path):
    m = libshogi.match("depth=2,name=two", "depth=1", pairs=2, progress=False, save=str(tmp_path), max_ply=200)
    assert m["games"] == 4 and m["wins"] + m["draws"] + m["losses"] == 4 and sum(m["penta"]) == 2
    assert m["elo_low"] <= m["elo"] <= m["elo_high"] and m["faults"] == 0
    assert len(list(tmp_path.glob("*.csa"))) == 4
    job = libshogi.Job()
    t = threading.Timer(0.3, job.stop)
    t.start()
    r = libshogi.gensfen(tmp_path / "stop", games=1000000, job=job, **dict(SMALL, depth=3))
    t.join()
    assert r["stopped"] == 1 and r["games"] < 1000000
    job.close()


def test_gensfen_on_dask(tmp_path):
    try:
        import dask
        import distributed
    except ImportError as e:  # a dependency of the test command, not optional
        pytest.fail("%s: scripts/setup.sh installs python3-dask and python3-distributed" % e)
    here = os.path.dirname(os.path.dirname(os.path.abspath(selfplay.__file__)))
    os.environ["PYTHONPATH"] = here + os.pathsep + os.environ.get("PYTHONPATH", "")
    os.environ["LIBSHOGI_LIBRARY"] = libshogi.library_path
    # Workers are spawned, never forked from this process (it loaded the library).
    with dask.config.set({"distributed.worker.multiprocessing-method": "spawn"}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
            with distributed.Client(cl) as client:
                shards = libshogi.gensfen_dask(client, tmp_path, shards=2, seed=10, games=2, depth=2,
                                               write_minply=1, random_moves=4, random_maxply=8)
    assert [s["games"] for s in shards] == [2, 2]
    files = [f for s in shards for f in s["files"]]
    assert len(files) == 2 and _read(files[0]) != _read(files[1])  # seeds 10 and 11
    merged = tmp_path / "all.bin"
    n = libshogi.merge_shards(files, str(merged))
    assert n == os.path.getsize(merged) == 40 * sum(s["positions"] for s in shards)
    # Each shard is what the same run on one machine writes.
    local = tmp_path / "local"
    libshogi.gensfen(local, prefix="shard-001", seed=11, games=2, **SMALL)
    assert _read(local / "shard-001-00000.bin") == _read(files[1])


def test_tqdm_bar(tmp_path, capsys):
    pytest.importorskip("tqdm", reason="tqdm is optional: the bar needs it")
    libshogi.gensfen(tmp_path, games=2, depth=2, write_minply=1, progress=True)
    err = capsys.readouterr().err
    assert "2/2" in err and "game" in err
