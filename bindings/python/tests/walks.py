"""Position walks shared by the tests and the benchmarks (bench.py,
benchmarks/bench_accel.py): positions of seeded random games, and perft
driven from Python with push/pop and the legal move list.

A plain module (no test_ prefix): pytest collects nothing here; the
benchmarks import it from this folder.
"""

import random


def random_game_sfens(n, seed=1, max_move_number=150):
    """n SFENs, one per ply of seeded random games (a game restarts when it
    ends or passes max_move_number). The same arguments give the same
    positions on both paths (accelerator and ctypes)."""
    from libshogi import Board

    rnd = random.Random(seed)
    b, out = Board(), []
    while len(out) < n:
        moves = b.legal_moves
        if not moves or b.move_number > max_move_number:
            b.reset()
            continue
        b.push(rnd.choice(moves))
        out.append(b.sfen())
    return out


def py_perft(b, depth):
    """Leaf count of b's legal move tree of depth >= 1, walked with
    push/pop and len(legal_moves) at the last ply."""
    if depth == 1:
        return len(b.legal_moves)
    n = 0
    for m in b.legal_moves:
        b.push(m)
        n += py_perft(b, depth - 1)
        b.pop()
    return n
