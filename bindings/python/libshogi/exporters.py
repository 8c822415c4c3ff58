"""Streaming CSA and KIF writers for live games: each call writes its lines
and flushes, so a file follows the game as it is played (a GUI or a
tournament manager can read it at any time). The API follows cshogi's
CSA.Exporter / KIF.Exporter.

    with CSAExporter("game.csa") as ex:
        ex.info(names=["sente", "gote"])
        ex.move(board.move_from_usi("7g7f"), time=3)
        ...
        ex.endgame("%TORYO")

The exporter keeps its own Board (from the start position given to info /
header) to write each move's text, so moves are the ints of the library
(legal in the game) or USI strings.
"""

import datetime
import io
import os
from typing import IO, Dict, Optional, Sequence, Union

from . import board_api
from .board import STARTING_SFEN, Board

__all__ = ["CSAExporter", "KIFExporter", "KIF_END_WORDS"]


class _Stream(object):
    """The file (a path opened here, or a text stream given) and a Board."""

    def __init__(self):
        self._f = None
        self._owned = False
        self.board = None

    def _open(self, path, append, encoding):
        self.close()
        if hasattr(path, "write"):
            self._f, self._owned = path, False
        else:
            self._f = io.open(os.fspath(path), "a" if append else "w", encoding=encoding, newline="\n")
            self._owned = True

    def _write(self, text):
        if self._f is None:
            raise ValueError("the exporter has no open file (call open(path))")
        self._f.write(text)
        self._f.flush()

    def close(self):
        """Closes the file (a stream given by the caller stays open)."""
        f, self._f = self._f, None
        if f is not None and self._owned:
            f.close()
        if self.board is not None:
            self.board.close()
            self.board = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _start(self, init_board):
        if self.board is not None:
            self.board.close()
        if init_board is None:
            self.board = Board()
        elif isinstance(init_board, Board):
            self.board = init_board.copy()
            # the record starts where the given board is, not its history
            self.board.set_sfen(init_board.sfen())
        else:
            self.board = Board(init_board)

    def _legal(self, move):
        if self.board is None:
            raise ValueError("write the header (info / header) first")
        if isinstance(move, str):
            return self.board.move_from_usi(move)
        return self.board.move_from_move16(move & 0xFFFF)


class CSAExporter(_Stream):
    """Writes a CSA V2.2 (or V3.0) record line by line."""

    def __init__(self, path: Union[str, os.PathLike, IO[str], None] = None, append: bool = False,
                 encoding: str = "utf-8"):
        _Stream.__init__(self)
        if path is not None:
            self.open(path, append, encoding)

    def open(self, path, append: bool = False, encoding: str = "utf-8") -> None:
        """Opens a file (or takes a text stream); append=True adds a game
        after those already in the file (separated by "/")."""
        self._appending = append and not hasattr(path, "write") and os.path.exists(os.fspath(path)) and \
            os.path.getsize(os.fspath(path)) > 0
        self._open(path, append, encoding)

    def info(self, init_board: Union[str, Board, None] = None, names: Optional[Sequence[str]] = None,
             var_info: Optional[Dict[str, str]] = None, comment: Optional[str] = None,
             version: Optional[str] = None) -> None:
        """The header: version line, N+/N- names, $KEY:value lines, a comment
        line, and the start position (PI for the even start, else P1..P9)."""
        self._start(init_board)
        out = []
        if getattr(self, "_appending", False):
            out.append("/")
        if version:
            out.append(version)
        if names:
            out.append("N+" + names[0])
            if len(names) > 1:
                out.append("N-" + names[1])
        for k, v in (var_info or {}).items():
            out.append("$%s:%s" % (k, v))
        if comment:
            out.extend("'" + line for line in comment.split("\n"))
        if self.board.sfen() == STARTING_SFEN:
            out.append("PI")
            out.append("+")
        else:
            out.append(self.board.csa_pos().rstrip("\n"))
        self._write("\n".join(out) + "\n")

    def move(self, move: Union[int, str], time: Optional[int] = None, comment: Optional[str] = None,
             sep: str = "\n") -> None:
        """One move ("+7776FU"), its time in seconds (T line) and a comment
        ("'" line, e.g. "** 30 -3334FU" for an engine's score and PV)."""
        m = self._legal(move)
        text = ("-" if self.board.turn else "+") + board_api.move_to_csa(m)
        if time is not None:
            text += sep + "T%d" % time
        if comment:
            text += sep + "'" + comment
        self.board.push(m)
        self._write(text + "\n")

    def endgame(self, endgame: str, time: Optional[int] = None) -> None:
        """The end: "%TORYO", "%SENNICHITE", "%KACHI", "%TIME_UP" ..."""
        text = endgame if endgame.startswith("%") else "%" + endgame
        if time is not None:
            text += "\nT%d" % time
        self._write(text + "\n")


KIF_END_WORDS = {
    "resign": "投了", "sennichite": "千日手", "draw": "持将棋", "jishogi": "持将棋", "timeup": "切れ負け",
    "illegal_win": "反則勝ち", "illegal_lose": "反則負け", "nyugyoku": "入玉勝ち", "win": "入玉勝ち",
    "abort": "中断", "mate": "詰み",
}
"""end() reasons (cshogi's words and a few more) -> the KIF end word."""


def _kif_time(sec, total):
    return "(%2d:%02d/%02d:%02d:%02d)" % (sec // 60, sec % 60, total // 3600, total // 60 % 60, total % 60)


def _width(s):
    return sum(2 if ord(c) > 0x7F else 1 for c in s)


class KIFExporter(_Stream):
    """Writes a KIF record line by line (UTF-8 unless encoding says else)."""

    def __init__(self, path: Union[str, os.PathLike, IO[str], None] = None, encoding: str = "utf-8"):
        _Stream.__init__(self)
        if path is not None:
            self.open(path, encoding)

    def open(self, path, encoding: str = "utf-8") -> None:
        """Opens a file (or takes a text stream)."""
        self._open(path, False, encoding)

    def header(self, names: Sequence[str], starttime: Optional[datetime.datetime] = None,
               handicap: Union[str, Board, None] = None) -> None:
        """開始日時, 手合割 (平手, a handicap name, or the BOD of a Board /
        SFEN start), 先手 / 後手 and the column line."""
        out = []
        if starttime is not None:
            out.append("開始日時：" + starttime.strftime("%Y/%m/%d %H:%M:%S"))
        if handicap is None or (isinstance(handicap, str) and handicap in ("平手", "even", "startpos")):
            self._start(None)
            out.append("手合割：平手")
        elif isinstance(handicap, Board) or "/" in handicap:
            self._start(handicap)
            out.append(self.board.to_bod().rstrip("\n"))
        else:
            self._start(Board.from_handicap(handicap).sfen())
            out.append("手合割：" + handicap)
        out.append("先手：" + names[0])
        out.append("後手：" + (names[1] if len(names) > 1 else ""))
        out.append("手数----指手---------消費時間--")
        self._first = self.board.move_number
        self._write("\n".join(out) + "\n")

    def move(self, move: Union[int, str], sec: int = 0, sec_sum: int = 0, comment: Optional[str] = None) -> None:
        """One move line "   1 ７六歩(77)   ( 0:03/00:00:03)": the move's time
        and its side's total so far, in seconds; comment lines follow."""
        m = self._legal(move)
        text = self.board.move_to_kif(m)
        ply = self.board.move_number - self._first + 1
        self.board.push(m)
        line = "%4d %s%s%s" % (ply, text, " " * max(1, 14 - _width(text)), _kif_time(sec, sec_sum))
        if comment:
            line += "".join("\n*" + c for c in comment.split("\n"))
        self._write(line + "\n")

    def end(self, reason: str, sec: int = 0, sec_sum: int = 0) -> None:
        """The end line and the summary ("まで63手で先手の勝ち"). reason:
        "resign", "sennichite", "draw", "timeup", "nyugyoku", "illegal_win",
        "illegal_lose", "abort" (or the KIF word itself)."""
        word = KIF_END_WORDS.get(reason, reason)
        ply = self.board.move_number - self._first + 1
        moves = ply - 1
        out = ["%4d %s%s%s" % (ply, word, " " * max(1, 14 - _width(word)), _kif_time(sec, sec_sum))]
        mover = "後手" if self.board.turn else "先手"  # the side to move ended the game
        other = "先手" if self.board.turn else "後手"
        summary = {
            "投了": "%sの勝ち" % other, "切れ負け": "時間切れにより%sの勝ち" % other,
            "反則負け": "%sの反則勝ち" % other, "反則勝ち": "%sの反則勝ち" % mover,
            "入玉勝ち": "%sの入玉勝ち" % mover, "千日手": "千日手", "持将棋": "持将棋", "中断": "中断",
        }.get(word)
        if summary:
            out.append("まで%d手で%s" % (moves, summary))
        self._write("\n".join(out) + "\n")
