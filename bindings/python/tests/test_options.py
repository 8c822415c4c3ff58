"""The engine option table through Python: listing, set/get by name, range
errors that change nothing, and options that change a search."""

import pytest

import libshogi
from libshogi import Board, Engine

pytestmark = pytest.mark.skipif(not libshogi._lib.has("shogi_engine_set_option"),
                                reason="library without the engine options section")


def test_option_table():
    table = {o.name: o for o in libshogi.option_table()}
    assert Engine.option_table() == libshogi.option_table()
    t = table["Threads"]
    assert (t.type, t.default, t.min, t.max) == ("spin", "1", 1, 1024)
    rule = table["EnteringKingRule"]
    assert rule.type == "combo" and rule.default == "CSARule27"
    assert rule.choices == ("none", "CSARule24", "CSARule24H", "CSARule27", "CSARule27H", "TryRule")
    assert table["USI_Ponder"].type == "check"
    assert table["EvalFile"].type == "string" and table["EvalFile"].default == "<empty>"
    for o in table.values():
        assert o.help, o.name


def test_set_get():
    with Engine(threads=2, multipv=2) as e:
        assert e.get_option("Threads") == "2"
        assert e.get_option("multipv") == "2"
        assert e.get_option("NetworkDelay") == "0"
        e.set_option("Threads", 3)
        assert e.get_option("THREADS") == "3"
        assert e.options["threads"] == 3  # the struct view follows
        e.set_option("USI_Ponder", True)
        assert e.get_option("USI_Ponder") == "true"
        e.set_option("EnteringKingRule", "TryRule")
        assert e.options["entering_king_rule"] == libshogi.RULE_TRY
        e.set_options(hash_mb=8)  # the struct keeps what set_option set
        assert e.get_option("Threads") == "3" and e.get_option("EnteringKingRule") == "TryRule"
        assert e.get_option("USI_Ponder") == "true"
        for name, value in (("Threads", 0), ("Threads", 1025), ("Threads", "x"), ("Nope", 1),
                            ("USI_Ponder", "maybe")):
            with pytest.raises(libshogi.InvalidArgumentError):
                e.set_option(name, value)
        assert e.get_option("Threads") == "3"
        with pytest.raises(libshogi.InvalidArgumentError):
            e.get_option("Nope")
        with pytest.raises(ValueError):
            e.set_option("EvalFile", "a\0b")
        with pytest.raises(TypeError):
            e.set_option("Threads", 2.5)
        with pytest.raises(libshogi.ShogiIOError):
            e.set_option("EvalFile", "/nonexistent/nn.bin")
        assert e.get_option("EvalFile") == "<empty>"


def test_options_change_the_search(tmp_path):
    b = Board()
    with Engine() as e:
        e.set_option("MultiPV", 3)
        assert len(e.search(b, depth=2).lines) == 3
    net = libshogi.Network.make_test(seed=3)
    path = tmp_path / "nn.bin"
    net.save(str(path))
    with Engine(network=net) as by_handle, Engine() as by_name:
        by_name.set_option("EvalFile", str(path))
        a = by_handle.search(b, depth=3)
        c = by_name.search(b, depth=3)
        assert (a.value, a.nodes, a.pv) == (c.value, c.nodes, c.pv)
