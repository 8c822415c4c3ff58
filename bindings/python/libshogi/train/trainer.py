"""Training loop: Adam on the dense layers and SparseAdam on the feature
transformer's rows (only the rows of active features move), a per-epoch
exponential learning-rate schedule after a linear warm-up, validation loss
after every epoch, and a checkpoint (model, optimisers, epoch, history)
written atomically after every epoch; ``fit`` resumes from it. Beside it,
the model of the epoch with the lowest validation loss so far (the net to
export when later epochs overfit)."""

import os
import time

import math

import torch

from ..dataset import Dataset
from .loss import elmo_loss
from .model import NnueModel


def batch_tensors(b, device=None):
    """(black_values, black_offsets, white_values, white_offsets, stm,
    score, result) tensors of a csr Batch (copies: the batch's memory is
    the stream's), on device (None: the CPU)."""
    t = torch.from_numpy
    out = (t(b.black_values).long(), t(b.black_offsets).long(), t(b.white_values).long(),
           t(b.white_offsets).long(), t(b.side_to_move.copy()), t(b.score.copy()), t(b.result.copy()))
    if device is not None and torch.device(device).type != "cpu":
        out = tuple(x.to(device, non_blocking=True) for x in out)
    return out


def resolve_device(device):
    """"auto": CUDA when torch sees a GPU, else the CPU; otherwise as given."""
    if device in (None, "auto"):
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


def _stream(files, batch_size, threads, shuffle, seed, **filters):
    return Dataset(files, features="HalfKP", layout="csr", batch_size=batch_size, threads=threads, shuffle=shuffle,
                   seed=seed, epochs=1, **filters)


class Trainer(object):
    """Trains a :class:`NnueModel` on PSV/hcpe files.

    lr: Adam's step size; lr_decay: factor per epoch; warmup_steps: linear
    ramp; lambda_ and scale: the elmo loss; max_abs_score: positions whose
    teacher score is beyond it are filtered out (0: none); device: "cpu",
    "cuda", or "auto" (a GPU when there is one; nothing requires one)."""

    def __init__(self, model, lr=1e-3, lr_decay=0.7, warmup_steps=100, lambda_=0.5, scale=600.0, batch_size=4096,
                 threads=1, shuffle=200_000, max_abs_score=3000, seed=1, device="cpu"):
        self.device = resolve_device(device)
        self.model = model.to(self.device)
        self.lr, self.lr_decay, self.warmup_steps = lr, lr_decay, warmup_steps
        self.lambda_, self.scale = lambda_, scale
        self.batch_size, self.threads, self.shuffle = batch_size, threads, shuffle
        self.max_abs_score, self.seed = max_abs_score, seed
        self.dense_opt = torch.optim.Adam(model.dense_parameters(), lr=lr)
        self.sparse_opt = torch.optim.SparseAdam(model.sparse_parameters(), lr=lr)
        self.epoch = 0
        self.step = 0
        self.history = []
        self.best_val, self.best_epoch = math.inf, 0

    def _filters(self):
        return {"max_abs_score": self.max_abs_score} if self.max_abs_score else {}

    def lr_at(self, epoch, step):
        """The learning rate at (epoch, step): warm-up, then decay per epoch."""
        warm = min(1.0, (step + 1) / self.warmup_steps) if self.warmup_steps else 1.0
        return self.lr * (self.lr_decay ** epoch) * warm

    def _set_lr(self, lr):
        for opt in (self.dense_opt, self.sparse_opt):
            for g in opt.param_groups:
                g["lr"] = lr

    def train_epoch(self, files, progress=None):
        """One pass over files; returns (mean loss, positions, steps, seconds)."""
        self.model.train()
        total, n, steps = 0.0, 0, 0
        t0 = time.time()
        with _stream(files, self.batch_size, self.threads, self.shuffle, self.seed + self.epoch,
                     **self._filters()) as ds:
            for b in ds:
                bv, bo, wv, wo, stm, score, result = batch_tensors(b, self.device)
                self._set_lr(self.lr_at(self.epoch, self.step))
                self.dense_opt.zero_grad()
                self.sparse_opt.zero_grad()
                loss = elmo_loss(self.model(bv, bo, wv, wo, stm), score, result, self.lambda_, self.scale)
                loss.backward()
                self.dense_opt.step()
                self.sparse_opt.step()
                self.model.clip_weights()
                k = len(b)
                total += loss.item() * k
                n += k
                steps += 1
                self.step += 1
                if progress is not None:
                    progress(k, loss.item())
        return (total / n if n else float("nan")), n, steps, time.time() - t0

    @torch.no_grad()
    def validate(self, files):
        """Mean elmo loss over files (file order, no shuffling)."""
        self.model.eval()
        total, n = 0.0, 0
        with _stream(files, self.batch_size, self.threads, 0, 0, **self._filters()) as ds:
            for b in ds:
                bv, bo, wv, wo, stm, score, result = batch_tensors(b, self.device)
                loss = elmo_loss(self.model(bv, bo, wv, wo, stm), score, result, self.lambda_, self.scale)
                total += loss.item() * len(b)
                n += len(b)
        return total / n if n else float("nan")

    def fit(self, train_files, val_files=None, epochs=1, checkpoint=None, progress=True, log=print, seconds=None):
        """Trains until `epochs` epochs are done in all (resuming from
        checkpoint if it exists); returns the history (a list of dicts:
        epoch, lr, train_loss, val_loss, positions, steps, seconds).
        seconds: a time budget for this call; no epoch is started that
        would end after it, if it takes as long as the longest so far (the
        first is always trained)."""
        if checkpoint and os.path.exists(checkpoint):
            self.load(checkpoint)
            if log:
                log("resumed %s at epoch %d" % (checkpoint, self.epoch))
        t0, longest, done = time.time(), 0.0, 0
        while self.epoch < epochs:
            if seconds is not None and done and time.time() - t0 + longest > seconds:
                if log:
                    log("stopped after epoch %d: the next would end after %.0f s" % (self.epoch, seconds))
                break
            t1 = time.time()
            bar = _bar(progress, "epoch %d" % (self.epoch + 1))
            try:
                loss, n, steps, secs = self.train_epoch(train_files, bar)
            finally:
                if bar is not None:
                    bar.close()
            val = self.validate(val_files) if val_files else float("nan")
            row = dict(epoch=self.epoch + 1, lr=self.lr_at(self.epoch, self.step), train_loss=loss, val_loss=val,
                       positions=n, steps=steps, seconds=secs)
            self.history.append(row)
            self.epoch += 1
            improved = val < self.best_val  # nan (no validation files) never improves
            if improved:
                self.best_val, self.best_epoch = val, self.epoch
            if checkpoint:
                if improved:  # before the checkpoint: a resume never lacks the best it names
                    _save_atomic(dict(self._model_state(), epoch=self.epoch, val_loss=val),
                                 best_checkpoint_path(checkpoint))
                self.save(checkpoint)
            if log:
                log("epoch %d: train %.5f val %.5f (%d positions, %.1f steps/s)"
                    % (row["epoch"], loss, val, n, steps / secs if secs else 0.0))
            longest, done = max(longest, time.time() - t1), done + 1
        return self.history

    def _model_state(self):
        """The part of a checkpoint that ``load_model`` reads."""
        return dict(model_config=self.model.config(), model=self.model.state_dict())

    def state(self):
        """The trainer's state (model, optimisers, history) for a checkpoint."""
        return dict(self._model_state(),
                    dense_opt=self.dense_opt.state_dict(), sparse_opt=self.sparse_opt.state_dict(),
                    epoch=self.epoch, step=self.step, history=self.history, best_val=self.best_val,
                    best_epoch=self.best_epoch)

    def save(self, path):
        """Writes a checkpoint to path (atomically)."""
        _save_atomic(self.state(), path)

    def load(self, path):
        """Resumes from the checkpoint at path."""
        st = torch.load(path, map_location=self.device, weights_only=False)  # our own files (torch 1.13 reads no floats with True)
        self.model.load_state_dict(st["model"])
        self.dense_opt.load_state_dict(st["dense_opt"])
        self.sparse_opt.load_state_dict(st["sparse_opt"])
        self.epoch, self.step, self.history = st["epoch"], st["step"], list(st["history"])
        self.best_val, self.best_epoch = st.get("best_val", math.inf), st.get("best_epoch", 0)


def best_checkpoint_path(checkpoint):
    """Where fit keeps the model of the best validation epoch beside
    checkpoint: ck.pt -> ck.best.pt (``load_model`` reads it)."""
    root, ext = os.path.splitext(checkpoint)
    return root + ".best" + (ext or ".pt")


def _save_atomic(obj, path):
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def load_model(path):
    """The model of a checkpoint file."""
    st = torch.load(path, map_location="cpu", weights_only=False)
    m = NnueModel(**st["model_config"])
    m.load_state_dict(st["model"])
    return m


class _TqdmBar(object):
    def __init__(self, desc):
        from tqdm.auto import tqdm

        self.bar = tqdm(desc=desc, unit="pos", dynamic_ncols=True)

    def __call__(self, n, loss):
        self.bar.update(n)
        self.bar.set_postfix_str("loss %.5f" % loss)

    def close(self):
        self.bar.close()


def _bar(progress, desc):
    if callable(progress):
        return _Callable(progress)
    if not progress:
        return None
    try:
        return _TqdmBar(desc)
    except ImportError:
        return None


class _Callable(object):
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, n, loss):
        self.fn(n, loss)

    def close(self):
        pass
