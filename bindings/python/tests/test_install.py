"""pip installs the package from the repo: with a library copied into it, or one named by LIBSHOGI_PREBUILT, or none."""

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


@pytest.mark.parametrize("prebuilt", ["file", "none"])
def test_pip_install_with_prebuilt_setting(tmp_path, prebuilt):
    """LIBSHOGI_PREBUILT: a library file is bundled under the package's name
    for it (no Go run); "none" installs the package without a library, which
    then loads the one $LIBSHOGI_LIBRARY names."""
    src = tmp_path / "src"
    shutil.copytree(PKG_ROOT, str(src), ignore=shutil.ignore_patterns(
        "*.so", "*.so.*", "*.dll", "__pycache__", "build", "*.egg-info", "tests", ".pytest_cache"))
    target = tmp_path / "site"
    env = dict(os.environ, LIBSHOGI_REPO=REPO, LIBSHOGI_PREBUILT=libshogi.library_path if prebuilt == "file" else "none",
               PATH=os.defpath)  # no Go on this PATH: the build must not need it
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps",
                        "--no-index", "--target", str(target), str(src)], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    assert r.returncode == 0, r.stderr
    pkg = target / "libshogi"
    bundled = sorted(n for n in os.listdir(str(pkg)) if n in ("libshogi-capi.so", "shogi.dll", "libshogi-capi.dylib"))
    assert bundled == ([libshogi._lib.package_file_names()[0]] if prebuilt == "file" else [])
    run_env = dict(os.environ, PYTHONPATH=str(target))
    run_env.pop("LIBSHOGI_LIBRARY", None)
    if prebuilt == "none":
        run_env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    r = subprocess.run([sys.executable, "-c", "import libshogi; print(libshogi.library_path); print(libshogi.__version__)"],
                       cwd=str(tmp_path), env=run_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert r.returncode == 0, r.stderr
    path, version = r.stdout.split()
    assert path == (str(pkg / bundled[0]) if bundled else libshogi.library_path)
    assert version == libshogi.__version__
    with open(os.path.join(REPO, "capi", "main.go"), encoding="utf-8") as f:  # the one place of the version
        assert 'const Version = "%s"' % version in f.read()
