"""Every function of include/shogi.h has a binding (informational when the
header grew before the binding: the test is then marked xfail with the
names, so the other stages are not blocked)."""

import os
import re

import pytest

import libshogi
import libshogi.engine  # noqa: F401 - declares the engine prototypes
from libshogi import _lib

HEADER = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "include", "shogi.h")

# header functions that are deliberately not wrapped
NOT_WRAPPED = set()


def _header_functions():
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    return sorted(set(re.findall(r"SHOGI_API\s+[^;(]*?\b(shogi_\w+)\s*\(", text)))


@pytest.mark.skipif(not os.path.exists(HEADER), reason="include/shogi.h not found")
def test_every_header_function_is_declared():
    names = _header_functions()
    assert len(names) > 40
    declared = {n for n in names if _lib.has(n)}
    # declared but absent from the loaded library: an older build
    absent = sorted(n for n in names if n in _lib._missing)
    unbound = sorted(set(names) - declared - set(absent) - NOT_WRAPPED)
    if unbound:
        pytest.xfail("not bound yet: " + ", ".join(unbound))
    if absent:
        pytest.skip("the loaded library lacks: " + ", ".join(absent))


def test_every_declared_function_is_used():
    """Each declared prototype is called somewhere in the package."""
    pkg = os.path.dirname(libshogi.__file__)
    source = ""
    for name in os.listdir(pkg):
        if name.endswith(".py") and name != "_lib.py":
            with open(os.path.join(pkg, name), encoding="utf-8") as f:
                source += f.read()
    with open(os.path.join(pkg, "_lib.py"), encoding="utf-8") as f:
        lib_source = f.read()
    declared = set(re.findall(r'declare\("(shogi_\w+)"', lib_source + source))
    core = {"shogi_version", "shogi_abi_version", "shogi_status_name", "shogi_live_handles",
            "shogi_selftest_panic"}
    unused = sorted(n for n in declared - core if ("F." + n) not in source and ("F." + n) not in lib_source
                    and n not in ("shogi_position_do_move", "shogi_position_undo_move",
                                  "shogi_position_legal_moves", "shogi_position_is_legal",
                                  "shogi_position_free"))
    assert unused == []


def _header_text():
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
    return text


@pytest.mark.skipif(not os.path.exists(HEADER), reason="include/shogi.h not found")
def test_argument_counts_match_header():
    """A prototype whose parameter count differs from the header's would
    corrupt the stack: compare every declared function."""
    text = _header_text()
    bad = []
    for name, params in re.findall(r"SHOGI_API\s+[^;(]*?\b(shogi_\w+)\s*\(([^)]*)\)\s*;", text):
        params = params.strip()
        n = 0 if params in ("", "void") else len(params.split(","))
        fn = getattr(_lib.F, name, None)
        if fn is None:
            continue
        if len(fn.argtypes) != n:
            bad.append("%s: header %d, binding %d" % (name, n, len(fn.argtypes)))
    assert bad == []


def _struct_fields(text, name):
    m = re.search(r"typedef struct %s\s*\{(.*?)\}\s*%s\s*;" % (name, name), text, flags=re.S)
    assert m, name
    fields = []
    for decl in m.group(1).split(";"):
        decl = decl.strip()
        if not decl:
            continue
        fm = re.match(r"(?:const\s+)?(\w+)\s+(\w+)\s*(\[[^\]]*\])?$", decl)
        assert fm, decl
        fields.append(fm.group(2))
    return fields


@pytest.mark.skipif(not os.path.exists(HEADER), reason="include/shogi.h not found")
def test_struct_layouts_match_header():
    from libshogi import engine

    text = _header_text()
    pairs = [("shogi_error_t", _lib.Error)]
    if "shogi_engine_options_t" in text:
        pairs += [
            ("shogi_engine_options_t", engine.EngineOptions),
            ("shogi_search_limits_t", engine.SearchLimits),
            ("shogi_search_info_t", engine._CInfo),
            ("shogi_search_line_t", engine._CLine),
            ("shogi_search_result_t", engine._CResult),
        ]
    for cname, cls in pairs:
        assert _struct_fields(text, cname) == [f[0] for f in cls._fields_], cname
    for macro, value in (("SHOGI_MAX_PV", engine.MAX_PV), ("SHOGI_MAX_MULTIPV", engine.MAX_MULTIPV),
                         ("SHOGI_ERROR_MESSAGE_SIZE", _lib.ERROR_MESSAGE_SIZE),
                         ("SHOGI_NNUE_MAX_ACTIVE", libshogi.MAX_ACTIVE),
                         ("SHOGI_NNUE_HALFKP_DIMENSIONS", libshogi.HALFKP_DIMENSIONS),
                         ("SHOGI_MAX_MOVES", libshogi.board.MAX_MOVES),
                         ("SHOGI_PSV_SIZE", libshogi.records.PSV_SIZE),
                         ("SHOGI_HCPE_SIZE", libshogi.records.HCPE_SIZE)):
        m = re.search(r"#define %s (\d+)" % macro, text)
        if m:
            assert int(m.group(1)) == value, macro


@pytest.mark.skipif(not os.path.exists(HEADER), reason="include/shogi.h not found")
def test_enum_values_match_header():
    text = _header_text()
    values = dict((k, int(v)) for k, v in re.findall(r"\b(SHOGI_[A-Z0-9_]+)\s*=\s*(-?\d+)", text))
    checked = 0
    for cname, v in values.items():
        short = cname[len("SHOGI_"):]
        if short.startswith("E_") or short == "OK":
            from libshogi import _errors
            assert getattr(_errors, short) == v, cname
            checked += 1
            continue
        for mod in (libshogi, libshogi.records, libshogi.engine):
            if hasattr(mod, short):
                assert getattr(mod, short) == v, cname
                checked += 1
                break
    assert checked > 50
