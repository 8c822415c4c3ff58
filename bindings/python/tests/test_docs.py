"""Every public callable of the package has a docstring; the package ships
py.typed and its new modules carry type annotations."""

import inspect
import os
import types

import libshogi

PKG_DIR = os.path.dirname(libshogi.__file__)


def _ours(obj):
    mod = getattr(obj, "__module__", None) or ""
    return mod == "libshogi" or mod.startswith("libshogi.")


def _public_modules():
    mods = [libshogi]
    for name in dir(libshogi):
        obj = getattr(libshogi, name)
        if isinstance(obj, types.ModuleType) and obj.__name__.startswith("libshogi.") and not name.startswith("_"):
            mods.append(obj)
    return mods


def _callables():
    """(qualified name, object) of every public function, class, method and
    property reachable from the package and its public modules."""
    seen = set()
    out = []
    for mod in _public_modules():
        for name in dir(mod):
            if name.startswith("_"):
                continue
            obj = getattr(mod, name)
            if not (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj)) or not _ours(obj):
                continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            out.append(("%s.%s" % (mod.__name__, name), obj))
            if inspect.isclass(obj):
                for cls in obj.__mro__:
                    if not _ours(cls):
                        continue
                    for attr, value in vars(cls).items():
                        if attr.startswith("_") or id(value) in seen:
                            continue
                        if isinstance(value, (staticmethod, classmethod)):
                            value = value.__func__
                        # (slot fields - member descriptors - are data, described by their class)
                        if callable(value) or isinstance(value, property) or type(value).__name__ in (
                                "getset_descriptor", "method_descriptor"):
                            seen.add(id(value))
                            out.append(("%s.%s" % (cls.__qualname__, attr), value))
    return out


def test_every_public_callable_has_a_docstring():
    items = _callables()
    assert len(items) > 150
    missing = sorted(name for name, obj in items if not (getattr(obj, "__doc__", None) or "").strip())
    assert missing == []


def test_py_typed_and_annotations():
    assert os.path.isfile(os.path.join(PKG_DIR, "py.typed"))
    from libshogi import board_api, exporters, pieces, usi_client

    for mod in (board_api, pieces, exporters, usi_client):
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
            if inspect.isfunction(obj):
                assert obj.__annotations__, "%s.%s has no annotations" % (mod.__name__, name)
