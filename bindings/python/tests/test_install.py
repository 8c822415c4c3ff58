"""pip installs the package (with a library copied into it) from the repo."""

import os
import shutil
import subprocess
import sys

import pytest

import libshogi

PKG_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(os.path.dirname(PKG_ROOT))


def test_pip_install_with_library_in_package(tmp_path):
    import importlib.util

    if importlib.util.find_spec("pip") is None or importlib.util.find_spec("setuptools") is None:
        pytest.skip("pip or setuptools not installed")
    src = tmp_path / "src"
    shutil.copytree(PKG_ROOT, str(src), ignore=shutil.ignore_patterns(
        "*.so", "*.so.*", "*.dll", "__pycache__", "build", "*.egg-info", "tests", ".pytest_cache"))
    shutil.copy(libshogi.library_path, str(src / "libshogi" / libshogi._lib.package_file_names()[0]))
    target = tmp_path / "site"
    build_env = dict(os.environ, LIBSHOGI_REPO=REPO)  # the copy is outside the clone: the version is read there
    build_env.pop("LIBSHOGI_PREBUILT", None)  # the library copied into the package folder is the one bundled
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps",
                        "--no-index", "--target", str(target), str(src)], env=build_env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    if r.returncode != 0 and "setuptools" in r.stderr:
        pytest.skip("cannot build without network: " + r.stderr[-200:])
    assert r.returncode == 0, r.stderr
    env = dict(os.environ)
    env.pop("LIBSHOGI_LIBRARY", None)
    env.pop("LIBSHOGI_NO_ACCEL", None)  # the installed package as a user gets it
    env["PYTHONPATH"] = str(target)
    r = subprocess.run([sys.executable, "-c", "import libshogi; print(libshogi.library_path); print(libshogi.Board().perft(2))"],
                       cwd=str(tmp_path), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    path, nodes = r.stdout.split()
    assert path.startswith(str(target)) and nodes == "900"
    # Python started inside the installed package folder: the library file
    # there is not taken for an extension module named libshogi
    r = subprocess.run([sys.executable, "-c", "import libshogi; print(libshogi.Board().perft(1))"],
                       cwd=str(target / "libshogi"), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["30"], r.stderr
    # the accelerator was built by pip when a compiler is there, else not:
    # either way the package imports (the build is optional)
    r = subprocess.run([sys.executable, "-c", "import libshogi; print(libshogi.accelerated)"], cwd=str(tmp_path),
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    built = any(n.startswith("_accel") for n in os.listdir(str(target / "libshogi")))
    assert r.stdout.strip() == str(built)


def test_library_in_working_directory_is_named_apart():
    """The names the package looks for cannot be imported as a module."""
    import re

    for name in libshogi._lib.package_file_names():
        stem = name.split(".")[0]
        assert not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", stem), name
