/*
 * test_evaluation.c - evaluation by name (ABI 1.2): the net built into the
 * library loads as "default" (shogi_network_load, _load_with, EvalFile),
 * "builtin" is the material evaluation and no network, and
 * shogi_engine_evaluation says which one an engine uses.
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const char *evaluation(shogi_engine_t eng) {
    static char buf[256];
    buf[0] = '\0';
    CHECK_INT(shogi_engine_evaluation(eng, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    return buf;
}

/* The default net read by name searches as EvalFile default does (same
 * value, same nodes); the same net written to a file and read back is
 * searched on its own value, without the default net's material mix. */
TEST(default_by_name) {
    shogi_network_t byname = NULL, fromfile = NULL, bad = NULL;
    shogi_error_t err;
    CHECK_INT(shogi_network_load(SHOGI_EVAL_DEFAULT, &byname, &err), SHOGI_OK);
    shogi_network_info_t info;
    CHECK_INT(shogi_network_info(byname, &info, NULL), SHOGI_OK);
    CHECK_STR(info.feature_set, "halfkp");
    char path[64];
    snprintf(path, sizeof path, "test_evaluation_%d.bin", (int)(size_t)&path % 100000);
    CHECK_INT(shogi_network_save(byname, path, NULL), SHOGI_OK);
    CHECK_INT(shogi_network_load_with(path, NULL, 0, 0, &fromfile, NULL), SHOGI_OK);
    CHECK_INT(shogi_network_load_with(SHOGI_EVAL_BUILTIN, NULL, 0, 0, &bad, &err), SHOGI_E_IO);
    CHECK(strstr(err.message, "built-in") != NULL);

    shogi_position_t pos = NULL;
    CHECK_INT(shogi_position_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", &pos, NULL), SHOGI_OK);
    shogi_search_limits_t lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 3;
    shogi_search_result_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
    shogi_engine_t by_option = NULL, by_file = NULL;
    CHECK_INT(shogi_engine_new(NULL, NULL, &by_option, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_set_option(by_option, "EvalFile", SHOGI_EVAL_DEFAULT, &err), SHOGI_OK);
    CHECK_STR(evaluation(by_option), "default");
    CHECK_INT(shogi_engine_search(by_option, pos, &lim, NULL, NULL, a, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_new(NULL, fromfile, &by_file, NULL), SHOGI_OK);
    CHECK_STR(evaluation(by_file), "network");
    CHECK_INT(shogi_engine_search(by_file, pos, &lim, NULL, NULL, b, NULL), SHOGI_OK);
    CHECK(b->value != a->value || b->nodes != a->nodes);
    shogi_engine_t by_handle = NULL;
    CHECK_INT(shogi_engine_new(NULL, byname, &by_handle, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search(by_handle, pos, &lim, NULL, NULL, b, NULL), SHOGI_OK);
    CHECK_INT(b->value, a->value);
    CHECK_U64(b->nodes, a->nodes);
    shogi_engine_free(by_handle, NULL);
    /* nothing named, no handle: the default net too (0.17.0) */
    shogi_engine_t unnamed = NULL;
    CHECK_INT(shogi_engine_new(NULL, NULL, &unnamed, NULL), SHOGI_OK);
    CHECK_STR(evaluation(unnamed), "default");
    CHECK_INT(shogi_engine_search(unnamed, pos, &lim, NULL, NULL, c, NULL), SHOGI_OK);
    CHECK_INT(c->value, a->value);
    CHECK_U64(c->nodes, a->nodes);
    shogi_engine_free(unnamed, NULL);

    /* builtin, named, wins over the creation handle and searches differently */
    CHECK_INT(shogi_engine_set_option(by_file, "EvalFile", SHOGI_EVAL_BUILTIN, &err), SHOGI_OK);
    CHECK_STR(evaluation(by_file), "builtin");
    CHECK_INT(shogi_engine_new_game(by_file, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search(by_file, pos, &lim, NULL, NULL, c, NULL), SHOGI_OK);
    CHECK(c->value != a->value || c->nodes != a->nodes);
    /* a file name is reported as such */
    CHECK_INT(shogi_engine_set_option(by_file, "EvalFile", path, &err), SHOGI_OK);
    CHECK_STR(evaluation(by_file), path);

    remove(path);
    free(a);
    free(b);
    free(c);
    shogi_engine_free(by_option, NULL);
    shogi_engine_free(by_file, NULL);
    shogi_network_free(byname, NULL);
    shogi_network_free(fromfile, NULL);
    shogi_position_free(pos, NULL);
}

/* The strings-out convention and handle checks of shogi_engine_evaluation. */
TEST(evaluation_errors) {
    shogi_engine_t eng = NULL;
    CHECK_INT(shogi_engine_new(NULL, NULL, &eng, NULL), SHOGI_OK);
    size_t needed = 0;
    CHECK_INT(shogi_engine_evaluation(eng, NULL, 0, &needed, NULL), SHOGI_OK);
    CHECK_INT(needed, strlen(evaluation(eng)) + 1);
    char small[2] = {'x', 'x'};
    CHECK_INT(shogi_engine_evaluation(eng, small, sizeof small, &needed, NULL), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(small[0], '\0');
    shogi_engine_free(eng, NULL);
    shogi_error_t err;
    CHECK_INT(shogi_engine_evaluation(eng, small, sizeof small, NULL, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_engine_evaluation(NULL, small, sizeof small, NULL, &err), SHOGI_E_BAD_HANDLE);
}

int main(void) {
    RUN(default_by_name);
    RUN(evaluation_errors);
    return harness_summary();
}
