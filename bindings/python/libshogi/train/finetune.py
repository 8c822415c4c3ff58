"""Fine-tuning an existing nn.bin: more training on new data (the net of a
data-limited run gains most from positions it has not seen), optionally
with fake quantisation so that the loss is the integer net's, then the
export of the best validation epoch and the int-vs-float check."""

import os

from ..network import Network
from .check import agreement
from .model import NnueModel
from .nnbin import QuantisedNet
from .trainer import Trainer, best_checkpoint_path, load_model


def finetune(net, train_files, val_files, out, epochs=1, lr=5e-4, lr_decay=0.7, warmup_steps=20, fake_quant=True,
             factor_p=True, factor_k=True, batch_size=8192, threads=1, shuffle=1_000_000, lambda_=0.5, scale=600.0,
             max_abs_score=3000, seed=1, device="auto", checkpoint=None, check_positions=10_000, seconds=None,
             progress=True, log=print):
    """Trains the classic HalfKP net in the file `net` further on
    train_files (PSV), keeps the epoch with the lowest validation loss on
    val_files, writes it to `out` (nn.bin) and returns a dict: val_before
    (the starting net's validation loss), history, best_epoch, val_loss,
    int_float_mean, int_float_max, check_positions.

    The starting model is exactly the integer net (``from_quantised``;
    virtual P / K rows start at zero and learn, so rare king-piece pairs
    move with common ones). checkpoint: the training checkpoint (default
    out + ".pt"); running the same call again resumes from it."""
    train_files, val_files = list(train_files), list(val_files)
    if not train_files or not val_files:
        raise ValueError("finetune needs training and validation files (the best epoch is chosen on validation)")
    model = NnueModel.from_quantised(QuantisedNet.load(net), factor_p=factor_p, factor_k=factor_k)
    model.fake_quant = bool(fake_quant)
    trainer = Trainer(model, lr=lr, lr_decay=lr_decay, warmup_steps=warmup_steps, lambda_=lambda_, scale=scale,
                      batch_size=batch_size, threads=threads, shuffle=shuffle, max_abs_score=max_abs_score, seed=seed,
                      device=device)
    checkpoint = checkpoint or os.fspath(out) + ".pt"
    val_before = trainer.validate(val_files)
    if log:
        log("%s: validation loss %.5f before fine-tuning" % (net, val_before))
    history = trainer.fit(train_files, val_files, epochs=epochs, checkpoint=checkpoint,
                          progress=progress, log=log, seconds=seconds)
    best = load_model(best_checkpoint_path(checkpoint))
    best.export(out)
    with Network(os.fspath(out)) as exported:
        a = agreement(best, val_files[0], network=exported, limit=check_positions)
    if log:
        log("%s: best epoch %d, validation loss %.5f; int vs float on %d positions: mean %.3f, max %.3f"
            % (out, trainer.best_epoch, trainer.best_val, a["n"], a["mean_abs"], a["max_abs"]))
    return dict(val_before=val_before, history=history, best_epoch=trainer.best_epoch, val_loss=trainer.best_val,
                int_float_mean=a["mean_abs"], int_float_max=a["max_abs"], check_positions=a["n"])
