"""Training of classic HalfKP NNUE nets (PyTorch; ``pip install
./bindings/python[train]`` or Debian's python3-torch): the float model with
factorised features, the elmo loss, the trainer (Adam/SparseAdam, learning-
rate schedule, validation, checkpoints, resume), export to the library's
nn.bin quantisation with a float-vs-integer agreement check, and the
generation pipeline of a from-zero run (gensfen -> train -> export -> match).

Only this subpackage imports torch; ``import libshogi`` does not need it.
"""

from .nnbin import QuantisedNet, arch_string, hashes  # noqa: F401 - numpy only

try:
    import torch  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("libshogi.train needs PyTorch (pip install ./bindings/python[train]): %s" % exc) from None

from .check import agreement, float_values, rounding_bound  # noqa: F401,E402
from .loss import elmo_loss, elmo_target  # noqa: F401,E402
from .model import NnueModel, csr_from_padded  # noqa: F401,E402
from .trainer import Trainer, best_checkpoint_path, load_model  # noqa: F401,E402
from .pipeline import Pipeline, PipelineConfig  # noqa: F401,E402
from .finetune import finetune  # noqa: F401,E402
from .plot import plot_history  # noqa: F401,E402
