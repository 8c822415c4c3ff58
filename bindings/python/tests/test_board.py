"""Rules through Python: perft rows, legality cases, repetition, declaration."""

import copy
import os

import pytest

import libshogi
from libshogi import Board
from conftest import read_tsv

START = libshogi.STARTING_SFEN
PERFT_MAX_NODES = int(os.environ.get("LIBSHOGI_PERFT_MAX_NODES", "10000000"))


def _perft_rows():
    rows = [(r[0], int(r[1]), int(r[2])) for r in read_tsv("perft.tsv")]
    return [r for r in rows if r[2] <= PERFT_MAX_NODES]


@pytest.mark.parametrize("sfen,depth,nodes", _perft_rows())
def test_perft_tsv(sfen, depth, nodes):
    assert Board(sfen).perft(depth) == nodes


def test_perft_rows_present():
    assert len(_perft_rows()) >= 30


# rules.md section 10: (sfen, number of legal moves, legal, illegal)
LEGALITY = [
    ("kn7/9/1G7/9/9/9/9/9/4K4 b P 1", 80, [], ["P*9b"]),  # U1 pawn-drop mate
    ("k8/9/9/9/9/9/9/9/4K4 b P 1", 76, ["P*9b"], []),
    ("kg7/9/1G7/9/9/9/9/9/4K4 b P 1", 81, ["P*9b"], []),
    ("4R2gk/9/7S1/9/9/9/9/9/4K4 b P 1", 112, [], ["P*1b"]),
    ("k8/9/9/9/9/9/9/9/LR2K4 b P 1", 96, [], ["P*9b"]),
    ("k8/9/P8/9/9/9/9/9/LR2K4 b - 1", 25, ["9c9b"], []),
    ("k8/9/9/9/9/9/9/9/L3K4 b P 1", 85, ["P*9b"], []),
    ("4k4/9/9/9/9/9/7g1/9/7NK w p 1", 80, [], ["P*1h"]),
    ("kn7/9/1G7/9/9/9/9/9/4K4 b L 1", 81, ["L*9b"], []),
    ("5KG1k/9/7S1/8b/9/9/9/9/9 b P 1", 79, [], ["P*1b"]),
    ("k8/9/9/9/9/9/9/9/P3K4 b P 1", 69, ["P*8e"], ["P*9e"]),  # N1 nifu
    ("k8/9/9/9/9/9/9/9/+P3K4 b P 1", 78, ["P*9e"], []),
    ("k8/p8/9/9/9/9/9/9/4K4 b P 1", 75, ["P*9e"], []),
    ("4k4/9/9/9/9/9/9/9/p3K4 w p 1", 68, ["P*8e"], ["P*9e"]),
    ("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", 209, ["P*1b", "L*1b", "N*1c"], ["P*1a", "L*1a", "N*1b", "N*1a"]),
    ("4k4/9/9/9/9/9/9/9/4K4 w pln 1", 209, ["P*1h", "L*1h", "N*1g"], ["P*1i", "L*1i", "N*1h"]),
    ("k8/4P4/9/4N4/6L2/9/9/9/4K4 b - 1", 14, ["5b5a+", "5d4b+", "3e3c", "3e3c+", "3e3b", "3e3a+"], ["5b5a", "5d4b", "3e3a"]),
    ("4k4/9/9/9/9/4l4/4n4/4p4/K8 w - 1", 8, ["5h5i+", "5g4i+", "5g6i+"], ["5h5i", "5g4i"]),
    ("4k4/9/9/1S4P1L/6N2/9/9/1B5R1/4K4 b - 1", 54, ["3d3c", "1d1b", "3e2c", "8h2b", "2h2a"], ["1d1a"]),
    ("4k4/2S6/9/1S7/7S1/9/9/9/4K4 b - 1", 28, ["7b8c+", "7b8c", "7b8a+", "8d8c+", "8d8c", "2e2d"], ["2e2d+"]),
    ("4k4/9/9/9/9/9/9/4r4/4K4 b - 1", 3, ["5i5h", "5i6i"], ["5i4h"]),
]


@pytest.mark.parametrize("sfen,count,legal,illegal", LEGALITY)
def test_legality_cases(sfen, count, legal, illegal):
    # some composed rows leave the side not to move in check or have dead pieces
    flags = libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK | libshogi.SFEN_ALLOW_DEAD_PIECES
    b = Board(sfen, flags=flags)
    before = b.sfen()
    moves = b.legal_moves
    assert len(moves) == count
    usis = set(b.legal_moves_usi())
    assert len(usis) == count
    for u in legal:
        assert u in usis
        m = b.move_from_usi(u)
        assert b.is_legal(m)
        assert m in moves
    for u in illegal:
        assert u not in usis
        with pytest.raises(libshogi.IllegalMoveError):
            b.move_from_usi(u)
        with pytest.raises(libshogi.IllegalMoveError):
            b.push_usi(u)
    assert b.sfen() == before  # unchanged by the failures


def test_uchifuzume_is_not_generated_but_mate1_finds_other_mates():
    b = Board("kn7/9/1G7/9/9/9/9/9/4K4 b L 1")
    m = b.mate_move_in_1ply()
    assert m != 0
    assert libshogi.move_to_usi(m) == "L*9b"
    b.push(m)
    assert b.game_result() == libshogi.GAME_CHECKMATED
    assert b.is_game_over()
    assert b.legal_moves == []
    # U1: the only drop mate is a pawn drop, which is illegal: no mate in 1
    assert Board("kn7/9/1G7/9/9/9/9/9/4K4 b P 1").mate1() == libshogi.MOVE_NONE


def test_max_moves_position():
    b = Board("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")
    assert len(b.legal_moves) == 593
    assert len(b.legal_moves_array()) == 593


def test_perpetual_check_loses():
    b = Board("8k/9/7R1/9/9/9/9/9/4K4 b - 1")
    cycle = "2c1c 1a2a 1c2c 2a1a".split()
    results = []
    for i in range(3):
        for u in cycle:
            b.push_usi(u)
            results.append(b.repetition())
    assert results[-1] == libshogi.REPETITION_LOSE  # Black (to move) checked every move
    assert results[:11] == [libshogi.REPETITION_NONE] * 11
    assert b.game_result() == libshogi.GAME_REPETITION_LOSE
    b.pop()
    assert b.repetition() == libshogi.REPETITION_NONE


def test_ordinary_fourfold_is_draw():
    b = Board("ln3g2l/1r2g1sk1/1pp1ppn2/p2ps1ppp/1PP6/2GP4P/P1N1PPPP1/1R2S1SK1/L4G1NL w Bb 44")
    b.push_usi_moves("9d9e 8h6h 8b6b 6h8h 6b8b 8h6h 8b6b 6h8h 6b8b 8h6h 8b6b 6h8h")
    assert b.repetition() == libshogi.REPETITION_NONE
    b.push_usi("6b8b")
    assert b.repetition() == libshogi.REPETITION_DRAW
    assert b.game_result() == libshogi.GAME_REPETITION_DRAW


DECLARATIONS = [
    ("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2R2B4g4s4n4l8p 1", True, False),
    ("K8/+P+P+P+P+P+P+P+P+P/9/+P8/9/9/9/9/8k b 2R2B4g4s4n4l8p 1", False, False),
    ("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2RB2Gb2g4s4n4l8p 1", False, False),
    ("K8/9/9/9/9/9/8+p/+p+p+p+p+p+p+p+p+p/8k w B2G4S4N4L8P2rb2g 1", True, False),
    ("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2R2BG3g4s4n4l8p 1", True, True),
    ("K7r/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b R2B3Gg4s4n4l8p 1", False, False),
]


@pytest.mark.parametrize("sfen,win27,win24", DECLARATIONS)
def test_declaration(sfen, win27, win24):
    b = Board(sfen, flags=libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK)
    result, move = b.declaration(libshogi.RULE_27)
    assert (result == libshogi.DECLARATION_WIN) == win27
    assert (move == libshogi.MOVE_WIN) == win27
    assert b.is_nyugyoku() == win27
    assert (b.declaration(libshogi.RULE_24)[0] == libshogi.DECLARATION_WIN) == win24
    if win27:
        assert libshogi.move_to_usi(move) == "win"


def test_declaration_24_draw_band_and_try_rule():
    # 30 points: a draw under the 24-point rule
    b = Board("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2R2B4g4s4n4l8p 1")
    assert b.declaration(libshogi.RULE_24)[0] == libshogi.DECLARATION_DRAW
    t = Board("9/4K4/9/9/9/9/9/9/k8 b - 1")
    result, move = t.declaration(libshogi.RULE_TRY)
    assert result == libshogi.DECLARATION_WIN
    assert libshogi.move_to_usi(move) == "5b5a"
    assert Board("9/4K4/9/9/9/9/9/9/k3r4 b - 1").declaration(libshogi.RULE_TRY)[0] == libshogi.DECLARATION_LOSE
    with pytest.raises(libshogi.InvalidArgumentError):
        b.declaration(99)


def test_start_position_basics():
    b = Board()
    assert b.sfen() == START
    assert str(b) == START
    assert b.turn == libshogi.BLACK
    assert b.move_number == 1
    assert not b.is_check()
    assert len(b.legal_moves) == 30
    assert Board("startpos").sfen() == START
    assert Board("sfen " + START).sfen() == START
    assert Board(START.rsplit(" ", 1)[0]).sfen() == START
    assert Board(START.encode()).sfen() == START


def test_push_pop_history_and_key():
    b = Board()
    k0 = b.zobrist_hash()
    m = b.push_usi("7g7f")
    assert libshogi.move_to_usi(m) == "7g7f"
    assert b.turn == libshogi.WHITE
    assert b.move_number == 2
    assert b.zobrist_hash() != k0
    assert b.peek() == m
    m2 = b.move_from_usi("3c3d")
    b.push(m2)
    assert b.history == [m, m2]
    assert b.pop() == m2
    assert b.pop() == m
    assert b.zobrist_hash() == k0 == b.key
    assert b.sfen() == START
    with pytest.raises(libshogi.StateError):
        b.pop()


def test_push_bare_move16_and_hcpe():
    b = Board()
    m = b.move_from_usi("2g2f")
    m16 = libshogi.move16(m)
    assert libshogi.move_piece(m) != 0
    assert b.is_legal(m16)
    assert b.move_from_move16(m16) == m
    h = libshogi.move16_to_hcpe(m16)
    assert libshogi.hcpe_to_move16(h) == m16
    assert b.move_from_hcpe(h) == m
    b.push(m16)
    assert b.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2"


def test_move_bits():
    b = Board("4k4/9/9/9/9/9/9/9/4K4 b P 1")
    d = b.move_from_usi("P*5e")
    assert libshogi.move_is_drop(d)
    assert not libshogi.move_is_promotion(d)
    assert libshogi.move_drop_hand_piece(d) == libshogi.PAWN
    assert libshogi.square_name(libshogi.move_to(d)) == "5e"
    b2 = Board("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    p = b2.move_from_usi("8h2b+")
    assert libshogi.move_is_promotion(p)
    assert libshogi.square_name(libshogi.move_from(p)) == "8h"
    assert libshogi.square_name(libshogi.move_to(p)) == "2b"
    for special, text in ((0, "none"), (libshogi.MOVE_NULL, "0000"), (libshogi.MOVE_RESIGN, "resign"), (libshogi.MOVE_WIN, "win")):
        assert libshogi.move_to_usi(special) == text


def test_legal_moves_array_matches_list():
    np = pytest.importorskip("numpy")
    b = Board("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
    a = b.legal_moves_array()
    assert a.dtype == np.uint32
    assert a.tolist() == b.legal_moves


def test_copy_is_independent():
    b = Board()
    b.push_usi("7g7f")
    c = b.copy()
    assert c.sfen() == b.sfen()
    assert c.history == b.history
    c.push_usi("3c3d")
    assert c.sfen() != b.sfen()
    c.pop()
    c.pop()  # the copy keeps the library-side history too
    assert c.sfen() == START
    assert copy.copy(b).sfen() == b.sfen()
    assert copy.deepcopy(b).sfen() == b.sfen()


def test_set_sfen_and_position_and_reset():
    b = Board()
    b.push_usi("7g7f")
    b.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1")
    assert b.history == []
    with pytest.raises(libshogi.StateError):
        b.pop()
    b.set_position("startpos moves 7g7f 3c3d")
    assert b.move_number == 3
    assert len(b.history) == 2
    b.set_position("position sfen " + START + " moves 2g2f")
    assert b.move_number == 2
    b.reset()
    assert b.sfen() == START


def test_in_check_and_game_results():
    b = Board("4k4/9/9/9/9/9/9/4r4/4K4 b - 1")
    assert b.is_check()
    assert b.game_result() == libshogi.GAME_ONGOING
    b = Board()
    b.push_usi_moves("7g7f 3c3d")
    assert b.game_result(max_moves=2) == libshogi.GAME_MAX_MOVES_DRAW
    assert b.game_result(max_moves=3) == libshogi.GAME_ONGOING


@pytest.mark.parametrize("name,sfen", [
    ("even", START),
    ("bishop", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("2-piece", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
])
def test_handicaps(name, sfen):
    assert Board.from_handicap(name).sfen() == sfen


def test_threads_read_one_board():
    import threading

    b = Board()
    out = []

    def work():
        for _ in range(200):  # per-thread scratch buffers in the binding
            assert b.sfen() == START
            assert b.zobrist_hash() == b.key
        out.append(b.perft(3))

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert out == [25470] * 4


def test_threads_legal_moves_one_board_each():
    import threading

    boards = [Board("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1") for _ in range(4)]
    bad = []

    def work(b):
        for _ in range(500):
            if len(b.legal_moves) != 593:
                bad.append(b)
                return

    ts = [threading.Thread(target=work, args=(b,)) for b in boards]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert bad == []


def test_threads_legal_moves_shared_board():
    # Readers share one handle (the header allows it); the pawn-drop-mate
    # test once placed a pawn on the shared board and lost moves here.
    import threading

    b = Board("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")
    bad = []

    def work():
        for _ in range(2000):
            n = len(b.legal_moves)
            if n != 593:
                bad.append(n)
                return

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert bad == []


def test_module_perft_helper():
    assert libshogi.perft("startpos", 2) == 900


def test_pickle_keeps_history():
    import pickle

    b = Board("8k/9/7R1/9/9/9/9/9/4K4 b - 1")
    b.push_usi_moves(" ".join(["2c1c 1a2a 1c2c 2a1a"] * 3))
    c = pickle.loads(pickle.dumps(b))
    assert c.sfen() == b.sfen()
    assert [libshogi.move_to_usi(m) for m in c.history] == [libshogi.move_to_usi(m) for m in b.history]
    assert c.repetition() == b.repetition() == libshogi.REPETITION_LOSE
    c.pop()
    assert libshogi.move_to_usi(b.pop()) == "2a1a"
    assert c.sfen() == b.sfen()
