/*
 * test_perft.c - perft from C against a perft table.
 *
 * usage: test_perft PERFT.TSV MAX_NODES
 * Each non-comment line of the table is "sfen<TAB>depth<TAB>nodes". Rows
 * with more than MAX_NODES nodes are skipped (and counted as skipped).
 */
#include <shogi.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static int harness_skipped;

static void check_row(const char *sfen, int depth, uint64_t want) {
    shogi_position_t p = NULL;
    shogi_error_t e;
    if (shogi_position_from_sfen(sfen, &p, &e) != SHOGI_OK) {
        printf("  %s: %s\n", sfen, e.message);
        CHECK(0);
        return;
    }
    uint64_t got = 0;
    CHECK_INT(shogi_position_perft(p, depth, &got, &e), SHOGI_OK);
    if (got != want) printf("  %s depth %d: %llu, want %llu\n", sfen, depth,
                            (unsigned long long)got, (unsigned long long)want);
    CHECK_U64(got, want);
    /* depth 1 is also the legal move count */
    if (depth == 1) {
        size_t n = 0;
        CHECK_INT(shogi_position_legal_moves(p, NULL, 0, &n, NULL), SHOGI_OK);
        CHECK_U64(n, want);
    }
    CHECK_INT(shogi_position_free(p, NULL), SHOGI_OK);
}

static const char *g_path;
static uint64_t g_max;

TEST(perft_table) {
    FILE *f = fopen(g_path, "r");
    if (!f) {
        printf("  cannot open %s\n", g_path);
        CHECK(0);
        return;
    }
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r') continue;
        char *tab1 = strchr(line, '\t');
        char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (!tab2) {
            printf("  bad line: %s", line);
            CHECK(0);
            continue;
        }
        *tab1 = 0;
        int depth = atoi(tab1 + 1);
        uint64_t nodes = strtoull(tab2 + 1, NULL, 10);
        if (nodes > g_max) {
            harness_skipped++;
            continue;
        }
        check_row(line, depth, nodes);
        rows++;
    }
    fclose(f);
    printf("  %d rows checked, %d skipped (over %llu nodes)\n", rows, harness_skipped,
           (unsigned long long)g_max);
    CHECK(rows > 0);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s PERFT.TSV MAX_NODES\n", argv[0]);
        return 2;
    }
    g_path = argv[1];
    g_max = strtoull(argv[2], NULL, 10);
    RUN(perft_table);
    return harness_summary();
}
