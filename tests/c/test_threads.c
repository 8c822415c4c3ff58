/*
 * test_threads.c - the thread-safety promise of shogi.h: handles may be
 * created, used and freed on many threads at once, and one handle may be
 * read by several threads at once, as long as nobody mutates it meanwhile.
 */
#include <shogi.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "threads.h"

enum { THREADS = 8 };

struct job {
    shogi_position_t shared; /* read by every thread */
    int id;
    int errors;
};

static void work(struct job *j) {
    for (int round = 0; round < 20; round++) {
        /* own handle: create, mutate, free */
        shogi_position_t p = NULL;
        if (shogi_position_new(&p, NULL) != SHOGI_OK) {
            j->errors++;
            continue;
        }
        uint32_t moves[SHOGI_MAX_MOVES];
        size_t n = 0;
        for (int ply = 0; ply < 40; ply++) {
            if (shogi_position_legal_moves(p, moves, SHOGI_MAX_MOVES, &n, NULL) != SHOGI_OK) j->errors++;
            if (n == 0) break;
            if (shogi_position_do_move(p, moves[(size_t)(j->id + ply * 7 + round) % n], NULL) != SHOGI_OK)
                j->errors++;
        }
        uint64_t nodes = 0;
        if (shogi_position_perft(p, 2, &nodes, NULL) != SHOGI_OK || nodes == 0) j->errors++;
        if (shogi_position_free(p, NULL) != SHOGI_OK) j->errors++;
        /* shared handle: read only */
        char sfen[256];
        if (shogi_position_sfen(j->shared, sfen, sizeof sfen, NULL, NULL) != SHOGI_OK ||
            strcmp(sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") != 0)
            j->errors++;
        if (shogi_position_perft(j->shared, 2, &nodes, NULL) != SHOGI_OK || nodes != 900) j->errors++;
        /* errors are per call, not shared state */
        shogi_error_t e;
        if (shogi_position_do_move_usi(j->shared, "5e5d", NULL, &e) != SHOGI_E_ILLEGAL_MOVE ||
            e.code != SHOGI_E_ILLEGAL_MOVE)
            j->errors++;
    }
}

static void thread_main(void *arg) { work(arg); }

TEST(threads) {
    uint64_t live0 = shogi_live_handles();
    shogi_position_t shared = NULL;
    CHECK_INT(shogi_position_new(&shared, NULL), SHOGI_OK);
    struct job jobs[THREADS];
    thread_t ts[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i].shared = shared;
        jobs[i].id = i;
        jobs[i].errors = 0;
        CHECK(thread_start(&ts[i], &jobs[i]));
    }
    for (int i = 0; i < THREADS; i++) thread_join(ts[i]);
    for (int i = 0; i < THREADS; i++) CHECK_INT(jobs[i].errors, 0);
    CHECK_INT(shogi_position_free(shared, NULL), SHOGI_OK);
    CHECK_U64(shogi_live_handles(), live0);
}

int main(void) {
    RUN(threads);
    return harness_summary();
}
