"""Does the library's integer evaluation of an exported net agree with the
float model? ``agreement`` evaluates the same PackedSfenValue positions both
ways; ``rounding_bound`` is the worst-case difference that the integer
rounding alone can make for a model whose weights sit exactly on the
quantisation grid (``NnueModel.from_quantised``)."""

import numpy as np
import torch

from ..network import Network
from ..records import evaluate_psv, psv_halfkp_features, read_psv
from .model import WEIGHT_SCALE, csr_from_padded


@torch.no_grad()
def float_values(model, psv):
    """The model's float evaluations (numpy float64) of a PSV array."""
    fb = psv_halfkp_features(psv)
    bv, bo = csr_from_padded(fb.black)
    wv, wo = csr_from_padded(fb.white)
    model.eval()
    dev = model.ft_bias.device

    def t(a):
        return torch.from_numpy(a).to(dev)

    v = model(t(bv), t(bo), t(wv), t(wo), t(fb.side_to_move.copy()))
    return v.double().cpu().numpy()


def agreement(model, psv, network=None, limit=None):
    """Compares the library's integer evaluation (Network.evaluate_psv at the
    model's fv_scale) of the exported model with the float model on PSV
    records (an array or a .bin path; the first `limit`). network: the
    exported Network (exported here when None). Returns a dict: n, mean_abs,
    max_abs, diffs (int - float)."""
    if isinstance(psv, str):
        psv = read_psv(psv)
    if limit is not None:
        psv = psv[:limit]
    own = network is None
    if own:
        network = Network(model.export())
    try:
        ints = evaluate_psv(network, psv, fv_scale=model.fv_scale).astype(np.float64)
    finally:
        if own:
            network.close()
    floats = float_values(model, psv)
    d = ints - floats
    return dict(n=int(len(d)), mean_abs=float(np.abs(d).mean()) if len(d) else 0.0,
                max_abs=float(np.abs(d).max()) if len(d) else 0.0, diffs=d)


def rounding_bound(qnet, fv_scale=16):
    """Worst-case |integer - float| evaluation for a float model equal to
    qnet's weights (so only the integer arithmetic's rounding differs):
    the feature transformer is exact (sums of integers); each hidden output
    rounds by at most 1/2 (the export's +32 turns ``>> 6`` into rounding),
    and an error e in a layer's inputs moves output o by at most
    Σ_i |W[o][i]| e_i / 64; clamps do not enlarge errors; the output adds
    Σ |W3[i]| e_i and the final ``/ FV_SCALE`` truncates (< 1)."""
    (_, w1), (_, w2), (_, w3) = qnet.layers
    e1 = np.full(w1.shape[0], 0.5)
    e2 = 0.5 + np.abs(w2.astype(np.float64)) @ e1 / WEIGHT_SCALE
    out = float(np.abs(w3.astype(np.float64)) @ e2)
    return out / fv_scale + 1.0
