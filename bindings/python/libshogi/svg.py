"""SVG drawing of a position (pure Python, no dependency).

The drawing reads only the SFEN text the library produced; it knows piece
letters and the board layout, nothing of the rules.
"""

KANJI = {
    "P": "歩", "L": "香", "N": "桂", "S": "銀", "G": "金", "B": "角", "R": "飛", "K": "玉",
    "+P": "と", "+L": "杏", "+N": "圭", "+S": "全", "+B": "馬", "+R": "龍",
}
WHITE_KING = "王"
RANK_KANJI = "一二三四五六七八九"
HAND_ORDER = "RBGSNLP"

CELL = 40
MARGIN = 24
HAND_W = 44


def parse_sfen(sfen):
    """(squares, hands, side): squares maps (file, rank) -> (piece letter(s)
    in upper case, is_white); hands[color] is {letter: count}; side 'b'/'w'."""
    parts = sfen.split()
    if parts and parts[0] == "sfen":
        parts = parts[1:]
    if len(parts) < 3:
        raise ValueError("not SFEN text: %r" % (sfen,))
    squares = {}
    rows = parts[0].split("/")
    if len(rows) != 9:
        raise ValueError("SFEN board needs 9 ranks: %r" % (sfen,))
    for r, row in enumerate(rows, start=1):
        f = 9
        promoted = False
        for ch in row:
            if ch.isdigit():
                f -= int(ch)
            elif ch == "+":
                promoted = True
            else:
                key = ("+" if promoted else "") + ch.upper()
                squares[(f, r)] = (key, ch.islower())
                f -= 1
                promoted = False
    hands = ({}, {})
    if parts[2] != "-":
        n = ""
        for ch in parts[2]:
            if ch.isdigit():
                n += ch
                continue
            color = 1 if ch.islower() else 0
            hands[color][ch.upper()] = hands[color].get(ch.upper(), 0) + (int(n) if n else 1)
            n = ""
    return squares, hands, parts[1]


def _text(x, y, s, size, rotate=False, weight="normal", anchor="middle"):
    tf = ' transform="rotate(180 %g %g)"' % (x, y) if rotate else ""
    return (
        '<text x="%g" y="%g" font-size="%g" font-weight="%s" text-anchor="%s" '
        'dominant-baseline="central"%s>%s</text>' % (x, y, size, weight, anchor, tf, s)
    )


def _hand_column(x, y0, hand, mark, rotate):
    out = [_text(x, y0, mark, 22, rotate)]
    y = y0 + 28
    for letter in HAND_ORDER:
        n = hand.get(letter, 0)
        if n:
            label = KANJI[letter] + (str(n) if n > 1 else "")
            out.append(_text(x, y, label, 18, rotate))
            y += 26
    return out


def position_svg(sfen, lastmove=0, flip=False, scale=1.0):
    """SVG text of the position; lastmove (a move int) is highlighted."""
    squares, hands, side = parse_sfen(sfen)
    bx = MARGIN + HAND_W
    by = MARGIN
    size = 9 * CELL
    width = bx + size + MARGIN + HAND_W
    height = by + size + MARGIN

    def origin(f, r):
        if flip:
            return bx + (f - 1) * CELL, by + (9 - r) * CELL
        return bx + (9 - f) * CELL, by + (r - 1) * CELL

    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%g" height="%g" '
        'viewBox="0 0 %d %d" font-family="serif">' % (width * scale, height * scale, width, height),
        '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (width, height),
        '<rect x="%d" y="%d" width="%d" height="%d" fill="#f6dca0"/>' % (bx, by, size, size),
    ]
    # last move
    special = lastmove in (0, 0x0081, 0x0102, 0x0183)
    if lastmove and not special:
        to = lastmove & 0x7F
        marks = [(to, "#f4a460")]
        if not lastmove & 0x4000:
            marks.insert(0, ((lastmove >> 7) & 0x7F, "#f9cb8f"))
        for sq, color in marks:
            if 0 <= sq < 81:
                x, y = origin(sq // 9 + 1, sq % 9 + 1)
                out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x, y, CELL, CELL, color))
    # grid
    for i in range(10):
        w = 2 if i in (0, 9) else 1
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black" stroke-width="%d"/>'
                   % (bx, by + i * CELL, bx + size, by + i * CELL, w))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black" stroke-width="%d"/>'
                   % (bx + i * CELL, by, bx + i * CELL, by + size, w))
    for i in (3, 6):
        for j in (3, 6):
            out.append('<circle cx="%d" cy="%d" r="2.5" fill="black"/>' % (bx + i * CELL, by + j * CELL))
    # coordinates
    for f in range(1, 10):
        x, _ = origin(f, 1)
        out.append(_text(x + CELL / 2, by - 10, str(f), 13))
    for r in range(1, 10):
        _, y = origin(1, r)
        out.append(_text(bx + size + 10, y + CELL / 2, RANK_KANJI[r - 1], 13))
    # pieces
    for (f, r), (key, white) in sorted(squares.items()):
        x, y = origin(f, r)
        glyph = WHITE_KING if key == "K" and white else KANJI.get(key, "?")
        upside_down = white != flip
        color = "#b00000" if key.startswith("+") else "black"
        out.append(
            '<text x="%g" y="%g" font-size="28" text-anchor="middle" dominant-baseline="central" '
            'fill="%s"%s>%s</text>'
            % (x + CELL / 2, y + CELL / 2, color,
               ' transform="rotate(180 %g %g)"' % (x + CELL / 2, y + CELL / 2) if upside_down else "",
               glyph)
        )
    # hands: the side at the bottom on the right, the other on the left
    bottom, top = (1, 0) if flip else (0, 1)
    marks = {0: "☗", 1: "☖"}
    # the bottom player's hand sits low on the right, the top player's high on the left
    kinds = sum(1 for letter in HAND_ORDER if hands[bottom].get(letter))
    low_y = by + size - CELL / 2 - 28 - 26 * kinds
    out.extend(_hand_column(bx + size + MARGIN + HAND_W / 2, low_y, hands[bottom], marks[bottom], False))
    out.extend(_hand_column(MARGIN / 2 + HAND_W / 2, by + CELL / 2, hands[top], marks[top], False))
    turn = 0 if side == "b" else 1
    out.append('<title>%s to move</title>' % ("Black" if turn == 0 else "White"))
    out.append("</svg>")
    return "\n".join(out)
