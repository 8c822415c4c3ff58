import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PKG_ROOT = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(PKG_ROOT))

# Test the package of this checkout, not an installed copy.
if PKG_ROOT not in sys.path:
    sys.path.insert(0, PKG_ROOT)


def testdata_dir():
    """The golden data: $LIBSHOGI_TESTDATA, or tests/testdata of the
    repository (it ships with every clone)."""
    d = os.environ.get("LIBSHOGI_TESTDATA") or os.path.join(REPO, "tests", "testdata")
    if not os.path.isdir(d):
        raise FileNotFoundError("golden data missing: %s (tests/testdata ships with the repository)" % d)
    return d


def read_tsv(name):
    d = testdata_dir()
    rows = []
    with open(os.path.join(d, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            rows.append(line.split("\t"))
    return rows


def psv_playouts(n_positions, seed, scored=False):
    """n_positions PSV records (bytes) of seeded random playouts, each
    position with the move played from it; scored: random scores and
    results instead of 0."""
    import random

    import libshogi

    rng = random.Random(seed)
    recs = []
    while len(recs) < n_positions:
        b = libshogi.Board()
        for _ in range(rng.randrange(20, 150)):
            moves = b.legal_moves
            if not moves or len(recs) == n_positions:
                break
            m = rng.choice(moves)
            if scored:
                recs.append(b.to_psv(rng.randint(-300, 300), m, rng.choice((-1, 0, 1))))
            else:
                recs.append(b.to_psv(0, m, 0))
            b.push(m)
    return b"".join(recs)
