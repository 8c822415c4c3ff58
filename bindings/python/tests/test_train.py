"""libshogi.train: nn.bin export/import round trip, float-vs-integer
agreement, the elmo loss, training and resume, and one tiny generation of
the from-zero pipeline end to end."""

import os
import struct
import time

import numpy as np
import pytest

import libshogi

import torch  # noqa: E402  scripts/setup.sh installs python3-torch; a missing torch fails

from libshogi import train  # noqa: E402
from libshogi.train import nnbin  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def _small_model(seed=3):
    """A 32x2-8-8 net with realistic weights: the transformer rows of the
    test positions' features random around the clipped range."""
    torch.manual_seed(seed)
    m = train.NnueModel(32, 8, 8, factor_p=True, factor_k=True, seed=seed)
    with torch.no_grad():
        m.ft.weight.normal_(0.0, 0.05)
        m.fp.weight.normal_(0.0, 0.05)
        m.fk.weight.normal_(0.0, 0.02)
        m.ft_bias.uniform_(0.0, 0.8)
        for lin in (m.l1, m.l2):
            lin.weight.normal_(0.0, 0.4)
            lin.bias.uniform_(-0.2, 0.4)
        m.out.weight.normal_(0.0, 0.5)
        m.out.bias.fill_(0.01)
    m.clip_weights()
    return m


@pytest.fixture(scope="module")
def teacher(tmp_path_factory):
    """A few hundred depth-1 teacher positions from the library (PSV)."""
    d = tmp_path_factory.mktemp("teacher")
    libshogi.gensfen(str(d), depth=1, positions=400, random_moves=8, random_maxply=24, seed=5, progress=False)
    files = sorted(str(d / f) for f in os.listdir(d) if f.endswith(".bin"))
    out = str(d / "all.bin")
    libshogi.merge_shards(files, out)
    return out


def test_arch_and_hashes_match_the_spec():
    # docs/specs/nnue-halfkp.md section 1: the 256x2-32-32 constants
    desc = nnbin.arch_string(256, 32, 32)
    assert len(desc) == 189
    assert desc.startswith("Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](")
    file_hash, ft_hash, net_hash = nnbin.hashes(256, 32, 32)
    assert (file_hash, ft_hash, net_hash) == (0x3E5AA6EE, 0x5D69D7B8, 0x63337156)


def test_export_size_header_and_library_load():
    m = train.NnueModel(256, 32, 32, seed=1)
    data = m.export()
    assert len(data) == 64217077  # the spec's total for N = 189
    assert struct.unpack_from("<III", data) == (0x7AF32F16, 0x3E5AA6EE, 189)
    with libshogi.Network(data) as net:
        assert net.arch == nnbin.arch_string(256, 32, 32)


def test_round_trip_is_bit_exact(tmp_path):
    m = _small_model()
    data = m.export()
    # the library reads it and its writer writes the same bytes
    with libshogi.Network(data) as net:
        p = str(tmp_path / "re.bin")
        net.save(p)
    with open(p, "rb") as f:
        assert f.read() == data
    # import -> model -> export gives the same bytes again
    q = nnbin.QuantisedNet.from_bytes(data)
    back = train.NnueModel.from_quantised(q, factor_p=True, factor_k=True)
    assert back.export() == data


def test_the_library_s_test_net_imports_and_reexports_bit_exact(tmp_path):
    # an independent file: the library's deterministic test net
    p = str(tmp_path / "test.bin")
    with libshogi.Network.make_test("test", 1) as net:
        net.save(p)
    with open(p, "rb") as f:
        data = f.read()
    q = nnbin.QuantisedNet.from_bytes(data)
    assert q.shape == (256, 32, 32)
    assert q.to_bytes() == data
    assert train.NnueModel.from_quantised(q).export() == data


def test_factorised_rows_merge_exactly():
    m = _small_model()
    fb = libshogi.halfkp_features_many(["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                                        "ln1g1gsnl/1r1s1k3/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/2K4R1/LNSG1GSNL w Bb 12"])
    bv, bo = train.csr_from_padded(fb.black)
    wv, wo = train.csr_from_padded(fb.white)
    t = torch.from_numpy
    with torch.no_grad():
        v = m(t(bv), t(bo), t(wv), t(wo), t(fb.side_to_move.copy()))
        merged = train.NnueModel(32, 8, 8, factor_p=False, factor_k=False)
        merged.load_state_dict({k: val for k, val in m.state_dict().items() if not k.startswith(("fp.", "fk."))})
        merged.ft.weight.copy_(torch.from_numpy(m.merged_ft_weight()).float())
        v2 = merged(t(bv), t(bo), t(wv), t(wo), t(fb.side_to_move.copy()))
    assert torch.allclose(v, v2, atol=1e-3), (v, v2)
    assert float(v.abs().max()) > 1.0  # not a trivially zero net


def test_integer_evaluation_agrees_with_float_within_the_rounding_bound(teacher):
    # On-grid weights: only the integer rounding differs, so every position
    # must lie within the analytic bound of check.rounding_bound.
    data = _small_model().export()
    q = nnbin.QuantisedNet.from_bytes(data)
    on_grid = train.NnueModel.from_quantised(q, factor_p=True, factor_k=True)
    bound = train.rounding_bound(q, fv_scale=16)
    with libshogi.Network(data) as net:
        a = train.agreement(on_grid, teacher, network=net)
    assert a["n"] >= 300
    spread = float(np.std(train.float_values(on_grid, libshogi.records.read_psv(teacher))))
    assert spread > 20.0  # the net separates positions: the check is not vacuous
    assert a["max_abs"] <= bound + 1e-3, (a["max_abs"], bound)
    assert a["mean_abs"] < bound
    # and the trained float model (off the grid) differs by weight rounding
    # too; report-level check: small against the evaluation spread
    off = train.agreement(_small_model(), teacher)
    assert off["mean_abs"] < 0.1 * spread, (off["mean_abs"], spread)


def test_fake_quantised_model_is_the_integer_evaluation(teacher):
    # off-grid float weights, factorised: with fake quantisation the float
    # value is the library's evaluation of the exported net up to the
    # final / FV_SCALE truncation (< 1) and float32 sums
    m = _small_model(seed=4)
    plain = train.agreement(m, teacher)
    m.fake_quant = True
    quant = train.agreement(m, teacher)
    assert quant["n"] >= 300
    assert quant["max_abs"] <= 1.01, quant["max_abs"]
    assert plain["mean_abs"] > 5 * quant["mean_abs"], (plain["mean_abs"], quant["mean_abs"])
    # it trains (straight-through gradients; the transformer's stay sparse)
    ck = train.Trainer(m, lr=2e-3, batch_size=64, shuffle=0, warmup_steps=1)
    before = ck.validate([teacher])
    ck.fit([teacher], [teacher], epochs=2, progress=False, log=None)
    assert ck.history[-1]["val_loss"] < before
    assert train.agreement(m, teacher)["max_abs"] <= 1.01
    assert train.NnueModel(**m.config()).fake_quant  # the checkpoint keeps the mode


def _forward_ft_integers(m):
    """Every HalfKP row's integers as the fake-quantised forward uses them:
    each feature alone through ``accumulate``, times 127, less the bias."""
    n = nnbin.HALFKP_DIMS
    with torch.no_grad():
        acc = m.accumulate(torch.arange(n), torch.arange(n + 1))
        bias = m.accumulate(torch.zeros(0, dtype=torch.long), torch.zeros(2, dtype=torch.long))[0]
        return torch.round(acc * 127).numpy().astype(np.int64), torch.round(bias * 127).numpy().astype(np.int64)


def test_export_puts_every_transformer_weight_on_the_forward_s_integer():
    # A value within float32 error of a half step rounds one way in float32
    # and may round the other in float64: the export must pick the integer
    # the fake-quantised forward trained with (0.19.0's export moved 8 of a
    # 128-wide net's 16 M weights by one, up to 12 evaluation units).
    g = torch.Generator().manual_seed(7)
    ties = train.NnueModel(16, 8, 8, factor_p=True, factor_k=True, fake_quant=True)
    factored = _small_model(seed=5)
    factored.fake_quant = True
    with torch.no_grad():
        halves = torch.randint(-60, 60, ties.ft.weight.shape, generator=g).float() + 0.5
        ties.ft.weight.copy_(halves / 127)  # *127 lands on or a float32 step off the tie
        ties.fp.weight.zero_()
        ties.fk.weight.zero_()
        ties.ft_bias.copy_((torch.randint(0, 60, ties.ft_bias.shape, generator=g).float() + 0.5) / 127)
        factored.ft.weight.normal_(0.0, 0.3, generator=g)
        factored.fp.weight.normal_(0.0, 0.3, generator=g)
        factored.fk.weight.normal_(0.0, 0.3, generator=g)
    w = ties.ft.weight.detach()
    float64_differs = np.rint(w.double().numpy() * 127) != torch.round(w * 127).numpy()
    assert 0.05 < float(np.mean(float64_differs)) < 0.95  # a float64 export would fail this test
    for m in (ties, factored):
        q = nnbin.QuantisedNet.from_bytes(m.export())
        rows, bias = _forward_ft_integers(m)
        np.testing.assert_array_equal(bias, q.ft_bias)
        np.testing.assert_array_equal(rows, q.ft_weight.astype(np.int64) + q.ft_bias)


def test_elmo_loss_mixes_score_and_result():
    score = torch.tensor([0.0, 600.0, -600.0])
    result = torch.tensor([1, -1, 0])
    t = train.elmo_target(score, result, lambda_=0.25, scale=600.0)
    sig = 1.0 / (1.0 + np.exp(-np.array([0.0, 1.0, -1.0])))
    want = 0.25 * sig + 0.75 * np.array([1.0, 0.0, 0.5])
    assert np.allclose(t.numpy(), want, atol=1e-6)
    # minimised where the prediction's win rate equals the target: zero
    # gradient at value = scale * logit(target), positive above, negative below
    best = 600.0 * np.log(want / (1.0 - want))
    for shift, sign in ((0.0, 0), (100.0, 1), (-100.0, -1)):
        v = torch.tensor(best + shift, dtype=torch.float32, requires_grad=True)
        train.elmo_loss(v, score, result, 0.25, 600.0).backward()
        g = v.grad.numpy()
        if sign == 0:
            assert np.abs(g).max() < 1e-7, g
        else:
            assert (np.sign(g) == sign).all(), g


def test_training_lowers_the_loss_and_resumes(teacher, tmp_path):
    ck = str(tmp_path / "ck.pt")
    m = train.NnueModel(32, 8, 8, seed=1)
    tr = train.Trainer(m, lr=2e-3, batch_size=64, shuffle=0, warmup_steps=1)
    before = tr.validate([teacher])
    tr.fit([teacher], [teacher], epochs=2, checkpoint=ck, progress=False, log=None)
    assert tr.history[-1]["val_loss"] < before
    # resume: a new trainer picks up at epoch 2 and trains one more epoch
    tr2 = train.Trainer(train.NnueModel(32, 8, 8, seed=9), lr=2e-3, batch_size=64, shuffle=0, warmup_steps=1)
    tr2.fit([teacher], [teacher], epochs=3, checkpoint=ck, progress=False, log=None)
    assert [h["epoch"] for h in tr2.history] == [1, 2, 3]
    assert tr2.history[:2] == tr.history


def _with_targets(src, dst, score, result):
    """src's PSV positions with every teacher score and result replaced
    (int16 score at byte 32, int8 result at byte 38)."""
    rec = np.fromfile(src, dtype=np.uint8).reshape(-1, 40).copy()
    rec[:, 32:34] = np.full(len(rec), score, dtype="<i2").view(np.uint8).reshape(-1, 2)
    rec[:, 38] = np.int8(result).view(np.uint8)
    rec.tofile(dst)
    return dst


def test_fit_keeps_the_best_validation_epoch(teacher, tmp_path):
    # training on "won, +2000" and validating on the same positions as
    # "lost, -2000": every epoch makes the validation loss worse, so the
    # best epoch is the first and the last is the worst
    won = _with_targets(teacher, str(tmp_path / "won.bin"), 2000, 1)
    flipped = _with_targets(teacher, str(tmp_path / "lost.bin"), -2000, -1)
    ck = str(tmp_path / "ck.pt")
    tr = train.Trainer(train.NnueModel(32, 8, 8, seed=1), lr=5e-3, batch_size=64, shuffle=0, warmup_steps=1)
    tr.fit([won], [flipped], epochs=3, checkpoint=ck, progress=False, log=None)
    vals = [h["val_loss"] for h in tr.history]
    assert vals[-1] > min(vals), vals
    best = train.best_checkpoint_path(ck)
    assert best == str(tmp_path / "ck.best.pt") and tr.best_epoch == 1 + int(np.argmin(vals))
    # the kept model is that epoch's: its validation loss is the one recorded
    kept = train.Trainer(train.load_model(best), batch_size=64, shuffle=0)
    assert kept.validate([flipped]) == pytest.approx(min(vals), rel=1e-6)
    assert torch.load(best, weights_only=False)["epoch"] == tr.best_epoch
    # a resumed trainer knows the best so far and keeps it unless beaten
    tr2 = train.Trainer(train.NnueModel(32, 8, 8, seed=9), lr=5e-3, batch_size=64, shuffle=0, warmup_steps=1)
    tr2.fit([won], [flipped], epochs=4, checkpoint=ck, progress=False, log=None)
    assert tr2.best_val <= min(vals) and torch.load(best, weights_only=False)["epoch"] == tr2.best_epoch


def test_time_budgets_stop_the_teacher_and_the_training(teacher, tmp_path):
    # a budget of 0 s still trains one epoch, and no more
    tr = train.Trainer(train.NnueModel(32, 8, 8, seed=1), lr=2e-3, batch_size=64, shuffle=0, warmup_steps=1)
    tr.fit([teacher], [teacher], epochs=5, progress=False, log=None, seconds=0.0)
    assert [h["epoch"] for h in tr.history] == [1]
    # an ample budget changes nothing: epochs is the cap
    tr.fit([teacher], [teacher], epochs=3, progress=False, log=None, seconds=1e6)
    assert [h["epoch"] for h in tr.history] == [1, 2, 3]
    # the teacher stops on time, far below its position cap, and keeps what it wrote
    cfg = train.PipelineConfig(generations=1, depths=(1,), positions=10**9, gensfen_seconds=2.0, gensfen_threads=1,
                               teacher_nodes=20_000, l1=32, l2=8, l3=8, epochs=1, batch_size=128, shuffle=0)
    p = train.Pipeline(str(tmp_path), cfg, progress=False, log=None)
    t0 = time.time()
    p.generate(0)
    assert time.time() - t0 < 60
    s = p.state["generations"]["0"]
    assert 0 < s["train_positions"] + s["val_positions"] < 10**9
    assert os.path.getsize(os.path.join(p.gen_dir(0), "train.bin")) == 40 * s["train_positions"]


def test_one_tiny_generation_end_to_end(tmp_path):
    cfg = train.PipelineConfig(generations=1, depths=(1,), positions=300, l1=32, l2=8, l3=8, epochs=1,
                               batch_size=128, shuffle=0, gensfen_threads=1, check_positions=200, match_pairs=1,
                               match_limit="depth=1,nodes=20000", match_concurrency=1, teacher_nodes=20_000)
    p = train.Pipeline(str(tmp_path), cfg, progress=False, log=None)
    rows = p.run()
    assert len(rows) == 1
    r = rows[0]
    assert r["train_positions"] + r["val_positions"] >= 300
    assert r["games"] == 2 and r["wins"] + r["draws"] + r["losses"] == 2
    assert r["int_float_max"] < 50 and np.isfinite(r["val_loss"])
    with libshogi.Network(p.net_path(0)) as net:
        assert net.arch == nnbin.arch_string(32, 8, 8)
    with open(os.path.join(str(tmp_path), "generations.tsv")) as f:
        lines = f.read().splitlines()
    assert lines[0].split("\t")[0] == "generation" and lines[1].split("\t")[0] == "0"
    # resuming a finished run does nothing more
    again = train.Pipeline(str(tmp_path), progress=False, log=None)
    assert again.run() == rows
    # a resumed run takes new match settings when named, keeps the rest
    changed = train.Pipeline(str(tmp_path), train.PipelineConfig(generations=1, match_pairs=3, epochs=9, l1=64),
                             progress=False, log=None, override=["match_pairs"])
    assert changed.config.match_pairs == 3 and changed.config.epochs == 1 and changed.config.l1 == 32
    assert changed.table() == rows  # the finished generation is kept as it was
    with pytest.raises(ValueError, match="l1"):
        train.Pipeline(str(tmp_path), train.PipelineConfig(generations=1), log=None, override=["l1"])


REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples")


def test_script_runs_a_tiny_generation_and_resumes(tmp_path):
    import importlib.util

    path = os.path.join(REPO, "scripts", "train_from_zero.py")
    spec = importlib.util.spec_from_file_location("train_from_zero", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    work = str(tmp_path / "run")
    argv = ["--workdir", work, "--tiny", "--positions", "300", "--epochs", "1", "--match-pairs", "1", "--no-progress",
            "--teacher-nodes", "2000", "--match-limit", "depth=1,nodes=2000",
            "--plot", str(tmp_path / "plot.png")]
    p = script.main(argv)
    assert p.config.positions == 300 and p.config.l1 == 32 and p.config.depths == (1,)
    assert os.path.getsize(str(tmp_path / "plot.png")) > 1000
    assert p.is_done(0, "match")
    # a second generation extends the run: warm start from generation 0
    p2 = script.main(["--workdir", work, "--generations", "2", "--no-progress"])
    rows = p2.table()
    assert [r["generation"] for r in rows] == [0, 1] and rows[1]["opponent"] == "gen0"
    assert rows[0] == p.table()[0]  # generation 0 was not redone


def test_finetune_script_trains_a_net_further_and_exports_the_integer_net(teacher, tmp_path):
    import importlib.util

    path = os.path.join(REPO, "scripts", "finetune_net.py")
    spec = importlib.util.spec_from_file_location("finetune_net", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    start = str(tmp_path / "start.bin")
    _small_model(seed=6).export(start)
    out = str(tmp_path / "tuned.bin")
    argv = [start, "--train", teacher, "--val", teacher, "--out", out, "--epochs", "2", "--lr", "2e-3",
            "--batch-size", "64", "--shuffle", "0", "--no-progress"]
    r = script.main(argv)
    assert r["val_loss"] < r["val_before"] and r["best_epoch"] in (1, 2)
    assert r["check_positions"] >= 300 and r["int_float_max"] <= 1.01  # fake quantisation: the integer net
    with libshogi.Network(out) as net:
        assert net.arch == nnbin.arch_string(32, 8, 8)
    with open(start, "rb") as f, open(out, "rb") as g:
        assert f.read() != g.read()
    # the same command resumes: both epochs are done, nothing more is trained
    again = script.main(argv)
    assert [h["epoch"] for h in again["history"]] == [1, 2] and again["val_loss"] == r["val_loss"]
    with pytest.raises(ValueError, match="validation"):
        train.finetune(start, [teacher], [], out)


def test_notebook_matches_its_script_and_runs(tmp_path, monkeypatch):
    import json
    import subprocess
    import sys

    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, "make_train_notebook.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    with open(os.path.join(EXAMPLES, "train_from_zero.ipynb"), encoding="utf-8") as f:
        nb = json.load(f)
    assert nb["nbformat"] == 4
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert any("plt." in c for c in code) and any("progress=True" in c for c in code)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("TRAIN_WORKDIR", str(tmp_path / "nb"))
    monkeypatch.setenv("TRAIN_TINY", "1")
    ns = {}
    for c in code:
        exec(compile(c.replace("positions=2000", "positions=300"), "train_from_zero.ipynb", "exec"), ns)
    assert ns["pipeline"].is_done(0, "match")
    assert isinstance(ns["net"].evaluate(libshogi.Board()), int)
    ns["net"].close()


def test_plot_history_draws_each_epoch_and_match(tmp_path):
    class Run:  # what plot_history reads of a Pipeline: state and table()
        state = {"generations": {
            "0": {"history": [{"train_loss": 0.5, "val_loss": 0.6}, {"train_loss": 0.4, "val_loss": 0.55}]},
            "1": {"history": [{"train_loss": 0.3, "val_loss": 0.5}]},
        }}

        def table(self):
            return [{"generation": 0, "elo": ""},
                    {"generation": 1, "elo": 40.0, "elo_low": 10.0, "elo_high": 75.0}]

    path = tmp_path / "history.png"
    fig = train.plot_history(Run(), str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    loss, elo = fig.axes
    drawn = [(list(ln.get_xdata()), list(ln.get_ydata())) for ln in loss.get_lines()]
    # epochs numbered across generations: 1, 2 for generation 0, then 3
    assert drawn == [([1, 2], [0.5, 0.4]), ([1, 2], [0.6, 0.55]), ([3], [0.3]), ([3], [0.5])]
    points = [(list(ln.get_xdata()), list(ln.get_ydata())) for ln in elo.get_lines()]
    assert points[0] == ([1], [40.0])  # generation 0 has no match: only generation 1
    (bars,) = elo.collections  # the interval: 40 - 30 .. 40 + 35
    (seg,) = bars.get_segments()
    assert seg.tolist() == [[1.0, 10.0], [1.0, 75.0]]
