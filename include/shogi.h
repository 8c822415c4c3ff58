/*
 * shogi.h - the C interface of libshogi.
 *
 * This is the single public header of libshogi: a shogi engine library whose
 * core is written in Go and exported as one shared library (libshogi.so on
 * Linux, shogi.dll + import library on Windows). The header is written by
 * hand; it is not generated.
 *
 * ==========================================================================
 * Versioning
 * ==========================================================================
 * SHOGI_ABI_VERSION_MAJOR changes only when an existing declaration changes
 * incompatibly. Within one major version the header only grows: new
 * functions, new enum values, new status codes. A program built against
 * minor N runs with any library of the same major and minor >= N; check it at
 * start-up with SHOGI_ABI_COMPATIBLE(shogi_abi_version()).
 *
 * ==========================================================================
 * Conventions (every function follows them)
 * ==========================================================================
 * Handles.  Every object (position, network, accumulator, engine, record)
 *   is an opaque handle: a pointer-sized value that must never be
 *   dereferenced. A handle is created by a shogi_<kind>_new / _from_ function
 *   and released by shogi_<kind>_free. A freed handle value is not given
 *   out again before at least 2^42 further frees in the process (its slot
 *   must be reused 2^32 times, and at least 1024 other freed slots are
 *   reused before it each time), so using it after free is reported as
 *   SHOGI_E_BAD_HANDLE rather than touching another object. Passing a handle
 *   of the wrong kind (a cast in C) is reported as SHOGI_E_BAD_HANDLE too.
 *   Freeing NULL is a no-op that returns SHOGI_OK.
 *
 * Status codes.  Every fallible function returns a shogi_status_t: SHOGI_OK
 *   (0) or a negative SHOGI_E_* code. Functions that cannot fail return
 *   their value directly.
 *
 * Errors.  Every fallible function takes, as its last argument, an optional
 *   shogi_error_t * owned by the caller (NULL is allowed). On return it holds
 *   the same code as the return value and a NUL-terminated UTF-8 message
 *   ("" on success). The library never keeps the pointer.
 *
 * Strings in.  NUL-terminated UTF-8 (const char *). NULL is rejected with
 *   SHOGI_E_NULL_POINTER.
 *
 * Strings out.  Written into a caller buffer: (char *buf, size_t cap,
 *   size_t *needed). *needed (if needed is not NULL) receives the size the
 *   string needs INCLUDING its terminating NUL. buf == NULL is a size query
 *   and returns SHOGI_OK. If cap is too small the function returns
 *   SHOGI_E_BUFFER_TOO_SMALL, writes buf[0] = '\0' (when cap > 0) and still
 *   sets *needed. Nothing allocated by the library is ever freed by the
 *   caller.
 *
 * Arrays out.  (T *items, size_t cap, size_t *count): *count receives the
 *   number of items (count must not be NULL). items == NULL is a count query
 *   (cap is ignored). If cap < *count, SHOGI_E_BUFFER_TOO_SMALL is returned
 *   and nothing is written to items.
 *
 * Booleans out.  int32_t, 0 or 1 (not C bool: the same size in every
 *   language binding).
 *
 * Moves.  A move is a uint32_t, the library's Move value. Its low 16 bits are
 *   exactly YaneuraOu's move16: bits 0-6 to-square, bits 7-13 from-square or,
 *   for a drop, the piece type (P1 L2 N3 S4 B5 R6 G7), bit 14 drop, bit 15
 *   promotion. Bits 16-20 hold the moving piece (type | 16 for White) in
 *   moves the library returns. Every function that takes a move reads only
 *   the low 16 bits, so a bare move16 is accepted anywhere a move is.
 *   Squares are (file - 1) * 9 + (rank - 1): 1a = 0, 9i = 80. The hcpe
 *   file format uses a second move16 convention; shogi_move16_to_hcpe and
 *   shogi_hcpe_to_move16 convert between them. 0 (SHOGI_MOVE_NONE) is "no
 *   move".
 *
 * ==========================================================================
 * Threads
 * ==========================================================================
 * The library is thread-safe at the handle level: any function may be
 * called from any thread, and different handles may be used concurrently
 * from different threads. Reading one handle from several threads at once
 * is fine (e.g. shogi_position_sfen, shogi_position_legal_moves, perft).
 * One handle must not be MUTATED (do/undo a move, set, free) while another
 * thread uses it: synchronise that yourself or give each thread its own
 * handle (shogi_position_clone).
 *
 * ==========================================================================
 * Platform limits (Go runtime)
 * ==========================================================================
 * - The library cannot be unloaded. dlclose()/FreeLibrary() do not remove
 *   the Go runtime that was started in the process; do not try to load and
 *   unload it repeatedly.
 * - Do not fork() after the library is loaded (its runtime threads are not
 *   copied into the child, which may then hang or crash). fork()+exec() of
 *   another program is fine. Python: use the "spawn" start method of
 *   multiprocessing, not "fork".
 * - Internal errors (Go panics) are recovered at the boundary and returned as
 *   SHOGI_E_INTERNAL; the handle involved is then poisoned and every later
 *   call on it returns SHOGI_E_INTERNAL - free it. Large allocations whose
 *   size the caller chooses (the engine's hash table) are made outside the
 *   Go heap and fail with a status; fatal runtime errors (the process out
 *   of memory elsewhere) still end the process, as they would in C.
 * - Passing a pointer that is neither NULL nor valid (a wild pointer) is
 *   undefined behaviour, as in any C library.
 * - The Go runtime installs signal handlers (SIGSEGV, SIGPROF ...) with
 *   SA_ONSTACK; hosts that install their own should do so before loading
 *   the library and use SA_ONSTACK.
 */
#ifndef SHOGI_H
#define SHOGI_H

#include <stddef.h>
#include <stdint.h>

/* ==========================================================================
 * Export macro and ABI version
 * ========================================================================== */

#if defined(_WIN32) && !defined(SHOGI_BUILDING_LIBRARY)
#define SHOGI_API __declspec(dllimport)
#else
#define SHOGI_API
#endif

#define SHOGI_ABI_VERSION_MAJOR 1
#define SHOGI_ABI_VERSION_MINOR 5
/* (major << 16) | minor, the value shogi_abi_version() returns. */
#define SHOGI_ABI_VERSION \
    ((uint32_t)((SHOGI_ABI_VERSION_MAJOR << 16) | SHOGI_ABI_VERSION_MINOR))
/* True when a library that reports ABI version v can run a program compiled
 * with this header. */
#define SHOGI_ABI_COMPATIBLE(v)                                  \
    ((((uint32_t)(v)) >> 16) == SHOGI_ABI_VERSION_MAJOR &&       \
     (((uint32_t)(v)) & 0xffffu) + 1u > (uint32_t)SHOGI_ABI_VERSION_MINOR)

#ifdef __cplusplus
extern "C" {
#endif

/* ==========================================================================
 * Status codes and errors
 * ========================================================================== */

typedef int32_t shogi_status_t;

enum {
    SHOGI_OK = 0,
    /* An argument is out of range (e.g. a negative depth, an unknown enum
     * value or handicap name). */
    SHOGI_E_INVALID_ARGUMENT = -1,
    /* A required pointer argument is NULL. */
    SHOGI_E_NULL_POINTER = -2,
    /* The handle is NULL, freed, never created, or of another kind. */
    SHOGI_E_BAD_HANDLE = -3,
    /* The caller's buffer is too small; *needed / *count holds the size. */
    SHOGI_E_BUFFER_TOO_SMALL = -4,
    /* Text (SFEN, USI move, record ...) could not be parsed. */
    SHOGI_E_PARSE = -5,
    /* A well-formed move that is not legal in the position. */
    SHOGI_E_ILLEGAL_MOVE = -6,
    /* The object is not in a state that allows the call (e.g. undo with no
     * move to undo). */
    SHOGI_E_STATE = -7,
    /* A file could not be read or written. */
    SHOGI_E_IO = -8,
    /* The feature is not available in this build or on this CPU. */
    SHOGI_E_UNSUPPORTED = -9,
    /* An internal error (a recovered panic). The handle involved is
     * poisoned. Please report it. */
    SHOGI_E_INTERNAL = -100
};

/* Size of shogi_error_t.message, including the terminating NUL. */
#define SHOGI_ERROR_MESSAGE_SIZE 256

/* Caller-owned error details. Optional everywhere (pass NULL to ignore). */
typedef struct shogi_error_t {
    int32_t code;                           /* same as the return value */
    char message[SHOGI_ERROR_MESSAGE_SIZE]; /* UTF-8, NUL-terminated */
} shogi_error_t;

/* ==========================================================================
 * Library
 * ========================================================================== */

/* The library's version, e.g. "0.1.0". A static string: do not free it. */
SHOGI_API const char *shogi_version(void);

/* The library's ABI version, (major << 16) | minor. Compare it with
 * SHOGI_ABI_COMPATIBLE(). */
SHOGI_API uint32_t shogi_abi_version(void);

/* The name of a status code ("SHOGI_OK", "SHOGI_E_PARSE" ...), or
 * "SHOGI_E_UNKNOWN" for a value this library does not know. A static
 * string: do not free it. */
SHOGI_API const char *shogi_status_name(shogi_status_t code);

/* The number of live handles of every kind (created and not yet freed).
 * Meant for leak checks in tests and bindings. */
SHOGI_API uint64_t shogi_live_handles(void);

/* Self-test of the panic boundary: raises an internal panic inside the
 * library, recovers it and returns SHOGI_E_INTERNAL with the panic text in
 * err. Language bindings use it to test their error path. */
SHOGI_API shogi_status_t shogi_selftest_panic(shogi_error_t *err);

/* ==========================================================================
 * Moves (no position needed)
 * ========================================================================== */

/* Special move values. */
#define SHOGI_MOVE_NONE 0u         /* no move */
#define SHOGI_MOVE_NULL 0x0081u    /* null move (pass), USI "0000" */
#define SHOGI_MOVE_RESIGN 0x0102u  /* USI "resign" */
#define SHOGI_MOVE_WIN 0x0183u     /* declaration win, USI "win" */
/* A buffer of this size holds any move text shogi_move_to_usi writes
 * ("8h2b+", "resign"), NUL included. */
#define SHOGI_USI_MOVE_SIZE 8

/* USI text of a move ("7g7f", "8h2b+", "P*5e"). The special values give
 * "none" (0), "0000" (null move), "resign" and "win". The position is not
 * needed, so a bare move16 works too. SHOGI_E_INVALID_ARGUMENT for a value
 * that is no move (e.g. a square beyond 9i, or a drop with the promotion
 * bit). */
SHOGI_API shogi_status_t shogi_move_to_usi(uint32_t move, char *buf,
                                           size_t cap, size_t *needed,
                                           shogi_error_t *err);

/* Converts a move16 in YaneuraOu's convention into the hcpe convention
 * (drops as from = 80 + piece type, promotion in bit 14), and back. */
SHOGI_API uint16_t shogi_move16_to_hcpe(uint16_t move16);
SHOGI_API uint16_t shogi_hcpe_to_move16(uint16_t hcpe_move16);

/* ==========================================================================
 * Position
 * ==========================================================================
 * A position is a board, both hands, the side to move, the move number and
 * the history of the moves done on it (for undo and the repetition rules).
 */

typedef struct shogi_position_s *shogi_position_t;

/* Colors (the side to move). */
enum { SHOGI_BLACK = 0, SHOGI_WHITE = 1 };

/* The largest number of legal moves any position has (593 is the known
 * maximum); a buffer of this size always fits. */
#define SHOGI_MAX_MOVES 600

/* Creates the standard start position. */
SHOGI_API shogi_status_t shogi_position_new(shogi_position_t *out,
                                            shogi_error_t *err);

/* Creates a position from SFEN text, validated strictly. The "sfen "
 * prefix and the trailing move number are optional; "startpos" is the
 * start position. SHOGI_E_PARSE for bad text or an impossible position. */
SHOGI_API shogi_status_t shogi_position_from_sfen(const char *sfen,
                                                  shogi_position_t *out,
                                                  shogi_error_t *err);

/* Validation relaxations for shogi_position_from_sfen_ex (bit flags). */
enum {
    /* Accept a position whose side NOT to move is in check (some composed
     * and rule-test positions); that king can then be captured. */
    SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK = 1,
    /* Accept pawns, lances and knights on ranks they can never leave. */
    SHOGI_SFEN_ALLOW_DEAD_PIECES = 2
};

/* shogi_position_from_sfen with validation relaxed by flags (a bitwise OR
 * of SHOGI_SFEN_* values; 0 is the same as shogi_position_from_sfen).
 * SHOGI_E_INVALID_ARGUMENT for unknown flag bits. */
SHOGI_API shogi_status_t shogi_position_from_sfen_ex(const char *sfen,
                                                     uint32_t flags,
                                                     shogi_position_t *out,
                                                     shogi_error_t *err);

/* Creates a handicap start position by name: "even", "lance",
 * "right-lance", "bishop", "rook", "rook-lance", "2-piece", "4-piece",
 * "6-piece", ... or its KIF name (平手, 香落ち ... in UTF-8).
 * SHOGI_E_INVALID_ARGUMENT for an unknown name. */
SHOGI_API shogi_status_t shogi_position_from_handicap(const char *name,
                                                      shogi_position_t *out,
                                                      shogi_error_t *err);

/* Creates an independent copy (history included). */
SHOGI_API shogi_status_t shogi_position_clone(shogi_position_t pos,
                                              shogi_position_t *out,
                                              shogi_error_t *err);

/* Releases a position. NULL is a no-op. */
SHOGI_API shogi_status_t shogi_position_free(shogi_position_t pos,
                                             shogi_error_t *err);

/* Replaces the position (and clears its history) with SFEN text. On error
 * the position is unchanged. */
SHOGI_API shogi_status_t shogi_position_set_sfen(shogi_position_t pos,
                                                 const char *sfen,
                                                 shogi_error_t *err);

/* Canonical SFEN text (without the "sfen " prefix), e.g.
 * "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1". */
SHOGI_API shogi_status_t shogi_position_sfen(shogi_position_t pos, char *buf,
                                             size_t cap, size_t *needed,
                                             shogi_error_t *err);

/* SHOGI_BLACK or SHOGI_WHITE. */
SHOGI_API shogi_status_t shogi_position_side_to_move(shogi_position_t pos,
                                                     int32_t *color,
                                                     shogi_error_t *err);

/* The SFEN move number (1 in the start position, +1 per move done). */
SHOGI_API shogi_status_t shogi_position_ply(shogi_position_t pos,
                                            int32_t *ply,
                                            shogi_error_t *err);

/* Zobrist key of board, hands and side to move. */
SHOGI_API shogi_status_t shogi_position_key(shogi_position_t pos,
                                            uint64_t *key,
                                            shogi_error_t *err);

/* 1 if the side to move is in check. */
SHOGI_API shogi_status_t shogi_position_in_check(shogi_position_t pos,
                                                 int32_t *in_check,
                                                 shogi_error_t *err);

/* Legal moves (see "Arrays out"). */
SHOGI_API shogi_status_t shogi_position_legal_moves(shogi_position_t pos,
                                                    uint32_t *moves,
                                                    size_t cap,
                                                    size_t *count,
                                                    shogi_error_t *err);

/* 1 if the move (only its low 16 bits are read) is legal. Never fails for
 * a malformed move: it is simply not legal. */
SHOGI_API shogi_status_t shogi_position_is_legal(shogi_position_t pos,
                                                 uint32_t move,
                                                 int32_t *legal,
                                                 shogi_error_t *err);

/* The legal move for USI text, with its piece bits filled in.
 * SHOGI_E_PARSE for malformed text, SHOGI_E_ILLEGAL_MOVE for a well-formed
 * move that is not legal here. */
SHOGI_API shogi_status_t shogi_position_move_from_usi(shogi_position_t pos,
                                                      const char *usi,
                                                      uint32_t *move,
                                                      shogi_error_t *err);

/* The legal move for a move16. hcpe selects the convention: 0 YaneuraOu,
 * 1 hcpe. SHOGI_E_ILLEGAL_MOVE if it is not a legal move here. */
SHOGI_API shogi_status_t shogi_position_move_from_move16(shogi_position_t pos,
                                                         uint16_t move16,
                                                         int32_t hcpe,
                                                         uint32_t *move,
                                                         shogi_error_t *err);

/* Does a legal move (low 16 bits read). SHOGI_E_ILLEGAL_MOVE otherwise,
 * and the position is unchanged. */
SHOGI_API shogi_status_t shogi_position_do_move(shogi_position_t pos,
                                                uint32_t move,
                                                shogi_error_t *err);

/* Does a legal move given as USI text. move (optional, may be NULL)
 * receives the move done. */
SHOGI_API shogi_status_t shogi_position_do_move_usi(shogi_position_t pos,
                                                    const char *usi,
                                                    uint32_t *move,
                                                    shogi_error_t *err);

/* Undoes the last move done on this handle. SHOGI_E_STATE if there is none
 * (a position created from SFEN has no moves to undo). */
SHOGI_API shogi_status_t shogi_position_undo_move(shogi_position_t pos,
                                                  shogi_error_t *err);

/* Perft: the number of leaf nodes of the legal move tree of the given depth
 * (0 <= depth <= 32; depth 0 gives 1). */
SHOGI_API shogi_status_t shogi_position_perft(shogi_position_t pos,
                                              int32_t depth,
                                              uint64_t *nodes,
                                              shogi_error_t *err);

/* --- Game state ---------------------------------------------------------- */

/* Repetition state, from the side to move's point of view. */
enum {
    SHOGI_REPETITION_NONE = 0, /* no completed fourfold repetition */
    SHOGI_REPETITION_DRAW = 1, /* fourfold repetition: draw (sennichite) */
    SHOGI_REPETITION_WIN = 2,  /* the opponent gave perpetual check: the
                                  side to move wins */
    SHOGI_REPETITION_LOSE = 3  /* the side to move gave perpetual check and
                                  loses */
};

/* Fourfold-repetition adjudication of the game so far (the moves done on
 * this handle), as in the shared rules (section 7). */
SHOGI_API shogi_status_t shogi_position_repetition(shogi_position_t pos,
                                                   int32_t *state,
                                                   shogi_error_t *err);

/* Game results, from the side to move's point of view. */
enum {
    SHOGI_GAME_ONGOING = 0,
    SHOGI_GAME_CHECKMATED = 1,      /* no legal move: the side to move lost */
    SHOGI_GAME_REPETITION_DRAW = 2,
    SHOGI_GAME_REPETITION_WIN = 3,  /* opponent's perpetual check */
    SHOGI_GAME_REPETITION_LOSE = 4, /* own perpetual check */
    SHOGI_GAME_MAX_MOVES_DRAW = 5   /* max_moves moves were played */
};

/* Adjudicates the game: checkmate first, then a completed fourfold
 * repetition, then the move limit max_moves (0 = no limit). */
SHOGI_API shogi_status_t shogi_position_game_result(shogi_position_t pos,
                                                    int32_t max_moves,
                                                    int32_t *result,
                                                    shogi_error_t *err);

/* Entering-king (nyugyoku) declaration rules (shared rules, section 8). */
enum {
    SHOGI_RULE_NONE = 0, /* no declaration: declaring always loses */
    SHOGI_RULE_27 = 1,   /* CSA 27-point rule (Black 28, White 27) */
    SHOGI_RULE_24 = 2,   /* 24-point rule: >= 31 wins, 24-30 draws */
    SHOGI_RULE_27H = 3,  /* 27-point, White's threshold handicap-adjusted */
    SHOGI_RULE_24H = 4,  /* 24-point, White's threshold handicap-adjusted */
    SHOGI_RULE_TRY = 5   /* try rule: the king reaches the enemy king's
                            start square */
};

/* Outcome of a declaration by the side to move. */
enum {
    SHOGI_DECLARATION_LOSE = 0, /* conditions not met: declaring loses */
    SHOGI_DECLARATION_WIN = 1,  /* the side to move wins by declaring */
    SHOGI_DECLARATION_DRAW = 2  /* 24-point rule: 24-30 points, a draw */
};

/* Judges a declaration by the side to move under rule. move (optional,
 * may be NULL) receives what an engine plays to claim the win: the special
 * "win" move (USI "win") under the point rules, the king move under the
 * try rule, or SHOGI_MOVE_NONE when declaring does not win.
 * SHOGI_E_INVALID_ARGUMENT for an unknown rule. */
SHOGI_API shogi_status_t shogi_position_declaration(shogi_position_t pos,
                                                    int32_t rule,
                                                    int32_t *result,
                                                    uint32_t *move,
                                                    shogi_error_t *err);

/* A mate-in-one move of the side to move, or SHOGI_MOVE_NONE. */
SHOGI_API shogi_status_t shogi_position_mate1(shogi_position_t pos,
                                              uint32_t *move,
                                              shogi_error_t *err);

/* ==========================================================================
 * How this header grows
 * ==========================================================================
 * Each capability has its own section below (NNUE evaluation, records,
 * search engine). A new capability adds a section; an existing one only
 * gains declarations. Every declaration starts with SHOGI_API and names
 * its function on that line (tests/c/abi_symbols.sh reads them), follows
 * the conventions at the top of this file, and raises
 * SHOGI_ABI_VERSION_MINOR in the release that adds it.
 */

/* ==========================================================================
 * NNUE evaluation (nn.bin, halfkp_256x2-32-32)
 * ==========================================================================
 * A network is loaded once and is read-only afterwards: one network handle
 * may be used by any number of threads at once (evaluate, features, new
 * accumulators). An accumulator keeps its network alive, so the network
 * handle may be freed before its accumulators. An accumulator is used by one
 * thread at a time (every accumulator function, evaluate included, counts as
 * a mutation).
 *
 * Values are in the network's unit after FV_SCALE: the raw output divided by
 * fv_scale (1..128; engines default to SHOGI_NNUE_DEFAULT_FV_SCALE) truncating
 * toward zero, clamped to +-SHOGI_NNUE_VALUE_MAX, from the side to move's
 * point of view. A position without both kings evaluates to 0.
 *
 * HalfKP feature indices (for trainers and engines with their own board):
 * for perspective p (SHOGI_BLACK or SHOGI_WHITE) the index is
 * K_p * 1548 + BonaPiece_p, with K_black = square of the black king and
 * K_white = 80 - square of the white king; White's perspective sees the
 * board rotated 180 degrees with the colours swapped. A position has one
 * active feature per non-king piece (SHOGI_NNUE_MAX_ACTIVE = 38), pieces in
 * hand included; missing pieces (handicaps, tsume) count as BonaPiece 0.
 * The full numbering is in the library's docs (specs/nnue-halfkp.md).
 *
 * Bad network files are errors, never crashes: SHOGI_E_IO (cannot open or
 * read), SHOGI_E_PARSE (wrong version, wrong size, truncated, trailing
 * bytes, a description length of 0 or over 4096), SHOGI_E_UNSUPPORTED (an architecture string this library does not
 * evaluate); the message names the problem.
 */

typedef struct shogi_network_s *shogi_network_t;
typedef struct shogi_accumulator_s *shogi_accumulator_t;

#define SHOGI_NNUE_DEFAULT_FV_SCALE 16
#define SHOGI_NNUE_VALUE_MAX 31753
/* Number of HalfKP feature indices (81 * 1548): valid indices are below it. */
#define SHOGI_NNUE_HALFKP_DIMENSIONS 125388
/* Active features per perspective in a position. */
#define SHOGI_NNUE_MAX_ACTIVE 38

/* Loads an nn.bin file. */
SHOGI_API shogi_status_t shogi_network_load(const char *path,
                                            shogi_network_t *out,
                                            shogi_error_t *err);

/* Loads a network from memory (size bytes at data; the library copies). */
SHOGI_API shogi_status_t shogi_network_load_memory(const void *data,
                                                   size_t size,
                                                   shogi_network_t *out,
                                                   shogi_error_t *err);

/* Builds a deterministic test network (the SplitMix64 recipe of
 * make_test_net.py): kind "test" (realistic magnitudes), "stress" (int16
 * accumulators wrap around; evaluate it with fv_scale 128) or "zero". */
SHOGI_API shogi_status_t shogi_network_make_test(const char *kind,
                                                 uint64_t seed,
                                                 shogi_network_t *out,
                                                 shogi_error_t *err);

/* Writes the network to a file in the nn.bin layout. */
SHOGI_API shogi_status_t shogi_network_save(shogi_network_t net,
                                            const char *path,
                                            shogi_error_t *err);

/* Releases a network handle. */
SHOGI_API shogi_status_t shogi_network_free(shogi_network_t net,
                                            shogi_error_t *err);

/* The network's architecture string (strings-out convention). */
SHOGI_API shogi_status_t shogi_network_arch(shogi_network_t net, char *buf,
                                            size_t cap, size_t *needed,
                                            shogi_error_t *err);

/* Evaluates a position (full refresh) into *value. */
SHOGI_API shogi_status_t shogi_network_evaluate(shogi_network_t net,
                                                shogi_position_t pos,
                                                int32_t fv_scale,
                                                int32_t *value,
                                                shogi_error_t *err);

/* Evaluates n SFENs into values[0..n-1], in parallel for large n. An SFEN
 * that does not parse makes the call return SHOGI_E_PARSE naming the first
 * bad index; its value is 0 and the other values are still written. */
SHOGI_API shogi_status_t shogi_network_evaluate_sfens(shogi_network_t net,
                                                      const char *const *sfens,
                                                      size_t n,
                                                      int32_t fv_scale,
                                                      int32_t *values,
                                                      shogi_error_t *err);

/* The active HalfKP feature indices of a position for both perspectives:
 * *count receives the number per perspective (38). black and white, each
 * with room for cap indices, receive them; both NULL is a count query.
 * SHOGI_E_STATE if a king is missing. */
SHOGI_API shogi_status_t shogi_position_halfkp_features(shogi_position_t pos,
                                                        int32_t *black,
                                                        int32_t *white,
                                                        size_t cap,
                                                        size_t *count,
                                                        shogi_error_t *err);

/* The HalfKP features of n SFENs in one call (a trainer's batch): black
 * and white each receive n * SHOGI_NNUE_MAX_ACTIVE indices, position i at
 * [i * 38, i * 38 + 38), exactly as shogi_position_halfkp_features gives
 * them. side_to_move (may be NULL) receives n colours. A bad
 * SFEN (or a missing king) makes the call return its status naming the
 * first bad index; that row is all -1 and the other rows are still
 * written. */
SHOGI_API shogi_status_t shogi_sfens_halfkp_features(const char *const *sfens,
                                                    size_t n,
                                                    int32_t *black,
                                                    int32_t *white,
                                                    uint8_t *side_to_move,
                                                    shogi_error_t *err);

/* Low-level accumulator API for engines with their own board: refresh a
 * perspective from its active features, apply removed/added feature deltas
 * as moves are made (keep one accumulator per ply, copying the parent's
 * with shogi_accumulator_copy, or undo by applying the reverse deltas),
 * then evaluate for a side to move. A perspective whose king moved needs a
 * refresh: its indices all change. A new accumulator holds the biases (no
 * features) in both perspectives. */
SHOGI_API shogi_status_t shogi_accumulator_new(shogi_network_t net,
                                               shogi_accumulator_t *out,
                                               shogi_error_t *err);
SHOGI_API shogi_status_t shogi_accumulator_free(shogi_accumulator_t acc,
                                                shogi_error_t *err);
/* Copies src into dst (both of the same network size). */
SHOGI_API shogi_status_t shogi_accumulator_copy(shogi_accumulator_t dst,
                                                shogi_accumulator_t src,
                                                shogi_error_t *err);
/* Sets perspective (SHOGI_BLACK / SHOGI_WHITE) to biases + the n features. */
SHOGI_API shogi_status_t shogi_accumulator_refresh(shogi_accumulator_t acc,
                                                   int32_t perspective,
                                                   const int32_t *features,
                                                   size_t n,
                                                   shogi_error_t *err);
/* Subtracts the removed and adds the added features of one perspective. */
SHOGI_API shogi_status_t shogi_accumulator_update(shogi_accumulator_t acc,
                                                  int32_t perspective,
                                                  const int32_t *removed,
                                                  size_t n_removed,
                                                  const int32_t *added,
                                                  size_t n_added,
                                                  shogi_error_t *err);
/* The evaluation for side_to_move (SHOGI_BLACK / SHOGI_WHITE). */
SHOGI_API shogi_status_t shogi_accumulator_evaluate(shogi_accumulator_t acc,
                                                    int32_t side_to_move,
                                                    int32_t fv_scale,
                                                    int32_t *value,
                                                    shogi_error_t *err);

/* ==========================================================================
 * Records: CSA, KIF, KI2 and USI game records; PackedSfenValue and hcpe
 * ==========================================================================
 * A record handle holds one game: headers, a start position and its moves
 * (the main line; KIF/KI2 variations are kept and written back to KIF/KI2).
 * Reading detects the text encoding (UTF-8 with or without BOM, or
 * Shift_JIS/CP932) and, with SHOGI_RECORD_AUTO, the format. Bad input is
 * SHOGI_E_PARSE with the line and the problem in the message, e.g.
 * "kif: line 12: illegal move ...". Reading functions may run on one record
 * from several threads; set_header and set_end are mutations.
 *
 * PackedSfenValue (PSV, 40 bytes, YaneuraOu) and hcpe (38 bytes, dlshogi)
 * are the training-data records (specs/formats.md). Scores are from the
 * side to move's view; a PSV result is for the side to move (1 win, -1 loss,
 * 0 draw), an hcpe result is absolute (0 draw, 1 Black won, 2 White won;
 * hcpe2 flag bits above). The bulk functions take n records and run in
 * parallel for large n; a bad record makes them return SHOGI_E_PARSE naming
 * the first bad index ("record 12: ..."), with its outputs zeroed (-1 for
 * features), while every other record is still processed.
 */

typedef struct shogi_record_s *shogi_record_t;

/* Record formats. */
enum {
    SHOGI_RECORD_AUTO = 0, /* detect (reading only) */
    SHOGI_RECORD_CSA = 1,  /* CSA V2.2 / V3.0 (written as V3.0) */
    SHOGI_RECORD_KIF = 2,  /* KIF (Kakinoki), with variations */
    SHOGI_RECORD_KI2 = 3,  /* KI2, with variations */
    SHOGI_RECORD_USI = 4   /* "startpos moves ..." / "sfen ... moves ..." */
};

/* Text encodings for writing. */
enum {
    SHOGI_ENCODING_UTF8 = 0,
    SHOGI_ENCODING_UTF8_BOM = 1,
    SHOGI_ENCODING_SHIFT_JIS = 2 /* CP932, what .kif and .ki2 files use */
};

/* Game results. */
enum {
    SHOGI_RESULT_NONE = 0, /* unfinished, interrupted or unknown */
    SHOGI_RESULT_BLACK_WIN = 1,
    SHOGI_RESULT_WHITE_WIN = 2,
    SHOGI_RESULT_DRAW = 3
};

/* How a game ended ("side to move" = the side to move at the end). */
enum {
    SHOGI_END_NONE = 0,
    SHOGI_END_RESIGN = 1,          /* %TORYO, 投了: side to move resigned */
    SHOGI_END_INTERRUPT = 2,       /* %CHUDAN, 中断 */
    SHOGI_END_REPETITION = 3,      /* %SENNICHITE, 千日手: draw */
    SHOGI_END_IMPASSE = 4,         /* %JISHOGI, 持将棋: draw */
    SHOGI_END_MAX_MOVES = 5,       /* %MAX_MOVES: draw */
    SHOGI_END_TIME_UP = 6,         /* %TIME_UP, 切れ負け: side to move loses */
    SHOGI_END_ILLEGAL_MOVE = 7,    /* %ILLEGAL_MOVE, 反則負け: side to move loses */
    SHOGI_END_ILLEGAL_WIN = 8,     /* 反則勝ち: side to move wins */
    SHOGI_END_ILLEGAL_BLACK = 9,   /* %+ILLEGAL_ACTION: White wins */
    SHOGI_END_ILLEGAL_WHITE = 10,  /* %-ILLEGAL_ACTION: Black wins */
    SHOGI_END_DECLARE_WIN = 11,    /* %KACHI, 入玉勝ち: side to move wins */
    SHOGI_END_DECLARE_DRAW = 12,   /* %HIKIWAKE: draw */
    SHOGI_END_MATE = 13,           /* %TSUMI, 詰み: side to move is mated */
    SHOGI_END_NO_MATE = 14,        /* %FUZUMI, 不詰 */
    SHOGI_END_ERROR = 15,          /* %ERROR */
    SHOGI_END_WIN_BY_DEFAULT = 16, /* 不戦勝: side to move wins */
    SHOGI_END_LOSS_BY_DEFAULT = 17 /* 不戦敗: side to move loses */
};

/* Reads a record from size bytes at data. format is a SHOGI_RECORD_* value
 * (AUTO detects); *format_read (may be NULL) receives the format read. */
SHOGI_API shogi_status_t shogi_record_parse(const void *data, size_t size,
                                            int32_t format,
                                            shogi_record_t *out,
                                            int32_t *format_read,
                                            shogi_error_t *err);

/* A record of a position's history: the start is the position before its
 * first move, the moves those done on it. */
SHOGI_API shogi_status_t shogi_record_from_position(shogi_position_t pos,
                                                    shogi_record_t *out,
                                                    shogi_error_t *err);

/* Releases a record handle. */
SHOGI_API shogi_status_t shogi_record_free(shogi_record_t rec,
                                           shogi_error_t *err);

/* Writes the record in format (not AUTO) and encoding, strings-out
 * convention: *needed counts the bytes plus a terminating NUL. Shift_JIS
 * output is not UTF-8. CSA and USI hold the main line only. */
SHOGI_API shogi_status_t shogi_record_write(shogi_record_t rec, int32_t format,
                                            int32_t encoding, char *buf,
                                            size_t cap, size_t *needed,
                                            shogi_error_t *err);

/* The SFEN of the start position (strings-out convention). */
SHOGI_API shogi_status_t shogi_record_start_sfen(shogi_record_t rec,
                                                 char *buf, size_t cap,
                                                 size_t *needed,
                                                 shogi_error_t *err);

/* The moves of the main line (arrays-out convention). */
SHOGI_API shogi_status_t shogi_record_moves(shogi_record_t rec,
                                            uint32_t *moves, size_t cap,
                                            size_t *count,
                                            shogi_error_t *err);

/* A new position after the first ply moves of the main line, with those
 * moves in its history. SHOGI_E_INVALID_ARGUMENT beyond the main line. */
SHOGI_API shogi_status_t shogi_record_position(shogi_record_t rec, size_t ply,
                                               shogi_position_t *out,
                                               shogi_error_t *err);

/* The result (SHOGI_RESULT_*) and, if end is not NULL, how the main line
 * ended (SHOGI_END_*). */
SHOGI_API shogi_status_t shogi_record_result(shogi_record_t rec,
                                             int32_t *result, int32_t *end,
                                             shogi_error_t *err);

/* Sets how the main line ends (SHOGI_END_*, NONE removes it); the side to
 * move is taken from the position at its end. */
SHOGI_API shogi_status_t shogi_record_set_end(shogi_record_t rec, int32_t end,
                                              shogi_error_t *err);

/* A header value (strings-out; "" if absent). Keys: "black", "white"
 * (player names), "handicap" (the KIF 手合割 as read), the well-known
 * "Event", "Site", "StartTime", "EndTime", "Opening", "TimeLimit", "Time",
 * "MaxMoves", "Jishogi", "Note", "Title", or any other key as written. */
SHOGI_API shogi_status_t shogi_record_header(shogi_record_t rec,
                                             const char *key, char *buf,
                                             size_t cap, size_t *needed,
                                             shogi_error_t *err);

/* Sets a header value ("black", "white" or a header key). */
SHOGI_API shogi_status_t shogi_record_set_header(shogi_record_t rec,
                                                 const char *key,
                                                 const char *value,
                                                 shogi_error_t *err);

/* Record sizes in bytes. */
#define SHOGI_PSV_SIZE 40
#define SHOGI_HCPE_SIZE 38

/* Decodes one PackedSfenValue (SHOGI_PSV_SIZE bytes at rec) into a new
 * position (its move number is gamePly) and, for each out pointer that is
 * not NULL, its score, move and result. The move is the legal move, or the
 * raw move16 when it is not legal there (0 = none). */
SHOGI_API shogi_status_t shogi_position_from_psv(const void *rec,
                                                 shogi_position_t *out,
                                                 int32_t *score,
                                                 uint32_t *move,
                                                 int32_t *result,
                                                 shogi_error_t *err);

/* Encodes a position with a score (int16 range), a move (0 or legal here)
 * and a result (-1, 0, 1) into SHOGI_PSV_SIZE bytes at rec. SHOGI_E_STATE
 * for positions PSV cannot hold (a missing king, too many pieces). */
SHOGI_API shogi_status_t shogi_position_to_psv(shogi_position_t pos,
                                               int32_t score, uint32_t move,
                                               int32_t result, void *rec,
                                               shogi_error_t *err);

/* hcpe counterparts: eval in int16 range, result 0/1/2 (absolute). The
 * decoded position has move number 1. */
SHOGI_API shogi_status_t shogi_position_from_hcpe(const void *rec,
                                                  shogi_position_t *out,
                                                  int32_t *eval,
                                                  uint32_t *move,
                                                  int32_t *result,
                                                  shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_to_hcpe(shogi_position_t pos,
                                                int32_t eval, uint32_t move,
                                                int32_t result, void *rec,
                                                shogi_error_t *err);

/* Checks n PSV records; *n_bad (may be NULL) receives the number of bad
 * ones. SHOGI_E_PARSE names the first bad record. */
SHOGI_API shogi_status_t shogi_psv_check(const void *psv, size_t n,
                                         size_t *n_bad, shogi_error_t *err);

/* Converts n PSV records into n hcpe records (the result made absolute),
 * and back (the result made relative; gamePly 0, since hcpe has none). */
SHOGI_API shogi_status_t shogi_psv_to_hcpe(const void *psv, size_t n,
                                           void *hcpe, shogi_error_t *err);
SHOGI_API shogi_status_t shogi_hcpe_to_psv(const void *hcpe, size_t n,
                                           void *psv, shogi_error_t *err);

/* Evaluates the positions of n PSV records into values[0..n-1] (as
 * shogi_network_evaluate). */
SHOGI_API shogi_status_t shogi_network_evaluate_psv(shogi_network_t net,
                                                    const void *psv, size_t n,
                                                    int32_t fv_scale,
                                                    int32_t *values,
                                                    shogi_error_t *err);

/* The HalfKP features of n PSV records: black and white each receive
 * n * SHOGI_NNUE_MAX_ACTIVE indices, record i at [i * 38, i * 38 + 38), in
 * the order of shogi_position_halfkp_features. */
SHOGI_API shogi_status_t shogi_psv_halfkp_features(const void *psv, size_t n,
                                                   int32_t *black,
                                                   int32_t *white,
                                                   shogi_error_t *err);

/* ==========================================================================
 * Search engine
 * ==========================================================================
 * An engine holds search threads (Lazy SMP: they share one transposition
 * table), the table and the options. shogi_engine_search runs one search
 * at a time and blocks the calling thread until the search ends; another
 * thread may call shogi_engine_stop (or shogi_engine_ponderhit) on the same
 * handle meanwhile - those two, and shogi_engine_searching, are the only
 * calls allowed on an engine while it searches. Free an engine only when no
 * search runs.
 *
 * Scores are from the side to move's point of view. A score is either a
 * value (SHOGI_SCORE_CP: centipawns, 100 * value / 90, the engines'
 * convention) or a mate (SHOGI_SCORE_MATE: the distance to mate in plies,
 * positive when the side to move mates, negative when it is mated; 0 with
 * value < 0 when it has no legal move). value is the raw score in the
 * evaluation's unit (mates beyond +-31754).
 *
 * The info callback is a plain C function pointer. It is called on the
 * thread that called shogi_engine_search, from inside the search, once per
 * completed iteration and MultiPV line (and for aspiration fail-lows/highs
 * after 3 seconds). It must return quickly; it may call shogi_engine_stop.
 * The info struct is valid during the call only.
 */

typedef struct shogi_engine_s *shogi_engine_t;

/* Score kinds. */
enum { SHOGI_SCORE_CP = 0, SHOGI_SCORE_MATE = 1 };

/* Bounds of an info score. */
enum {
    SHOGI_BOUND_EXACT = 0,
    SHOGI_BOUND_UPPER = 1, /* fail low: the score is at most this */
    SHOGI_BOUND_LOWER = 2  /* fail high: the score is at least this */
};

/* The longest PV the structs below carry (longer PVs are cut). */
#define SHOGI_MAX_PV 64
/* The most MultiPV lines a result carries. */
#define SHOGI_MAX_MULTIPV 16

/* Engine options. All-zero means the defaults: 1 thread, 16 MB, 1 line,
 * no declaration rule, no move limit, FV_SCALE 16, never resign. */
typedef struct shogi_engine_options_t {
    int32_t threads;            /* search threads, 1..1024 (0: 1) */
    int32_t hash_mb;            /* transposition table in MB (0: 16) */
    int32_t multipv;            /* lines, 1..SHOGI_MAX_MULTIPV (0: 1) */
    int32_t entering_king_rule; /* SHOGI_RULE_* (declaration win) */
    int32_t max_moves_to_draw;  /* draw at this move number (0: none) */
    int32_t fv_scale;           /* NNUE FV_SCALE 1..128 (0: 16) */
    int32_t resign_value;       /* resign below -resign_value cp (0: never) */
    int32_t network_delay_ms;   /* kept back from clock-based limits */
} shogi_engine_options_t;

/* Search limits. All-zero means no limit: the search runs until
 * shogi_engine_stop (or to the deepest depth). Clock fields are indexed by
 * colour (SHOGI_BLACK, SHOGI_WHITE). Times are milliseconds; a time over
 * 2^40 ms (about 34.8 years) counts as 2^40 ms. shogi_engine_search
 * rejects with SHOGI_E_INVALID_ARGUMENT negative values and a clock set
 * only for the opponent of the side to move when nothing else (depth,
 * nodes, movetime, infinite, ponder) limits the search: such limits would
 * otherwise mean no limit. */
typedef struct shogi_search_limits_t {
    int32_t depth;          /* plies (0: none) */
    int32_t infinite;       /* 1: until shogi_engine_stop */
    int32_t ponder;         /* 1: no time limit until shogi_engine_ponderhit */
    int32_t reserved;       /* 0 */
    uint64_t nodes;         /* total nodes (0: none) */
    int64_t movetime_ms;    /* fixed time for this move (0: none) */
    int64_t time_ms[2];     /* remaining time on each clock */
    int64_t inc_ms[2];      /* Fischer increment */
    int64_t byoyomi_ms[2];  /* byoyomi */
} shogi_search_limits_t;

/* One progress report (one MultiPV line of one iteration). */
typedef struct shogi_search_info_t {
    int32_t depth;
    int32_t seldepth;
    int32_t multipv;    /* 1-based line number */
    int32_t score_kind; /* SHOGI_SCORE_* */
    int32_t score;      /* cp or mate plies (see above) */
    int32_t value;      /* raw score */
    int32_t bound;      /* SHOGI_BOUND_* */
    int32_t hashfull;   /* per mille */
    uint64_t nodes;
    uint64_t nps;
    int64_t time_ms;
    int32_t pv_length;
    uint32_t pv[SHOGI_MAX_PV];
} shogi_search_info_t;

typedef void (*shogi_info_callback_t)(const shogi_search_info_t *info,
                                      void *user_data);

/* One line of a result. */
typedef struct shogi_search_line_t {
    int32_t score_kind;
    int32_t score;
    int32_t value;
    int32_t depth;
    int32_t seldepth;
    int32_t pv_length;
    uint32_t pv[SHOGI_MAX_PV];
} shogi_search_line_t;

/* The result of a search. best_move is a legal move, SHOGI_MOVE_RESIGN
 * (no legal move, or the score is below the resign value) or
 * SHOGI_MOVE_WIN (a declaration win under the point rules; under the try
 * rule the king move is returned). */
typedef struct shogi_search_result_t {
    uint32_t best_move;
    uint32_t ponder_move; /* SHOGI_MOVE_NONE when unknown */
    int32_t score_kind;
    int32_t score;
    int32_t value;
    int32_t depth;
    int32_t seldepth;
    int32_t line_count; /* MultiPV lines in lines[] */
    uint64_t nodes;
    int64_t time_ms;
    int32_t pv_length;
    uint32_t pv[SHOGI_MAX_PV];
    shogi_search_line_t lines[SHOGI_MAX_MULTIPV];
} shogi_search_result_t;

/* Creates an engine. options may be NULL (defaults). net may be NULL: the
 * trained net built into the library ("default") is used (before 0.17.0 the
 * built-in material evaluation; EvalFile "builtin" selects that);
 * otherwise the engine keeps the network alive (the network handle may be freed afterwards). A hash_mb
 * the machine cannot give is SHOGI_E_INVALID_ARGUMENT (never an abort). */
SHOGI_API shogi_status_t shogi_engine_new(const shogi_engine_options_t *options,
                                          shogi_network_t net,
                                          shogi_engine_t *out,
                                          shogi_error_t *err);

/* Releases an engine (not while it searches: SHOGI_E_STATE). */
SHOGI_API shogi_status_t shogi_engine_free(shogi_engine_t eng,
                                           shogi_error_t *err);

/* Changes the options (not while searching: SHOGI_E_STATE). A hash_mb
 * the machine cannot give is SHOGI_E_INVALID_ARGUMENT, and then nothing
 * changes: the engine keeps its table and its other options. */
SHOGI_API shogi_status_t shogi_engine_set_options(shogi_engine_t eng,
                                                  const shogi_engine_options_t *options,
                                                  shogi_error_t *err);

/* Clears the transposition table and move-ordering statistics. */
SHOGI_API shogi_status_t shogi_engine_new_game(shogi_engine_t eng,
                                               shogi_error_t *err);

/* Searches pos (not modified; its history counts for repetitions) under
 * limits (NULL: no limit, see shogi_search_limits_t) and fills *result.
 * callback may be NULL. Blocks until the search ends (limits reached or
 * shogi_engine_stop). SHOGI_E_STATE if the engine is already searching
 * (checked first: the running search is not disturbed). */
SHOGI_API shogi_status_t shogi_engine_search(shogi_engine_t eng,
                                             shogi_position_t pos,
                                             const shogi_search_limits_t *limits,
                                             shogi_info_callback_t callback,
                                             void *user_data,
                                             shogi_search_result_t *result,
                                             shogi_error_t *err);

/* Asks a running search to stop (any thread; returns at once). The search
 * then returns its best move so far. A stop that arrives while the search
 * is starting up is not lost. A no-op when no search runs. */
SHOGI_API shogi_status_t shogi_engine_stop(shogi_engine_t eng,
                                           shogi_error_t *err);

/* Ends pondering: the search's time limits count from now (any thread). */
SHOGI_API shogi_status_t shogi_engine_ponderhit(shogi_engine_t eng,
                                                shogi_error_t *err);

/* *searching receives 1 while a search runs (any thread). */
SHOGI_API shogi_status_t shogi_engine_searching(shogi_engine_t eng,
                                                int32_t *searching,
                                                shogi_error_t *err);

/* ---- engine options (ABI 1.1) ---- */
/*
 * One option table, owned by the search engine, that USI's "option" lines,
 * these functions and the bindings all read: name, type, default, range
 * (spin), choices (combo) and help. Options are addressed by name (USI
 * spelling, compared without case), so options added later (book, mate,
 * evaluation) need no new functions: list the table to see them.
 *
 * Values are strings as USI writes them: a spin is a decimal number in
 * min..max, a check "true" or "false", a combo one of its choices, a
 * string or filename any text ("<empty>" is empty). An engine made from
 * shogi_engine_options_t starts from the struct's values (its zeros keep
 * their meaning: e.g. NetworkDelay 0, EnteringKingRule none); the options
 * the struct has no field for start at the table's defaults and are kept
 * by shogi_engine_set_options. Setting EvalFile (or EvalDir) loads that
 * network at once (SHOGI_E_IO, _PARSE, _UNSUPPORTED as
 * shogi_network_load); while they are empty the engine evaluates with the
 * network given to shogi_engine_new (or the default net).
 */

/* Option types (USI's). */
enum {
    SHOGI_OPTION_SPIN = 0,     /* integer in min..max */
    SHOGI_OPTION_CHECK = 1,    /* "true" / "false" */
    SHOGI_OPTION_STRING = 2,
    SHOGI_OPTION_COMBO = 3,    /* one of the choices */
    SHOGI_OPTION_BUTTON = 4,   /* an action: set it with any value */
    SHOGI_OPTION_FILENAME = 5
};

/* Text fields of an option (shogi_option_text). */
enum {
    SHOGI_OPTION_NAME = 0,
    SHOGI_OPTION_DEFAULT = 1,
    SHOGI_OPTION_HELP = 2,
    SHOGI_OPTION_CHOICES = 3 /* a combo's choices, one per line ("\n") */
};

/* The fixed-size facts of one option. */
typedef struct shogi_option_info_t {
    int32_t option_type;  /* SHOGI_OPTION_* */
    int32_t choice_count; /* combo: number of choices; else 0 */
    int64_t min;          /* spin: smallest value; else 0 */
    int64_t max;          /* spin: largest value; else 0 */
} shogi_option_info_t;

/* The number of options in the table (fixed once the library is loaded). */
SHOGI_API size_t shogi_option_count(void);

/* The type and range of option index (0..shogi_option_count() - 1). */
SHOGI_API shogi_status_t shogi_option_info(size_t index,
                                           shogi_option_info_t *info,
                                           shogi_error_t *err);

/* A text field (SHOGI_OPTION_NAME, _DEFAULT, _HELP, _CHOICES) of option
 * index, under the strings-out convention. */
SHOGI_API shogi_status_t shogi_option_text(size_t index, int32_t field,
                                           char *buf, size_t size,
                                           size_t *needed,
                                           shogi_error_t *err);

/* Sets an option by name (not while searching: SHOGI_E_STATE). An unknown
 * name or a value out of the option's range is SHOGI_E_INVALID_ARGUMENT and
 * changes nothing. The new value takes effect at once (a new hash size
 * clears the table; a new thread count or network rebuilds the threads). */
SHOGI_API shogi_status_t shogi_engine_set_option(shogi_engine_t eng,
                                                 const char *name,
                                                 const char *value,
                                                 shogi_error_t *err);

/* An option's current value (strings-out convention). */
SHOGI_API shogi_status_t shogi_engine_get_option(shogi_engine_t eng,
                                                 const char *name,
                                                 char *buf, size_t size,
                                                 size_t *needed,
                                                 shogi_error_t *err);
/* ---- mate (ABI 1.1) ---- */

/* A df-pn tsume solver with its own bounded table. The attacker is the
 * side to move (it may have no king); the defender must have a king. Like
 * an engine, a solver handle runs one solve at a time; shogi_mate_stop may
 * be called from any thread. */
typedef struct shogi_mate_solver_s *shogi_mate_solver_t;

#define SHOGI_MATE_UNKNOWN 0 /* a limit or a stop came first */
#define SHOGI_MATE_FOUND 1   /* mate: the line is available */
#define SHOGI_MATE_NONE 2    /* proven: no sequence of checks mates */

/* Limits of one solve; 0 means unlimited. */
typedef struct shogi_mate_limits_s {
    uint64_t nodes;
    int64_t time_ms;
} shogi_mate_limits_t;

typedef struct shogi_mate_result_s {
    int32_t status;      /* SHOGI_MATE_* */
    int32_t line_length; /* plies of the mate line (0 unless FOUND) */
    uint64_t nodes;
    int64_t time_ms;
    uint64_t table_used;  /* most table slots in use during the solve */
    uint64_t table_slots; /* table capacity in slots */
} shogi_mate_result_t;

/* A solver whose table takes at most table_mb megabytes (0: 64).
 * SHOGI_E_INVALID_ARGUMENT outside 0..1048576. */
SHOGI_API shogi_status_t shogi_mate_solver_new(int32_t table_mb,
                                               shogi_mate_solver_t *out,
                                               shogi_error_t *err);

/* Frees a solver (NULL is a no-op). SHOGI_E_STATE while it solves. */
SHOGI_API shogi_status_t shogi_mate_solver_free(shogi_mate_solver_t solver,
                                                shogi_error_t *err);

/* Solves pos (unchanged) within limits (NULL: unlimited - stop it from
 * another thread). Blocks until mate, no mate, a limit or a stop. A mate
 * line is verified by replay before it is reported; read it with
 * shogi_mate_line or shogi_mate_line_usi. SHOGI_E_INVALID_ARGUMENT when
 * the defender has no king or a limit is negative; SHOGI_E_STATE if the
 * solver is already solving. */
SHOGI_API shogi_status_t shogi_mate_solve(shogi_mate_solver_t solver,
                                          shogi_position_t pos,
                                          const shogi_mate_limits_t *limits,
                                          shogi_mate_result_t *result,
                                          shogi_error_t *err);

/* Asks a running solve to stop (any thread; returns at once); it then
 * reports SHOGI_MATE_UNKNOWN. A stop that arrives while the solve is
 * starting up is not lost. A no-op when no solve runs. */
SHOGI_API shogi_status_t shogi_mate_stop(shogi_mate_solver_t solver,
                                         shogi_error_t *err);

/* The mate line of the last solve as move values (arrays-out convention;
 * *count = 0 when the last solve found no mate). */
SHOGI_API shogi_status_t shogi_mate_line(shogi_mate_solver_t solver,
                                         uint32_t *moves,
                                         size_t cap,
                                         size_t *count,
                                         shogi_error_t *err);

/* The mate line of the last solve as USI moves separated by spaces
 * (strings-out convention; "" when no mate). */
SHOGI_API shogi_status_t shogi_mate_line_usi(shogi_mate_solver_t solver,
                                             char *buf,
                                             size_t cap,
                                             size_t *needed,
                                             shogi_error_t *err);

/* ---- record lists (ABI 1.1) ---- */
/*
 * A CSA file may hold several games separated by "/": shogi_record_parse
 * then fails with SHOGI_E_PARSE ("the file holds N games"), and
 * shogi_record_parse_all reads them all. Both fail on text in UTF-16 or
 * UTF-32 and on KIF/KI2 text with no record in it (no header, position,
 * move or ending), instead of returning an empty record.
 */

/* An end word a KIF reader does not know (the game is kept, with no result
 * and a warning): a shogi_record_result end value. */
enum { SHOGI_END_UNKNOWN = 18 };

/* Reads every game of a record file (arrays-out convention: items == NULL
 * is a count query, which parses the text too). On success items[0..count)
 * are new record handles, each freed with shogi_record_free; on any error
 * none is created. format and *format_read as shogi_record_parse. */
SHOGI_API shogi_status_t shogi_record_parse_all(const void *data, size_t size,
                                                int32_t format,
                                                shogi_record_t *items,
                                                size_t cap, size_t *count,
                                                int32_t *format_read,
                                                shogi_error_t *err);

/* What the reader accepted but could not fully read, one line each ("" when
 * nothing): e.g. an unknown KIF end word (strings-out convention). */
SHOGI_API shogi_status_t shogi_record_warnings(shogi_record_t rec, char *buf,
                                               size_t size, size_t *needed,
                                               shogi_error_t *err);

/* ---- selfplay (ABI 1.1) ---- */

/* Self-play jobs: teacher generation (gensfen), re-scoring of training
 * files, and engine matches. Each run call blocks until the job ends and
 * may report progress through a callback, called on the thread that called
 * the run function (about once a second and once at the end; a match
 * reports after each game pair). Settings are option text: one
 * "key=value" a line (or separated by ';'), keys as the flags of the
 * `shogi gensfen`, `shogi rescore` and `shogi match` commands ('_' and '-'
 * alike). Unknown keys are SHOGI_E_INVALID_ARGUMENT. */

/* A job handle makes a run stoppable from another thread. One run at a
 * time per job; a job may be reused. */
typedef struct shogi_selfplay_job_s *shogi_selfplay_job_t;

SHOGI_API shogi_status_t shogi_selfplay_job_new(shogi_selfplay_job_t *out,
                                                shogi_error_t *err);
/* SHOGI_E_STATE while a run uses the job. NULL is a no-op. */
SHOGI_API shogi_status_t shogi_selfplay_job_free(shogi_selfplay_job_t job,
                                                 shogi_error_t *err);
/* Asks the job's run to stop (any thread; returns at once). A generation
 * run keeps every finished game (run it again with the same options to
 * resume); a match counts the finished pairs. A no-op when nothing runs. */
SHOGI_API shogi_status_t shogi_selfplay_job_stop(shogi_selfplay_job_t job,
                                                 shogi_error_t *err);

typedef struct shogi_selfplay_progress_t {
    int64_t games;              /* games finished (gensfen: all sessions) */
    int64_t positions;          /* records written (gensfen, rescore) */
    int64_t plies;              /* plies of the finished games (gensfen) */
    double positions_per_sec;   /* this session */
    double mean_game_length;    /* plies (gensfen) */
    int64_t elapsed_ms;
    int64_t eta_ms;             /* -1: unknown */
    int32_t done;               /* 1 on the last report */
    int32_t wins, draws, losses; /* match, from player A's view */
    double elo, elo_error;      /* match: pentanomial Elo and its 95% half-width */
    double llr;                 /* match: SPRT log-likelihood ratio (0 without SPRT) */
} shogi_selfplay_progress_t;

typedef void (*shogi_selfplay_callback_t)(const shogi_selfplay_progress_t *progress,
                                          void *user_data);

typedef struct shogi_gensfen_result_t {
    int64_t games, positions, plies; /* gensfen: all sessions; rescore: positions = records */
    int64_t filtered;                /* gensfen: skipped by the write-time filters */
    int64_t duplicates;              /* gensfen: skipped by dedup */
    int64_t unchanged;               /* rescore: records copied unsearched */
    int64_t elapsed_ms;
    int64_t search_ms, worker_ms;    /* gensfen: time in searches / in the workers */
    int32_t stopped;                 /* 1 if shogi_selfplay_job_stop ended the run */
} shogi_gensfen_result_t;

/* Teacher generation. net (may be NULL) replaces the "net" option's
 * evaluation; a resumed run must use the same net (named by "eval-name"
 * or by a hash of its parameters). Needs depth or nodes, and games or
 * positions. job and callback may be NULL. */
SHOGI_API shogi_status_t shogi_gensfen_run(shogi_selfplay_job_t job,
                                           shogi_network_t net,
                                           const char *options,
                                           shogi_selfplay_callback_t callback,
                                           void *user_data,
                                           shogi_gensfen_result_t *result,
                                           shogi_error_t *err);

/* Re-scores a PSV or hcpe file: options input, output, depth or nodes,
 * threads, hash, format, rule, net. */
SHOGI_API shogi_status_t shogi_rescore_run(shogi_selfplay_job_t job,
                                           shogi_network_t net,
                                           const char *options,
                                           shogi_selfplay_callback_t callback,
                                           void *user_data,
                                           shogi_gensfen_result_t *result,
                                           shogi_error_t *err);

typedef struct shogi_match_result_t {
    int32_t games, wins, draws, losses; /* from player A's view */
    int32_t penta[5];                   /* pairs scoring 0, 0.5, 1, 1.5, 2 */
    double elo, elo_low, elo_high;      /* pentanomial, 95% interval */
    double elo_trinomial, elo_trinomial_error;
    double llr;                         /* 0 without SPRT */
    int32_t sprt_decision;              /* -1 H0 accepted, 1 H1 accepted, 0 none */
    int32_t faults;                     /* games lost by a crash, timeout, illegal move or error */
    int32_t stopped;                    /* stopped early (SPRT or shogi_selfplay_job_stop) */
} shogi_match_result_t;

/* A match: options a=SPEC and b=SPEC (players as `shogi match -h`
 * describes: "depth=6,net=test", "usi=/path/engine,movetime=100"), pairs,
 * concurrency, openings, rule, max-ply, resign, resign-moves, sprt
 * ("elo0,elo1,alpha,beta"), save, save-format. net_a / net_b (may be NULL)
 * give an in-process player A / B that network. */
SHOGI_API shogi_status_t shogi_match_run(shogi_selfplay_job_t job,
                                         shogi_network_t net_a,
                                         shogi_network_t net_b,
                                         const char *options,
                                         shogi_selfplay_callback_t callback,
                                         void *user_data,
                                         shogi_match_result_t *result,
                                         shogi_error_t *err);

/* ---- dataset (ABI 1.1) ---- */
/*
 * Training-data streams: batches of positions straight from training files
 * (PackedSfenValue .bin, hcpe, hcpe3 expanded to one position per move),
 * read by decode threads, filtered, shuffled through a seeded buffer and
 * cycled for several epochs.
 *
 * Options are "key=value" pairs separated by spaces or ';' (NULL or "" for
 * the defaults):
 *   format=auto|psv|hcpe|hcpe3 (auto: .hcpe3, .hcpe/.hcpe2, else PSV)
 *   batch_size=1024  threads=1  shuffle=0 (positions held; 0: file order)
 *   seed=0  shuffle_files=0|1 (a new seeded file order each epoch)
 *   epochs=1 (negative: forever)  features=HalfKP
 *   layout=padded,csr,planes,planes_u8,planes_bits (default: padded,csr
 *     with features, else planes; planes_bits: see shogi_dataset_planes_bits)
 *   skip_in_check=0|1  skip_capture=0|1  skip_promotion=0|1
 *   max_abs_score=N (0: none)  min_ply=N  skip_fraction=0..1
 * A position is removed by the first filter in that order that rejects it.
 * The positions and their order depend only on the files, the options and
 * the seed, not on the thread count.
 *
 * Batches: the arrays belong to the stream and hold the batch until the next
 * shogi_dataset_next or shogi_dataset_free on it. Row i of every array is
 * position i. Arrays of layouts not asked for are NULL. A bad record is
 * skipped and counted (shogi_dataset_stats, shogi_dataset_last_error name
 * the file and record); it never stops the stream. One stream must not be
 * used by two threads at once.
 *
 * dlshogi planes follow cshogi's dlshogi.make_input_features (62 and 57
 * planes of 81 float32 each, the side to move first, the board rotated when
 * White is to move) and make_move_label (direction * 81 + square, 2187
 * labels); see docs/specs/dlshogi-features.md.
 */
typedef struct shogi_dataset_s *shogi_dataset_t;

#define SHOGI_DLSHOGI_FEATURES1_NUM 62
#define SHOGI_DLSHOGI_FEATURES2_NUM 57
#define SHOGI_DLSHOGI_MOVE_LABEL_NUM 2187

/* Filters, the indexes of shogi_dataset_stats_t.removed. */
#define SHOGI_DATASET_FILTER_IN_CHECK 0
#define SHOGI_DATASET_FILTER_CAPTURE 1
#define SHOGI_DATASET_FILTER_PROMOTION 2
#define SHOGI_DATASET_FILTER_SCORE 3
#define SHOGI_DATASET_FILTER_MIN_PLY 4
#define SHOGI_DATASET_FILTER_RANDOM 5

/* Both structs start with struct_size, which the caller sets to
 * sizeof(the struct) before the call: a later library with a longer struct
 * then fills only what the caller's struct holds. */
typedef struct shogi_dataset_batch_s {
    int64_t struct_size;  /* in: sizeof(shogi_dataset_batch_t) */
    int64_t n;            /* positions in this batch; 0 at the end */
    int32_t max_active;   /* row width of padded (38 for HalfKP) */
    int32_t reserved;
    /* [0] Black's perspective, [1] White's. */
    const int32_t *padded[2];  /* n * max_active feature indices, -1 padded */
    const int32_t *values[2];  /* CSR: row i is values[offsets[i]..offsets[i+1]) */
    const int32_t *offsets[2]; /* n + 1 */
    int64_t n_values[2];       /* offsets[n] */
    const uint8_t *side_to_move; /* 0 Black, 1 White */
    const int16_t *score;        /* side to move's view */
    const int8_t *result;        /* side to move: 1 win, 0 draw, -1 loss */
    const int32_t *ply;          /* SFEN move number */
    const uint16_t *move16;      /* recorded move, YaneuraOu move16; 0 none */
    /* Read only, like every array here: since ABI 1.5 the stream rewrites
     * only the float32 values that change from one batch to the next. */
    const float *features1;      /* n * 62 * 81 */
    const float *features2;      /* n * 57 * 81 */
    const int32_t *move_label;   /* n; -1 when there is no move */
    /* Policy targets (with planes): row i's candidate labels and their
     * probabilities are policy_label / policy_prob [policy_offsets[i],
     * policy_offsets[i+1]): hcpe3 candidates with visits / total visits;
     * other rows the recorded move with probability 1 (none without one). */
    const int32_t *policy_offsets; /* n + 1 */
    const int32_t *policy_label;
    const float *policy_prob;
    int64_t n_policy;              /* policy_offsets[n] */
    /* Compact planes (layout planes_u8): features1 as bytes (n * 62 * 81,
     * 0 or 1) and features2 as one byte a plane (n * 57): 5 KB a position
     * instead of 38.5 KB, to widen on the GPU. */
    const uint8_t *features1_u8;
    const uint8_t *features2_u8;
} shogi_dataset_batch_t;

typedef struct shogi_dataset_stats_s {
    int64_t struct_size; /* in: sizeof(shogi_dataset_stats_t) */
    int64_t records;   /* positions read (hcpe3: moves replayed), bad ones included */
    int64_t bad;       /* bad records (hcpe3: games) skipped */
    int64_t positions; /* positions delivered */
    int64_t batches;
    int64_t epochs;    /* passes over the files completed */
    int64_t removed[8]; /* by SHOGI_DATASET_FILTER_*; the rest 0 */
} shogi_dataset_stats_t;

/* Opens a stream over n_paths files. SHOGI_E_IO names a file that cannot
 * be opened; SHOGI_E_INVALID_ARGUMENT a bad option (unknown key, value out
 * of range, unknown feature set). */
SHOGI_API shogi_status_t shogi_dataset_open(const char *const *paths,
                                            size_t n_paths,
                                            const char *options,
                                            shogi_dataset_t *out,
                                            shogi_error_t *err);

/* Fills *batch with the next batch (batch->n == 0 at the end of the
 * stream). SHOGI_E_IO when a file became unreadable (after the positions
 * before it were delivered); SHOGI_E_INVALID_ARGUMENT when
 * batch->struct_size is smaller than this version's struct. */
SHOGI_API shogi_status_t shogi_dataset_next(shogi_dataset_t ds,
                                            shogi_dataset_batch_t *batch,
                                            shogi_error_t *err);

/* Counts so far (stats->struct_size set as for the batch). */
SHOGI_API shogi_status_t shogi_dataset_stats(shogi_dataset_t ds,
                                             shogi_dataset_stats_t *stats,
                                             shogi_error_t *err);

/* The latest bad-record message ("file: format: record N: fault"; "" when
 * none), in the strings-out convention. */
SHOGI_API shogi_status_t shogi_dataset_last_error(shogi_dataset_t ds,
                                                  char *buf, size_t capacity,
                                                  size_t *needed,
                                                  shogi_error_t *err);

/* Stops the decode threads and frees the stream and its batch (NULL: no-op). */
SHOGI_API shogi_status_t shogi_dataset_free(shogi_dataset_t ds,
                                            shogi_error_t *err);

/* dlshogi planes and labels of n PSV (format SHOGI_DATASET_FORMAT_PSV) or
 * hcpe (SHOGI_DATASET_FORMAT_HCPE) records into caller buffers: features1
 * n * 62 * 81 floats, features2 n * 57 * 81, move_labels n (may be NULL).
 * A bad record gets zeros and label -1; *n_bad (may be NULL) counts them. */
#define SHOGI_DATASET_FORMAT_PSV 1
#define SHOGI_DATASET_FORMAT_HCPE 2
SHOGI_API shogi_status_t shogi_dlshogi_features(const void *records, size_t n,
                                                int32_t format,
                                                float *features1,
                                                float *features2,
                                                int32_t *move_labels,
                                                size_t *n_bad,
                                                shogi_error_t *err);
/* ---- book (ABI 1.1) ---- */

/* Opening books: YaneuraOu's DB2016 text book (.db), YaneuraOu's binary
 * book (.ybb) and Apery / dlshogi book.bin (docs/specs/books.md). A book
 * handle may be probed from several threads at once. */
typedef struct shogi_book_s *shogi_book_t;

/* Book formats. */
enum {
    SHOGI_BOOK_AUTO = 0, /* detect from the file (opening, reading) */
    SHOGI_BOOK_DB = 1,   /* YaneuraOu DB2016 text */
    SHOGI_BOOK_YBB = 2,  /* YaneuraOu binary .ybb */
    SHOGI_BOOK_BIN = 3   /* Apery / dlshogi book.bin */
};

/* How shogi_book_open reads a text book (.ybb and book.bin are always
 * probed on disk). */
enum {
    SHOGI_BOOK_OPEN_AUTO = 0,    /* on disk from 256 MiB, else loaded */
    SHOGI_BOOK_OPEN_MEMORY = 1,  /* load it (it may be unsorted) */
    SHOGI_BOOK_OPEN_ON_DISK = 2  /* binary search in the file (it must be sorted) */
};

/* Bits of shogi_book_move_t.fields: which optional fields are present. */
#define SHOGI_BOOK_HAS_EVAL 1u
#define SHOGI_BOOK_HAS_DEPTH 2u
#define SHOGI_BOOK_HAS_COUNT 4u

/* One book move of a position. */
typedef struct shogi_book_move_t {
    uint32_t move;     /* the legal move (as shogi_position_legal_moves gives it);
                          the raw YaneuraOu move16 if the book's move is not legal */
    uint32_t ponder;   /* expected reply, 0 = none (move16 convention likewise) */
    int32_t eval;      /* from the side to move's view */
    int32_t depth;
    uint64_t count;
    uint32_t fields;   /* SHOGI_BOOK_HAS_* */
    uint32_t reserved; /* 0 */
} shogi_book_move_t;

/* Opens a book (format SHOGI_BOOK_*, mode SHOGI_BOOK_OPEN_*). SHOGI_E_IO if
 * the file cannot be read, SHOGI_E_PARSE for a malformed book (the message
 * names the line or entry). Free it with shogi_book_free. */
SHOGI_API shogi_status_t shogi_book_open(const char *path, int32_t format,
                                         int32_t mode, shogi_book_t *out,
                                         shogi_error_t *err);

/* Frees a book (NULL is a no-op). */
SHOGI_API shogi_status_t shogi_book_free(shogi_book_t book, shogi_error_t *err);

/* *format receives the book's SHOGI_BOOK_* format. */
SHOGI_API shogi_status_t shogi_book_format(shogi_book_t book, int32_t *format,
                                           shogi_error_t *err);

/* The book moves of pos, best first (arrays-out convention: moves == NULL
 * is a count query). With flipped != 0 a position absent from the book is
 * looked up seen from the other side, and its moves are mapped back.
 * *count = 0 when the position is not in the book. */
SHOGI_API shogi_status_t shogi_book_probe(shogi_book_t book, shogi_position_t pos,
                                          int32_t flipped, shogi_book_move_t *moves,
                                          size_t cap, size_t *count,
                                          shogi_error_t *err);

/* Converts the book at src to dst in dst_format (SHOGI_BOOK_AUTO: from the
 * extension, .ybb, .bin, else text). book.bin holds only hashes, so its
 * positions are recovered by following its moves from the start position. */
SHOGI_API shogi_status_t shogi_book_convert(const char *src, int32_t src_format,
                                            const char *dst, int32_t dst_format,
                                            shogi_error_t *err);

/* Merges n books (any formats) into dst: counts add up, the deeper
 * analysis' eval wins; top_n > 0 keeps that many moves per position. */
SHOGI_API shogi_status_t shogi_book_merge(const char *const *srcs, size_t n,
                                          const char *dst, int32_t dst_format,
                                          int32_t top_n, shogi_error_t *err);

/* One move of one position of a book (shogi_book_entries). */
typedef struct shogi_book_entry_t {
    uint8_t psfen[32];  /* the position as YaneuraOu PackedSfen */
    int32_t ply;        /* move number as stored, 0 if unknown */
    uint16_t move16;    /* YaneuraOu move16 */
    uint16_t ponder16;  /* YaneuraOu move16, 0 = none */
    int32_t eval;
    int32_t depth;
    uint64_t count;
    uint32_t fields;    /* SHOGI_BOOK_HAS_* */
    uint32_t reserved;  /* 0 */
} shogi_book_entry_t;

/* Every move of every position of the book, one entry per move, ordered by
 * PackedSfen and then best first (arrays-out convention: entries == NULL is
 * a count query). The whole file is read once and kept with the handle (a
 * book.bin's positions are recovered by following its moves from the start
 * position). A position that PackedSfen cannot hold (a composed piece set)
 * is SHOGI_E_UNSUPPORTED. */
SHOGI_API shogi_status_t shogi_book_entries(shogi_book_t book, shogi_book_entry_t *entries,
                                            size_t cap, size_t *count, shogi_error_t *err);

/* Apery / dlshogi book.bin key of pos (cshogi's Board.book_key()). */
SHOGI_API shogi_status_t shogi_position_book_key(shogi_position_t pos, uint64_t *key,
                                                 shogi_error_t *err);

/* The key after the legal move `move` (cshogi's book_key_after); pos is
 * not changed. SHOGI_E_ILLEGAL_MOVE if the move is not legal. */
SHOGI_API shogi_status_t shogi_position_book_key_after(shogi_position_t pos,
                                                       uint32_t move, uint64_t *key,
                                                       shogi_error_t *err);
/* ---- library build (ABI 1.1) ---- */

/* The SIMD kernels the library uses for NNUE evaluation: "avx512" (AVX-512
 * F/BW/VL/VNNI), "avx2", or "go" (portable code: any x86-64 CPU, and every
 * other platform). Picked at load time from the CPU; the environment
 * variable LIBSHOGI_SIMD=go|avx2 caps it. Every level gives the same
 * results. The string is static: do not free it. */
SHOGI_API const char *shogi_simd_level(void);

/* ---- bindings: position records, editing and move text (ABI 1.1) ---- */
/* The per-record and board-editing calls a binding makes in loops (cshogi's
 * set_hcp / to_hcp / set_psfen / to_psfen / pieces / set_pieces / push_pass):
 * no handle is created. A 32-byte HuffmanCodedPos (hcp, Apery / cshogi) or
 * PackedSfen (YaneuraOu) sets an existing position: move number 1, history
 * cleared; SHOGI_E_PARSE for bytes that are no position or a position the
 * rules refuse (as for SFEN text), the position then unchanged. Writing
 * needs exactly one king per side and at most the standard number of each
 * type (SHOGI_E_STATE otherwise). */
SHOGI_API shogi_status_t shogi_position_set_hcp(shogi_position_t pos,
                                                const void *hcp,
                                                shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_hcp(shogi_position_t pos, void *hcp,
                                            shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_set_psfen(shogi_position_t pos,
                                                  const void *psfen,
                                                  shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_psfen(shogi_position_t pos,
                                              void *psfen,
                                              shogi_error_t *err);

/* The board as arrays: squares[81] (square index as everywhere, 0 = 1a)
 * holds 0 for empty or the piece code, piece type (1 pawn, 2 lance,
 * 3 knight, 4 silver, 5 bishop, 6 rook, 7 gold, 8 king, 9..14 the promoted
 * pawn, lance, knight, silver, bishop (horse), rook (dragon)) + 16 for
 * White; hands[14] the counts in hand, Black's 7 then White's, each in the
 * order pawn, lance, knight, silver, bishop, rook, gold. Either array may be
 * NULL (not written). */
SHOGI_API shogi_status_t shogi_position_pieces(shogi_position_t pos,
                                               uint8_t *squares,
                                               uint8_t *hands,
                                               shogi_error_t *err);

/* Sets the position from such arrays (hands NULL: empty hands), the side
 * to move (SHOGI_BLACK / SHOGI_WHITE), the move number (1..1000000) and
 * SHOGI_SFEN_* flags; history cleared. SHOGI_E_PARSE, with the position
 * unchanged, for what SFEN text would be refused for (two kings, nifu,
 * counts ...). */
SHOGI_API shogi_status_t shogi_position_set_pieces(shogi_position_t pos,
                                                   const uint8_t *squares,
                                                   const uint8_t *hands,
                                                   int32_t side, int32_t ply,
                                                   uint32_t flags,
                                                   shogi_error_t *err);

/* The null move: passes the turn (SHOGI_E_STATE in check). It counts as a
 * ply (move number, history); shogi_position_undo_move and
 * shogi_position_undo_null_move take it back (the latter SHOGI_E_STATE
 * unless the last move is a null move). */
SHOGI_API shogi_status_t shogi_position_do_null_move(shogi_position_t pos,
                                                     shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_undo_null_move(shogi_position_t pos,
                                                       shogi_error_t *err);

/* The pseudo-legal moves: those that obey the movement, promotion and drop
 * rules (nifu, dead squares, pawn-drop mate) but may leave the mover's own
 * king attacked (a pinned piece leaving its line, a king stepping into an
 * attack, a move that ignores a check) - the legal moves among them
 * included. "Arrays out" as shogi_position_legal_moves. */
SHOGI_API shogi_status_t shogi_position_pseudo_legal_moves(shogi_position_t pos,
                                                           uint32_t *moves,
                                                           size_t capacity,
                                                           size_t *count,
                                                           shogi_error_t *err);

/* One legal move of the position as record text (UTF-8, "strings out"),
 * for writers that stream a game move by move: KIF "７六歩(77)",
 * "同　銀(31)", "５五角打"; KI2 with the side mark "▲７六歩", "△同銀",
 * "▲５八金右". "同" when the move lands where the position's last move did.
 * SHOGI_E_ILLEGAL_MOVE for a move that is not legal here. */
SHOGI_API shogi_status_t shogi_position_move_to_kif(shogi_position_t pos,
                                                    uint32_t move, char *buf,
                                                    size_t capacity,
                                                    size_t *needed,
                                                    shogi_error_t *err);
SHOGI_API shogi_status_t shogi_position_move_to_ki2(shogi_position_t pos,
                                                    uint32_t move, char *buf,
                                                    size_t capacity,
                                                    size_t *needed,
                                                    shogi_error_t *err);

/* The position as a BOD board diagram (the KIF diagram: hands, 9x9 grid
 * with "v" before White's pieces, "後手番" when White is to move). */
SHOGI_API shogi_status_t shogi_position_bod(shogi_position_t pos, char *buf,
                                            size_t capacity, size_t *needed,
                                            shogi_error_t *err);

/* Per-move data of a record's main line, ply 0 being the start position
 * (its comments come before the first move) and ply k the k-th move:
 * the time used (*time_ms = -1 when the record gives none) and the
 * comments, one per line (KIF "*text", CSA "'*text"; an engine line such
 * as "** 30 -3334FU" keeps one leading '*'). SHOGI_E_INVALID_ARGUMENT for
 * a ply beyond the main line. */
SHOGI_API shogi_status_t shogi_record_move_time(shogi_record_t rec, size_t ply,
                                                int64_t *time_ms,
                                                shogi_error_t *err);
SHOGI_API shogi_status_t shogi_record_move_comment(shogi_record_t rec,
                                                   size_t ply, char *buf,
                                                   size_t capacity,
                                                   size_t *needed,
                                                   shogi_error_t *err);

/* Appends a move (legal at the end of the main line) with the time used
 * (time_ms -1: none) and a comment (NULL or "": none; '\n' separates
 * comment lines). SHOGI_E_STATE once the main line has an end. */
SHOGI_API shogi_status_t shogi_record_append_move(shogi_record_t rec,
                                                  uint32_t move,
                                                  int64_t time_ms,
                                                  const char *comment,
                                                  shogi_error_t *err);

/* ---- NNUE architectures (ABI 1.1) ---- */
/*
 * Networks of every layout the library evaluates (specs/nnue-archs.md):
 * classic L1x2-H1-H2-1 nets with the HalfKP, K+P, HalfKPE9, HalfKP_vm or
 * HalfKA_hm2 feature sets at any width (halfkp_1024x2-8-32,
 * halfkahm2_1024x2-8-96, ...) and the SFNN LayerStack net sfnn1536
 * (LEB128-compressed). shogi_network_load reads them all: the version word
 * may be 0x7AF32F16, 0x7AF32F17 or 0x7AF32F20; the layout is identified by
 * the description, else by the exact file size, else by the file hash;
 * hash mismatches are warnings (shogi_network_info_t.warnings).
 *
 * Feature sets are named "halfkp", "kp", "halfkpe9", "halfkpvm" and
 * "halfkahm2" (the architecture-string names such as "HalfKP(Friend)" are
 * accepted too). A position has max_active features per perspective (38,
 * or 40 for the sets with the kings); batch rows are that wide.
 */

#define SHOGI_NNUE_CLASSIC 0
#define SHOGI_NNUE_SFNN 1
/* shogi_network_load_with flag: keep the feature transformer of an
 * uncompressed classic file in a read-only shared mapping of the file
 * (processes loading the same file share one copy). */
#define SHOGI_NNUE_LOAD_MMAP 1u

typedef struct shogi_network_info_t {
    char arch[64];          /* e.g. "halfkp_1024x2-8-32", "sfnn1536" */
    char feature_set[32];   /* "halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2" */
    int32_t kind;           /* SHOGI_NNUE_CLASSIC or SHOGI_NNUE_SFNN */
    uint32_t version;       /* the file's version word */
    int32_t dimensions;     /* feature indices per perspective (valid: below it) */
    int32_t max_active;     /* active features per perspective */
    int32_t half_dimensions;/* accumulator size per perspective */
    int32_t hidden1;        /* first hidden layer (SFNN: without the shortcut) */
    int32_t hidden2;
    int32_t layer_stacks;   /* 1 for classic nets, 9 for sfnn1536 */
    int32_t fv_scale;       /* the net's FV_SCALE (description or override; else 16) */
    int32_t compressed;     /* 1 when the transformer was stored in LEB128 */
    uint32_t file_hash;     /* as stored */
    uint32_t ft_hash;
    uint32_t net_hash;      /* of the first layer stack */
    int32_t warnings;       /* number of load warnings (hash mismatches...) */
} shogi_network_info_t;

/* Fills *info about the network. */
SHOGI_API shogi_status_t shogi_network_info(shogi_network_t net,
                                            shogi_network_info_t *info,
                                            shogi_error_t *err);

/* shogi_network_load with options: arch (may be NULL) reads the file as
 * that layout whatever its description says (e.g. "halfkp_1024x2-8-32";
 * SHOGI_E_INVALID_ARGUMENT for an unknown name); fv_scale (0 or 1..128)
 * overrides the net's FV_SCALE; flags is 0 or SHOGI_NNUE_LOAD_MMAP. */
SHOGI_API shogi_status_t shogi_network_load_with(const char *path,
                                                 const char *arch,
                                                 int32_t fv_scale,
                                                 uint32_t flags,
                                                 shogi_network_t *out,
                                                 shogi_error_t *err);

/* shogi_network_make_test for any layout (make_test_net.py --arch): arch
 * "halfkp_1024x2-8-32", "kp_256x2-32-32", "sfnn1536", ...; kind "test",
 * "stress" or "zero". The large layouts take hundreds of MB. */
SHOGI_API shogi_status_t shogi_network_make_test_arch(const char *arch,
                                                      const char *kind,
                                                      uint64_t seed,
                                                      shogi_network_t *out,
                                                      shogi_error_t *err);

/* The number of feature indices of a feature set and its active features
 * per perspective (either pointer may be NULL). */
SHOGI_API shogi_status_t shogi_feature_set_info(const char *feature_set,
                                                int32_t *dimensions,
                                                int32_t *max_active,
                                                shogi_error_t *err);

/* shogi_position_halfkp_features for any feature set. */
SHOGI_API shogi_status_t shogi_position_features(const char *feature_set,
                                                 shogi_position_t pos,
                                                 int32_t *black,
                                                 int32_t *white,
                                                 size_t cap,
                                                 size_t *count,
                                                 shogi_error_t *err);

/* shogi_sfens_halfkp_features for any feature set: rows of max_active. */
SHOGI_API shogi_status_t shogi_sfens_features(const char *feature_set,
                                              const char *const *sfens,
                                              size_t n,
                                              int32_t *black,
                                              int32_t *white,
                                              uint8_t *side_to_move,
                                              shogi_error_t *err);

/* The features of n PSV (40-byte) or hcpe (38-byte) records, rows of
 * max_active; a bad record's rows are -1 and the call names the first. */
SHOGI_API shogi_status_t shogi_psv_features(const char *feature_set,
                                            const void *psv, size_t n,
                                            int32_t *black, int32_t *white,
                                            shogi_error_t *err);
SHOGI_API shogi_status_t shogi_hcpe_features(const char *feature_set,
                                             const void *hcpe, size_t n,
                                             int32_t *black, int32_t *white,
                                             shogi_error_t *err);

/* The king squares (0..80, Black's then White's) that choose an SFNN
 * net's layer stack in shogi_accumulator_evaluate; classic nets ignore
 * them. Until set, an SFNN net uses layer stack 0. */
SHOGI_API shogi_status_t shogi_accumulator_set_kings(shogi_accumulator_t acc,
                                                     int32_t black_king,
                                                     int32_t white_king,
                                                     shogi_error_t *err);

/* Refreshes both perspectives from a position (the net's feature set) and
 * sets the kings. SHOGI_E_STATE if a king is missing. */
SHOGI_API shogi_status_t shogi_accumulator_refresh_position(shogi_accumulator_t acc,
                                                            shogi_position_t pos,
                                                            shogi_error_t *err);

/* Brings an accumulator that holds pos to the position after the legal
 * move (a move16 as from shogi_position_legal_moves): the features the
 * move removes and adds, a refresh for a perspective whose features all
 * change. pos is the same afterwards (for HalfKPE9 the move is played
 * and taken back on it during the call: no other thread may use pos
 * meanwhile). */
SHOGI_API shogi_status_t shogi_accumulator_update_move(shogi_accumulator_t acc,
                                                       shogi_position_t pos,
                                                       uint32_t move,
                                                       shogi_error_t *err);

/* ---- search progress (ABI 1.1) ---- */
/*
 * Periodic progress of a running search, for GUIs whose nodes/NPS display
 * must not freeze between iterations (an iteration can take seconds).
 * shogi_engine_search_progress is shogi_engine_search with a second
 * callback, called every SHOGI_PROGRESS_INTERVAL_MS milliseconds (the first
 * one interval after the start) while the search runs, on the thread that
 * called it, from inside the search. The line callback of
 * shogi_engine_search never receives these reports. Like it, the progress
 * callback must return quickly, may call shogi_engine_stop, and its struct
 * is valid during the call only.
 */

#define SHOGI_PROGRESS_INTERVAL_MS 500

/* One periodic report. */
typedef struct shogi_search_progress_t {
    int32_t depth;           /* the iteration being searched */
    int32_t seldepth;
    int32_t multipv;         /* 1-based line being searched */
    int32_t hashfull;        /* per mille */
    uint32_t currmove;       /* root move being searched (SHOGI_MOVE_NONE: none yet) */
    int32_t currmove_number; /* its 1-based place in the root move order (0: none) */
    uint64_t nodes;
    uint64_t nps;
    int64_t time_ms;
} shogi_search_progress_t;

typedef void (*shogi_progress_callback_t)(const shogi_search_progress_t *progress,
                                          void *user_data);

/* shogi_engine_search with a progress callback (either callback may be
 * NULL; both get user_data). */
SHOGI_API shogi_status_t shogi_engine_search_progress(shogi_engine_t eng,
                                                      shogi_position_t pos,
                                                      const shogi_search_limits_t *limits,
                                                      shogi_info_callback_t callback,
                                                      shogi_progress_callback_t progress,
                                                      void *user_data,
                                                      shogi_search_result_t *result,
                                                      shogi_error_t *err);

/* ---- board model (ABI 1.1) ---- */
/*
 * What a GUI draws and shows: the pieces on the board and in hand, and one
 * move as record text. Squares are indexed as elsewhere: (file-1)*9 +
 * (rank-1), 0 = 1a, 80 = 9i. A piece is its type (the numbering of the
 * moving piece in a move's bits 16-20: 1 pawn, 2 lance, 3 knight, 4 silver, 5
 * bishop, 6 rook, 7 gold, 8 king, 9..14 the promoted pawn, lance, knight,
 * silver, bishop (horse), rook (dragon)) plus 16 for White; 0 is empty.
 */

/* board[81] receives the pieces of the squares; hands[16] the pieces in
 * hand: hands[colour * 8 + type] for type 1 (pawn) .. 7 (gold), the other
 * entries 0. */
SHOGI_API shogi_status_t shogi_position_board(shogi_position_t pos,
                                              uint8_t *board,
                                              uint8_t *hands,
                                              shogi_error_t *err);

/* Move text notations. */
enum {
    SHOGI_NOTATION_USI = 0, /* 7g7f */
    SHOGI_NOTATION_KIF = 1, /* UTF-8 "７六歩(77)", "同　銀(31)", "５五歩打" */
    SHOGI_NOTATION_KI2 = 2  /* UTF-8 "７六歩", "同銀", "５八金左", "３三角不成" */
};

/* The text of move (a legal move of pos; its move16 is enough) as a KIF or
 * KI2 record writes it: "同" when it lands where pos's last move did; KI2
 * disambiguates against pos's other legal moves. No side marker (▲/△).
 * SHOGI_E_ILLEGAL_MOVE when move is not legal in pos,
 * SHOGI_E_INVALID_ARGUMENT for an unknown notation (strings-out
 * convention). */
SHOGI_API shogi_status_t shogi_position_move_text(shogi_position_t pos,
                                                  uint32_t move,
                                                  int32_t notation,
                                                  char *buf, size_t cap,
                                                  size_t *needed,
                                                  shogi_error_t *err);

/* ---- record tree (ABI 1.1) ---- */
/*
 * A record's moves form a tree: the root (before the first move), each
 * node's children are the moves played after it, the first child continues
 * the main line and the others are variations (KIF/KI2 "変化"). A node is
 * addressed by its path: the child indices from the root (depth 0, path
 * may be NULL: the root; all zeros: the main line). Each node keeps the
 * time used for its move, its comments (one per line; KIF "*" and CSA "'*"
 * lines) and, read from engine comments ("**評価値=45", CSA "'** 45 ..."),
 * an engine score from Black's point of view. Changes are written back by
 * shogi_record_write (KIF and KI2 keep variations; CSA writes the main
 * line). A path step beyond a node's children is SHOGI_E_INVALID_ARGUMENT.
 */

typedef struct shogi_record_node_t {
    uint32_t move;        /* the node's move (SHOGI_MOVE_NONE at the root) */
    int32_t child_count;  /* moves after it: main line first, then variations */
    int32_t has_time;     /* 1: time_ms was recorded */
    int32_t has_score;    /* 1: score was read from an engine comment */
    int64_t time_ms;      /* time used for the move */
    int32_t score;        /* engine score, Black's view (see has_score) */
    int32_t reserved;     /* 0 */
} shogi_record_node_t;

SHOGI_API shogi_status_t shogi_record_node(shogi_record_t rec,
                                           const uint32_t *path, size_t depth,
                                           shogi_record_node_t *out,
                                           shogi_error_t *err);

/* The moves of the node's children (arrays-out convention). */
SHOGI_API shogi_status_t shogi_record_node_children(shogi_record_t rec,
                                                    const uint32_t *path, size_t depth,
                                                    uint32_t *moves, size_t cap,
                                                    size_t *count,
                                                    shogi_error_t *err);

/* The node's comments, one per line, UTF-8 (strings-out convention). */
SHOGI_API shogi_status_t shogi_record_node_comment(shogi_record_t rec,
                                                   const uint32_t *path, size_t depth,
                                                   char *buf, size_t cap,
                                                   size_t *needed,
                                                   shogi_error_t *err);

/* Replaces the node's comments by the lines of text (UTF-8; "" removes
 * them). */
SHOGI_API shogi_status_t shogi_record_node_set_comment(shogi_record_t rec,
                                                       const uint32_t *path, size_t depth,
                                                       const char *text,
                                                       shogi_error_t *err);

/* Sets the time used for the node's move (time_ms < 0 removes it). */
SHOGI_API shogi_status_t shogi_record_node_set_time(shogi_record_t rec,
                                                    const uint32_t *path, size_t depth,
                                                    int64_t time_ms,
                                                    shogi_error_t *err);

/* Adds move (legal after the moves of the path; its move16 is enough) as
 * the node's last child: a variation, or the main line's next move when
 * the node has none. A move the node already has is not added twice.
 * *index receives the child's index. SHOGI_E_ILLEGAL_MOVE if not legal. */
SHOGI_API shogi_status_t shogi_record_node_add_move(shogi_record_t rec,
                                                    const uint32_t *path, size_t depth,
                                                    uint32_t move, uint32_t *index,
                                                    shogi_error_t *err);

/* ---- eval backend (ABI 1.2) ---- */
/*
 * libshogi as the evaluator of an engine that has its own board and move
 * generator (examples/c/mini_engine/ is a complete one).
 *
 * Codes, the same as shogi_position_pieces / shogi_position_set_pieces:
 *   square  (file - 1) * 9 + (rank - 1): 0 = 1a, 8 = 1i, 72 = 9a, 80 = 9i;
 *           SHOGI_SQUARE_NONE (-1) is the from-square of a drop.
 *   piece   its type + 16 for White, 0 = empty square: 1 pawn, 2 lance,
 *           3 knight, 4 silver, 5 bishop, 6 rook, 7 gold, 8 king, 9..14
 *           the promoted pawn, lance, knight, silver, bishop (horse), rook
 *           (dragon); so 17..30 are White's pieces.
 *   hands   14 counts (SHOGI_HAND_SLOTS): Black's 7 then White's, each in
 *           the order pawn, lance, knight, silver, bishop, rook, gold.
 *   board   81 piece codes indexed by square; Black moves up the board
 *           (toward rank a), White down.
 * A board needs both kings, no more pieces of a type than a game has, and
 * no two unpromoted pawns of a side on a file (SHOGI_E_PARSE otherwise);
 * the side not to move may be in check and pieces may stand where they can
 * no longer move (a pseudo-legal search meets both).
 *
 * The evaluation stack.  One stack per search thread: set the root from a
 * board, then push each move as the engine makes it and pop it as the
 * engine takes it back (the stack keeps one accumulator per ply: the caller
 * copies nothing). A push records the move's feature changes for both
 * perspectives; the network runs only when a score is asked for
 * (shogi_evalstack_evaluate; push_evaluate pushes and evaluates in one
 * call; evaluate_move and evaluate_moves score a leaf or all the children
 * of a node without leaving them pushed), incrementally from the nearest scored ply, refreshing a
 * perspective whose king moved. The stack mirrors the engine's board (it
 * knows the pieces, so a push needs only the move16), which serves
 * refreshes and every feature set. A push checks what the mirror must stay
 * consistent with: a piece of the side to move on the from-square (a
 * piece in hand for a drop, on an empty square), no own piece and no king
 * on the to-square (test a move for legality before pushing it, or take
 * back the move that left the king capturable), a promotion only of a
 * type that promotes; it does not check how pieces move. A refused push is
 * SHOGI_E_ILLEGAL_MOVE and changes nothing. Scores are those of
 * shogi_network_evaluate for the same position (side to move's view,
 * after FV_SCALE). A stack is used by one thread at a time.
 *
 * For HalfKP nets of layout L1x2-32-32 the per-move calls (push, pop,
 * pop_to, push_null, evaluate, push_evaluate, push_evaluate_at,
 * evaluate_move, evaluate_moves, ply) run in C without entering the Go
 * runtime; other nets, and every error, take the Go implementation, with
 * the same results. Debugging aid: the environment variable
 * LIBSHOGI_EVALSTACK=go, read at each shogi_evalstack_new, gives that stack
 * the Go implementation for every net.
 */

typedef struct shogi_evalstack_s *shogi_evalstack_t;

#define SHOGI_SQUARE_NONE (-1)
#define SHOGI_HAND_SLOTS 14
/* Plies a stack holds above its root. */
#define SHOGI_EVALSTACK_MAX_PLIES 16384
/* Features one move removes (and adds) per perspective, at most. */
#define SHOGI_FEATURE_DELTA_MAX 2

/* A move on a board the library does not hold, with what its feature
 * changes depend on. */
typedef struct shogi_piece_move_t {
    int32_t piece;      /* moving piece code before the move; for a drop the dropped piece */
    int32_t from;       /* square, or SHOGI_SQUARE_NONE for a drop */
    int32_t to;         /* square */
    int32_t promote;    /* 0 or 1 */
    int32_t captured;   /* piece code on `to` before the move, 0 if none */
    int32_t hand_count; /* the mover's count in hand BEFORE the move of the dropped
                           type (drop, >= 1) or of the captured piece's unpromoted
                           type (capture); 0 otherwise */
    int32_t black_king; /* king squares before the move */
    int32_t white_king;
} shogi_piece_move_t;

/* The feature changes of one move, index [0] Black's perspective, [1]
 * White's: refresh[p] = 1 when every feature of p changes (recompute p
 * from the board after the move: p's own king moved, or always for the
 * HalfKPE9 set, whose attack counts need the whole board); else count[p]
 * features removed[p][..] are replaced by added[p][..] (pairwise). */
typedef struct shogi_feature_delta_t {
    int32_t refresh[2];
    int32_t count[2];
    int32_t removed[2][SHOGI_FEATURE_DELTA_MAX];
    int32_t added[2][SHOGI_FEATURE_DELTA_MAX];
} shogi_feature_delta_t;

/* The feature changes of move in the feature set of net (for
 * shogi_accumulator_update). SHOGI_E_INVALID_ARGUMENT, naming the field,
 * for codes out of range or a move inconsistent with itself (a king
 * captured, a king moving from elsewhere than its square, an own piece
 * captured, a promotion of a type that does not promote, a drop that
 * promotes or captures, a hand count that cannot be). */
SHOGI_API shogi_status_t shogi_network_move_features(shogi_network_t net,
                                                     const shogi_piece_move_t *move,
                                                     shogi_feature_delta_t *delta,
                                                     shogi_error_t *err);

/* The active features of both perspectives of a board (81 codes, hands[14]
 * or NULL for empty hands) in the feature set of net, for a full refresh
 * (shogi_accumulator_refresh): arrays-out convention (*count receives
 * shogi_network_info's max_active; black and white both NULL is a count
 * query). */
SHOGI_API shogi_status_t shogi_network_board_features(shogi_network_t net,
                                                      const uint8_t *squares,
                                                      const uint8_t *hands,
                                                      int32_t side_to_move,
                                                      int32_t *black,
                                                      int32_t *white,
                                                      size_t cap,
                                                      size_t *count,
                                                      shogi_error_t *err);

/* Evaluates n boards (a trainer's or an engine's batch; in parallel for
 * large n): squares n * 81 codes, hands n * 14 counts (NULL: empty hands),
 * sides n colours, values n results (as shogi_network_evaluate; fv_scale
 * 1..128). A bad board makes the call return SHOGI_E_PARSE naming the
 * first bad index; its value is 0 and the other values are still
 * written. */
SHOGI_API shogi_status_t shogi_network_evaluate_boards(shogi_network_t net,
                                                       const uint8_t *squares,
                                                       const uint8_t *hands,
                                                       const uint8_t *sides,
                                                       size_t n,
                                                       int32_t fv_scale,
                                                       int32_t *values,
                                                       shogi_error_t *err);

/* A new stack for net (which it keeps alive); fv_scale 0 takes the net's
 * FV_SCALE, else 1..128. It has no root until shogi_evalstack_set_root:
 * the other calls return SHOGI_E_STATE until then. */
SHOGI_API shogi_status_t shogi_evalstack_new(shogi_network_t net,
                                             int32_t fv_scale,
                                             shogi_evalstack_t *out,
                                             shogi_error_t *err);
SHOGI_API shogi_status_t shogi_evalstack_free(shogi_evalstack_t stack,
                                              shogi_error_t *err);

/* Sets the root (ply 0) from a board; on error the stack is unchanged. */
SHOGI_API shogi_status_t shogi_evalstack_set_root(shogi_evalstack_t stack,
                                                  const uint8_t *squares,
                                                  const uint8_t *hands,
                                                  int32_t side_to_move,
                                                  shogi_error_t *err);

/* Makes move (a move16: bits 0-6 to, 7-13 from or the dropped type, 14
 * drop, 15 promotion; higher bits ignored) for the side to move. */
SHOGI_API shogi_status_t shogi_evalstack_push(shogi_evalstack_t stack,
                                              uint32_t move,
                                              shogi_error_t *err);

/* Push, then the evaluation of the position after the move for its side
 * to move, in one call. On error nothing is pushed. */
SHOGI_API shogi_status_t shogi_evalstack_push_evaluate(shogi_evalstack_t stack,
                                                       uint32_t move,
                                                       int32_t *value,
                                                       shogi_error_t *err);

/* The evaluation of the position after move, for its side to move, with
 * the stack left as it was: push, evaluate and pop in one call (scoring a
 * leaf). */
SHOGI_API shogi_status_t shogi_evalstack_evaluate_move(shogi_evalstack_t stack,
                                                       uint32_t move,
                                                       int32_t *value,
                                                       shogi_error_t *err);

/* evaluate_move for each of n moves into values[0..n-1] (all the children
 * of a node in one call). A refused move scores 0 and makes the call return
 * its status naming the first such index; the other values are still
 * written. */
SHOGI_API shogi_status_t shogi_evalstack_evaluate_moves(shogi_evalstack_t stack,
                                                        const uint32_t *moves,
                                                        size_t n,
                                                        int32_t *values,
                                                        shogi_error_t *err);

/* Passes the turn (null-move pruning); popped like a move. */
SHOGI_API shogi_status_t shogi_evalstack_push_null(shogi_evalstack_t stack,
                                                   shogi_error_t *err);

/* Takes back the last push (SHOGI_E_STATE at the root). */
SHOGI_API shogi_status_t shogi_evalstack_pop(shogi_evalstack_t stack,
                                             shogi_error_t *err);

/* The evaluation of the top ply for its side to move. */
SHOGI_API shogi_status_t shogi_evalstack_evaluate(shogi_evalstack_t stack,
                                                  int32_t *value,
                                                  shogi_error_t *err);

/* *ply receives the number of plies pushed above the root. */
SHOGI_API shogi_status_t shogi_evalstack_ply(shogi_evalstack_t stack,
                                             int32_t *ply,
                                             shogi_error_t *err);
/* ---- evaluation by name (ABI 1.2) ---- */

/* Evaluation names, read before any file name wherever a network file is
 * named (shogi_network_load, shogi_network_load_with, the EvalFile option,
 * the self-play "net" option): "default" is the trained net built into the
 * library (a file called "default" is "./default"); "builtin" is the
 * material + piece-square evaluation, which is no network (loading it as
 * one is SHOGI_E_IO; EvalFile builtin selects it). */
#define SHOGI_EVAL_DEFAULT "default"
#define SHOGI_EVAL_BUILTIN "builtin"

/* The evaluation the engine's next search uses (strings-out convention):
 * "default", "builtin", the nn.bin path EvalFile/EvalDir name, or
 * "network" for the network handle given to shogi_engine_new (EvalFile,
 * when set, wins over that handle). */
SHOGI_API shogi_status_t shogi_engine_evaluation(shogi_engine_t eng,
                                                 char *buf, size_t size,
                                                 size_t *needed,
                                                 shogi_error_t *err);
/* ---- lookahead (ABI 1.2) ---- */

/* The legal moves of the position after move (legal here; its move16 is
 * enough), as shogi_position_legal_moves lists them; the position is left
 * as it was. For bindings that defer a move until they must play it.
 * SHOGI_E_ILLEGAL_MOVE if move is not legal, SHOGI_E_BUFFER_TOO_SMALL (with
 * *count set) if capacity is short; SHOGI_MAX_MOVES always fits. */
SHOGI_API shogi_status_t shogi_position_legal_moves_after(shogi_position_t pos, uint32_t move,
                                                          uint32_t *moves, size_t capacity,
                                                          size_t *count, shogi_error_t *err);

/* ---- dlshogi packed planes (ABI 1.3) ---- */

/* The dlshogi planes packed one bit a value (1/39 of the float32 bytes),
 * for a trainer that unpacks them on the GPU; values are those of the
 * float32 planes (docs/specs/dlshogi-features.md). features1: 992 bytes a
 * position, 16 a plane: square s of plane p is bit s % 8 (least
 * significant first) of byte 16 * p + s / 8; bits 81..127 of a plane are 0.
 * features2: 8 bytes a position, bit p % 8 of byte p / 8 is plane p (all
 * ones or all zeros in the float form); bits 57..63 are 0. */
#define SHOGI_DLSHOGI_FEATURES1_BYTES 992
#define SHOGI_DLSHOGI_FEATURES2_BYTES 8

/* The packed planes of the batch the latest shogi_dataset_next returned,
 * for a stream opened with layout planes_bits: *features1 (n * 992 bytes)
 * and *features2 (n * 8), *n (may be NULL) the batch's positions. NULL and
 * 0 when the stream has no such layout or no current batch (before the
 * first, at the end). The memory belongs to the stream and holds the
 * batch until the next shogi_dataset_next or shogi_dataset_free. */
SHOGI_API shogi_status_t shogi_dataset_planes_bits(shogi_dataset_t ds,
                                                   const uint8_t **features1,
                                                   const uint8_t **features2,
                                                   int64_t *n,
                                                   shogi_error_t *err);

/* shogi_dlshogi_features into packed planes: features1 n * 992 bytes,
 * features2 n * 8, move_labels n (may be NULL). A bad record gets zero
 * bytes and label -1; *n_bad (may be NULL) counts them. */
SHOGI_API shogi_status_t shogi_dlshogi_features_bits(const void *records, size_t n,
                                                     int32_t format,
                                                     uint8_t *features1,
                                                     uint8_t *features2,
                                                     int32_t *move_labels,
                                                     size_t *n_bad,
                                                     shogi_error_t *err);
/* ---- legal moves after each move (ABI 1.3) ---- */

/* The legal moves after each of n legal moves of the position (after[i]:
 * its move16 is enough), as shogi_position_legal_moves_after gives them,
 * in one call: the lists one after another in moves[], counts[i] the
 * length of the list after after[i], *total their sum; the position is
 * left as it was. For bindings that walk a tree and ask for the lists of
 * a node's children at once. moves may be NULL (capacity 0): counts and
 * *total only. SHOGI_E_BUFFER_TOO_SMALL (counts and *total set) if
 * capacity < *total; SHOGI_E_ILLEGAL_MOVE (the message names the index)
 * if a move is not legal, the arrays then unspecified; n at most 65536
 * (n * SHOGI_MAX_MOVES always fits). */
SHOGI_API shogi_status_t shogi_position_legal_moves_after_each(shogi_position_t pos,
                                                               const uint32_t *after, size_t n,
                                                               uint32_t *moves, size_t capacity,
                                                               size_t *counts, size_t *total,
                                                               shogi_error_t *err);

/* ---- eval backend: the caller's ply (ABI 1.4) ---- */

/* Takes the stack back to ply plies above the root (0 <= ply <= the
 * stack's ply, else SHOGI_E_STATE and the stack is unchanged), as that
 * many pops. */
SHOGI_API shogi_status_t shogi_evalstack_pop_to(shogi_evalstack_t stack,
                                                int32_t ply,
                                                shogi_error_t *err);

/* shogi_evalstack_pop_to(ply), then shogi_evalstack_push_evaluate(move),
 * in one call: the make of an engine at its search ply `ply` (the root
 * is 0), whose unmake needs no call at all (the next make at a lower or
 * equal ply takes back what lies above it; pop_to(0) ends a search).
 * Sound while every make of the engine goes through the stack at the ply
 * it is made from: the stack's plies 1..ply are then the engine's current
 * line. A refused move leaves the stack at ply; a ply above the stack's
 * is SHOGI_E_STATE with the stack unchanged. */
SHOGI_API shogi_status_t shogi_evalstack_push_evaluate_at(shogi_evalstack_t stack,
                                                          int32_t ply,
                                                          uint32_t move,
                                                          int32_t *value,
                                                          shogi_error_t *err);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SHOGI_H */
