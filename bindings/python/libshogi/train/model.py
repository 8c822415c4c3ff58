"""The float model of a classic HalfKP L1x2-L2-L3-1 net (torch), built so
that its quantisation is the library's integer inference.

Units (docs/specs/nnue-halfkp.md, section 2): a float 1.0 is 127 in every
activation. The feature transformer's weights quantise as w*127 (int16) and
its output clamps to [0, 1] (the integer clamp to [0, 127]); hidden weights
as w*64 (int8, so they are kept in [-128/64, 127/64]) and biases as b*127*64
(int32), so that ``(b + W·x) >> 6`` is 127 times the float layer. The output
layer's weights quantise as w*S/127 and its bias as b*S with
S = nnue2score * fv_scale, so the library's ``out / FV_SCALE`` is the
model's output, ``nnue2score * (w·h + b)``: the evaluation in the engine's
units, side to move's view.

The integer layers floor (``>> 6``); the export adds 32 (half of 64) to the
two hidden biases so that the floor is a rounding to nearest, and the import
takes it off again.

Fake quantisation (``fake_quant=True``, for fine-tuning a net before its
export): the forward pass uses the weights as the export rounds them and
rounds every activation as the integer inference does (the transformer's
merged rows, the hidden layers' rounded shifts), with straight-through
gradients, so the float value is the library's integer evaluation up to
float rounding and the final ``/ FV_SCALE`` truncation, and training
lowers the loss of the net the engine will run.

Factorisation (training only): besides the 125388 HalfKP rows, every active
feature also activates a virtual P row (its BonaPiece, whatever the king
square: 1548 rows) and optionally a virtual K row (its king square: 81 rows).
They are sums, so ``merged_ft_rows`` folds them into HalfKP rows at export,
summed as the fake-quantised forward sums them; rare king-piece pairs learn
from the common piece-square value.
"""

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from .nnbin import FE_END, HALFKP_DIMS, KING_SQUARES, QuantisedNet

FT_SCALE = 127  # float 1.0 -> int16 127 in the feature transformer
WEIGHT_SCALE = 64  # hidden weights: 1 << kWeightScaleBits
ACT_SCALE = 127  # activations: float 1.0 -> 127
HIDDEN_MAX = 127.0 / WEIGHT_SCALE
HIDDEN_MIN = -128.0 / WEIGHT_SCALE
ROUNDING = WEIGHT_SCALE // 2  # added to hidden int biases: floor -> round


class NnueModel(nn.Module):
    """HalfKP l1x2-l2-l3-1. forward(black_values, black_offsets,
    white_values, white_offsets, side_to_move) takes each perspective's
    active features as CSR (offsets of length n+1, as the Dataset's "csr"
    layout gives them) and returns the evaluation (n,) in engine units."""

    def __init__(self, l1=256, l2=32, l3=32, factor_p=True, factor_k=False, nnue2score=600.0, fv_scale=16,
                 seed=None, fake_quant=False):
        super().__init__()
        self.fake_quant = bool(fake_quant)
        if l1 <= 0 or l1 % 16:
            raise ValueError("l1 must be a positive multiple of 16 (the library's transformer sizes)")
        self.shape = (int(l1), int(l2), int(l3))
        self.factor_p, self.factor_k = bool(factor_p), bool(factor_k)
        self.nnue2score, self.fv_scale = float(nnue2score), int(fv_scale)
        gen = torch.Generator().manual_seed(seed) if seed is not None else None
        self.ft = nn.EmbeddingBag(HALFKP_DIMS, l1, mode="sum", sparse=True, include_last_offset=True)
        # the virtual tables are small: dense gradients (a sparse one would
        # hold a row per active feature, 38 per position and perspective)
        self.fp = nn.EmbeddingBag(FE_END, l1, mode="sum", include_last_offset=True) if factor_p else None
        self.fk = nn.EmbeddingBag(KING_SQUARES, l1, mode="sum", include_last_offset=True) if factor_k else None
        self.ft_bias = nn.Parameter(torch.full((l1,), 0.5))
        self.l1 = nn.Linear(2 * l1, l2)
        self.l2 = nn.Linear(l2, l3)
        self.out = nn.Linear(l3, 1)
        with torch.no_grad():
            # small piece-square weights: 38 active rows keep the
            # accumulator near its bias, inside the clipped range
            self.ft.weight.uniform_(-0.01, 0.01, generator=gen)
            for f in (self.fp, self.fk):
                if f is not None:
                    f.weight.zero_()
            for lin in (self.l1, self.l2, self.out):
                bound = 1.0 / np.sqrt(lin.in_features)
                lin.weight.uniform_(-bound, bound, generator=gen)
                lin.bias.uniform_(-bound, bound, generator=gen)
        self.clip_weights()

    @property
    def name(self):
        """The layout name, e.g. halfkp_256x2-32-32."""
        return "halfkp_%dx2-%d-%d" % self.shape

    @property
    def output_scale(self):
        """Output layer int8 units per float weight: nnue2score*fv_scale/127."""
        return self.nnue2score * self.fv_scale / ACT_SCALE

    def sparse_parameters(self):
        """The parameters with sparse gradients (for SparseAdam)."""
        return [self.ft.weight]

    def dense_parameters(self):
        """The parameters of the dense layers (the feature transformer's rows are sparse)."""
        sparse = {id(p) for p in self.sparse_parameters()}
        return [p for p in self.parameters() if id(p) not in sparse]

    def accumulate(self, values, offsets):
        """(n, l1) feature transformer output (before the clamp)."""
        values = values.long()
        offsets = offsets.long()
        if self.fake_quant:
            return self._accumulate_quantised(values, offsets)
        acc = self.ft(values, offsets)
        if self.fp is not None:
            acc = acc + self.fp(values % FE_END, offsets)
        if self.fk is not None:
            acc = acc + self.fk(torch.div(values, FE_END, rounding_mode="floor"), offsets)
        return acc + self.ft_bias

    def _accumulate_quantised(self, values, offsets):
        # each active feature's merged row (HalfKP + virtual P + K) rounded
        # as the export rounds it, then summed per position
        rows = F.embedding(values, self.ft.weight, sparse=True)
        if self.fp is not None:
            rows = rows + F.embedding(values % FE_END, self.fp.weight)
        if self.fk is not None:
            rows = rows + F.embedding(torch.div(values, FE_END, rounding_mode="floor"), self.fk.weight)
        rows = _fake_round(rows, FT_SCALE)
        n = offsets.numel() - 1
        owner = torch.repeat_interleave(torch.arange(n, device=values.device), offsets[1:] - offsets[:-1])
        acc = torch.zeros(n, rows.shape[1], dtype=rows.dtype, device=rows.device).index_add(0, owner, rows)
        return acc + _fake_round(self.ft_bias, FT_SCALE)

    def _hidden(self, lin, x):
        if not self.fake_quant:
            return torch.clamp(lin(x), 0.0, 1.0)
        # int: (B + 32 + sum W*X) >> 6 with B + sum W*X = pre * 8128, an
        # integer up to float error: recover it first (ties at 32 mod 64
        # are common, and a float floor would miss half of them)
        scale = ACT_SCALE * WEIGHT_SCALE
        pre = F.linear(x, _fake_round(lin.weight, WEIGHT_SCALE), _fake_round(lin.bias, scale))
        exact = torch.floor((torch.round(pre * scale) + ROUNDING) / WEIGHT_SCALE) / ACT_SCALE
        return torch.clamp(_straight_through(pre, exact), 0.0, 1.0)

    def _output(self, h):
        if not self.fake_quant:
            return self.out(h)
        return F.linear(h, _fake_round(self.out.weight, self.output_scale),
                        _fake_round(self.out.bias, self.nnue2score * self.fv_scale))

    def forward(self, black_values, black_offsets, white_values, white_offsets, side_to_move):
        """The network's output for a batch given as CSR feature lists of both perspectives."""
        ab = self.accumulate(black_values, black_offsets)
        aw = self.accumulate(white_values, white_offsets)
        white = side_to_move.bool().unsqueeze(1)
        us = torch.where(white, aw, ab)
        them = torch.where(white, ab, aw)
        x = torch.clamp(torch.cat([us, them], dim=1), 0.0, 1.0)
        h1 = self._hidden(self.l1, x)
        h2 = self._hidden(self.l2, h1)
        return self._output(h2).squeeze(1) * self.nnue2score

    def clip_weights(self):
        """Keeps the int8 layers' weights inside what their quantisation can
        hold (call after every optimiser step)."""
        with torch.no_grad():
            for lin in (self.l1, self.l2):
                lin.weight.clamp_(HIDDEN_MIN, HIDDEN_MAX)
            s = self.output_scale
            self.out.weight.clamp_(-128.0 / s, 127.0 / s)

    # ---- export / import -------------------------------------------------

    def merged_ft_rows(self):
        """(125388, l1) float tensor of the HalfKP rows with the virtual P and
        K rows folded in (row k*1548+p is (HalfKP + P[p]) + K[k]), summed in
        the parameters' float type and order, as the fake-quantised forward
        sums each active feature's rows."""
        l1 = self.shape[0]
        w = self.ft.weight.detach().view(KING_SQUARES, FE_END, l1)
        if self.fp is not None:
            w = w + self.fp.weight.detach()[None, :, :]
        if self.fk is not None:
            w = w + self.fk.weight.detach()[:, None, :]
        return w.reshape(HALFKP_DIMS, l1)

    def merged_ft_weight(self):
        """merged_ft_rows as a float64 numpy array."""
        return self.merged_ft_rows().cpu().double().numpy()

    def quantise(self):
        """The integer net (:class:`QuantisedNet`) the library evaluates.
        Every value is rounded by ``_grid``, the fake-quantised forward's
        own expression, so that a value within float32 error of a half step
        lands on the same integer in both (float64 rounding moved 8 of the
        16 M transformer weights of a 128-wide net by one)."""

        def q(p, scale, lo, hi, offset=0):
            return np.clip(_grid(p.detach(), scale).cpu().double().numpy() + offset, lo, hi)

        ft_bias = q(self.ft_bias, FT_SCALE, -32768, 32767).astype(np.int16)
        ft_weight = q(self.merged_ft_rows(), FT_SCALE, -32768, 32767).astype(np.int16)
        layers = []
        i32 = (-(2 ** 31), 2 ** 31 - 1)
        for lin in (self.l1, self.l2):
            layers.append((q(lin.bias, ACT_SCALE * WEIGHT_SCALE, *i32, offset=ROUNDING).astype(np.int32),
                           q(lin.weight, WEIGHT_SCALE, -128, 127).astype(np.int8)))
        layers.append((q(self.out.bias, self.nnue2score * self.fv_scale, *i32).astype(np.int32),
                       q(self.out.weight, self.output_scale, -128, 127).astype(np.int8)))
        return QuantisedNet(ft_bias, ft_weight, layers)

    def export(self, path=None):
        """nn.bin bytes of the quantised net (written to path if given)."""
        data = self.quantise().to_bytes()
        if path is not None:
            with open(path, "wb") as f:
                f.write(data)
        return data

    @classmethod
    def from_quantised(cls, qnet, factor_p=True, factor_k=False, nnue2score=600.0, fv_scale=16):
        """A model whose weights are exactly the integer net's (virtual rows
        zero): it quantises back to the same integers."""
        l1, l2, l3 = qnet.shape
        m = cls(l1, l2, l3, factor_p=factor_p, factor_k=factor_k, nnue2score=nnue2score, fv_scale=fv_scale)
        m.load_quantised(qnet)
        return m

    def load_quantised(self, qnet):
        """Sets the float weights from a QuantisedNet (the inverse of quantise)."""
        if qnet.shape != self.shape:
            raise ValueError("net shape %s, model shape %s" % (qnet.shape, self.shape))

        def put(p, a):
            p.copy_(torch.from_numpy(np.asarray(a, dtype=np.float64)).to(p.dtype).reshape(p.shape).to(p.device))

        with torch.no_grad():
            put(self.ft_bias, qnet.ft_bias / FT_SCALE)
            put(self.ft.weight, qnet.ft_weight / FT_SCALE)
            for f in (self.fp, self.fk):
                if f is not None:
                    f.weight.zero_()
            for lin, (b, w) in zip((self.l1, self.l2), qnet.layers[:2]):
                put(lin.bias, (b.astype(np.float64) - ROUNDING) / (ACT_SCALE * WEIGHT_SCALE))
                put(lin.weight, w / WEIGHT_SCALE)
            b, w = qnet.layers[2]
            put(self.out.bias, b.astype(np.float64) / (self.nnue2score * self.fv_scale))
            put(self.out.weight, w / self.output_scale)

    def config(self):
        """The constructor arguments, for checkpoints."""
        l1, l2, l3 = self.shape
        return dict(l1=l1, l2=l2, l3=l3, factor_p=self.factor_p, factor_k=self.factor_k,
                    nnue2score=self.nnue2score, fv_scale=self.fv_scale, fake_quant=self.fake_quant)


def _straight_through(x, q):
    """q's value with x's gradient."""
    return x + (q - x).detach()


def _grid(w, scale):
    """w * scale rounded to an integer (half to even) in w's float type: the
    export's integers and the fake-quantised forward's grid."""
    return torch.round(w * scale)


def _fake_round(w, scale):
    """w on the export's grid (_grid(w, scale) / scale), straight-through."""
    return _straight_through(w, _grid(w, scale) / scale)


def csr_from_padded(features):
    """(values, offsets) of a padded (n, m) index array (-1 = no feature)."""
    a = np.asarray(features)
    mask = a >= 0
    offsets = np.zeros(a.shape[0] + 1, dtype=np.int64)
    np.cumsum(mask.sum(axis=1), out=offsets[1:])
    return a[mask].astype(np.int64), offsets
