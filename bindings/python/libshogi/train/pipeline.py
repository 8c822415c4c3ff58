"""A from-zero run: generations of generate -> train -> export -> match.

Generation g (0-based) generates teacher positions with ``gensfen`` at
depth ``depths[min(g, len-1)]`` using the previous generation's net (the
built-in evaluation for g = 0), splits them into train/val files (the last
``val_fraction`` of the records, whole games at the end of the run), trains
a model warm-started from the previous generation's checkpoint, exports it
to nn.bin, checks the library's integer evaluation against the float model
on validation positions, and plays a match (paired openings taken from the
validation positions) against the previous generation (the built-in
evaluation for g = 0). Each generation's figures go to ``generations.tsv``.

Every stage leaves its outputs in ``workdir/genNNN/`` and marks itself done
in ``workdir/state.json`` (written atomically), so a run that stopped (Ctrl-C,
reboot) resumes where it was: gensfen resumes its own shards, training
resumes from the epoch checkpoint, finished stages are skipped.
"""

import dataclasses
import json
import os
import threading
import time

import numpy as np

from .. import selfplay
from ..network import Network
from ..records import decode_psv, read_psv
from .check import agreement
from .model import NnueModel
from .trainer import Trainer, best_checkpoint_path, load_model

TSV_COLUMNS = ("generation", "depth", "train_positions", "val_positions", "gensfen_pos_per_s", "epochs",
               "train_loss", "val_loss", "best_epoch", "train_steps_per_s", "int_float_mean", "int_float_max", "opponent",
               "games", "wins", "draws", "losses", "elo", "elo_low", "elo_high")


@dataclasses.dataclass
class PipelineConfig:
    """The settings of a run (stored in state.json: a resumed run keeps
    them; sizes are per generation)."""

    generations: int = 5
    depths: tuple = (1, 2, 3, 4, 6)
    teacher_nodes: int = 0  # >0: each teacher search also stops at this many nodes
    positions: int = 200_000
    max_ply: int = 320
    val_fraction: float = 0.05
    random_moves: int = 8
    random_maxply: int = 24
    gensfen_threads: int = 2
    gensfen_seconds: float = 0.0  # >0: the teacher stops after this long (positions is then a cap)
    eval_limit: int = 3000
    l1: int = 256
    l2: int = 32
    l3: int = 32
    factor_p: bool = True
    factor_k: bool = True
    epochs: int = 4
    train_seconds: float = 0.0  # >0: no epoch is started that would end after this long (epochs is then a cap)
    batch_size: int = 4096
    lr: float = 1e-3
    lr_decay: float = 0.7
    lambda_: float = 0.5
    scale: float = 600.0
    shuffle: int = 200_000
    data_threads: int = 1
    device: str = "auto"  # training: a GPU when torch sees one, else the CPU
    check_positions: int = 10_000
    match_pairs: int = 50
    match_limit: str = "depth=3"
    match_concurrency: int = 2
    match_openings: str = ""  # a file of SFEN / 'startpos moves' lines; empty: the validation games' openings
    seed: int = 1

    def depth(self, g):
        """The teacher search depth of generation g (the staged schedule)."""
        return int(self.depths[min(g, len(self.depths) - 1)])


class Pipeline(object):
    """A run in workdir. ``run()`` does (or resumes) every generation;
    ``step(g)`` one. progress: tqdm bars (True), none (False).

    A resumed run keeps its stored settings, except ``generations`` (a run
    may be extended) and the names in ``override`` among ``CHANGEABLE``,
    which take config's values: the match's settings, which change no data
    or net (a loaded machine may need a cheaper match), ``epochs``, which
    stops (or extends) the training of the generations not yet trained at
    an epoch checkpoint (the schedule of an epoch does not depend on how
    many follow, so the net is the one a run with that many epochs makes),
    and ``positions``, the data size of the generations not yet generated
    (each generation records its own)."""

    CHANGEABLE = ("generations", "epochs", "positions", "match_pairs", "match_limit", "match_concurrency",
                  "match_openings")

    def __init__(self, workdir, config=None, progress=True, log=print, override=()):
        self.workdir = os.path.abspath(os.fspath(workdir))
        os.makedirs(self.workdir, exist_ok=True)
        self.state_path = os.path.join(self.workdir, "state.json")
        self.progress, self.log = progress, log or (lambda *_: None)
        if os.path.exists(self.state_path):
            with open(self.state_path) as f:
                self.state = json.load(f)
            known = {f.name for f in dataclasses.fields(PipelineConfig)}
            stored = PipelineConfig(**{k: tuple(v) if k == "depths" else v for k, v in self.state["config"].items()
                                       if k in known})
            if config is not None:
                for name in set(override) | {"generations"}:
                    if name not in self.CHANGEABLE:
                        raise ValueError("%s cannot change in a resumed run (only %s)" % (name, ", ".join(self.CHANGEABLE)))
                    setattr(stored, name, getattr(config, name))
            self.config = stored
        else:
            self.config = config or PipelineConfig()
            self.state = {"config": dataclasses.asdict(self.config), "generations": {}}
        self.state["config"] = dataclasses.asdict(self.config)
        self._save_state()

    # ---- paths and state --------------------------------------------------

    def gen_dir(self, g):
        """The folder of generation g."""
        return os.path.join(self.workdir, "gen%03d" % g)

    def net_path(self, g):
        """The exported net of generation g."""
        return os.path.join(self.gen_dir(g), "nn.bin")

    def checkpoint_path(self, g):
        """The training checkpoint of generation g."""
        return os.path.join(self.gen_dir(g), "checkpoint.pt")

    def model_path(self, g):
        """The checkpoint generation g's net comes from: the epoch with the
        lowest validation loss (the last epoch's checkpoint when there is
        no such file, e.g. a run trained before it was kept)."""
        best = best_checkpoint_path(self.checkpoint_path(g))
        return best if os.path.exists(best) else self.checkpoint_path(g)

    def _gen(self, g):
        return self.state["generations"].setdefault(str(g), {})

    def _save_state(self):
        tmp = self.state_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.state, f, indent=1, sort_keys=True)
        os.replace(tmp, self.state_path)

    def _done(self, g, stage, **figures):
        s = self._gen(g)
        s.update(figures)
        s.setdefault("done", []).append(stage)
        self._save_state()

    def is_done(self, g, stage):
        """Whether generation g has finished stage (resume skips it)."""
        return stage in self._gen(g).get("done", [])

    # ---- stages -------------------------------------------------------------

    def generate(self, g):
        """Generates generation g's teacher data with the previous net."""
        c = self.config
        data = os.path.join(self.gen_dir(g), "data")
        net = Network(self.net_path(g - 1)) if g > 0 else None
        # a time budget stops the run through a job (whole games are kept)
        job = selfplay.Job() if c.gensfen_seconds > 0 else None
        timer = threading.Timer(c.gensfen_seconds, job.stop) if job is not None else None
        try:
            t0 = time.time()
            if timer is not None:
                timer.start()
            r = selfplay.gensfen(data, depth=c.depth(g), nodes=c.teacher_nodes or None, positions=c.positions,
                                 max_ply=c.max_ply, network=net, threads=c.gensfen_threads,
                                 seed=c.seed * 1000 + g, random_moves=c.random_moves, random_maxply=c.random_maxply,
                                 eval_limit=c.eval_limit, progress=self.progress, job=job)
            secs = max(time.time() - t0, 1e-9)
        finally:
            if timer is not None:
                timer.cancel()
            if job is not None:
                job.close()
            if net is not None:
                net.close()
        shards = sorted(os.path.join(data, f) for f in os.listdir(data) if f.endswith(".bin"))
        all_bin = os.path.join(self.gen_dir(g), "all.bin")
        selfplay.merge_shards(shards, all_bin)
        psv = read_psv(all_bin)
        n_val = max(1, int(len(psv) * c.val_fraction))
        psv[:-n_val].tofile(os.path.join(self.gen_dir(g), "train.bin"))
        psv[-n_val:].tofile(os.path.join(self.gen_dir(g), "val.bin"))
        os.remove(all_bin)
        self._write_openings(g, psv[-n_val:])
        # resumed runs report the rate of the part done in this call
        rate = r["positions"] / (r["elapsed_ms"] / 1000.0) if r.get("elapsed_ms") else r["positions"] / secs
        self._done(g, "generate", train_positions=int(len(psv) - n_val), val_positions=int(n_val),
                   gensfen_pos_per_s=rate, depth=c.depth(g))

    def _write_openings(self, g, val):
        """Distinct positions from the validation games' openings (ply <= 32),
        one SFEN a line, for the match's pairs."""
        seen, lines = set(), []
        for rec in val:
            e = decode_psv(rec.tobytes())
            with e.board as b:
                if b.move_number > 32:
                    continue
                s = b.sfen()
            key = s.rsplit(" ", 1)[0]
            if key not in seen:
                seen.add(key)
                lines.append(s)
            if len(lines) >= max(self.config.match_pairs, 1):
                break
        if not lines:
            lines = ["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"]
        with open(os.path.join(self.gen_dir(g), "openings.sfen"), "w") as f:
            f.write("\n".join(lines) + "\n")

    def train(self, g):
        """Trains generation g, warm-started from the previous checkpoint."""
        c = self.config
        d = self.gen_dir(g)
        if g > 0:
            model = load_model(self.model_path(g - 1))  # warm start, factors included
        else:
            model = NnueModel(c.l1, c.l2, c.l3, factor_p=c.factor_p, factor_k=c.factor_k, seed=c.seed)
        tr = Trainer(model, lr=c.lr, lr_decay=c.lr_decay, lambda_=c.lambda_, scale=c.scale, batch_size=c.batch_size,
                     threads=c.data_threads, shuffle=c.shuffle, max_abs_score=c.eval_limit, seed=c.seed * 1000 + g,
                     device=c.device)
        hist = tr.fit([os.path.join(d, "train.bin")], [os.path.join(d, "val.bin")], epochs=c.epochs,
                      checkpoint=self.checkpoint_path(g), progress=self.progress, log=self.log,
                      seconds=c.train_seconds or None)
        steps = sum(h["steps"] for h in hist)
        secs = sum(h["seconds"] for h in hist)
        best = hist[tr.best_epoch - 1] if tr.best_epoch else hist[-1]  # the epoch the net is exported from
        self._done(g, "train", epochs=len(hist), train_loss=best["train_loss"], val_loss=best["val_loss"],
                   best_epoch=best["epoch"], train_steps_per_s=steps / secs if secs else 0.0, history=hist)

    def export(self, g):
        """Exports generation g's net and checks it against the float model."""
        model = load_model(self.model_path(g))
        model.export(self.net_path(g))
        with Network(self.net_path(g)) as net:
            a = agreement(model, os.path.join(self.gen_dir(g), "val.bin"), network=net,
                          limit=self.config.check_positions)
        self.log("gen %d: int vs float on %d positions: mean |d| %.3f, max |d| %.3f"
                 % (g, a["n"], a["mean_abs"], a["max_abs"]))
        self._done(g, "export", int_float_mean=a["mean_abs"], int_float_max=a["max_abs"], check_positions=a["n"])

    def match(self, g):
        """Plays generation g against the previous one and records the Elo."""
        c = self.config
        if c.match_pairs <= 0:
            self._done(g, "match", opponent="none")
            return
        a = Network(self.net_path(g))
        b = Network(self.net_path(g - 1)) if g > 0 else None
        try:
            spec_a = "name=gen%d,%s" % (g, c.match_limit)
            if g > 0:
                spec_b = "name=gen%d,%s" % (g - 1, c.match_limit)
            else:
                spec_b = "name=builtin,net=builtin,%s" % c.match_limit
            openings = c.match_openings or os.path.join(self.gen_dir(g), "openings.sfen")
            r = selfplay.match(spec_a, spec_b, pairs=c.match_pairs, network_a=a, network_b=b, openings=openings,
                               concurrency=c.match_concurrency, progress=self.progress)
        finally:
            a.close()
            if b is not None:
                b.close()
        self.log("gen %d vs %s: W/D/L %d/%d/%d, Elo %.0f [%.0f, %.0f]"
                 % (g, "gen%d" % (g - 1) if g else "builtin", r["wins"], r["draws"], r["losses"], r["elo"],
                    r["elo_low"], r["elo_high"]))
        self._done(g, "match", opponent="gen%d" % (g - 1) if g else "builtin", games=r["games"], wins=r["wins"],
                   draws=r["draws"], losses=r["losses"], elo=r["elo"], elo_low=r["elo_low"], elo_high=r["elo_high"])

    STAGES = ("generate", "train", "export", "match")

    def step(self, g):
        """Does generation g's unfinished stages."""
        os.makedirs(self.gen_dir(g), exist_ok=True)
        for stage in self.STAGES:
            if not self.is_done(g, stage):
                self.log("gen %d: %s" % (g, stage))
                getattr(self, stage)(g)
        self.write_table()

    def run(self):
        """Runs the remaining generations, resuming where the state file says."""
        for g in range(self.config.generations):
            self.step(g)
        return self.table()

    # ---- the table ----------------------------------------------------------

    def table(self):
        """The generations table as a list of rows."""
        rows = []
        for g in sorted(self.state["generations"], key=int):
            s = self.state["generations"][g]
            row = {k: s.get(k, "") for k in TSV_COLUMNS}
            row["generation"] = int(g)
            rows.append(row)
        return rows

    def write_table(self):
        """Writes generations.tsv."""
        path = os.path.join(self.workdir, "generations.tsv")

        def fmt(v):
            return ("%.5g" % v) if isinstance(v, float) else str(v)

        with open(path + ".tmp", "w") as f:
            f.write("\t".join(TSV_COLUMNS) + "\n")
            for row in self.table():
                f.write("\t".join(fmt(row[k]) for k in TSV_COLUMNS) + "\n")
        os.replace(path + ".tmp", path)
        return path
