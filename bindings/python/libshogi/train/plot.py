"""The loss / Elo figure of a from-zero run (matplotlib), shared by
scripts/train_from_zero.py (--plot FILE) and the train_from_zero notebook.

matplotlib is imported when called: neither libshogi.train nor the
pipeline needs it.
"""


def plot_history(pipeline, path=None):
    """Draws the run of ``pipeline`` (a Pipeline, or anything with its
    ``state`` and ``table()``): left, the training and validation loss of
    every epoch, generations one after the other; right, each generation's
    Elo against the previous one with its 95% interval.

    With ``path`` the figure is drawn off screen (no pyplot, no display
    backend) and written to that file (the format from its extension);
    without, it is a pyplot figure, for ``plt.show()`` or a notebook.
    Returns the matplotlib Figure."""
    if path is None:
        import matplotlib.pyplot as plt

        fig = plt.figure(figsize=(10, 4))
    else:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(10, 4))
    ax1, ax2 = fig.subplots(1, 2)
    x = 0
    for g in sorted(pipeline.state["generations"], key=int):
        hist = pipeline.state["generations"][g].get("history", [])
        xs = list(range(x + 1, x + len(hist) + 1))
        ax1.plot(xs, [h["train_loss"] for h in hist], "b.-", label="train" if g == "0" else None)
        ax1.plot(xs, [h["val_loss"] for h in hist], "r.-", label="validation" if g == "0" else None)
        x += len(hist)
    ax1.set_xlabel("epoch (all generations)")
    ax1.set_ylabel("elmo loss")
    if x:
        ax1.legend()
    rows = [r for r in pipeline.table() if r["elo"] != ""]
    if rows:
        ax2.errorbar([r["generation"] for r in rows], [r["elo"] for r in rows],
                     yerr=[[r["elo"] - r["elo_low"] for r in rows], [r["elo_high"] - r["elo"] for r in rows]], fmt="o")
    ax2.set_xlabel("generation")
    ax2.set_ylabel("Elo vs previous (95%)")
    fig.tight_layout()
    if path is not None:
        fig.savefig(path)
    return fig
