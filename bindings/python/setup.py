"""Builds the optional accelerator libshogi._accel (abi3: one build serves
every CPython >= 3.8). The package metadata is in pyproject.toml.

A compiler error (no compiler, no Python headers) is not an error: the
extension is optional and the package then runs on ctypes alone.

    python3 setup.py build_ext --inplace      # for the tests, in this folder
    pip install . --no-build-isolation        # with Debian's setuptools only
"""

from setuptools import Extension, setup

try:
    from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # wheel absent: plain builds (build_ext, pip with setuptools' own) still work
    _bdist_wheel = None

cmdclass = {}
if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """Tags the wheel cp38-abi3: the extension uses the limited API only."""

        def finalize_options(self):
            _bdist_wheel.finalize_options(self)
            self.py_limited_api = "cp38"

    cmdclass["bdist_wheel"] = bdist_wheel

setup(
    ext_modules=[
        Extension(
            "libshogi._accel",
            sources=["libshogi/_accel.c"],
            define_macros=[("Py_LIMITED_API", "0x03080000")],
            py_limited_api=True,
            optional=True,
        )
    ],
    cmdclass=cmdclass,
)
