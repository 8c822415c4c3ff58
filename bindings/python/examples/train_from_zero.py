# Source of train_from_zero.ipynb: cells are separated by "# %%" lines.
# Regenerate the notebook with: python3 make_train_notebook.py

# %% [markdown]
# # Training an NNUE from zero with libshogi
#
# Each generation: **generate** teacher positions with `gensfen` (the previous
# generation's net; the built-in evaluation at generation 0), the teacher depth
# raised by stages; **train** a HalfKP net (warm start from the previous
# generation) with the elmo loss; **export** it to `nn.bin` and check the
# library's integer evaluation against the float model; **match** it against
# the previous generation with paired openings. The run keeps `state.json`:
# run the cells again to resume where it stopped.
#
# Needs PyTorch (`pip install ./bindings/python[train]`) and matplotlib for the
# plot; `tqdm` gives the progress bars.

# %%
import os

import libshogi
from libshogi.train import Pipeline, PipelineConfig

WORKDIR = os.environ.get("TRAIN_WORKDIR", "train_from_zero_run")
TINY = os.environ.get("TRAIN_TINY", "1") == "1"  # one small generation in a few minutes

if TINY:
    config = PipelineConfig(generations=1, depths=(1,), teacher_nodes=20_000, positions=2000, l1=32, l2=8, l3=8,
                            epochs=2, batch_size=256, shuffle=10_000, check_positions=500, match_pairs=2,
                            match_limit="depth=1,nodes=20000", match_concurrency=1)
else:
    # the real run: halfkp_256x2-32-32, depths 1, 2, 3, 4, 6
    config = PipelineConfig(generations=5, depths=(1, 2, 3, 4, 6), positions=200_000, epochs=4,
                            match_pairs=50, match_limit="depth=3")
print(libshogi.version(), config)

# %% [markdown]
# ## Run (or resume) the generations
# Progress bars: gensfen positions, training positions per epoch (with the
# loss), match games (with W/D/L and Elo).

# %%
pipeline = Pipeline(WORKDIR, config, progress=True)
for g in range(pipeline.config.generations):
    pipeline.step(g)

# %% [markdown]
# ## The table of generations
# Data size, losses, the integer-vs-float agreement (evaluation units after
# FV_SCALE) and the match against the previous generation (Elo, 95% interval).

# %%
with open(os.path.join(pipeline.workdir, "generations.tsv")) as f:
    print(f.read())

# %% [markdown]
# ## Loss and Elo

# %%
import matplotlib.pyplot as plt

from libshogi.train import plot_history

plot_history(pipeline)
plt.show()

# %% [markdown]
# ## Use the last net

# %%
last = pipeline.config.generations - 1
net = libshogi.Network(pipeline.net_path(last))
board = libshogi.Board()
print(net.arch[:60], "...", "startpos eval:", net.evaluate(board))
