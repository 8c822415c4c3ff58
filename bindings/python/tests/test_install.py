"""pip installs the package (with a library copied into it) from the repo."""

import os
import shutil
import subprocess
import sys

import pytest

import libshogi

PKG_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pip_install_with_library_in_package(tmp_path):
    import importlib.util

    if importlib.util.find_spec("pip") is None or importlib.util.find_spec("setuptools") is None:
        pytest.skip("pip or setuptools not installed")
    src = tmp_path / "src"
    shutil.copytree(PKG_ROOT, str(src), ignore=shutil.ignore_patterns(
        "*.so", "*.so.*", "*.dll", "__pycache__", "build", "*.egg-info", "tests", ".pytest_cache"))
    shutil.copy(libshogi.library_path, str(src / "libshogi" / "libshogi.so"))
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps",
                        "--no-index", "--target", str(target), str(src)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    if r.returncode != 0 and "setuptools" in r.stderr:
        pytest.skip("cannot build without network: " + r.stderr[-200:])
    assert r.returncode == 0, r.stderr
    env = dict(os.environ)
    env.pop("LIBSHOGI_LIBRARY", None)
    env["PYTHONPATH"] = str(target)
    r = subprocess.run([sys.executable, "-c", "import libshogi; print(libshogi.library_path); print(libshogi.Board().perft(2))"],
                       cwd=str(tmp_path), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    path, nodes = r.stdout.split()
    assert path.startswith(str(target)) and nodes == "900"
