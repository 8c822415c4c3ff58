import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PKG_ROOT = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(PKG_ROOT))

# Test the package of this checkout, not an installed copy.
if PKG_ROOT not in sys.path:
    sys.path.insert(0, PKG_ROOT)


def testdata_dir():
    """The shared golden data: $LIBSHOGI_TESTDATA, or ../shared/testdata
    next to the repository (the layout CMakeLists.txt uses too)."""
    for d in (
        os.environ.get("LIBSHOGI_TESTDATA"),
        os.path.join(os.path.dirname(REPO), "shared", "testdata"),
        os.path.join(REPO, "shared", "testdata"),
    ):
        if d and os.path.isdir(d):
            return d
    return None


def read_tsv(name):
    d = testdata_dir()
    if d is None:
        return []  # parametrized tests then show up as skipped
    rows = []
    with open(os.path.join(d, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            rows.append(line.split("\t"))
    return rows
