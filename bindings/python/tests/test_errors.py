"""Bad input raises Python exceptions carrying the library's message."""

import gc
import os
import subprocess
import sys

import pytest

import libshogi
from libshogi import Board

PKG_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("sfen", [
    "", "bad", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
    "k8/9/9/9/9/9/9/9/P3K4 b - 1 extra",
])
def test_bad_sfen(sfen):
    with pytest.raises(libshogi.ParseError) as ei:
        Board(sfen)
    e = ei.value
    assert e.code == -5
    assert e.name == "SHOGI_E_PARSE"
    assert e.message and e.message in str(e)
    assert isinstance(e, ValueError) and isinstance(e, libshogi.ShogiError)


def test_dead_pieces_need_the_flag():
    sfen = "P3k4/9/9/9/9/9/9/9/4K4 b - 1"
    with pytest.raises(libshogi.ParseError):
        Board(sfen)
    assert Board(sfen, flags=libshogi.SFEN_ALLOW_DEAD_PIECES).sfen() == sfen
    with pytest.raises(libshogi.InvalidArgumentError):
        Board(sfen, flags=1 << 20)


def test_set_sfen_error_leaves_board():
    b = Board()
    b.push_usi("7g7f")
    with pytest.raises(libshogi.ParseError):
        b.set_sfen("nonsense")
    assert b.move_number == 2
    b.pop()


def test_illegal_and_malformed_moves():
    b = Board()
    with pytest.raises(libshogi.IllegalMoveError) as ei:
        b.push_usi("7g7e")
    assert "7g7e" in ei.value.message
    with pytest.raises(libshogi.ParseError):
        b.push_usi("hello")
    with pytest.raises(libshogi.IllegalMoveError):
        b.push(0x1234)
    assert not b.is_legal(0xFFFF)
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.move_to_usi(0x7F)  # to-square beyond 9i
    with pytest.raises(TypeError):
        b.push_usi(42)
    assert b.sfen() == libshogi.STARTING_SFEN
    assert b.history == []


def test_state_errors():
    with pytest.raises(libshogi.StateError):
        Board().pop()
    with pytest.raises(libshogi.InvalidArgumentError):
        Board.from_handicap("no-such-handicap")
    with pytest.raises(libshogi.InvalidArgumentError):
        Board().perft(-1)


def test_internal_error_is_reported():
    with pytest.raises(libshogi.InternalError) as ei:
        libshogi.selftest_panic()
    assert ei.value.code == -100
    assert "panic" in ei.value.message


def test_closed_board():
    b = Board()
    b.close()
    b.close()
    with pytest.raises(ValueError):
        b.sfen()
    with pytest.raises(ValueError):
        b.push(0)
    with pytest.raises(ValueError):
        b.pop()
    assert "closed" in repr(b)
    with Board() as c:
        assert c.perft(1) == 30
    with pytest.raises(ValueError):
        c.legal_moves


def test_handles_are_freed():
    gc.collect()
    before = libshogi.live_handles()
    boards = [Board() for _ in range(50)]
    copies = [b.copy() for b in boards]
    assert libshogi.live_handles() == before + 100
    del boards, copies
    gc.collect()
    assert libshogi.live_handles() == before


def test_version():
    assert libshogi.version().count(".") == 2
    assert libshogi.abi_version >> 16 == 1
    assert os.path.exists(libshogi.library_path) or libshogi.library_path


def _run_isolated(tmp_path, env_lib, copy_lib):
    """Imports a copy of the package in a fresh interpreter."""
    import shutil

    dst = tmp_path / "pkg"
    shutil.copytree(os.path.dirname(libshogi.__file__), str(dst / "libshogi"),
                    ignore=shutil.ignore_patterns("*.so*", "*.dll", "*.dylib", "__pycache__"))
    if copy_lib:
        shutil.copy(libshogi.library_path, str(dst / "libshogi" / os.path.basename(copy_lib)))
    env = dict(os.environ)
    env.pop("LIBSHOGI_LIBRARY", None)
    env["LD_LIBRARY_PATH"] = ""
    if env_lib is not None:
        env["LIBSHOGI_LIBRARY"] = env_lib
    code = ("import libshogi, sys; sys.stdout.write(libshogi.library_path + '\\n' + "
            "str(libshogi.Board().perft(2)))")
    return subprocess.run([sys.executable, "-c", code], cwd=str(dst), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)


def test_library_not_found_lists_places(tmp_path):
    r = _run_isolated(tmp_path, "/nonexistent/dir/libshogi.so", None)
    if r.returncode == 0:
        pytest.skip("a libshogi is installed on the system loader path")
    assert "LibraryNotFoundError" in r.stderr
    assert "/nonexistent/dir/libshogi.so" in r.stderr
    assert "package folder" in r.stderr
    assert "system loader path" in r.stderr
    assert "LIBSHOGI_LIBRARY" in r.stderr


def test_library_in_package_folder(tmp_path):
    name = libshogi._lib.package_file_names()[0]  # libshogi-capi.so: never libshogi.so there
    r = _run_isolated(tmp_path, None, name)
    assert r.returncode == 0, r.stderr
    path, nodes = r.stdout.split("\n")
    assert path == str(tmp_path / "pkg" / "libshogi" / name)
    assert nodes == "900"


def test_env_var_wins(tmp_path):
    r = _run_isolated(tmp_path, libshogi.library_path, libshogi._lib.package_file_names()[0])
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[0] == libshogi.library_path


def test_works_without_numpy(tmp_path):
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import libshogi\n"
        "b = libshogi.Board(); assert len(b.legal_moves) == 30\n"
        "try:\n    b.legal_moves_array()\nexcept ImportError as e:\n    print('noarray', e)\n"
    )
    env = dict(os.environ)
    env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    r = subprocess.run([sys.executable, "-c", code], cwd=PKG_ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "noarray" in r.stdout


def test_fork_after_loading_warns_in_the_child():
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    code = (
        "import os, sys, libshogi\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    sys.stderr.flush(); os._exit(0 if libshogi._lib.forked_child else 3)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "sys.exit(os.WEXITSTATUS(status))\n"
    )
    env = dict(os.environ)
    env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    r = subprocess.run([sys.executable, "-c", code], cwd=PKG_ROOT, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "spawn" in r.stderr and "fork" in r.stderr


def test_simd_level_is_a_known_kernel_level():
    import os
    level = libshogi.simd_level()
    assert level in ("avx512", "avx2", "go")
    if os.environ.get("LIBSHOGI_SIMD") == "go":
        assert level == "go"
