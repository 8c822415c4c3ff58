"""Drive any USI engine (an external program) from Python.

    from libshogi.usi_client import USIEngine, MultiPVListener
    with USIEngine(["/path/to/engine"]) as eng:
        eng.setoption("MultiPV", 2)
        eng.isready()
        eng.position(sfen="startpos", moves=["7g7f"])
        listener = MultiPVListener()
        bestmove, ponder = eng.go(byoyomi=1000, listener=listener)
        print(listener.info)

The protocol runs over the engine's stdin/stdout. Every method takes an
optional listener: a callable that receives each line the engine writes
while the command runs (InfoListener and MultiPVListener collect "info"
lines). As cshogi.usi.Engine, with a context manager and a timeout.
"""

import queue
import shlex
import subprocess
import threading
import time
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

__all__ = ["USIEngine", "USIOption", "InfoListener", "MultiPVListener", "parse_info", "USIEngineError"]

Listener = Optional[Callable[[str], None]]


class USIEngineError(RuntimeError):
    """The engine died, did not answer in time, or broke the protocol."""


class USIOption(object):
    """One "option name ... type ... default ..." line of the engine."""

    __slots__ = ("name", "type", "default", "min", "max", "vars")

    def __init__(self, name, type, default=None, min=None, max=None, vars=()):
        self.name, self.type, self.default, self.min, self.max, self.vars = name, type, default, min, max, list(vars)

    def __repr__(self):
        return "<USIOption %s %s default %r>" % (self.name, self.type, self.default)


def _parse_option(line):
    words = line.split()
    fields = {}
    key = None
    vars_ = []
    for w in words[1:]:
        if w in ("name", "type", "default", "min", "max", "var"):
            key = w
            if w == "var":
                vars_.append("")
            elif w not in fields:
                fields[w] = ""
            continue
        if key == "var":
            vars_[-1] = (vars_[-1] + " " + w).strip()
        elif key is not None:
            fields[key] = (fields[key] + " " + w).strip()
    typ = fields.get("type", "string")
    conv = int if typ == "spin" else (lambda v: v)
    default = fields.get("default")
    if default is not None and typ == "spin":
        default = int(default)
    elif default is not None and typ == "check":
        default = default == "true"
    return USIOption(fields.get("name", ""), typ, default, conv(fields["min"]) if "min" in fields else None,
                     conv(fields["max"]) if "max" in fields else None, vars_)


_INT_FIELDS = ("depth", "seldepth", "time", "nodes", "nps", "hashfull", "multipv", "currmovenumber")


def parse_info(line: str) -> Dict:
    """The fields of an "info" line as a dict: ints for depth, seldepth,
    time, nodes, nps, hashfull, multipv; "score": ("cp", n) or ("mate", n)
    (n may be "+"/"-" for an unknown mate distance), "bound": "lowerbound"
    / "upperbound" when given, "pv": a list of USI moves, "string": the
    rest of an "info string" line."""
    words = line.split()
    if words and words[0] == "info":
        words = words[1:]
    out = {}
    i = 0
    while i < len(words):
        w = words[i]
        if w == "string":
            out["string"] = " ".join(words[i + 1:])
            break
        if w == "pv":
            out["pv"] = words[i + 1:]
            break
        if w in _INT_FIELDS and i + 1 < len(words):
            try:
                out[w] = int(words[i + 1])
            except ValueError:
                out[w] = words[i + 1]
            i += 2
            continue
        if w == "score" and i + 2 < len(words):
            kind, value = words[i + 1], words[i + 2]
            try:
                value = int(value)
            except ValueError:
                pass
            out["score"] = (kind, value)
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                out["bound"] = words[i]
                i += 1
            continue
        if w == "currmove" and i + 1 < len(words):
            out["currmove"] = words[i + 1]
            i += 2
            continue
        i += 1
    return out


class InfoListener(object):
    """Keeps the last "info ... pv" line (and the bestmove line) of a go.
    score is in centipawns, a mate as +-mate_score; pv a list of USI moves."""

    def __init__(self, mate_score: int = 100000, listener: Listener = None):
        self.mate_score = mate_score
        self.listener = listener
        self.lines = []
        self._info = {}
        self._bestmove = None

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        if line.startswith("info") and " pv " in " " + line + " ":
            self._info = parse_info(line)
        elif line.startswith("bestmove"):
            self._bestmove = line.split()[1] if len(line.split()) > 1 else None
        if self.listener is not None:
            self.listener(line)

    @property
    def info(self) -> Dict:
        """The fields of the last info line with a PV (parse_info)."""
        return self._info

    @property
    def bestmove(self) -> Optional[str]:
        """The move of the bestmove line (None before it came)."""
        return self._bestmove

    @property
    def score(self) -> Optional[int]:
        """The last score: centipawns, or +-mate_score for a mate."""
        s = self._info.get("score")
        if s is None:
            return None
        kind, v = s
        if kind == "mate":
            if isinstance(v, int):
                return self.mate_score if v > 0 else -self.mate_score
            return self.mate_score if v == "+" else -self.mate_score
        return v

    @property
    def pv(self) -> List[str]:
        """The last PV as USI moves."""
        return self._info.get("pv", [])


class MultiPVListener(InfoListener):
    """Keeps the last info line of each multipv index: info is a list,
    best line first."""

    def __init__(self, mate_score: int = 100000, listener: Listener = None):
        InfoListener.__init__(self, mate_score, listener)
        self._lines = {}

    def __call__(self, line: str) -> None:
        InfoListener.__call__(self, line)
        if line.startswith("info") and " pv " in " " + line + " ":
            d = parse_info(line)
            self._lines[d.get("multipv", 1)] = d

    @property
    def info(self) -> List[Dict]:
        """The last info line of each MultiPV index (parse_info dicts), best first."""
        return [self._lines[k] for k in sorted(self._lines)]


class USIEngine(object):
    """A USI engine in a child process. cmd: a command line (str, split
    like a shell would) or an argument list. connect=True starts it and
    runs the "usi" handshake (name, author, options). timeout: seconds to
    wait for an answer that must come (usiok, readyok, bestmove after
    stop); None waits for ever."""

    def __init__(self, cmd: Union[str, Sequence[str]], connect: bool = True, debug: bool = False,
                 cwd: Optional[str] = None, timeout: Optional[float] = 60.0):
        self.cmd = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        self.debug = debug
        self.cwd = cwd
        self.timeout = timeout
        self.proc = None
        self.name = None
        self.author = None
        self.options = {}
        self._lines = queue.Queue()
        self._reader = None
        if connect:
            self.connect()

    # -- process ------------------------------------------------------------------
    def connect(self, listener: Listener = None) -> None:
        """Starts the engine and runs usi."""
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=self.cwd, universal_newlines=True, bufsize=1,
                                     encoding="utf-8", errors="replace")
        self._reader = threading.Thread(target=self._read, name="usi-reader", daemon=True)
        self._reader.start()
        self.usi(listener)

    def _read(self):
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)  # end of output: the engine exited

    def _send(self, line):
        if self.proc is None or self.proc.poll() is not None:
            raise USIEngineError("the engine is not running (%s)" % " ".join(self.cmd))
        if self.debug:
            print("> " + line)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _until(self, done, listener, timeout=-1):
        """Reads lines, each to listener, until done(line) is true; returns it."""
        timeout = self.timeout if timeout == -1 else timeout
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self._lines.get(timeout=wait)
            except queue.Empty:
                raise USIEngineError("no answer from the engine within %s s" % timeout) from None
            if line is None:
                raise USIEngineError("the engine exited (%s)" % " ".join(self.cmd))
            if self.debug:
                print("< " + line)
            if listener is not None:
                listener(line)
            if done(line):
                return line

    # -- commands ---------------------------------------------------------------------
    def usi(self, listener: Listener = None) -> None:
        """usi: reads id name / author and the options until usiok."""
        self._send("usi")

        def seen(line):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            elif line.startswith("id author "):
                self.author = line[len("id author "):]
            elif line.startswith("option "):
                opt = _parse_option(line)
                self.options[opt.name] = opt
            return line == "usiok"

        self._until(seen, listener)

    def setoption(self, name: str, value: Union[str, int, bool], listener: Listener = None) -> None:
        """setoption name <name> value <value> (booleans as true/false)."""
        if isinstance(value, bool):
            value = "true" if value else "false"
        self._send("setoption name %s value %s" % (name, value))

    def isready(self, listener: Listener = None) -> None:
        """isready, then waits for readyok."""
        self._send("isready")
        self._until(lambda line: line == "readyok", listener)

    def usinewgame(self, listener: Listener = None) -> None:
        """usinewgame."""
        self._send("usinewgame")

    def position(self, moves: Optional[Sequence[str]] = None, sfen: str = "startpos", listener: Listener = None) -> None:
        """position startpos|sfen <sfen> [moves ...]; sfen may be a Board
        (its start and history are sent)."""
        from .board import Board

        if isinstance(sfen, Board):
            b = sfen.copy()
            history = [h for h in b.history]
            for _ in history:
                b.pop()
            from .board import move_to_usi

            moves = [move_to_usi(m) for m in history] + list(moves or [])
            sfen = b.sfen()
            b.close()
        head = "position startpos" if sfen == "startpos" else "position sfen " + sfen
        if moves:
            head += " moves " + " ".join(moves)
        self._send(head)

    def go(self, ponder: bool = False, btime: Optional[int] = None, wtime: Optional[int] = None,
           byoyomi: Optional[int] = None, binc: Optional[int] = None, winc: Optional[int] = None,
           nodes: Optional[int] = None, depth: Optional[int] = None, movetime: Optional[int] = None,
           infinite: bool = False, listener: Listener = None, timeout: Optional[float] = None) -> Tuple[str, Optional[str]]:
        """go with the given limits; waits for bestmove and returns
        (bestmove, ponder move or None). timeout: seconds to wait (None:
        for ever, as a search with no limit needs stop() from another
        thread)."""
        parts = ["go"]
        if ponder:
            parts.append("ponder")
        for key, v in (("btime", btime), ("wtime", wtime), ("byoyomi", byoyomi), ("binc", binc), ("winc", winc),
                       ("nodes", nodes), ("depth", depth), ("movetime", movetime)):
            if v is not None:
                parts += [key, str(int(v))]
        if infinite:
            parts.append("infinite")
        self._send(" ".join(parts))
        line = self._until(lambda l: l.startswith("bestmove"), listener, timeout)
        words = line.split()
        best = words[1] if len(words) > 1 else None
        pon = words[3] if len(words) > 3 and words[2] == "ponder" else None
        return best, pon

    def go_mate(self, byoyomi: Optional[int] = None, listener: Listener = None,
                timeout: Optional[float] = None) -> Union[List[str], str]:
        """go mate: the mating moves (a list), or the engine's word
        ("nomate", "timeout", "notimplemented")."""
        self._send("go mate " + (str(int(byoyomi)) if byoyomi is not None else "infinite"))
        line = self._until(lambda l: l.startswith("checkmate"), listener, timeout)
        words = line.split()[1:]
        if len(words) == 1 and words[0] in ("nomate", "timeout", "notimplemented"):
            return words[0]
        return words

    def ponderhit(self, listener: Listener = None) -> None:
        """ponderhit: the expected move was played; the search goes on as a normal go."""
        self._send("ponderhit")

    def stop(self, listener: Listener = None) -> None:
        """stop (the running go returns its bestmove)."""
        self._send("stop")

    def gameover(self, result: Optional[str] = None, listener: Listener = None) -> None:
        """gameover win|lose|draw."""
        self._send("gameover " + (result or "draw"))

    def quit(self, listener: Listener = None) -> None:
        """quit, then waits for the process to end (killed after the timeout)."""
        if self.proc is None:
            return
        try:
            if self.proc.poll() is None:
                self._send("quit")
                self.proc.wait(timeout=self.timeout or 10)
        except (subprocess.TimeoutExpired, USIEngineError, OSError):
            self.proc.kill()
            self.proc.wait()
        finally:
            for f in (self.proc.stdin, self.proc.stdout):
                try:
                    f.close()
                except OSError:
                    pass
            self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()

    def __repr__(self):
        return "<USIEngine %s%s>" % (self.name or " ".join(self.cmd), "" if self.proc else " (stopped)")
