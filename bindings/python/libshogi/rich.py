"""Notebook views (_repr_html_) of records, search results and networks:
HTML with the positions drawn as inline SVG (libshogi.svg)."""

import html

from . import svg

_STYLE = "font-family: sans-serif; font-size: 12px"


def _figure(sfen, caption, lastmove=0, scale=0.45):
    return ('<figure style="display:inline-block; margin:4px; text-align:center">%s'
            '<figcaption style="%s">%s</figcaption></figure>'
            % (svg.position_svg(sfen, lastmove=lastmove, scale=scale), _STYLE, caption))


def record_html(record, max_plies=400):
    """The headers, then the board after every ply of the main line (up to
    max_plies) captioned with the move's KI2 text, time and comment."""
    from .board import Board

    moves = record.moves
    times = record.times
    comments = record.comments
    parts = ['<div style="%s"><b>%s</b> &#9751; %s &nbsp; &#9750; %s &nbsp; %d moves</div>'
             % (_STYLE, html.escape(repr(record)), html.escape(record.black or "-"),
                html.escape(record.white or "-"), len(moves))]
    b = Board(record.start_sfen)
    try:
        figs = [_figure(b.sfen(), "start")]
        for i, m in enumerate(moves[:max_plies]):
            text = b.move_to_ki2(m)
            b.push(m)
            cap = "%d %s" % (i + 1, html.escape(text))
            if times[i] is not None:
                cap += " (%ss)" % (times[i] / 1000.0)
            if comments[i]:
                cap += '<br><i>%s</i>' % html.escape(comments[i][:80])
            figs.append(_figure(b.sfen(), cap, lastmove=m))
        if len(moves) > max_plies:
            figs.append('<div style="%s">... %d more plies</div>' % (_STYLE, len(moves) - max_plies))
    finally:
        b.close()
    parts.append('<div style="display:flex; flex-wrap:wrap">%s</div>' % "".join(figs))
    return "".join(parts)


def search_result_html(result):
    """The searched position with the best move marked, the principal
    variation in KI2 text and the position at its end."""
    from .board import Board

    if not getattr(result, "sfen", None):
        return "<pre>%s</pre>" % html.escape(repr(result))
    b = Board(result.sfen)
    try:
        root = b.sfen()
        words = []
        for m in result.pv:
            try:
                words.append(b.move_to_ki2(m))
                b.push(m)
            except Exception:  # a PV that is not legal here: stop showing it
                break
        end = b.sfen()
    finally:
        b.close()
    score = ("mate %d" % result.score) if result.is_mate else ("%d cp" % result.score)
    head = ('<div style="%s"><b>bestmove %s</b> &nbsp; score %s &nbsp; depth %d &nbsp; nodes %d &nbsp; %d ms</div>'
            % (_STYLE, html.escape(result.bestmove_usi), score, result.depth, result.nodes, result.time_ms))
    pv = '<div style="%s">PV: %s</div>' % (_STYLE, html.escape(" ".join(words)) or "-")
    return head + pv + _figure(root, "position", lastmove=result.bestmove) + _figure(end, "end of the PV")


def network_html(net):
    """The network's architecture string and its shape."""
    from .network import HALFKP_DIMENSIONS, MAX_ACTIVE

    return ('<div style="%s"><b>libshogi.Network</b> HalfKP %d inputs (%d active per side) &rarr; 256x2 &rarr; '
            '32 &rarr; 32 &rarr; 1<br><code>%s</code></div>'
            % (_STYLE, HALFKP_DIMENSIONS, MAX_ACTIVE, html.escape(net.arch)))
