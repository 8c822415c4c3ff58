"""The eval backend from Python: the stack follows random walks like full
evaluations, move_features gives what full refreshes imply, batch boards,
and errors."""

import random

import pytest

import libshogi
from libshogi import evalbackend as eb

ARCHS = ["halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32", "halfkpvm_256x2-32-32",
         "halfkahm2_256x2-32-32"]


@pytest.fixture(scope="module", params=ARCHS)
def net(request):
    return libshogi.make_test_network(request.param, "test", 7)


def _stack_at(net, board):
    s = eb.EvalStack(net)
    sq, hands = eb.board_codes(board)
    s.set_root(sq, hands, board.turn)
    return s


def test_stack_follows_random_walk(net):
    rng = random.Random(5)
    board = libshogi.Board()
    stack = _stack_at(net, board)
    checked = 0
    for _ in range(300):
        moves = list(board.legal_moves)
        r = rng.randrange(10)
        if r < 6 and moves:
            m = rng.choice(moves)
            v = stack.push_evaluate(m)
            board.push(m)
            assert v == net.evaluate(board)
        elif r == 6 and moves:
            values = stack.evaluate_moves(moves)
            for m, v in zip(moves, values):
                board.push(m)
                assert v == net.evaluate(board)
                board.pop()
            assert stack.evaluate_move(moves[0]) == values[0]
        elif stack.ply > 0:
            stack.pop()
            board.pop()
            assert stack.evaluate() == net.evaluate(board)
        checked += 1
    assert checked == 300


def test_move_features_match_board_features(net):
    """The features after a move are the features before it with the
    delta applied (or a refresh flagged for a perspective)."""
    rng = random.Random(9)
    board = libshogi.Board()
    for _ in range(60):
        moves = list(board.legal_moves)
        if not moves:
            break
        m = rng.choice(moves)
        sq, hands = eb.board_codes(board)
        side = board.turn
        before = eb.board_features(net, sq, hands, side)
        to = m & 0x7F
        if m & 0x4000:
            t = (m >> 7) & 0x7F
            args = dict(piece=t + 16 * side, from_square=eb.SQUARE_NONE, hand_count=hands[side * 7 + t - 1])
        else:
            frm = (m >> 7) & 0x7F
            cap = sq[to]
            raw = (cap & 15) - 8 if (cap & 15) > 8 else cap & 15
            args = dict(piece=sq[frm], from_square=frm, promote=bool(m & 0x8000), captured=cap,
                        hand_count=hands[side * 7 + raw - 1] if cap else 0)
        delta = eb.move_features(net, to=to, black_king=sq.index(8), white_king=sq.index(24), **args)
        board.push(m)
        sq2, hands2 = eb.board_codes(board)
        after = eb.board_features(net, sq2, hands2, board.turn)
        for p in range(2):
            refresh, removed, added = delta[p]
            if refresh:
                continue
            got = list(before[p])
            for f in removed:
                got.remove(f)
            assert sorted(got + added) == sorted(after[p])


def test_evaluate_boards_and_errors():
    net = libshogi.make_test_network("halfkp_256x2-32-32", "test", 1)
    np = pytest.importorskip("numpy")
    board = libshogi.Board()
    rows, hands, sides, want = [], [], [], []
    rng = random.Random(3)
    for _ in range(20):
        board.push(rng.choice(list(board.legal_moves)))
        sq, h = eb.board_codes(board)
        rows.append(sq)
        hands.append(h)
        sides.append(board.turn)
        want.append(net.evaluate(board))
    got = eb.evaluate_boards(net, np.array(rows), np.array(hands), np.array(sides))
    assert got.tolist() == want
    rows[7][3] = 99
    with pytest.raises(libshogi.ParseError, match="position 7"):
        eb.evaluate_boards(net, np.array(rows), np.array(hands), np.array(sides))

    stack = eb.EvalStack(net)
    with pytest.raises(libshogi.StateError):
        stack.evaluate()
    with pytest.raises(ValueError):
        stack.set_root([0] * 80)
    sq, h = eb.board_codes(libshogi.Board())
    stack.set_root(sq, h, 0)
    with pytest.raises(libshogi.IllegalMoveError):
        stack.push(40 << 7 | 39)  # from an empty square
    with pytest.raises(libshogi.StateError):
        stack.pop()
    with pytest.raises(libshogi.InvalidArgumentError):
        eb.move_features(net, piece=31, from_square=60, to=59, black_king=44, white_king=36)
    stack.close()
    with pytest.raises(ValueError):
        stack.push(0x1234)
