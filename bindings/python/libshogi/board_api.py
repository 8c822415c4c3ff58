"""The Board methods a cshogi user reaches for: inspection and editing of
pieces and hands, move builders, the null move, pseudo-legal moves, CSA
move text, first-recurrence repetition queries (is_draw), mate search by
plies, one move as KIF/KI2 text, the BOD and text diagrams.

``BoardAPI`` is a base class of ``libshogi.Board``; the functions of moves
alone (move_to_csa, move_rotate, rotate_sfen ...) are module functions
here. Semantics follow cshogi; where libshogi's move value makes a
difference the docstring says so.
"""

import ctypes
from typing import List, Optional, Sequence, Tuple

from . import _args, _core, _lib, pieces
from ._lib import F

__all__ = [
    "BoardAPI",
    "move_to_csa",
    "move_rotate",
    "rotate_sfen",
    "move_from_piece_type",
    "move_cap",
    "move16_to_psv",
    "move16_from_psv",
    "cshogi_move16",
    "CSA_PIECE_NAMES",
    "NO_SQUARE",
]

NO_SQUARE = 81
"""king_square() of a side without a king (cshogi's SquareNum)."""

# CSA piece names by piece type (1 pawn ... 14 dragon)
CSA_PIECE_NAMES = ["", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"]
_CSA_TYPE = {name: pt for pt, name in enumerate(CSA_PIECE_NAMES) if name}

_MOVE_NULL = 0x0081
_DROP = 0x4000
_PROMOTE = 0x8000


def _square_usi(sq: int) -> str:
    return "%d%s" % (sq // 9 + 1, "abcdefghi"[sq % 9])


def move_from_piece_type(move: int) -> int:
    """The type of the piece that moves (for a drop, the dropped type);
    0 for a bare move16, which carries no piece."""
    return (move >> 16) & 15


def move_to_csa(move: int) -> str:
    """CSA text of a move without the side sign: "7776FU", "8822UM",
    "0055KA" (a drop). The piece after the move comes from the move's
    piece bits, so the move must come from the library (legal_moves,
    move_from_usi ...); a bare move16 raises ValueError."""
    pt = move_from_piece_type(move)
    if not pt:
        raise ValueError("move %#x carries no piece (a bare move16): take it from the board" % move)
    to = move & 0x7F
    if move & _DROP:
        frm = "00"
    else:
        f = (move >> 7) & 0x7F
        frm = "%d%d" % (f // 9 + 1, f % 9 + 1)
    if move & _PROMOTE:
        pt += 8
    return "%s%d%d%s" % (frm, to // 9 + 1, to % 9 + 1, CSA_PIECE_NAMES[pt])


def move_rotate(move: int) -> int:
    """The move seen from the other side (the board turned 180 degrees):
    squares sq -> 80 - sq, a drop keeps its piece, the piece bits change
    colour. Pairs with rotate_sfen."""
    to = 80 - (move & 0x7F)
    frm = (move >> 7) & 0x7F
    if not move & _DROP:
        frm = 80 - frm
    pc = (move >> 16) & 0x1F
    if pc:
        pc ^= 16
    return (move & 0xC000) | to | (frm << 7) | (pc << 16)


def _flip_case(ch: str) -> str:
    return ch.lower() if ch.isupper() else ch.upper()


def rotate_sfen(sfen: str) -> str:
    """The SFEN of the position turned 180 degrees with the colours swapped
    (Black's pieces become White's at the rotated squares, the hands swap,
    the side to move flips); the move number is kept. As cshogi's
    rotate_sfen (which reads hand counts of one digit only; here any)."""
    fields = sfen.split()
    if fields and fields[0] == "sfen":
        fields = fields[1:]
    if len(fields) < 3:
        raise ValueError("not an SFEN: %r" % sfen)
    rows = []
    for row in reversed(fields[0].split("/")):
        cells = []
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                cells.extend([None] * int(ch))
            elif ch == "+":
                i += 1
                cells.append("+" + _flip_case(row[i]))
            else:
                cells.append(_flip_case(ch))
            i += 1
        out, empty = "", 0
        for c in reversed(cells):
            if c is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += c
        if empty:
            out += str(empty)
        rows.append(out)
    side = {"b": "w", "w": "b"}.get(fields[1])
    if side is None:
        raise ValueError("not an SFEN side to move: %r" % fields[1])
    hands = fields[2]
    if hands != "-":  # swap the colours, Black's pieces first again
        items, n = [], ""
        for c in hands:
            if c.isdigit():
                n += c
            else:
                items.append(n + _flip_case(c))
                n = ""
        hands = "".join([i for i in items if i[-1].isupper()] + [i for i in items if i[-1].islower()])
    out = ["/".join(rows), side, hands]
    if len(fields) > 3:
        out.append(fields[3])
    return " ".join(out)


def cshogi_move16(move: int) -> int:
    """cshogi's move16 of a libshogi move: the Apery convention that hcpe
    files and cshogi's ``move16()`` use (libshogi's own ``move16()`` is
    YaneuraOu's, as in PSV files)."""
    return F.shogi_move16_to_hcpe(move & 0xFFFF)


def move16_to_psv(move16: int) -> int:
    """cshogi name: a cshogi (Apery/hcpe) move16 -> the PSV (YaneuraOu)
    move16, which is libshogi's move16."""
    return F.shogi_hcpe_to_move16(move16 & 0xFFFF)


def move16_from_psv(move16: int) -> int:
    """cshogi name: a PSV (YaneuraOu) move16 -> cshogi's (Apery/hcpe)."""
    return F.shogi_move16_to_hcpe(move16 & 0xFFFF)


def move_cap(move: int, board: "BoardAPI") -> int:
    """The type of the piece the move captures (0 for none), read from the
    board the move is played on. cshogi's move value carries it; libshogi's
    does not, hence the board argument (or use ``board.move_cap(move)``)."""
    return board.move_cap(move)


class BoardAPI(object):
    """cshogi's Board methods (mixed into libshogi.Board)."""

    __slots__ = ()

    # -- pieces and hands ---------------------------------------------------
    def _arrays(self, want_hands=True):
        sq = (ctypes.c_uint8 * 81)()
        hands = (ctypes.c_uint8 * 14)() if want_hands else None
        _lib.call(F.shogi_position_pieces, self._handle(), sq, hands)
        return sq, hands

    @property
    def pieces(self) -> List[int]:
        """The 81 squares' pieces (NONE, BPAWN ... WPROM_ROOK), by square
        index (0 = 1a); a new list each time (edit it for set_pieces)."""
        return list(self._arrays(False)[0])

    @property
    def pieces_in_hand(self) -> Tuple[List[int], List[int]]:
        """(Black's counts, White's counts) in cshogi's hand order: HPAWN,
        HLANCE, HKNIGHT, HSILVER, HGOLD, HBISHOP, HROOK."""
        _, h = self._arrays()
        # the C order is P L N S B R G: move gold before bishop
        order = (0, 1, 2, 3, 6, 4, 5)
        return [h[i] for i in order], [h[7 + i] for i in order]

    def piece(self, sq: int) -> int:
        """The piece on a square (0 = 1a ... 80 = 9i), NONE if empty."""
        sq = _args.integer(sq, "square", 0, 80)
        return self._arrays(False)[0][sq]

    def piece_type(self, sq: int) -> int:
        """The type of the piece on a square (NONE if empty)."""
        return self.piece(sq) & 15

    def king_square(self, color: int) -> int:
        """The square of color's king; NO_SQUARE (81) when it has none."""
        color = _args.integer(color, "color", 0, 1)
        sq = self._arrays(False)[0]
        k = pieces.BKING | (color << 4)
        for i in range(81):
            if sq[i] == k:
                return i
        return NO_SQUARE

    def set_pieces(self, pieces: Sequence[int], pieces_in_hand: Tuple[Sequence[int], Sequence[int]]) -> None:
        """Replaces the board and the hands (cshogi's hand order), keeping
        the side to move and the move number; the history is cleared.
        ParseError, with the board unchanged, for what SFEN text would be
        refused for (two kings, nifu, too many pieces ...)."""
        if len(pieces) != 81:
            raise ValueError("pieces must have 81 items, not %d" % len(pieces))
        if len(pieces_in_hand) != 2 or any(len(h) != 7 for h in pieces_in_hand):
            raise ValueError("pieces_in_hand must be two sequences of 7 counts")
        sq = (ctypes.c_uint8 * 81)(*[_args.integer(p, "pieces[%d]" % i, 0, 30) for i, p in enumerate(pieces)])
        hands = (ctypes.c_uint8 * 14)()
        order = (0, 1, 2, 3, 6, 4, 5)  # cshogi P L N S G B R -> C P L N S B R G
        for c in (0, 1):
            for hp, i in enumerate(order):
                hands[c * 7 + i] = _args.integer(pieces_in_hand[c][hp], "pieces_in_hand[%d][%d]" % (c, hp), 0, 18)
        _lib.call(F.shogi_position_set_pieces, self._handle(), sq, hands, self.turn, self.move_number, 0)
        self._history = []

    # -- move builders ------------------------------------------------------
    def move(self, from_square: int, to_square: int, promotion: bool) -> int:
        """The board move from -> to (promoting or not): the legal move with
        its piece bits when it is legal, else the bare move16 (which push()
        refuses)."""
        frm = _args.integer(from_square, "from_square", 0, 80)
        to = _args.integer(to_square, "to_square", 0, 80)
        m16 = to | frm << 7 | (_PROMOTE if promotion else 0)
        return self._move_or_bare(m16)

    def drop_move(self, to_square: int, drop_piece_type: int) -> int:
        """The drop of a piece type (PAWN ... GOLD, as cshogi) on a square:
        the legal move, or the bare move16 when it is not legal."""
        to = _args.integer(to_square, "to_square", 0, 80)
        pt = _args.integer(drop_piece_type, "drop_piece_type", 1, 7)
        return self._move_or_bare(to | pt << 7 | _DROP)

    def _move_or_bare(self, m16):
        sc = _core.scratch()
        rc = F.shogi_position_move_from_move16(self._handle(), m16, 0, sc.u32p, sc.errp)
        return sc.u32.value if rc == 0 else m16

    def move_cap(self, move: int) -> int:
        """The type of the piece a board move captures here (0 for none or a
        drop). cshogi keeps it in the move value; libshogi reads the board."""
        if move & _DROP:
            return 0
        return self.piece(move & 0x7F) & 15

    def push_move16(self, move16: int) -> int:
        """Pushes a cshogi move16 (Apery convention, as in hcpe files);
        returns the move."""
        m = self.move_from_hcpe(_args.integer(move16, "move16", 0, 0xFFFF))
        self.push(m)
        return m

    def push_psv(self, move16: int) -> int:
        """Pushes a PSV (YaneuraOu) move16; returns the move."""
        m = self.move_from_move16(_args.integer(move16, "move16", 0, 0xFFFF))
        self.push(m)
        return m

    # -- the null move ------------------------------------------------------
    def pop_pass(self) -> None:
        """Takes back a push_pass (StateError unless the last move was one)."""
        _lib.call(F.shogi_position_undo_null_move, self._handle())
        self._history.pop()

    # -- pseudo-legal moves ------------------------------------------------
    @property
    def pseudo_legal_moves(self) -> List[int]:
        """The legal moves plus those illegal only for the mover's king (a
        pinned piece leaving its line, a king stepping into an attack, a
        move that ignores a check), as ints. cshogi's list differs in check,
        where it holds evasions only."""
        sc = _core.scratch()
        _lib.call(F.shogi_position_pseudo_legal_moves, self._handle(), sc.buf, _core.MAX_MOVES, sc.countp)
        return sc.buf[: sc.count.value]

    def is_pseudo_legal(self, move: int) -> bool:
        """True if the move (its low 16 bits) is among pseudo_legal_moves."""
        m16 = move & 0xFFFF
        return any(m & 0xFFFF == m16 for m in self.pseudo_legal_moves)

    # -- CSA ------------------------------------------------------------------
    def move_from_csa(self, csa: str) -> int:
        """The legal move of CSA move text ("7776FU", "+7776FU", "0055KA",
        "8822UM" for a promotion). ParseError / IllegalMoveError."""
        text = _args.text(csa, "csa").decode("ascii", "replace")
        if text[:1] in "+-" and len(text) == 7:
            text = text[1:]
        if len(text) != 6 or not text[:4].isdigit() or text[4:] not in _CSA_TYPE:
            from ._errors import ParseError

            raise ParseError("CSA move %r: want FFTTPP (e.g. 7776FU)" % csa, name="SHOGI_E_PARSE")
        ff, fr, tf, tr = (int(c) for c in text[:4])
        pt = _CSA_TYPE[text[4:]]
        if not (1 <= tf <= 9 and 1 <= tr <= 9):
            from ._errors import ParseError

            raise ParseError("CSA move %r: bad destination" % csa, name="SHOGI_E_PARSE")
        to = (tf - 1) * 9 + tr - 1
        if ff == 0 and fr == 0:
            return self.move_from_usi("%s*%s" % ("_PLNSBRG"[pt] if pt <= 7 else "?", _square_usi(to)))
        frm = (ff - 1) * 9 + fr - 1
        if not (1 <= ff <= 9 and 1 <= fr <= 9):
            from ._errors import ParseError

            raise ParseError("CSA move %r: bad origin" % csa, name="SHOGI_E_PARSE")
        before = self.piece(frm) & 15
        promote = pt >= 9 and before == pt - 8
        m = self.move_from_usi(_square_usi(frm) + _square_usi(to) + ("+" if promote else ""))
        after = before + 8 if promote else before
        if after != pt:
            from ._errors import IllegalMoveError

            raise IllegalMoveError("CSA move %r: the piece on %d%d is %s" % (csa, ff, fr, CSA_PIECE_NAMES[before] or "none"),
                                   name="SHOGI_E_ILLEGAL_MOVE")
        return m

    def push_csa(self, csa: str) -> int:
        """Pushes CSA move text; returns the move."""
        m = self.move_from_csa(csa)
        self.push(m)
        return m

    def csa_pos(self) -> str:
        """The position as CSA position lines (P1 ... P9, P+/P- hands, side)."""
        sq, h = self._arrays()
        lines = []
        for r in range(9):
            row = "P%d" % (r + 1)
            for f in range(8, -1, -1):
                pc = sq[f * 9 + r]
                row += " * " if not pc else ("-" if pc & 16 else "+") + CSA_PIECE_NAMES[pc & 15]
            lines.append(row)
        for c, sign in ((0, "+"), (1, "-")):
            items = ""
            for i, pt in ((5, 6), (4, 5), (6, 7), (3, 4), (2, 3), (1, 2), (0, 1)):  # R B G S N L P
                items += ("00" + CSA_PIECE_NAMES[pt]) * h[c * 7 + i]
            if items:
                lines.append("P" + sign + items)
        lines.append("-" if self.turn else "+")
        return "\n".join(lines) + "\n"

    # -- repetition, cshogi style ------------------------------------------
    def is_draw(self, ply: Optional[int] = None) -> int:
        """cshogi's repetition query: looks back (at most ply plies, and not
        past a pass) for the first earlier position with the same board.
        Same hands too: REPETITION_LOSE when the side to move gave check on
        every one of its moves since, REPETITION_WIN when the opponent did,
        else REPETITION_DRAW - on the first recurrence, unlike the
        rule-exact repetition() which needs the fourth occurrence. Same
        board, other hands: REPETITION_SUPERIOR / REPETITION_INFERIOR for
        the side to move's hand. NOT_REPETITION otherwise."""
        limit = (1 << 31) - 1 if not ply else _args.int32(ply, "ply")
        hist = self._history
        back = 0
        for m in reversed(hist):
            if m == _MOVE_NULL:
                break
            back += 1
        end = min(back, limit)
        if end < 4:
            return pieces.NOT_REPETITION
        b = self.copy()
        try:
            seen = []  # (board, hands, in_check) for j = 0 .. end
            for j in range(end + 1):
                f = b.sfen().split()
                seen.append((f[0], f[2], b.is_check()))
                if j < end:
                    b.pop()
        finally:
            b.close()
        board0, hands0, _ = seen[0]
        for i in range(4, end + 1, 2):
            board_i, hands_i, _ = seen[i]
            if board_i != board0:
                continue
            if hands_i == hands0:
                if all(seen[j][2] for j in range(1, i, 2)):
                    return 3  # REPETITION_LOSE: we checked all along
                if all(seen[j][2] for j in range(0, i, 2)):
                    return 2  # REPETITION_WIN
                return 1  # REPETITION_DRAW
            mine0 = _hand_counts(hands0, self.turn)
            mine_i = _hand_counts(hands_i, self.turn)
            if all(a >= b_ for a, b_ in zip(mine0, mine_i)):
                return pieces.REPETITION_SUPERIOR
            if all(b_ >= a for a, b_ in zip(mine0, mine_i)):
                return pieces.REPETITION_INFERIOR
        return pieces.NOT_REPETITION

    # -- mate search by plies ------------------------------------------------
    def mate_move(self, ply: int) -> int:
        """A move of the side to move that mates within ply plies (odd,
        >= 1: every reply is met by a mate in ply-2 ...), or 0. Exhaustive
        over checks and evasions: fine for 3, 5 or 7 plies; the engine's
        search or a df-pn solver suits deeper problems."""
        ply = _args.int32(ply, "ply")
        if ply < 1 or ply % 2 == 0:
            raise ValueError("ply must be odd and positive, not %d" % ply)
        return _mate_in(self, ply)

    def is_mate(self, ply: int) -> bool:
        """True if the side to move is in check and is mated within ply
        plies (even, >= 0; 0: checkmated now) whatever it plays."""
        ply = _args.int32(ply, "ply")
        if ply < 0 or ply % 2:
            raise ValueError("ply must be even and >= 0, not %d" % ply)
        return self.is_check() and _mated(self, ply)

    # -- record text of one move -------------------------------------------
    def move_to_kif(self, move: int) -> str:
        """KIF text of a legal move here: "７六歩(77)", "同　銀(31)", "５五角打"."""
        return _lib.read_string(F.shogi_position_move_to_kif, self._handle(), _args.uint32(move, "move"))

    def move_to_ki2(self, move: int) -> str:
        """KI2 text of a legal move here, with its side mark: "▲７六歩",
        "△同銀", "▲５八金右"."""
        return _lib.read_string(F.shogi_position_move_to_ki2, self._handle(), _args.uint32(move, "move"))

    def to_bod(self) -> str:
        """The position as a BOD diagram (the board of a KIF file)."""
        return _lib.read_string(F.shogi_position_bod, self._handle())

    def diagram(self) -> str:
        """A plain-text diagram: files 9..1 across, ranks a..i down, Black's
        pieces in capitals and White's in lower case (SFEN letters, "+" for
        promoted), the hands and the side to move."""
        sq, h = self._arrays()
        letters = "?PLNSBRGK"
        out = ["    9  8  7  6  5  4  3  2  1", "  +---------------------------+"]
        for r in range(9):
            row = "  |"
            for f in range(8, -1, -1):
                pc = sq[f * 9 + r]
                if not pc:
                    row += "  ."
                    continue
                pt = pc & 15
                ch = letters[pt - 8 if pt > 8 else pt]
                if pc & 16:
                    ch = ch.lower()
                row += (" +" if pt > 8 else "  ") + ch
            out.append(row + " | " + "abcdefghi"[r])
        out.append("  +---------------------------+")
        names = "PLNSBRG"
        for c, who in ((0, "Black"), (1, "White")):
            held = " ".join("%s%s" % (names[i], h[c * 7 + i] if h[c * 7 + i] > 1 else "")
                            for i in (5, 4, 6, 3, 2, 1, 0) if h[c * 7 + i])
            out.append("  %s hand: %s" % (who, held or "-"))
        out.append("  %s to move, move %d" % ("White" if self.turn else "Black", self.move_number))
        return "\n".join(out)


def _hand_counts(hands, color):
    """Counts P L N S G B R of one colour from an SFEN hand field."""
    counts = dict.fromkeys("PLNSGBR", 0)
    if hands != "-":
        n = ""
        for ch in hands:
            if ch.isdigit():
                n += ch
                continue
            if (ch.isupper()) == (color == 0):
                counts[ch.upper()] += int(n) if n else 1
            n = ""
    return [counts[k] for k in "PLNSGBR"]


def _mate_in(b, ply):
    """A checking move after which the opponent is mated within ply-1."""
    for m in b.legal_moves:
        b.push(m)
        try:
            if b.is_check() and _mated(b, ply - 1):
                return m
        finally:
            b.pop()
    return 0


def _mated(b, ply):
    """The side to move (in check) is mated within ply plies."""
    moves = b.legal_moves
    if not moves:
        return True
    if ply <= 0:
        return False
    for e in moves:
        b.push(e)
        try:
            if not _mate_in(b, ply - 1):
                return False
        finally:
            b.pop()
    return True
