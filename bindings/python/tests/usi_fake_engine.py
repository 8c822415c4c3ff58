"""A small USI engine for the client's tests: legal moves from libshogi,
deterministic info lines (one per MultiPV line), mate-in-one answers, and
"go infinite" that waits for stop. Run as a child process."""

import sys

import libshogi

board = libshogi.Board()
multipv = 1


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def answer_go(words):
    moves = board.legal_moves
    mate = board.mate_move_in_1ply()
    lines = []
    if mate:
        lines.append((mate, "mate 1", []))
    for m in moves:
        if len(lines) >= multipv:
            break
        if m != mate:
            lines.append((m, "cp %d" % (100 - 10 * len(lines)), []))
    for k, (m, score, _) in enumerate(lines, 1):
        board.push(m)
        reply = board.legal_moves[:1]
        board.pop()
        pv = " ".join([libshogi.move_to_usi(m)] + [libshogi.move_to_usi(r) for r in reply])
        out("info depth 3 seldepth 5 multipv %d score %s nodes %d nps 5000 time 7 pv %s" % (k, score, 1000 * k, pv))
    out("info string searched %d moves" % len(moves))
    if not lines:
        out("bestmove resign")
        return
    best = lines[0][0]
    board.push(best)
    reply = board.legal_moves[:1]
    board.pop()
    out("bestmove %s%s" % (libshogi.move_to_usi(best), (" ponder " + libshogi.move_to_usi(reply[0])) if reply else ""))


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "usi":
        out("id name FakeUSI 1.0")
        out("id author libshogi tests")
        out("option name MultiPV type spin default 1 min 1 max 10")
        out("option name USI_Ponder type check default false")
        out("option name Style type combo default Normal var Solid var Normal var Risky")
        out("option name BookFile type string default book file.db")
        out("usiok")
    elif cmd == "isready":
        out("readyok")
    elif cmd == "setoption" and len(words) >= 5 and words[2] == "MultiPV":
        multipv = int(words[4])
    elif cmd == "position":
        board.set_position(" ".join(words[1:]))
    elif cmd == "go" and len(words) > 1 and words[1] == "mate":
        m = board.mate_move_in_1ply()
        out("checkmate " + (libshogi.move_to_usi(m) if m else "nomate"))
    elif cmd == "go":
        if "infinite" in words:
            for raw2 in sys.stdin:  # wait for stop
                if raw2.strip() == "stop":
                    break
        answer_go(words)
    elif cmd == "quit":
        break
