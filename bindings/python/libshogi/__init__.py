"""libshogi: Python binding of the libshogi shared library (ctypes).

Pure Python over the C ABI of ``include/shogi.h``: one ``libshogi.so``
(``shogi.dll`` on Windows) serves every CPython >= 3.8; there is no compiled
extension. numpy is needed only by the functions that return arrays.

Finding the library: ``$LIBSHOGI_LIBRARY`` (a file path), then this package's
folder, then the system loader path. The error lists every place tried.

Platform limits (from the Go runtime inside the library):

* **Do not fork after importing libshogi.** The Go runtime's threads are not
  copied into a forked child, which may hang or crash. With
  ``multiprocessing`` use the spawn start method::

      import multiprocessing as mp
      mp.set_start_method("spawn")      # or mp.get_context("spawn")

  (fork + exec of another program, e.g. ``subprocess``, is fine.)
* **The library cannot be unloaded.** It stays in the process until exit;
  do not try to dlclose/reload it.

Thread safety: library calls release the GIL. Different objects can be used
from different threads; one object may be read from several threads but must
not be mutated (push/pop/set_sfen ...) while another thread uses it.

What is here (one section of shogi.h each):

* Board (positions, moves, rules, perft, SVG drawing) and the move helpers;
* Network, evaluate_many, halfkp_features_many, Accumulator (NNUE);
* Engine.search with on_info callbacks and stop(); the engine option table
  (option_table, Engine.set_option / get_option);
* gensfen / rescore / match (self-play: teacher data, matches; Dask shards);
* Record (CSA/KIF/KI2/USI) and the PackedSfenValue / HuffmanCodedPosAndEval
  numpy dtypes with bulk conversion, features and evaluation;
* Book (opening books: YaneuraOu .db / .ybb, Apery book.bin) and
  Board.book_key().

Errors from the library are raised as ShogiError subclasses carrying its
message (ParseError, IllegalMoveError, StateError, ShogiIOError ...).

Quick start::

    import libshogi
    b = libshogi.Board()
    b.push_usi("7g7f")
    print(b.sfen(), len(b.legal_moves), b.perft(3))
    net = libshogi.Network.make_test()        # or Network("nn.bin")
    print(net.evaluate(b), libshogi.Engine(network=net).search(b, depth=6))
"""

from ._errors import (  # noqa: F401
    BadHandleError,
    BufferTooSmallError,
    IllegalMoveError,
    InternalError,
    InvalidArgumentError,
    LibraryNotFoundError,
    NullPointerError,
    ParseError,
    ShogiError,
    ShogiIOError,
    StateError,
    UnsupportedError,
)
from . import _lib
from ._lib import abi_version_string, live_handles, selftest_panic, simd_level, version  # noqa: F401
from .board import *  # noqa: F401,F403 - Board, move helpers and constants (board.__all__)
from . import board, svg  # noqa: F401
# -- issue 17: the compiled accelerator and the API cshogi users reach for --
from ._core import accelerated, legal_moves_many  # noqa: F401
from ._core import MoveList  # noqa: F401 - what Board.legal_moves returns (the path's type: C or its twin)
from .lookahead import legal_moves_after  # noqa: F401 - the next ply's moves, the board unchanged
from .lookahead_each import legal_moves_after_each  # noqa: F401 - the lists after each of several moves
from .pieces import *  # noqa: F401,F403 - squares, pieces, symbol tables (pieces.__all__)
from .board_api import (  # noqa: F401
    CSA_PIECE_NAMES,
    NO_SQUARE,
    cshogi_move16,
    move16_from_psv,
    move16_to_psv,
    move_cap,
    move_from_piece_type,
    move_rotate,
    move_to_csa,
    rotate_sfen,
)
from .exporters import CSAExporter, KIFExporter  # noqa: F401
from .usi_client import InfoListener, MultiPVListener, USIEngine  # noqa: F401
from . import board_api, exporters, pieces, rich, usi_client  # noqa: F401
from .network import (  # noqa: F401
    DEFAULT_FV_SCALE,
    HALFKP_DIMENSIONS,
    MAX_ACTIVE,
    VALUE_MAX,
    Accumulator,
    FeatureBatch,
    Network,
    halfkp_features,
    halfkp_features_many,
)
from .engine import (  # noqa: F401
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    SCORE_CP,
    SCORE_MATE,
    Engine,
    SearchInfo,
    SearchLine,
    SearchResult,
)
from . import engine, network, records  # noqa: F401
from .options import (  # noqa: F401
    OPTION_BUTTON,
    OPTION_CHECK,
    OPTION_COMBO,
    OPTION_FILENAME,
    OPTION_SPIN,
    OPTION_STRING,
    EngineOption,
    option_table,
)
# -- issue 20: evaluation by name (the embedded default net, the built-in evaluation) --
from .evaluation import BUILTIN_EVAL, DEFAULT_NET, EVAL_NAMES, default_network, engine_evaluation  # noqa: F401
from . import evaluation  # noqa: F401
from .mate import MATE_FOUND, MATE_NONE, MATE_UNKNOWN, MateResult, MateSolver  # noqa: F401
from . import mate  # noqa: F401
from .records import (  # noqa: F401
    ENCODING_SHIFT_JIS,
    ENCODING_UTF8,
    ENCODING_UTF8_BOM,
    RECORD_AUTO,
    RECORD_CSA,
    RECORD_KI2,
    RECORD_KIF,
    RECORD_USI,
    RESULT_BLACK_WIN,
    RESULT_DRAW,
    RESULT_NONE,
    RESULT_WHITE_WIN,
    END_UNKNOWN,
    Record,
    decode_hcpe,
    decode_psv,
    hcpe_to_psv,
    psv_check,
    psv_halfkp_features,
    psv_to_hcpe,
    read_hcpe,
    read_psv,
)

from . import selfplay  # noqa: F401
from .selfplay import Job, Progress, gensfen, gensfen_dask, match, merge_shards, rescore  # noqa: F401
from . import dataset  # noqa: F401
from .dataset import (  # noqa: F401
    DLSHOGI_FEATURES1_NUM,
    DLSHOGI_FEATURES2_NUM,
    DLSHOGI_MOVE_LABEL_NUM,
    Dataset,
    dlshogi_features,
)
from . import planes_bits  # noqa: F401
from .planes_bits import (  # noqa: F401
    DLSHOGI_FEATURES1_BYTES,
    DLSHOGI_FEATURES2_BYTES,
    batch_planes_bits,
    dlshogi_features_bits,
    unpack_planes,
)
from . import book  # noqa: F401 - also adds Board.book_key / book_key_after
from .book import (  # noqa: F401
    BOOK_AUTO,
    BOOK_BIN,
    BOOK_DB,
    BOOK_YBB,
    Book,
    BookMove,
    board_of,
    book_convert,
    book_merge,
    read_book_bin,
    read_ybb,
)

__version__ = version()
"""The package's version: the loaded library's (one number, set in capi/main.go)."""
from . import nnue_arch  # noqa: F401
from .nnue_arch import (  # noqa: F401
    NetworkInfo,
    feature_set_info,
    features,
    features_many,
    hcpe_features,
    load_network,
    make_test_network,
    network_info,
    psv_features,
)
from . import evalbackend  # noqa: F401
from .evalbackend import (  # noqa: F401
    EvalStack,
    PieceMove,
    board_codes,
    board_features,
    evaluate_boards,
    move_features,
)
from . import evalstack_ply  # noqa: F401 - EvalStack.push_evaluate_at / pop_to (the caller's ply)

library_path = _lib.path
"""The file the library was loaded from."""

abi_version = _lib.abi_version
"""The loaded library's ABI version, (major << 16) | minor."""


_LAZY_FROM = {"TorchDataset": dataset}  # torch is imported on first use


def __getattr__(name):  # the numpy dtypes, built on first use (numpy optional)
    if name in records.DTYPE_NAMES:
        return getattr(records, name)
    if name in _LAZY_FROM:
        return getattr(_LAZY_FROM[name], name)
    raise AttributeError("module 'libshogi' has no attribute %r" % (name,))


def __dir__():
    return sorted(set(globals()) | set(records.DTYPE_NAMES) | set(_LAZY_FROM))
