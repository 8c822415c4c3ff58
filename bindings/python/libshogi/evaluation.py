"""Evaluation by name (ABI 1.2): ``"default"`` is the trained net built
into the library, ``"builtin"`` the material + piece-square evaluation.

Wherever a net file is named (``Network("default")``, ``Engine(network=
"default")``, ``engine.set_option("EvalFile", "default")``, the self-play
``net=`` option) these names come before file names; ``engine.evaluation``
(or :func:`engine_evaluation`) says which evaluation an engine's next search
uses: ``"default"``, ``"builtin"``, the nn.bin path of EvalFile, or
``"network"`` for a Network given to ``Engine(network=...)``.
"""

import ctypes

from . import _lib

DEFAULT_NET = "default"
BUILTIN_EVAL = "builtin"
EVAL_NAMES = (DEFAULT_NET, BUILTIN_EVAL)

_lib.declare("shogi_engine_evaluation", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)


def engine_evaluation(engine):
    """The name of the evaluation engine's next search uses."""
    _lib.require("shogi_engine_evaluation")
    return _lib.read_string(_lib.F.shogi_engine_evaluation, engine._handle())


def default_network():
    """The net built into the library, as a Network (its own copy)."""
    from .network import Network

    return Network(DEFAULT_NET)


__all__ = ["BUILTIN_EVAL", "DEFAULT_NET", "EVAL_NAMES", "default_network", "engine_evaluation"]
