/*
 * mini_engine - a small alpha-beta engine with its own board and move
 * generator that uses libshogi only as its evaluator (the eval-backend
 * calls of shogi.h, ABI 1.2; push_evaluate_at of ABI 1.4).
 *
 * usage: mini_engine NN.BIN DEPTH [verify] [SFEN ...]
 *
 * Loads any network libshogi reads, searches each position (default:
 * the start position and two middle-game positions) DEPTH plies deep and
 * prints the best move, the score and its nodes/s. With "verify" every
 * node's incremental score is also compared with libshogi's own full
 * evaluation of the same position; any difference makes the exit status
 * 1. Without it, libshogi's own search (one thread) of the same positions
 * for as many nodes is timed next to it. Times are the process's CPU
 * time, which a loaded machine disturbs less than the wall clock.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <shogi.h>

#include "board.h"
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
#include <windows.h>
#endif

static const char *const default_sfens[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
};

/* The process's CPU time in seconds. */
#ifdef _WIN32
static double seconds(void) {
    FILETIME created, exited, kernel, user;
    GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user);
    return ((double)(((uint64_t)kernel.dwHighDateTime << 32) | kernel.dwLowDateTime) +
            (double)(((uint64_t)user.dwHighDateTime << 32) | user.dwLowDateTime)) * 1e-7;
}
#else
static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#endif

static int fail(const char *what, const shogi_error_t *e) {
    fprintf(stderr, "mini_engine: %s: %s\n", what, e->message);
    return 2;
}

/* libshogi's own search of sfen for about budget nodes: nodes and seconds. */
static int library_search(shogi_network_t net, const char *sfen, uint64_t budget, uint64_t *nodes, double *secs) {
    shogi_engine_t eng = NULL;
    shogi_position_t pos = NULL;
    shogi_search_limits_t limits;
    static shogi_search_result_t res;
    shogi_error_t e;
    double t0;
    memset(&limits, 0, sizeof limits);
    limits.nodes = budget;
    if (shogi_engine_new(NULL, net, &eng, &e) != SHOGI_OK) return fail("engine", &e);
    if (shogi_engine_set_option(eng, "Threads", "1", &e) != SHOGI_OK) return fail("Threads", &e);
    if (shogi_position_from_sfen(sfen, &pos, &e) != SHOGI_OK) return fail("sfen", &e);
    t0 = seconds();
    if (shogi_engine_search(eng, pos, &limits, NULL, NULL, &res, &e) != SHOGI_OK) return fail("search", &e);
    *secs = seconds() - t0;
    *nodes = res.nodes;
    shogi_position_free(pos, NULL);
    shogi_engine_free(eng, NULL);
    return 0;
}

int main(int argc, char **argv) {
    search_t s;
    const char *const *sfens = default_sfens;
    int n_sfens = 3, depth, i, verify = 0, first = 3;
    uint64_t total_nodes = 0, lib_nodes = 0;
    double total_secs = 0, lib_secs = 0;

    if (argc < 3 || (depth = atoi(argv[2])) < 1) {
        fprintf(stderr, "usage: mini_engine NN.BIN DEPTH [verify] [SFEN ...]\n");
        return 2;
    }
    if (argc > 3 && strcmp(argv[3], "verify") == 0) verify = 1, first = 4;
    if (argc > first) sfens = (const char *const *)argv + first, n_sfens = argc - first;
    memset(&s, 0, sizeof s);
    s.verify = verify;
    if (shogi_network_load(argv[1], &s.net, &s.err) != SHOGI_OK) return fail(argv[1], &s.err);
    if (shogi_evalstack_new(s.net, 0, &s.stack, &s.err) != SHOGI_OK) return fail("stack", &s.err);
    if (shogi_position_new(&s.check_pos, &s.err) != SHOGI_OK) return fail("position", &s.err);

    for (i = 0; i < n_sfens; i++) {
        uint16_t best = 0;
        int v;
        double t0;
        uint64_t nodes0 = s.nodes;
        if (board_set_sfen(&s.board, sfens[i]) != 0) {
            fprintf(stderr, "mini_engine: cannot read SFEN %s\n", sfens[i]);
            return 2;
        }
        if (search_set_root(&s) != 0) return fail("set_root", &s.err);
        t0 = seconds();
        v = search_root(&s, depth, &best);
        t0 = seconds() - t0;
        if (s.failed) return fail("search", &s.err);
        total_nodes += s.nodes - nodes0;
        total_secs += t0;
        printf("position %d: depth %d best %04x score %d nodes %llu\n", i + 1, depth, best, v,
               (unsigned long long)(s.nodes - nodes0));
        if (!verify) {
            uint64_t n = 0;
            double secs = 0;
            if (library_search(s.net, sfens[i], s.nodes - nodes0, &n, &secs) != 0) return 2;
            lib_nodes += n, lib_secs += secs;
        }
    }
    if (verify) {
        printf("verified %llu nodes: %llu mismatches\n", (unsigned long long)s.checked,
               (unsigned long long)s.mismatches);
    } else {
        printf("mini_engine: %llu nodes, %.0f nodes/s\n", (unsigned long long)total_nodes,
               total_secs > 0 ? (double)total_nodes / total_secs : 0.0);
        printf("libshogi search (1 thread, same node budget): %llu nodes, %.0f nodes/s\n",
               (unsigned long long)lib_nodes, lib_secs > 0 ? (double)lib_nodes / lib_secs : 0.0);
    }
    shogi_position_free(s.check_pos, NULL);
    shogi_evalstack_free(s.stack, NULL);
    shogi_network_free(s.net, NULL);
    if (verify && (s.mismatches || !s.checked)) return 1;
    return 0;
}
