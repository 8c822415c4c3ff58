"""The cshogi-name API against facts written from the rules and cshogi's
documented conventions (values and orders as cshogi defines them; no
cshogi at test time)."""

import numpy as np
import pytest

import libshogi
from libshogi import Board

START = libshogi.STARTING_SFEN


def usi(b, text):
    return b.move_from_usi(text)


# -- constants and symbol tables -------------------------------------------------


def test_square_and_piece_constants():
    assert (libshogi.A1, libshogi.I1, libshogi.A9, libshogi.I9) == (0, 8, 72, 80)
    assert libshogi.SQUARE_NAMES[libshogi.G7] == "7g" and libshogi.SQUARE_NAMES[libshogi.E5] == "5e"
    assert len(libshogi.SQUARES) == 81 and libshogi.SQUARE_NAMES[80] == "9i"
    assert (libshogi.BPAWN, libshogi.BKING, libshogi.BPROM_ROOK) == (1, 8, 14)
    assert (libshogi.WPAWN, libshogi.WKING, libshogi.WPROM_ROOK) == (17, 24, 30)
    assert (libshogi.PROM_PAWN, libshogi.PROM_BISHOP, libshogi.PROM_ROOK) == (9, 13, 14)
    assert (libshogi.HPAWN, libshogi.HGOLD, libshogi.HBISHOP, libshogi.HROOK) == (0, 4, 5, 6)
    assert libshogi.MAX_PIECES_IN_HAND == [18, 4, 4, 4, 4, 2, 2]
    assert libshogi.PIECE_SYMBOLS[libshogi.PROM_ROOK] == "+r" and libshogi.PIECE_SYMBOLS[libshogi.GOLD] == "g"
    assert libshogi.PIECE_JAPANESE_SYMBOLS[libshogi.PROM_BISHOP] == "馬"
    assert libshogi.HAND_PIECE_SYMBOLS == ["p", "l", "n", "s", "g", "b", "r"]
    assert libshogi.HAND_PIECE_JAPANESE_SYMBOLS[libshogi.HGOLD] == "金"
    assert libshogi.NUMBER_JAPANESE_KANJI_SYMBOLS[18] == "十八"
    assert libshogi.NUMBER_JAPANESE_NUMBER_SYMBOLS[7] == "７"
    assert libshogi.piece_to_piece_type(libshogi.WPROM_SILVER) == libshogi.PROM_SILVER
    assert libshogi.hand_piece_to_piece_type(libshogi.HGOLD) == libshogi.GOLD
    assert libshogi.hand_piece_to_piece_type(libshogi.HBISHOP) == libshogi.BISHOP
    assert (libshogi.make_file(libshogi.G7), libshogi.make_rank(libshogi.G7)) == (6, 6)
    assert libshogi.opponent(libshogi.BLACK) == libshogi.WHITE
    assert (libshogi.NOT_REPETITION, libshogi.REPETITION_SUPERIOR, libshogi.REPETITION_INFERIOR) == (0, 4, 5)
    assert (libshogi.DRAW, libshogi.BLACK_WIN, libshogi.WHITE_WIN) == (0, 1, 2)


def test_dtypes_by_cshogi_names():
    assert libshogi.PackedSfen.itemsize == 32 and libshogi.PackedSfen.names == ("sfen",)
    assert libshogi.dtypeHcp == np.dtype((np.uint8, 32))
    assert libshogi.dtypeEval == np.int16 and libshogi.dtypeMove16 == np.int16
    assert libshogi.dtypeGameResult == np.int8 and libshogi.dtypeKey == np.uint64
    names = dir(libshogi)
    for n in ("PackedSfen", "PackedSfenValue", "HuffmanCodedPos", "HuffmanCodedPosAndEval", "dtypeHcp",
              "dtypeEval", "dtypeMove16", "dtypeGameResult", "dtypeKey"):
        assert n in names


# -- pieces and hands ------------------------------------------------------------


def test_pieces_of_the_start_position():
    b = Board()
    p = b.pieces
    assert len(p) == 81 and sum(1 for x in p if x) == 40
    assert p[libshogi.A1] == libshogi.WLANCE and p[libshogi.I1] == libshogi.BLANCE
    assert p[libshogi.I5] == libshogi.BKING and p[libshogi.A5] == libshogi.WKING
    assert p[libshogi.H8] == libshogi.BBISHOP and p[libshogi.H2] == libshogi.BROOK
    assert p[libshogi.B8] == libshogi.WROOK and p[libshogi.B2] == libshogi.WBISHOP
    assert b.piece(libshogi.G7) == libshogi.BPAWN and b.piece_type(libshogi.C3) == libshogi.PAWN
    assert b.piece(libshogi.E5) == libshogi.NONE
    assert b.pieces_in_hand == ([0] * 7, [0] * 7)
    assert (b.king_square(libshogi.BLACK), b.king_square(libshogi.WHITE)) == (libshogi.I5, libshogi.A5)
    assert Board("4k4/9/9/9/9/9/9/9/9 b 2P 1").king_square(libshogi.BLACK) == libshogi.NO_SQUARE == 81
    with pytest.raises(ValueError):
        b.piece(81)


def test_pieces_in_hand_order():
    b = Board("4k4/9/9/9/9/9/9/9/4K4 b 2GB3Pr2s 1")
    black, white = b.pieces_in_hand
    assert black == [3, 0, 0, 0, 2, 1, 0]  # P L N S G B R: 3 pawns, 2 golds, a bishop
    assert white == [0, 0, 0, 2, 0, 0, 1]


def test_set_pieces_as_in_cshogi_docs():
    # cshogi's example: 1g pawn to 1f, 1c pawn removed, Black gets a pawn
    b = Board()
    b.push_usi("2g2f")
    b.push_usi("8c8d")
    pieces = b.pieces
    hands = b.pieces_in_hand
    pieces[libshogi.G1] = libshogi.NONE
    pieces[libshogi.F1] = libshogi.BPAWN
    pieces[libshogi.C1] = libshogi.NONE
    hands[libshogi.BLACK][libshogi.HPAWN] = 1
    b.set_pieces(pieces, hands)
    assert b.sfen() == "lnsgkgsnl/1r5b1/p1pppppp1/1p7/9/7PP/PPPPPPP2/1B5R1/LNSGKGSNL b P 3"
    assert b.history == [] and b.turn == libshogi.BLACK and b.move_number == 3
    before = b.sfen()
    bad = list(pieces)
    bad[libshogi.E5] = libshogi.BKING
    with pytest.raises(libshogi.ParseError):
        b.set_pieces(bad, hands)
    nifu = list(pieces)
    nifu[libshogi.E1] = libshogi.BPAWN
    with pytest.raises(libshogi.ParseError):
        b.set_pieces(nifu, hands)
    with pytest.raises(ValueError):
        b.set_pieces(pieces[:80], hands)
    with pytest.raises(ValueError):
        b.set_pieces(pieces, ([19, 0, 0, 0, 0, 0, 0], [0] * 7))
    assert b.sfen() == before


# -- moves ---------------------------------------------------------------------------


def test_move_builders_and_move_cap():
    b = Board()
    assert b.move(libshogi.G7, libshogi.F7, False) == usi(b, "7g7f")
    b.push_usi("7g7f")
    b.push_usi("3c3d")
    m = b.move(libshogi.H8, libshogi.B2, True)
    assert m == usi(b, "8h2b+") and libshogi.move_is_promotion(m)
    assert b.move_cap(m) == libshogi.BISHOP and libshogi.move_cap(m, b) == libshogi.BISHOP
    assert b.move_cap(usi(b, "2g2f")) == 0
    assert libshogi.move_from_piece_type(m) == libshogi.BISHOP
    illegal = b.move(libshogi.I9, libshogi.A9, False)
    assert illegal == (libshogi.A9 | libshogi.I9 << 7)  # the bare move16
    with pytest.raises(libshogi.IllegalMoveError):
        b.push(illegal)
    b.push(m)
    b.push_usi("3a2b")
    d = b.drop_move(libshogi.E5, libshogi.BISHOP)
    assert d == usi(b, "B*5e") and libshogi.move_is_drop(d) and b.move_cap(d) == 0
    assert libshogi.move_to_usi(b.drop_move(libshogi.E5, libshogi.GOLD)) == "G*5e"  # not held: bare move16


def test_cshogi_move16_conventions():
    b = Board()
    m = usi(b, "7g7f")
    # libshogi's move16 is YaneuraOu's (PSV); cshogi's is Apery's (hcpe)
    assert libshogi.move16(m) == (libshogi.F7 | libshogi.G7 << 7)
    assert libshogi.cshogi_move16(m) == libshogi.move16_to_hcpe(libshogi.move16(m))
    assert libshogi.move16_to_psv(libshogi.cshogi_move16(m)) == libshogi.move16(m)
    assert libshogi.move16_from_psv(libshogi.move16(m)) == libshogi.cshogi_move16(m)
    # a drop: Apery's from-square is 81 + piece type - 1
    b = Board("4k4/9/9/9/9/9/9/9/4K4 b B 1")
    d = usi(b, "B*5e")
    assert libshogi.cshogi_move16(d) == libshogi.E5 | (81 + libshogi.BISHOP - 1) << 7
    assert b.push_move16(libshogi.cshogi_move16(d)) == d
    b.pop()
    assert b.push_psv(libshogi.move16(d)) == d


def test_null_move():
    b = Board()
    b.push_pass()
    assert b.turn == libshogi.WHITE and b.sfen() == START.replace(" b - 1", " w - 2")
    assert b.peek() == libshogi.MOVE_NULL
    b.push_usi("3c3d")
    with pytest.raises(libshogi.StateError):
        b.pop_pass()
    b.pop()
    b.pop_pass()
    assert b.sfen() == START and b.history == []
    b.push_pass()
    assert b.pop() == libshogi.MOVE_NULL and b.sfen() == START
    with pytest.raises(libshogi.StateError):
        b.pop_pass()
    checked = Board("4k4/4P4/9/9/9/9/9/9/4K4 w G 1")
    with pytest.raises(libshogi.StateError):
        checked.push_pass()


def test_pseudo_legal_moves():
    b = Board()
    assert sorted(b.pseudo_legal_moves) == sorted(b.legal_moves)
    # black silver 5h pinned by the white rook on 5a: 4g 6g 4i 6i leave the line
    p = Board("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1")
    legal = set(p.legal_moves)
    pseudo = set(p.pseudo_legal_moves)
    assert legal < pseudo
    assert {libshogi.move_to_usi(m) for m in pseudo - legal} == {"5h4g", "5h6g", "5h4i", "5h6i"}
    k = Board("4r3k/9/9/9/9/9/9/9/3K5 b - 1")
    into_check = k.move(libshogi.I6, libshogi.H5, False)  # 6i5h: onto the rook's file
    assert not k.is_legal(into_check) and k.is_pseudo_legal(into_check)
    assert not p.is_pseudo_legal(0x1234)


def test_csa_text():
    b = Board()
    m = usi(b, "7g7f")
    assert libshogi.move_to_csa(m) == "7776FU"
    assert b.push_csa("+7776FU") == m
    assert b.push_csa("-3334FU") == usi(Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"), "3c3d")
    promo = b.move_from_csa("8822UM")
    assert promo == usi(b, "8h2b+") and libshogi.move_to_csa(promo) == "8822UM"
    b.push(promo)
    assert libshogi.move_to_csa(usi(b, "3a2b")) == "3122GI"
    b.push_csa("3122GI")
    assert b.move_from_csa("0055KA") == usi(b, "B*5e") and libshogi.move_to_csa(usi(b, "B*5e")) == "0055KA"
    with pytest.raises(libshogi.IllegalMoveError):
        b.move_from_csa("7978KI")  # 7i holds a silver
    with pytest.raises(libshogi.ParseError):
        b.move_from_csa("77FU")
    with pytest.raises(ValueError):
        libshogi.move_to_csa(libshogi.move16(m))  # a bare move16 names no piece
    assert Board().csa_pos() == (
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
        "P2 * -HI *  *  *  *  * -KA * \n"
        "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
        "P4 *  *  *  *  *  *  *  *  * \n"
        "P5 *  *  *  *  *  *  *  *  * \n"
        "P6 *  *  *  *  *  *  *  *  * \n"
        "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
        "P8 * +KA *  *  *  *  * +HI * \n"
        "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
        "+\n")
    assert "P+00KA\n-\n" in Board("4k4/9/9/9/9/9/9/9/4K4 w B 1").csa_pos()


def test_rotate():
    assert libshogi.rotate_sfen(START) == START.replace(" b ", " w ")  # the side to move flips
    assert libshogi.rotate_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2Pr10p 7") == "4k4/9/9/9/9/9/9/9/4K4 w R10P2p 7"
    after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    assert libshogi.rotate_sfen(after) == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2"
    assert libshogi.rotate_sfen("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4") == \
        "lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1+b5R1/LNSGKGSNL b b 4"
    m = usi(Board(), "7g7f")
    r = libshogi.move_rotate(m)
    assert libshogi.move_to_usi(r) == "3c3d" and libshogi.move_piece(r) == libshogi.WPAWN
    assert libshogi.move_rotate(r) == m
    d = usi(Board("4k4/9/9/9/9/9/9/9/4K4 b B 1"), "B*2c")
    assert libshogi.move_to_usi(libshogi.move_rotate(d)) == "B*8g"


# -- repetition, cshogi style --------------------------------------------------------


def play(b, moves):
    for m in moves.split():
        b.push_usi(m)


def test_is_draw_first_recurrence():
    b = Board()
    play(b, "5i5h 5a5b 5h5i 5b5a")
    assert b.is_draw() == libshogi.REPETITION_DRAW  # once is enough here
    assert b.repetition() == libshogi.REPETITION_NONE  # the rule needs four
    assert b.is_draw(ply=3) == libshogi.NOT_REPETITION
    assert b.is_draw(ply=4) == libshogi.REPETITION_DRAW
    b.pop()
    assert b.is_draw() == libshogi.NOT_REPETITION


def test_is_draw_continuous_check():
    b = Board("8k/9/R8/9/9/9/9/9/K8 b - 1")
    play(b, "9c9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b")
    # White to move, in check for the fourth time in a row from the same rook
    assert b.is_draw() == libshogi.REPETITION_WIN
    b.push_usi("1b1a")
    assert b.is_draw() == libshogi.REPETITION_LOSE  # Black to move has been checking


def test_is_draw_superior_and_inferior():
    # Black takes the pawn, White drops it back and walks it home: same
    # board, Black (to move) holds a pawn more
    b = Board("8k/9/4p4/9/4R4/9/9/9/K8 b p 1")
    play(b, "5e5c 1a1b 5c5e P*5b 9i9h 5b5c 9h9i 1b1a")
    assert b.sfen().split()[0] == "8k/9/4p4/9/4R4/9/9/9/K8"
    assert b.is_draw() == libshogi.REPETITION_SUPERIOR
    # White takes a pawn, Black drops its own and walks it home: Black
    # (to move) holds a pawn less
    b = Board("8k/9/9/9/4r4/9/4P4/9/K8 b P 1")
    play(b, "9i9h 5e5g P*5h 5g5e 5h5g 1a1b 9h9i 1b1a")
    assert b.sfen().split()[0] == "8k/9/9/9/4r4/9/4P4/9/K8"
    assert b.is_draw() == libshogi.REPETITION_INFERIOR
    # a pass ends the look-back
    b.push_pass()
    b.push_pass()
    assert b.is_draw() == libshogi.NOT_REPETITION


# -- mate search ------------------------------------------------------------------------


def test_mate_in_plies():
    # head gold: G*5b mates at once
    b = Board("4k4/9/4P4/9/9/9/9/9/4K4 b 2G 1")
    m = b.mate_move(1)
    assert libshogi.move_to_usi(m) == "G*5b"
    b.push(m)
    assert b.is_mate(0) and b.is_check()
    # three plies: a bishop check from afar, the king's only flight, the
    # promoted bishop mates; no mate in one
    b = Board("8k/9/7P1/9/9/9/9/9/4K4 b B 1")
    assert b.mate_move(1) == 0
    m = b.mate_move(3)
    assert m
    b.push(m)
    assert b.is_check() and b.is_mate(2) and not b.is_mate(0)
    # the engine agrees: the defender is mated in two plies
    r = libshogi.Engine().search(b, depth=4)
    assert r.score_kind == libshogi.SCORE_MATE and r.score == -2
    # tsume rules: every attacking move checks. S*1c (no check) mates in
    # three by force, but is not a tsume line. The default evaluation (step
    # 12 with a quarter of the material one) finds it from depth 8 (step 11
    # so too, alone from depth 9, step 10 from depth 11), the built-in evaluation
    # from depth 3: the net prefers S*2d, and after the reduced quiet drop
    # reverse futility cuts the defender's node before its one reply meets
    # the mate in one.
    b = Board("8k/9/7P1/9/9/9/9/9/4K4 b S 1")
    r = libshogi.Engine().search(b, depth=12)
    with libshogi.Engine(network="builtin") as builtin:
        assert builtin.search(b, depth=3).score == 3
    assert r.score_kind == libshogi.SCORE_MATE and r.score == 3 and r.pv_usi[0] == "S*1c"
    assert b.mate_move(3) == 0
    with pytest.raises(ValueError):
        b.mate_move(2)
    with pytest.raises(ValueError):
        b.is_mate(1)


# -- move text and diagrams -----------------------------------------------------------


def test_kif_ki2_move_text():
    b = Board()
    assert b.move_to_kif(usi(b, "7g7f")) == "７六歩(77)"
    assert b.move_to_ki2(usi(b, "7g7f")) == "▲７六歩"
    assert b.move_to_ki2(usi(b, "6i5h")) == "▲５八金左"
    assert b.move_to_ki2(usi(b, "4i5h")) == "▲５八金右"
    play(b, "7g7f 3c3d 8h2b+")
    assert b.move_to_kif(usi(b, "3a2b")) == "同　銀(31)"
    assert b.move_to_ki2(usi(b, "3a2b")) == "△同銀"
    with pytest.raises(libshogi.IllegalMoveError):
        b.move_to_kif(0x1234)


def test_bod_and_text_diagram():
    b = Board("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4")
    bod = b.to_bod().splitlines()
    assert bod[0] == "後手の持駒：なし"
    assert bod[1] == "  ９ ８ ７ ６ ５ ４ ３ ２ １"
    assert bod[3] == "|v香v桂v銀v金v玉v金v銀v桂v香|一"
    assert bod[4] == "| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二"
    assert bod[13].startswith("先手の持駒：角") and bod[14] == "後手番"
    text = repr(b)
    assert "|  .  r  .  .  .  .  . +B  . | b" in text
    assert "Black hand: B" in text and "White to move, move 4" in text and b.sfen() in text
    assert repr(Board()).count("|  P  P  P  P  P  P  P  P  P | g") == 1
