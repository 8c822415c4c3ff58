/*
 * test_book.c - the opening-book functions of shogi.h: open / probe / free
 * in the three formats, convert, merge, the Apery book key, and errors.
 *
 * The key of the start position is row 1 of tests/testdata/book-keys.tsv.
 */
#include <shogi.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#ifdef _WIN32
#include <direct.h>
#include <process.h>
/* mingw has no mkdtemp: a folder named for the process. */
static int make_temp_dir(char *buf, size_t n) {
    const char *tmp = getenv("TEMP");
    snprintf(buf, n, "%s\\shogi-book-%d", tmp && *tmp ? tmp : ".", _getpid());
    return _mkdir(buf) == 0;
}
#else
static int make_temp_dir(char *buf, size_t n) {
    const char *tmp = getenv("TMPDIR");
    snprintf(buf, n, "%s/shogi-book-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(buf) != NULL;
}
#endif

static char dir[256];

static const char *path_in(const char *name) {
    static char buf[8][512];
    static int next;
    char *p = buf[next++ % 8];
    snprintf(p, 512, "%s/%s", dir, name);
    return p;
}

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
}

/* Sorted: "p1p..." < "ppp...". */
static const char *BOOK_DB =
    "#YANEURAOU-DB2016 1.00\n"
    "sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3\n"
    "2f2e none 30 18 2\n"
    "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
    "2g2f 8c8d 42 20 7\n"
    "7g7f none -10 12 3\n";

static uint32_t usi_move(shogi_position_t pos, const char *usi) {
    uint32_t m = 0;
    shogi_position_t q;
    char sfen[256] = {0};
    size_t needed;
    shogi_position_sfen(pos, sfen, sizeof sfen, &needed, NULL);
    shogi_position_from_sfen(sfen, &q, NULL);
    shogi_position_do_move_usi(q, usi, &m, NULL);
    shogi_position_free(q, NULL);
    return m;
}

static void check_start_moves(shogi_book_t book, int with_ponder, int with_depth, int with_count) {
    shogi_position_t pos;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    size_t count = 99;
    CHECK_INT(shogi_book_probe(book, pos, 0, NULL, 0, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 2);
    shogi_book_move_t moves[2];
    shogi_error_t err;
    CHECK_INT(shogi_book_probe(book, pos, 0, moves, 1, &count, &err), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(shogi_book_probe(book, pos, 0, moves, 2, &count, NULL), SHOGI_OK);
    CHECK_INT(moves[0].move, usi_move(pos, "2g2f"));
    CHECK_INT(moves[1].move, usi_move(pos, "7g7f"));
    CHECK_INT(moves[0].eval, 42);
    CHECK_INT(moves[1].eval, -10);
    CHECK(moves[0].fields & SHOGI_BOOK_HAS_EVAL);
    if (with_ponder) {
        shogi_position_do_move_usi(pos, "2g2f", NULL, NULL);
        CHECK_INT(moves[0].ponder, usi_move(pos, "8c8d"));
        shogi_position_undo_move(pos, NULL);
    }
    if (with_depth) {
        CHECK_INT(moves[0].depth, 20);
        CHECK(moves[0].fields & SHOGI_BOOK_HAS_DEPTH);
    }
    if (with_count) {
        CHECK_INT(moves[0].count, 7);
        CHECK(moves[0].fields & SHOGI_BOOK_HAS_COUNT);
    }
    /* A position not in the book. */
    shogi_position_do_move_usi(pos, "5g5f", NULL, NULL);
    CHECK_INT(shogi_book_probe(book, pos, 1, moves, 2, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 0);
    shogi_position_free(pos, NULL);
}

/* The layout the C# BookMove mirrors (BookTests.cs checks the same numbers). */
TEST(move_layout) {
    CHECK_INT(sizeof(shogi_book_entry_t), 64);
    CHECK_INT(offsetof(shogi_book_entry_t, ply), 32);
    CHECK_INT(offsetof(shogi_book_entry_t, move16), 36);
    CHECK_INT(offsetof(shogi_book_entry_t, ponder16), 38);
    CHECK_INT(offsetof(shogi_book_entry_t, eval), 40);
    CHECK_INT(offsetof(shogi_book_entry_t, count), 48);
    CHECK_INT(offsetof(shogi_book_entry_t, fields), 56);
    CHECK_INT(sizeof(shogi_book_move_t), 32);
    CHECK_INT(offsetof(shogi_book_move_t, ponder), 4);
    CHECK_INT(offsetof(shogi_book_move_t, eval), 8);
    CHECK_INT(offsetof(shogi_book_move_t, depth), 12);
    CHECK_INT(offsetof(shogi_book_move_t, count), 16);
    CHECK_INT(offsetof(shogi_book_move_t, fields), 24);
    CHECK_INT(offsetof(shogi_book_move_t, reserved), 28);
}

TEST(text_book) {
    write_file(path_in("a.db"), BOOK_DB);
    for (int mode = SHOGI_BOOK_OPEN_AUTO; mode <= SHOGI_BOOK_OPEN_ON_DISK; mode++) {
        shogi_book_t book = NULL;
        CHECK_INT(shogi_book_open(path_in("a.db"), SHOGI_BOOK_AUTO, mode, &book, NULL), SHOGI_OK);
        int32_t f = -1;
        CHECK_INT(shogi_book_format(book, &f, NULL), SHOGI_OK);
        CHECK_INT(f, SHOGI_BOOK_DB);
        check_start_moves(book, 1, 1, 1);
        CHECK_INT(shogi_book_free(book, NULL), SHOGI_OK);
    }
}

/* White to move in the start position is the start position flipped. */
TEST(flipped_probe) {
    shogi_book_t book;
    CHECK_INT(shogi_book_open(path_in("a.db"), SHOGI_BOOK_DB, SHOGI_BOOK_OPEN_MEMORY, &book, NULL), SHOGI_OK);
    shogi_position_t pos;
    CHECK_INT(shogi_position_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", &pos, NULL), SHOGI_OK);
    shogi_book_move_t moves[4];
    size_t count = 9;
    CHECK_INT(shogi_book_probe(book, pos, 0, moves, 4, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 0);
    CHECK_INT(shogi_book_probe(book, pos, 1, moves, 4, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 2);
    CHECK_INT(moves[0].move, usi_move(pos, "8c8d"));
    shogi_position_free(pos, NULL);
    shogi_book_free(book, NULL);
}

TEST(convert_and_merge) {
    CHECK_INT(shogi_book_convert(path_in("a.db"), SHOGI_BOOK_AUTO, path_in("a.ybb"), SHOGI_BOOK_AUTO, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_convert(path_in("a.db"), SHOGI_BOOK_DB, path_in("a.bin"), SHOGI_BOOK_BIN, NULL), SHOGI_OK);
    shogi_book_t book;
    CHECK_INT(shogi_book_open(path_in("a.ybb"), SHOGI_BOOK_AUTO, SHOGI_BOOK_OPEN_AUTO, &book, NULL), SHOGI_OK);
    int32_t f = -1;
    shogi_book_format(book, &f, NULL);
    CHECK_INT(f, SHOGI_BOOK_YBB);
    check_start_moves(book, 0, 1, 0);
    shogi_book_free(book, NULL);
    CHECK_INT(shogi_book_open(path_in("a.bin"), SHOGI_BOOK_AUTO, SHOGI_BOOK_OPEN_AUTO, &book, NULL), SHOGI_OK);
    shogi_book_format(book, &f, NULL);
    CHECK_INT(f, SHOGI_BOOK_BIN);
    check_start_moves(book, 0, 0, 1);
    shogi_book_free(book, NULL);
    /* book.bin back to text: positions recovered from the start position. */
    CHECK_INT(shogi_book_convert(path_in("a.bin"), SHOGI_BOOK_AUTO, path_in("b.db"), SHOGI_BOOK_DB, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_open(path_in("b.db"), SHOGI_BOOK_AUTO, SHOGI_BOOK_OPEN_ON_DISK, &book, NULL), SHOGI_OK);
    check_start_moves(book, 0, 0, 1);
    shogi_book_free(book, NULL);
    /* Merging a book with itself doubles the counts. */
    const char *srcs[2] = {path_in("a.db"), path_in("a.bin")};
    CHECK_INT(shogi_book_merge(srcs, 2, path_in("m.db"), SHOGI_BOOK_DB, 1, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_open(path_in("m.db"), SHOGI_BOOK_AUTO, SHOGI_BOOK_OPEN_AUTO, &book, NULL), SHOGI_OK);
    shogi_position_t pos;
    shogi_position_new(&pos, NULL);
    shogi_book_move_t moves[4];
    size_t count;
    CHECK_INT(shogi_book_probe(book, pos, 0, moves, 4, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 1);
    CHECK_INT(moves[0].count, 14);
    shogi_position_free(pos, NULL);
    shogi_book_free(book, NULL);
}

/* Every move of every position, ordered by PackedSfen; the start position's
 * PackedSfen is the vector of docs/specs/formats.md section 2.6. */
TEST(entries) {
    static const uint8_t START_PSFEN[32] = {
        0x58, 0xa4, 0x51, 0x22, 0x0c, 0xeb, 0x67, 0x22, 0x7e, 0x96, 0x53, 0x22, 0x1c, 0xaf, 0x44, 0x78,
        0x24, 0xc2, 0x2b, 0x11, 0x9e, 0x53, 0x22, 0x1c, 0xeb, 0x6f, 0x22, 0x3e, 0x96, 0x51, 0x22, 0x0c};
    const char *paths[] = {path_in("a.db"), path_in("a.ybb"), path_in("a.bin")};
    /* The book.bin walk from the start position follows book moves only:
     * the position after 2g2f 8c8d (8c8d is only a ponder move) is lost. */
    const size_t want[] = {3, 3, 2};
    for (int mode = SHOGI_BOOK_OPEN_MEMORY; mode <= SHOGI_BOOK_OPEN_ON_DISK; mode++) {
        for (int i = 0; i < 3; i++) {
            shogi_book_t book;
            CHECK_INT(shogi_book_open(paths[i], SHOGI_BOOK_AUTO, mode, &book, NULL), SHOGI_OK);
            size_t count = 0;
            CHECK_INT(shogi_book_entries(book, NULL, 0, &count, NULL), SHOGI_OK);
            CHECK_INT(count, want[i]);
            shogi_book_entry_t e[3];
            shogi_error_t err;
            CHECK_INT(shogi_book_entries(book, e, want[i] - 1, &count, &err), SHOGI_E_BUFFER_TOO_SMALL);
            CHECK_INT(shogi_book_entries(book, e, 3, &count, NULL), SHOGI_OK);
            int start = -1;
            for (int j = 0; j < (int)count; j++)
                if (memcmp(e[j].psfen, START_PSFEN, 32) == 0 && start < 0) start = j;
            CHECK(start >= 0 && start < (int)count - 1);
            if (start >= 0 && start < (int)count - 1) {
                CHECK_INT(e[start].move16, 0x078E); /* 2g2f: to 2f = 14, from 2g = 15 */
                CHECK_INT(e[start].eval, 42);
                CHECK_INT(e[start + 1].move16, 0x1E3B); /* 7g7f */
                CHECK_INT(e[start].ply, 1);
            }
            for (int j = 1; j < (int)count; j++) CHECK(memcmp(e[j - 1].psfen, e[j].psfen, 32) <= 0);
            CHECK_INT(shogi_book_entries(book, e, 3, NULL, &err), SHOGI_E_NULL_POINTER);
            shogi_book_free(book, NULL);
        }
    }
}

TEST(book_key) {
    shogi_position_t pos;
    shogi_position_new(&pos, NULL);
    uint64_t key = 0, after = 0, direct = 0;
    CHECK_INT(shogi_position_book_key(pos, &key, NULL), SHOGI_OK);
    CHECK_U64(key, UINT64_C(0xeebe8ee7e1ad7e15));
    uint32_t m = usi_move(pos, "7g7f");
    CHECK_INT(shogi_position_book_key_after(pos, m, &after, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_book_key(pos, &key, NULL), SHOGI_OK);
    CHECK_U64(key, UINT64_C(0xeebe8ee7e1ad7e15)); /* unchanged */
    shogi_position_do_move(pos, m, NULL);
    shogi_position_book_key(pos, &direct, NULL);
    CHECK_U64(after, direct);
    CHECK(after != key);
    shogi_error_t err;
    CHECK_INT(shogi_position_book_key_after(pos, m, &after, &err), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_book_key(pos, NULL, &err), SHOGI_E_NULL_POINTER);
    shogi_position_free(pos, NULL);
}

TEST(errors) {
    shogi_error_t err;
    shogi_book_t book = NULL;
    CHECK_INT(shogi_book_open(path_in("missing.db"), SHOGI_BOOK_DB, 0, &book, &err), SHOGI_E_IO);
    CHECK_INT(shogi_book_open(NULL, 0, 0, &book, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_book_open(path_in("a.db"), 0, 0, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_book_open(path_in("a.db"), 9, 0, &book, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_book_open(path_in("a.db"), 0, 7, &book, &err), SHOGI_E_INVALID_ARGUMENT);
    write_file(path_in("bad.db"), "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f none x\n");
    CHECK_INT(shogi_book_open(path_in("bad.db"), 0, 0, &book, &err), SHOGI_E_PARSE);
    CHECK(strstr(err.message, "line 3") != NULL);
    write_file(path_in("bad.ybb"), "YANE-BINBOOK-V1");
    CHECK_INT(shogi_book_open(path_in("bad.ybb"), SHOGI_BOOK_YBB, 0, &book, &err), SHOGI_E_PARSE);
    write_file(path_in("bad.bin"), "0123456789abcdefXYZ");
    CHECK_INT(shogi_book_open(path_in("bad.bin"), SHOGI_BOOK_BIN, 0, &book, &err), SHOGI_E_PARSE);
    CHECK(strstr(err.message, "entry 1") != NULL);
    /* Bad handles. */
    size_t count;
    int32_t f;
    CHECK_INT(shogi_book_format(NULL, &f, &err), SHOGI_E_BAD_HANDLE);
    shogi_position_t pos;
    shogi_position_new(&pos, NULL);
    CHECK_INT(shogi_book_probe(NULL, pos, 0, NULL, 0, &count, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_book_open(path_in("a.db"), 0, 0, &book, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_probe(book, NULL, 0, NULL, 0, &count, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_book_probe(book, pos, 0, NULL, 0, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_book_free(book, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_probe(book, pos, 0, NULL, 0, &count, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_book_free(book, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_book_free(NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_book_merge(NULL, 1, path_in("x.db"), 0, 0, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_book_merge(NULL, 0, path_in("x.db"), 0, 0, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_book_convert(path_in("missing.db"), 0, path_in("x.db"), 0, &err), SHOGI_E_IO);
    shogi_position_free(pos, NULL);
}

static uint64_t live_before;

TEST(no_leaks) { CHECK_U64(shogi_live_handles(), live_before); }

int main(void) {
    if (!make_temp_dir(dir, sizeof dir)) {
        perror("temporary folder");
        return 1;
    }
    live_before = shogi_live_handles();
    RUN(move_layout);
    RUN(text_book);
    RUN(flipped_probe);
    RUN(convert_and_merge);
    RUN(entries);
    RUN(book_key);
    RUN(errors);
    RUN(no_leaks);
    const char *names[] = {"a.db", "a.ybb", "a.bin", "b.db", "m.db", "bad.db", "bad.ybb", "bad.bin"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) unlink(path_in(names[i]));
    rmdir(dir);
    return harness_summary();
}
