"""The same package under every other CPython >= 3.8 found on this machine
(pyenv versions, python3.X on PATH): one library, and one accelerator built
against the limited API (abi3), which every one of them loads."""

import glob
import os
import shutil
import subprocess
import sys

import pytest

import libshogi

PKG_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SMOKE = r"""
import sys, pickle, threading
import libshogi as s
b = s.Board(); b.push_usi('7g7f'); assert b.perft(3) == 30406, b.perft(3)
assert s.Board('kn7/9/1G7/9/9/9/9/9/4K4 b P 1').mate1() == 0
e = s.Engine(); r = e.search(b, depth=3, on_info=lambda i: None); assert b.is_legal(r.bestmove)
def bad(i): raise KeyError('x')
try:
    e.search(b, depth=5, on_info=bad); raise SystemExit('no exception')
except KeyError:
    pass
t = threading.Thread(target=lambda: e.search(b, depth=2)); t.start(); t.join()
assert pickle.loads(pickle.dumps(b)).sfen() == b.sfen()
assert s.Record.from_board(b).write('usi').strip() == 'startpos moves 7g7f'
try:
    s.Board('bad')
except s.ParseError:
    pass
assert b.to_svg().startswith('<svg')
print('ok %d.%d %s' % (sys.version_info[:2] + (s.accelerated,)))
"""


def _interpreters():
    found = {}
    cands = glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3"))
    for minor in range(8, 15):
        p = shutil.which("python3.%d" % minor)
        if p:
            cands.append(p)
    for p in cands:
        try:
            out = subprocess.run([p, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 universal_newlines=True, timeout=30).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            continue
        if out and tuple(map(int, out.split("."))) >= (3, 8) and out not in found:
            found[out] = p
    found.pop("%d.%d" % sys.version_info[:2], None)  # this one runs the suite itself
    items = sorted(found.items(), key=lambda kv: tuple(map(int, kv[0].split("."))))
    if len(items) > 2 and not os.environ.get("LIBSHOGI_ALL_PYTHONS"):
        items = [items[0], items[-1]]  # the oldest and the newest (all: LIBSHOGI_ALL_PYTHONS=1)
    return items


INTERPRETERS = _interpreters()


@pytest.mark.parametrize("version,python", INTERPRETERS or [pytest.param("none", None, marks=pytest.mark.skip(
    reason="no other CPython >= 3.8 found"))])
def test_other_python(version, python):
    env = dict(os.environ)
    env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(libshogi.__file__))  # the checkout's or the installed wheel's
    env.pop("PYTHONHOME", None)
    r = subprocess.run([python, "-c", SMOKE], cwd=PKG_ROOT, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "ok %s %s" % (version, libshogi.accelerated)
