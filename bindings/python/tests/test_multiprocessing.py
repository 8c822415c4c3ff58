"""The documented way to use worker processes: the spawn start method."""

import multiprocessing

import libshogi


def _worker(board):
    return board.sfen(), board.perft(2), len(board.history)


def test_spawn_pool_with_pickled_boards():
    b = libshogi.Board()
    b.push_usi_moves("7g7f 3c3d")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map(_worker, [b, libshogi.Board()])
    assert results[0] == (b.sfen(), b.perft(2), 2)
    assert results[1] == (libshogi.STARTING_SFEN, 900, 0)
