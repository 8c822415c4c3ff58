"""The build steps of the libshogi package; the metadata is in pyproject.toml.

`pip install ./bindings/python` (from a clone of the repository) does all of it:

- build_py bundles the C library inside the package as
  libshogi/libshogi-capi.so (shogi.dll on Windows): it runs
  `go build -buildmode=c-shared ./capi` at the repository root, unless a
  prebuilt library is given (LIBSHOGI_PREBUILT=/path/to/libshogi.so or
  shogi.dll), or one was copied into the package folder under that name.
  LIBSHOGI_PREBUILT=none installs no library (it is then found through
  $LIBSHOGI_LIBRARY or the system loader path). No Go and no library: the
  build stops and says what to do.
- build_ext compiles the optional accelerator libshogi._accel against the
  limited API (abi3: one build serves every CPython >= 3.8). A compiler
  error (no compiler, no Python headers) is not an error: the package then
  runs on ctypes alone.
- The version is the library's, read from its one place (capi/main.go).

    python3 setup.py build_ext --inplace      # the accelerator, for the tests
    pip install ./bindings/python --no-build-isolation   # Debian's setuptools only

scripts/package-wheel.sh builds the platform wheels; it names the target with
LIBSHOGI_WHEEL_PLATFORM (a wheel platform tag, e.g. win_amd64, which also
leaves the accelerator out: it is built for the host only).
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Distribution, Extension, setup
from setuptools.command.build_py import build_py as _build_py

try:
    from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # wheel absent: plain builds (build_ext, pip with setuptools' own) still work
    _bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))

# The library's names inside the package (libshogi/_lib.py package_file_names):
# never "libshogi.so", which Python would take for an extension module.
BUNDLED_NAMES = ("libshogi-capi.so", "libshogi-capi.dylib", "shogi.dll")

PREBUILT_ENV = "LIBSHOGI_PREBUILT"
PLATFORM_ENV = "LIBSHOGI_WHEEL_PLATFORM"
REPO_ENV = "LIBSHOGI_REPO"


class BuildError(Exception):
    """A build step that cannot go on; the message says what to do."""


def repo_root():
    """The repository holding capi/ (the Go module): $LIBSHOGI_REPO, or the
    folder two levels above this file, as in a clone."""
    root = os.environ.get(REPO_ENV) or os.path.dirname(os.path.dirname(HERE))
    if os.path.isfile(os.path.join(root, "capi", "main.go")):
        return root
    return None


def read_version():
    """The version from capi/main.go (`const Version = "X.Y.Z"`): the one
    place the library, the header's packages and this package take it from."""
    root = repo_root()
    if root is None:
        raise BuildError("libshogi: capi/main.go not found above %s: build from a clone of the repository "
                         "(or set %s to its root)" % (HERE, REPO_ENV))
    with open(os.path.join(root, "capi", "main.go"), encoding="utf-8") as f:
        m = re.search(r'^const Version = "([0-9]+(?:\.[0-9]+)*)"$', f.read(), re.M)
    if not m:
        raise BuildError("libshogi: no `const Version = \"...\"` in capi/main.go")
    return m.group(1)


def target_platform():
    """The wheel platform tag asked for, or None for this machine."""
    return os.environ.get(PLATFORM_ENV) or None


def targets_windows():
    plat = target_platform()
    if plat is not None:
        return plat.startswith("win")
    return sys.platform.startswith("win") or sys.platform == "cygwin"


def bundled_name(library_file):
    """The name a library file gets inside the package, from its kind."""
    if library_file.endswith(".dll"):
        return "shogi.dll"
    if library_file.endswith(".dylib"):
        return "libshogi-capi.dylib"
    return "libshogi-capi.so"


def go_build(dest):
    """go build -buildmode=c-shared ./capi -> dest, at the repository root."""
    dest = os.path.abspath(dest)  # go runs in the repository, not here
    go = shutil.which(os.environ.get("GO", "go"))
    root = repo_root()
    if go is None or root is None:
        why = "Go is not on PATH" if go is None else "the repository (capi/) is not above %s" % HERE
        raise BuildError(
            "libshogi: cannot build the C library: %s.\n"
            "  Install Go (https://go.dev/dl/) and a C compiler and run pip again, or\n"
            "  give a prebuilt library: %s=/path/to/libshogi.so (shogi.dll) pip install ...,\n"
            "  or install a platform wheel (scripts/package-wheel.sh builds them), or\n"
            "  %s=none to install without a library (then $LIBSHOGI_LIBRARY or the loader path finds one)."
            % (why, PREBUILT_ENV, PREBUILT_ENV))
    if targets_windows() and not (sys.platform.startswith("win")):
        raise BuildError("libshogi: no cross-build of shogi.dll here: give it with %s (scripts/package-wheel.sh "
                         "builds it with mingw)" % PREBUILT_ENV)
    env = dict(os.environ, CGO_ENABLED="1")
    cmd = [go, "build", "-trimpath", "-buildmode=c-shared", "-o", dest, "./capi"]
    print("libshogi: " + " ".join(cmd) + "  (in %s)" % root)
    try:
        subprocess.check_call(cmd, cwd=root, env=env)
    except (OSError, subprocess.CalledProcessError) as e:
        raise BuildError("libshogi: go build of the C library failed (%s); cgo needs a C compiler (gcc)" % e)
    header = os.path.splitext(dest)[0] + ".h"  # cgo writes its own header beside it: not shipped
    if os.path.exists(header):
        os.remove(header)


class build_py(_build_py):
    """Copies the Python files and puts the C library inside the package."""

    def run(self):
        _build_py.run(self)
        if not self.dry_run:
            try:
                self.bundle_library()
            except BuildError as e:
                sys.stderr.write("\n%s\n\n" % e)
                raise SystemExit(1)

    def bundle_library(self):
        pkg = os.path.join(self.build_lib, "libshogi")
        if not self.distribution.ext_modules:  # an accelerator of an earlier host build
            for n in os.listdir(pkg):
                if n.startswith("_accel.") and not n.endswith((".c", ".py")):
                    os.remove(os.path.join(pkg, n))
        prebuilt = os.environ.get(PREBUILT_ENV, "")
        source_copy = [n for n in BUNDLED_NAMES if os.path.isfile(os.path.join(HERE, "libshogi", n))]
        if prebuilt == "none":
            self.remove_bundled(pkg, keep=None)
            print("libshogi: %s=none: no library inside the package" % PREBUILT_ENV)
            return
        if prebuilt:
            if not os.path.isfile(prebuilt):
                raise BuildError("libshogi: %s=%s: no such file" % (PREBUILT_ENV, prebuilt))
            name = bundled_name(prebuilt)
            self.remove_bundled(pkg, keep=None)
            shutil.copyfile(prebuilt, os.path.join(pkg, name))
            print("libshogi: bundled %s as libshogi/%s" % (prebuilt, name))
            return
        if source_copy and not target_platform():
            self.remove_bundled(pkg, keep=source_copy[0])
            print("libshogi: bundled libshogi/%s from the package folder" % source_copy[0])
            return
        name = "shogi.dll" if targets_windows() else ("libshogi-capi.dylib" if sys.platform == "darwin"
                                                      else "libshogi-capi.so")
        self.remove_bundled(pkg, keep=None)
        go_build(os.path.join(pkg, name))

    @staticmethod
    def remove_bundled(pkg, keep):
        """A library left in the build folder by an earlier build (another
        platform, another source) must not ride along."""
        for n in BUNDLED_NAMES:
            p = os.path.join(pkg, n)
            if n != keep and os.path.exists(p):
                os.remove(p)


cmdclass = {"build_py": build_py}


class BinaryDistribution(Distribution):
    """The package carries a native library even without the accelerator:
    it installs into platlib (the wheel's root), never purelib."""

    def has_ext_modules(self):
        return True

if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """A platform wheel (it carries a native library): cp38-abi3-<platform>
        with the accelerator (limited API only), py3-none-<platform> without
        (not built for the target, or its optional build failed)."""

        def finalize_options(self):
            plat = target_platform()
            if plat:
                self.plat_name = plat
            _bdist_wheel.finalize_options(self)
            self.root_is_pure = False
            if self.distribution.ext_modules:
                self.py_limited_api = "cp38"

        def get_tag(self):
            impl, abi, plat = _bdist_wheel.get_tag(self)
            if not self.accelerator_built():  # ctypes only: any Python 3 on this platform
                return "py3", "none", plat
            return impl, abi, plat

        def accelerator_built(self):
            """False when there is none to build or its optional build failed."""
            if not self.distribution.ext_modules:
                return False
            outputs = self.get_finalized_command("build_ext").get_outputs()
            return bool(outputs) and all(os.path.exists(p) for p in outputs)

    cmdclass["bdist_wheel"] = bdist_wheel


def ext_modules():
    if targets_windows() and not sys.platform.startswith("win"):
        return []  # the accelerator is compiled for the host only (see package-wheel.sh)
    return [
        Extension(
            "libshogi._accel",
            sources=["libshogi/_accel.c"],
            define_macros=[("Py_LIMITED_API", "0x03080000")],
            py_limited_api=True,
            optional=True,
        )
    ]


try:
    VERSION = read_version()
except BuildError as e:
    sys.stderr.write("\n%s\n\n" % e)
    raise SystemExit(1)

setup(version=VERSION, ext_modules=ext_modules(), cmdclass=cmdclass, distclass=BinaryDistribution)
