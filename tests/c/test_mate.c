/*
 * test_mate.c - the df-pn mate solver through the C ABI: a known mate and
 * its line (as moves and as USI text), a proven no-mate, a node limit, a
 * stop from another thread, argument errors and handle hygiene.
 */
#include <shogi.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "positions.h"

#include "threads.h"

static uint64_t live_at_start;

/* Mate in 3 with a single solution (a silver drop, then the rook promotes). */
TEST(mate_in_three) {
    shogi_mate_solver_t s = NULL;
    shogi_position_t p = pos_from("9/k8/3R3n1/9/9/9/9/9/9 b SN 1");
    shogi_mate_result_t r;
    uint32_t moves[8];
    size_t count = 0, needed = 0;
    char buf[64];
    CHECK_INT(shogi_mate_solver_new(1, &s, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_solve(s, p, NULL, &r, NULL), SHOGI_OK);
    CHECK_INT(r.status, SHOGI_MATE_FOUND);
    CHECK_INT(r.line_length, 3);
    CHECK(r.table_used > 0 && r.table_used <= r.table_slots);
    CHECK_INT(shogi_mate_line(s, NULL, 0, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 3);
    CHECK_INT(shogi_mate_line(s, moves, 8, &count, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_line(s, moves, 2, &count, NULL), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(shogi_mate_line_usi(s, NULL, 0, &needed, NULL), SHOGI_OK);
    CHECK_INT(needed, strlen("S*9c 9b8a 6c6a+") + 1);
    CHECK_INT(shogi_mate_line_usi(s, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "S*9c 9b8a 6c6a+");
    CHECK_INT(shogi_mate_line_usi(s, buf, 4, &needed, NULL), SHOGI_E_BUFFER_TOO_SMALL);
    /* The moves replay as legal moves of the position. */
    {
        int32_t legal = 0;
        CHECK_INT(shogi_position_is_legal(p, moves[0], &legal, NULL), SHOGI_OK);
        CHECK_INT(legal, 1);
    }
    CHECK_INT(shogi_mate_solver_free(s, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

/* A lone pawn cannot mate: proven, no line. */
TEST(no_mate) {
    shogi_mate_solver_t s = NULL;
    shogi_position_t p = pos_from("4k4/9/9/9/9/9/9/9/9 b P 1");
    shogi_mate_result_t r;
    size_t count = 7;
    CHECK_INT(shogi_mate_solver_new(0, &s, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_solve(s, p, NULL, &r, NULL), SHOGI_OK);
    CHECK_INT(r.status, SHOGI_MATE_NONE);
    CHECK_INT(r.line_length, 0);
    CHECK_INT(shogi_mate_line(s, NULL, 0, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 0);
    CHECK_INT(shogi_mate_solver_free(s, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

/* 将棋図巧 no. 99 (117 plies) cannot be solved in 1000 nodes. */
static const char *hard = "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1";

TEST(node_limit) {
    shogi_mate_solver_t s = NULL;
    shogi_position_t p = pos_from(hard);
    shogi_mate_limits_t lim;
    shogi_mate_result_t r;
    memset(&lim, 0, sizeof lim);
    lim.nodes = 1000;
    CHECK_INT(shogi_mate_solver_new(4, &s, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_solve(s, p, &lim, &r, NULL), SHOGI_OK);
    CHECK_INT(r.status, SHOGI_MATE_UNKNOWN);
    CHECK(r.nodes >= 1000 && r.nodes < 2000);
    CHECK_INT(shogi_mate_solver_free(s, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

/* The stopper keeps asking for a stop until the solve has returned. */
struct stopper {
    shogi_mate_solver_t solver;
    volatile int done;
    double first_stop;
    int status;
};

static void thread_main(void *arg) {
    struct stopper *st = (struct stopper *)arg;
    int i;
    sleep_ms(200);
    st->first_stop = now_ms();
    for (i = 0; i < 600 && !st->done; i++) {
        int s = shogi_mate_stop(st->solver, NULL);
        if (s != SHOGI_OK) st->status = s;
        sleep_ms(20);
    }
}

TEST(stop_from_another_thread) {
    shogi_mate_solver_t s = NULL;
    shogi_position_t p = pos_from(hard);
    shogi_mate_result_t r;
    struct stopper st;
    thread_t t;
    double returned;
    CHECK_INT(shogi_mate_solver_new(16, &s, NULL), SHOGI_OK);
    memset(&st, 0, sizeof st);
    st.solver = s;
    CHECK(thread_start(&t, &st));
    CHECK_INT(shogi_mate_solve(s, p, NULL, &r, NULL), SHOGI_OK);
    returned = now_ms();
    st.done = 1;
    thread_join(t);
    CHECK_INT(st.status, SHOGI_OK);
    CHECK_INT(r.status, SHOGI_MATE_UNKNOWN);
    CHECK(returned - st.first_stop < 2000.0);
    /* Freeing while idle works; a stop on an idle solver is a no-op. */
    CHECK_INT(shogi_mate_stop(s, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_solver_free(s, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

TEST(errors) {
    shogi_mate_solver_t s = NULL;
    shogi_position_t p = pos_from("9/9/9/9/9/9/9/9/4K4 b G 1"); /* no defender king */
    shogi_position_t q = pos_from("9/k8/3R3n1/9/9/9/9/9/9 b SN 1");
    shogi_mate_result_t r;
    shogi_mate_limits_t lim;
    shogi_error_t err;
    size_t count;
    CHECK_INT(shogi_mate_solver_new(-1, &s, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "table_mb") != NULL);
    CHECK_INT(shogi_mate_solver_new(1, NULL, NULL), SHOGI_E_NULL_POINTER);
    /* A terabyte table: refused with an error where the system refuses the
     * memory (never a crash), or granted lazily where it overcommits. */
    {
        shogi_mate_solver_t big = NULL;
        int st = shogi_mate_solver_new(1048576, &big, &err);
        CHECK(st == SHOGI_OK || st == SHOGI_E_INVALID_ARGUMENT);
        if (st == SHOGI_OK) CHECK_INT(shogi_mate_solver_free(big, NULL), SHOGI_OK);
    }
    CHECK_INT(shogi_mate_solver_new(1, &s, NULL), SHOGI_OK);
    CHECK_INT(shogi_mate_solve(s, p, NULL, &r, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "king") != NULL);
    CHECK_INT(shogi_mate_solve(s, q, NULL, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_mate_solve(s, NULL, NULL, &r, NULL), SHOGI_E_BAD_HANDLE);
    memset(&lim, 0, sizeof lim);
    lim.time_ms = -5;
    CHECK_INT(shogi_mate_solve(s, q, &lim, &r, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_mate_line(s, NULL, 0, NULL, NULL), SHOGI_E_NULL_POINTER);
    /* A position handle is not a solver handle. */
    CHECK_INT(shogi_mate_line((shogi_mate_solver_t)(void *)q, NULL, 0, &count, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_mate_solver_free(s, NULL), SHOGI_OK);
    /* A freed handle is bad; NULL frees nothing. */
    CHECK_INT(shogi_mate_stop(s, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_mate_solver_free(NULL, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
    shogi_position_free(q, NULL);
}

TEST(no_leaked_handles) { CHECK_U64(shogi_live_handles(), live_at_start); }

int main(void) {
    live_at_start = shogi_live_handles();
    RUN(mate_in_three);
    RUN(no_mate);
    RUN(node_limit);
    RUN(stop_from_another_thread);
    RUN(errors);
    RUN(no_leaked_handles);
    return harness_summary();
}
