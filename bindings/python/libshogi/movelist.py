"""MoveList: what ``Board.legal_moves`` returns, a read-only sequence of
move ints that compares equal to the list of them (cshogi's LegalMoveList
idiom).

On the accelerated path it is ``libshogi._accel``'s C type, which keeps the
moves as 32-bit values and makes no int object until one is read, so that
``len(b.legal_moves)`` costs no object per move (a Python tree walk, perft,
spends a seventh of its time otherwise building and freeing those lists).
This class is its twin for the ctypes path, with the same behaviour: len,
iteration, indexing (slices give lists), ``in``, ``index``/``count``,
comparisons with lists and MoveLists, list's repr, ``+`` gives a list,
copies and pickles as a list, unhashable. It cannot be changed in place:
``list(b.legal_moves)`` or ``b.legal_moves.tolist()`` (faster) for a list
to sort or edit (or to pass to json).
"""

__all__ = ["MoveList"]


def _as_list(o):
    if type(o) is MoveList:
        return o._moves
    if isinstance(o, list):
        return o
    return None


class MoveList(object):
    """The legal moves (ints) as a read-only sequence equal to the list of
    them; ``list(moves)`` for a list."""

    __slots__ = ("_moves",)
    __hash__ = None  # like the list it stands for

    def __new__(cls, *args, **kwargs):  # as the C type: made by legal_moves only
        raise TypeError("cannot create 'libshogi.MoveList' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'libshogi.MoveList' is not an acceptable base type")

    @classmethod
    def _of(cls, moves):
        """Wraps the list moves (not copied: the caller gives it up)."""
        ml = object.__new__(cls)
        ml._moves = moves
        return ml

    def __len__(self):
        return len(self._moves)

    def __iter__(self):
        return iter(self._moves)

    def __reversed__(self):
        return reversed(self._moves)

    def __getitem__(self, i):
        if not isinstance(i, slice) and not hasattr(type(i), "__index__"):
            raise TypeError("MoveList indices must be integers or slices")
        return self._moves[i]

    def __contains__(self, x):
        return x in self._moves

    def index(self, x):
        """The position of the first move equal to x (ValueError if none)."""
        try:
            return self._moves.index(x)
        except ValueError:
            raise ValueError("move is not in list") from None

    def count(self, x):
        """How many moves equal x."""
        return self._moves.count(x)

    def _cmp(self, other, op):
        o = _as_list(other)
        return NotImplemented if o is None else op(self._moves, o)

    def __eq__(self, other):
        return self._cmp(other, list.__eq__)

    def __ne__(self, other):
        return self._cmp(other, list.__ne__)

    def __lt__(self, other):
        return self._cmp(other, list.__lt__)

    def __le__(self, other):
        return self._cmp(other, list.__le__)

    def __gt__(self, other):
        return self._cmp(other, list.__gt__)

    def __ge__(self, other):
        return self._cmp(other, list.__ge__)

    def __add__(self, other):
        o = _as_list(other)
        return NotImplemented if o is None else self._moves + o

    def __radd__(self, other):
        o = _as_list(other)
        return NotImplemented if o is None else o + self._moves

    def __repr__(self):
        return repr(self._moves)

    def tolist(self):
        """The moves as a new list of ints (on the accelerator faster than
        list(moves), which goes through the iterator)."""
        return list(self._moves)

    def __reduce__(self):
        return (list, (list(self._moves),))
