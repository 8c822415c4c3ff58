"""Evaluation by name (issue 20, ABI 1.2): the net built into the library
("default"), the built-in material evaluation ("builtin"), and the engine's
report of which one it uses."""

import hashlib
import os
import re

import pytest

import libshogi
from libshogi import Board, Engine, Network

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
README = os.path.join(ROOT, "libshogi", "nnue", "defaultnet", "README.md")


def readme_sha256():
    with open(README) as f:
        m = re.search(r"SHA-256 of nn\.bin[^`]*`([0-9a-f]{64})`", f.read())
    assert m, "the provenance README gives the nn.bin SHA-256"
    return m.group(1)


def test_default_network_has_the_documented_checksum(tmp_path):
    with libshogi.default_network() as net:
        path = tmp_path / "nn.bin"
        net.save(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == readme_sha256()
    # the same bytes loaded as a file evaluate as the net loaded by name
    with Network(libshogi.DEFAULT_NET) as a, Network(path) as b:
        for sfen in ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                     "ln1g3nl/1r2g1sk1/p1spppbpp/2p3p2/1p7/2PP3P1/PPBSPPP1P/2G2S1R1/LN2KG1NL b - 19"):
            assert a.evaluate(Board(sfen)) == b.evaluate(Board(sfen))


def test_builtin_is_no_network():
    with pytest.raises(libshogi.ShogiIOError, match="built-in"):
        Network(libshogi.BUILTIN_EVAL)


def test_engine_reports_its_evaluation(tmp_path):
    board = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
    with Engine(network="default") as named:
        assert named.evaluation == "default" and named.uses_network
        a = named.search(board, depth=3)
    with libshogi.default_network() as net:
        path = str(tmp_path / "nn.bin")
        net.save(path)
        with Engine(network=net) as handle:
            assert handle.evaluation == "network"
            b = handle.search(board, depth=3)
            handle.set_option("EvalFile", path)
            assert handle.evaluation == path
    assert (a.value, a.nodes) == (b.value, b.nodes)
    with Engine() as unnamed:  # no network named: the default net (0.17.0)
        assert unnamed.evaluation == "default" and unnamed.uses_network
        d = unnamed.search(board, depth=3)
    assert (d.value, d.nodes) == (a.value, a.nodes)
    with Engine(network="builtin") as builtin:
        assert builtin.evaluation == "builtin" and not builtin.uses_network
        c = builtin.search(board, depth=3)
    assert (c.value, c.nodes) != (a.value, a.nodes)
