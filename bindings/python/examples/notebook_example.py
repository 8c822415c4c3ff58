#!/usr/bin/env python3
# The libshogi notebook example as a script. notebook_example.ipynb has the
# same cells (make_notebook.py writes it from this file; "# %%" starts a
# cell, "# %% [markdown]" a text cell). The test stage runs this script with
# --quick so the example never rots.
#
#   LIBSHOGI_LIBRARY=/path/to/libshogi.so python3 notebook_example.py [--quick] [nn.bin]

# %% [markdown]
# # libshogi from Python
# A board, a network, batch evaluation, a search with live info, and
# HalfKP feature arrays for a training batch. Set `LIBSHOGI_LIBRARY` to the
# built `libshogi.so` (or copy it into the package folder) before importing.

# %%
import os
import sys
import time

# An installed libshogi is used as it is; only when none is installed does
# the notebook take the package of this checkout, appended to the path so
# that it never shadows an installed one.
try:
    import libshogi
except ModuleNotFoundError:
    _here = os.path.dirname(os.path.abspath(globals().get("__file__", "notebook_example.ipynb")))
    sys.path.append(os.path.join(_here, ".."))
    import libshogi

print("libshogi", libshogi.version(), "from", libshogi.library_path, "accelerated:", libshogi.accelerated)
QUICK = "--quick" in sys.argv or os.environ.get("LIBSHOGI_EXAMPLE_QUICK") == "1"
NET_PATH = next((a for a in sys.argv[1:] if a.endswith(".bin")), os.environ.get("LIBSHOGI_NNUE"))

# %% [markdown]
# ## A board
# cshogi-style: `push_usi`, `push`, `pop`, `legal_moves`, `is_check`, `sfen()`.
# In Jupyter the board draws itself as SVG.

# %%
board = libshogi.Board()
for usi in "7g7f 3c3d 8h2b+".split():
    board.push_usi(usi)
print(board.sfen())
print(len(board.legal_moves), "legal moves; in check:", board.is_check())
print("perft(3) of the start position:", libshogi.Board().perft(3))
svg = board.to_svg()
print("SVG of", len(svg), "characters")

# %%
board  # in Jupyter the last expression of a cell draws the board (Board._repr_svg_)

# %%
print(repr(board))  # the text diagram (the repr outside a notebook)

# %% [markdown]
# ## cshogi's API
# Pieces and hands as arrays, move builders, CSA text, cshogi's repetition
# query, mate search by plies, KIF/KI2 text of one move, the BOD diagram.

# %%
print("piece on 2b:", board.piece(libshogi.B2), "hands:", board.pieces_in_hand)
reply = board.move(libshogi.A3, libshogi.B2, False)  # 3a2b: the silver takes the horse
print("CSA:", libshogi.move_to_csa(reply), "KIF:", board.move_to_kif(reply), "KI2:", board.move_to_ki2(reply),
      "captures:", libshogi.PIECE_JAPANESE_SYMBOLS[board.move_cap(reply)])
print("is_draw:", board.is_draw(), "mate in 3:", board.mate_move(3))
print(board.to_bod())

# %% [markdown]
# ## A record, move by move
# A game written live with the streaming KIF exporter and read back as a
# Record with its times and comments; in Jupyter the record shows a board
# per ply.

# %%
import io

from libshogi.exporters import KIFExporter

kif = io.StringIO()
with KIFExporter(kif) as ex:
    ex.header(["Sente", "Gote"])
    for i, usi in enumerate("7g7f 3c3d 8h2b+ 3a2b".split()):
        ex.move(usi, sec=i + 1, sec_sum=i + 1, comment="** %d" % (10 * i))
    ex.end("resign")
record = libshogi.Record.parse(kif.getvalue())
print(record, "times", record.times, "scores", record.scores)

# %%
record  # in Jupyter: Record._repr_html_

# %% [markdown]
# ## A network
# Load an `nn.bin` (path or bytes) or use the library's deterministic test net.

# %%
if NET_PATH:
    net = libshogi.Network(NET_PATH)
else:
    net = libshogi.Network.make_test("test", 1)
print(net.arch[:60], "...")
print("evaluate(board) =", net.evaluate(board))

# %% [markdown]
# ## Many positions in one call
# Positions from random games, evaluated by one library call into a numpy array.

# %%
import random

import numpy as np


def random_positions(n, seed=0):
    rnd = random.Random(seed)
    b = libshogi.Board()
    out = []
    while len(out) < n:
        moves = b.legal_moves
        if not moves or b.move_number > 120:
            b.reset()
            continue
        b.push(rnd.choice(moves))
        out.append(b.sfen())
    return out


sfens = random_positions(200 if QUICK else 20000)
t = time.perf_counter()
values = net.evaluate_many(sfens)
dt = time.perf_counter() - t
print("%d positions: %.2f us each; mean %.1f, std %.1f" % (len(values), dt / len(values) * 1e6, values.mean(), values.std()))

# %% [markdown]
# ## A search with live info
# `on_info` receives each info line while the engine searches; `stop()` works
# from another thread.

# %%
if hasattr(libshogi, "Engine"):
    infos = []

    def on_info(info):
        infos.append(info)
        print("  info", info)

    with libshogi.Engine(threads=1, hash_mb=16, network=net) as engine:
        engine.on_info = on_info
        result = engine.search(board, depth=3 if QUICK else 8)
    print("bestmove", result.bestmove_usi, "score", result.score, "after", len(infos), "info lines")
    result_view = result
else:
    print("this library build has no engine section yet")
    result_view = None

# %%
result_view  # in Jupyter: the position, the best move and the PV (SearchResult._repr_html_)

# %% [markdown]
# ## HalfKP features for a training batch
# Two `(n, 38)` int32 index arrays (one per perspective) and the side to move:
# ready for `torch.nn.EmbeddingBag` (fixed bags of 38) or `FeatureBatch.flat`.

# %%
batch = libshogi.halfkp_features_many(sfens[:256])
us, them = batch.us_them()
print("black", batch.black.shape, batch.black.dtype, "white", batch.white.shape)
print("first row, side to move's view:", us[0][:8], "...")
indices, offsets = batch.flat(libshogi.BLACK)
print("EmbeddingBag input:", indices.shape, offsets.shape)
assert (batch.black < libshogi.HALFKP_DIMENSIONS).all()

# %% [markdown]
# ## Training records
# PackedSfenValue records (numpy dtype compatible with cshogi) in, features
# and evaluations out, each in one library call. A real file is
# `np.fromfile("train.bin", dtype=libshogi.PackedSfenValue)`.

# %%
if libshogi._lib.has("shogi_psv_halfkp_features"):
    boards = [libshogi.Board(s) for s in sfens[:256]]
    raw = b"".join(b.to_psv(score=int(v)) for b, v in zip(boards, values))
    psv = np.frombuffer(raw, dtype=libshogi.PackedSfenValue)
    fb = libshogi.psv_halfkp_features(psv)
    assert (fb.black == batch.black).all()
    teacher = net.evaluate_psv(psv)
    print("PSV batch:", psv.shape, "features", fb.black.shape, "evals equal:", bool((teacher == psv["score"]).all()))
    hcpe = libshogi.psv_to_hcpe(psv)
    print("as hcpe:", hcpe.dtype.names)
else:
    print("this library build has no records section yet")

# %% [markdown]
# ## Teacher positions from search
# Search positions, keep the score and best move, and write PackedSfenValue
# records a trainer reads (`np.fromfile(path, dtype=libshogi.PackedSfenValue)`).

# %%
import tempfile

if hasattr(libshogi, "Engine") and libshogi._lib.has("shogi_position_to_psv"):
    records = []
    with libshogi.Engine(network=net) as engine:
        for sfen in sfens[: 8 if QUICK else 200]:
            b = libshogi.Board(sfen)
            if not b.legal_moves:
                continue
            r = engine.search(b, depth=2 if QUICK else 6)
            if r.is_mate or r.bestmove not in b.legal_moves:
                continue
            records.append(b.to_psv(score=max(-32000, min(32000, r.value)), move=r.bestmove))
    path = os.path.join(tempfile.mkdtemp(), "teacher.bin")
    with open(path, "wb") as f:
        f.write(b"".join(records))
    teacher = np.fromfile(path, dtype=libshogi.PackedSfenValue)
    print(len(teacher), "teacher records; first score", teacher["score"][0], "move", libshogi.move_to_usi(int(teacher["move"][0])))
    os.remove(path)
print("done")
