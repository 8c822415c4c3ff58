/*
 * analyze.c - analyses a position through libshogi's C interface: sets the
 * position up from an SFEN, searches it with live info lines and prints the
 * best move, the way a GUI or a script would.
 *
 * usage: analyze [SFEN|startpos [DEPTH [nn.bin]]]
 *   Without nn.bin the engine uses the trained net built into the library
 *   ("default"), so the example needs no file; "builtin" as nn.bin selects
 *   the material + piece-square evaluation.
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, const shogi_error_t *e) {
    fprintf(stderr, "%s: %s (%s)\n", what, e->message, shogi_status_name(e->code));
    return 1;
}

static void print_pv(const uint32_t *pv, int n) {
    for (int i = 0; i < n; i++) {
        char usi[SHOGI_USI_MOVE_SIZE];
        if (shogi_move_to_usi(pv[i], usi, sizeof usi, NULL, NULL) == SHOGI_OK) printf(" %s", usi);
    }
}

static void print_score(int32_t kind, int32_t score) {
    if (kind == SHOGI_SCORE_MATE) printf("mate %d", score);
    else printf("cp %d", score);
}

/* Called on the searching thread once per completed iteration. */
static void on_info(const shogi_search_info_t *info, void *user_data) {
    (void)user_data;
    printf("info depth %d seldepth %d score ", info->depth, info->seldepth);
    print_score(info->score_kind, info->score);
    printf(" nodes %llu nps %llu time %lld pv", (unsigned long long)info->nodes,
           (unsigned long long)info->nps, (long long)info->time_ms);
    print_pv(info->pv, info->pv_length);
    printf("\n");
    fflush(stdout);
}

int main(int argc, char **argv) {
    const char *sfen = argc > 1 ? argv[1] : "startpos";
    int depth = argc > 2 ? atoi(argv[2]) : 8;
    const char *net_path = argc > 3 ? argv[3] : NULL;
    shogi_error_t err;

    if (!SHOGI_ABI_COMPATIBLE(shogi_abi_version())) {
        fprintf(stderr, "libshogi ABI %#x does not match this program's header\n",
                (unsigned)shogi_abi_version());
        return 1;
    }
    shogi_position_t pos = NULL;
    if (shogi_position_from_sfen(sfen, &pos, &err) != SHOGI_OK) return fail("position", &err);
    char text[256];
    if (shogi_position_sfen(pos, text, sizeof text, NULL, &err) != SHOGI_OK) return fail("sfen", &err);
    printf("libshogi %s\nposition %s\n", shogi_version(), text);

    int builtin = net_path && strcmp(net_path, SHOGI_EVAL_BUILTIN) == 0;
    shogi_network_t net = NULL;
    if (net_path && !builtin && shogi_network_load(net_path, &net, &err) != SHOGI_OK) return fail("network", &err);

    shogi_engine_options_t opts = {0};
    opts.threads = 1;
    opts.hash_mb = 16;
    shogi_engine_t eng = NULL;
    if (shogi_engine_new(&opts, net, &eng, &err) != SHOGI_OK) return fail("engine", &err);
    shogi_network_free(net, NULL); /* the engine keeps its own reference */
    if (builtin && shogi_engine_set_option(eng, "EvalFile", SHOGI_EVAL_BUILTIN, &err) != SHOGI_OK)
        return fail("EvalFile", &err);
    if (shogi_engine_evaluation(eng, text, sizeof text, NULL, &err) != SHOGI_OK) return fail("evaluation", &err);
    printf("evaluation: %s\n", text);

    shogi_search_limits_t limits = {0};
    limits.depth = depth;
    shogi_search_result_t res;
    if (shogi_engine_search(eng, pos, &limits, on_info, NULL, &res, &err) != SHOGI_OK)
        return fail("search", &err);

    char best[SHOGI_USI_MOVE_SIZE];
    if (shogi_move_to_usi(res.best_move, best, sizeof best, NULL, &err) != SHOGI_OK) return fail("move", &err);
    printf("bestmove %s score ", best);
    print_score(res.score_kind, res.score);
    printf(" depth %d nodes %llu pv", res.depth, (unsigned long long)res.nodes);
    print_pv(res.pv, res.pv_length);
    printf("\n");

    shogi_engine_free(eng, NULL);
    shogi_position_free(pos, NULL);
    return 0;
}
