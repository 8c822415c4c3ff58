"""nn.bin files of classic HalfKP nets (docs/specs/nnue-halfkp.md) as
numpy arrays: the quantised weights a trained model exports to, and the
reader that brings a file back for warm starts. numpy only (no torch).

A :class:`QuantisedNet` holds exactly what the file holds: the feature
transformer (int16, feature-major), then each affine layer's int32 biases
and int8 ``[out][in]`` weights, inputs padded to a multiple of 32 in the file.
"""

import struct

import numpy as np

VERSION = 0x7AF32F16
HALFKP_DIMS = 125388  # 81 king squares x 1548 BonaPieces
FE_END = 1548
KING_SQUARES = 81
_HALFKP_HASH = 0x5D69D5B8  # HalfKP(Friend)
_M32 = 0xFFFFFFFF


def _affine_hash(prev, out):
    return ((0xCC03DAE4 + out) ^ (prev >> 1) ^ (prev << 31)) & _M32


def _relu_hash(prev):
    return (0x538D24C7 + prev) & _M32


def arch_string(l1, l2, l3):
    """The description this library (and YaneuraOu) writes for a classic
    HalfKP l1x2-l2-l3 net."""
    s = "InputSlice[%d(0:%d)]" % (2 * l1, 2 * l1)
    s = "ClippedReLU[%d](AffineTransformSparseInput[%d<-%d](%s))" % (l2, l2, 2 * l1, s)
    s = "ClippedReLU[%d](AffineTransform[%d<-%d](%s))" % (l3, l3, l2, s)
    s = "AffineTransform[1<-%d](%s)" % (l3, s)
    return "Features=HalfKP(Friend)[%d->%dx2],Network=%s" % (HALFKP_DIMS, l1, s)


def hashes(l1, l2, l3):
    """(file hash, FT hash, network hash) of the spec's derivation."""
    ft = (_HALFKP_HASH ^ (2 * l1)) & _M32
    h = (0xEC42E90D ^ (2 * l1)) & _M32
    for n in (l2, l3):
        h = _relu_hash(_affine_hash(h, n))
    net = _affine_hash(h, 1)
    return ft ^ net, ft, net


def _padded(n):
    return (n + 31) // 32 * 32


class QuantisedNet(object):
    """The integer weights of one classic HalfKP net.

    ft_bias int16 (l1,), ft_weight int16 (125388, l1), then layers: a list
    of (bias int32 (out,), weight int8 (out, in)) from the input side."""

    def __init__(self, ft_bias, ft_weight, layers):
        self.ft_bias = np.asarray(ft_bias, dtype=np.int16)
        self.ft_weight = np.asarray(ft_weight, dtype=np.int16)
        self.layers = [(np.asarray(b, dtype=np.int32), np.asarray(w, dtype=np.int8)) for b, w in layers]
        l1 = self.ft_bias.shape[0]
        if self.ft_weight.shape != (HALFKP_DIMS, l1):
            raise ValueError("ft_weight shape %s, want (%d, %d)" % (self.ft_weight.shape, HALFKP_DIMS, l1))
        if len(self.layers) != 3:
            raise ValueError("a classic net has 3 affine layers, not %d" % len(self.layers))
        want_in = 2 * l1
        for i, (b, w) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[1] != want_in or b.shape != (w.shape[0],):
                raise ValueError("layer %d: bias %s weight %s do not chain from %d inputs"
                                 % (i, b.shape, w.shape, want_in))
            want_in = w.shape[0]
        if self.layers[-1][1].shape[0] != 1:
            raise ValueError("the last layer must have one output")

    @property
    def shape(self):
        """(l1, l2, l3)."""
        return (self.ft_bias.shape[0], self.layers[0][1].shape[0], self.layers[1][1].shape[0])

    @property
    def name(self):
        """The layout name of the net."""
        return "halfkp_%dx2-%d-%d" % self.shape

    def to_bytes(self):
        """The nn.bin bytes of the net."""
        l1, l2, l3 = self.shape
        desc = arch_string(l1, l2, l3).encode("ascii")
        file_hash, ft_hash, net_hash = hashes(l1, l2, l3)
        parts = [struct.pack("<III", VERSION, file_hash, len(desc)), desc, struct.pack("<I", ft_hash),
                 self.ft_bias.astype("<i2").tobytes(), self.ft_weight.astype("<i2").tobytes(),
                 struct.pack("<I", net_hash)]
        for b, w in self.layers:
            out, n_in = w.shape
            padded = np.zeros((out, _padded(n_in)), dtype=np.int8)
            padded[:, :n_in] = w
            parts.append(b.astype("<i4").tobytes())
            parts.append(padded.tobytes())
        return b"".join(parts)

    def save(self, path):
        """Writes the net to path as nn.bin."""
        with open(path, "wb") as f:
            f.write(self.to_bytes())

    @classmethod
    def from_bytes(cls, data):
        """Reads a classic HalfKP nn.bin (the layout this module writes; the
        shape is taken from the description)."""
        import re

        data = memoryview(data).cast("B")
        version, _file_hash, n = struct.unpack_from("<III", data, 0)
        if version != VERSION:
            raise ValueError("nn.bin version %#x, want %#x" % (version, VERSION))
        desc = bytes(data[12:12 + n]).decode("ascii", "replace")
        m = re.match(r"Features=HalfKP\(Friend\)\[125388->(\d+)x2\],Network=AffineTransform\[1<-(\d+)\]"
                     r"\(ClippedReLU\[\d+\]\(AffineTransform\[\d+<-(\d+)\]", desc)
        if not m:
            raise ValueError("not a classic HalfKP net: %r" % desc[:120])
        l1, l3, l2 = int(m.group(1)), int(m.group(2)), int(m.group(3))
        off = 12 + n + 4
        ft_bias = np.frombuffer(data, dtype="<i2", count=l1, offset=off)
        off += 2 * l1
        ft_weight = np.frombuffer(data, dtype="<i2", count=HALFKP_DIMS * l1, offset=off).reshape(HALFKP_DIMS, l1)
        off += 2 * HALFKP_DIMS * l1 + 4
        layers = []
        n_in = 2 * l1
        for out in (l2, l3, 1):
            b = np.frombuffer(data, dtype="<i4", count=out, offset=off)
            off += 4 * out
            w = np.frombuffer(data, dtype=np.int8, count=out * _padded(n_in), offset=off).reshape(out, _padded(n_in))
            off += out * _padded(n_in)
            layers.append((b, w[:, :n_in]))
            n_in = out
        if off != len(data):
            raise ValueError("nn.bin: %d bytes, the description's layout needs %d" % (len(data), off))
        return cls(ft_bias.copy(), ft_weight.copy(), [(b.copy(), w.copy()) for b, w in layers])

    @classmethod
    def load(cls, path):
        """Reads an nn.bin file."""
        with open(path, "rb") as f:
            return cls.from_bytes(f.read())
