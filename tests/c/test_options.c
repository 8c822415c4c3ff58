/*
 * test_options.c - the engine option table through the C ABI: listing
 * (shogi_option_count/_info/_text), string-keyed set/get on an engine, the
 * struct's values seen by name, range errors that change nothing, and
 * options that change what a search does (MultiPV, EvalFile).
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static long find_option(const char *name) {
    size_t n = shogi_option_count();
    for (size_t i = 0; i < n; i++) {
        char buf[128];
        if (shogi_option_text(i, SHOGI_OPTION_NAME, buf, sizeof buf, NULL, NULL) == SHOGI_OK &&
            strcmp(buf, name) == 0)
            return (long)i;
    }
    return -1;
}

static const char *get(shogi_engine_t eng, const char *name) {
    static char buf[256];
    buf[0] = '\0';
    CHECK_INT(shogi_engine_get_option(eng, name, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    return buf;
}

TEST(listing) {
    CHECK(shogi_option_count() >= 11);
    long t = find_option("Threads");
    CHECK(t >= 0);
    shogi_option_info_t info;
    CHECK_INT(shogi_option_info((size_t)t, &info, NULL), SHOGI_OK);
    CHECK_INT(info.option_type, SHOGI_OPTION_SPIN);
    CHECK_INT(info.min, 1);
    CHECK_INT(info.max, 1024); /* the one range: USI said 256 before */
    char buf[256];
    size_t needed = 0;
    CHECK_INT(shogi_option_text((size_t)t, SHOGI_OPTION_DEFAULT, NULL, 0, &needed, NULL), SHOGI_OK);
    CHECK_INT(needed, 2);
    CHECK_INT(shogi_option_text((size_t)t, SHOGI_OPTION_DEFAULT, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "1");
    CHECK_INT(shogi_option_text((size_t)t, SHOGI_OPTION_HELP, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK(strlen(buf) > 0);

    long r = find_option("EnteringKingRule");
    CHECK(r >= 0);
    CHECK_INT(shogi_option_info((size_t)r, &info, NULL), SHOGI_OK);
    CHECK_INT(info.option_type, SHOGI_OPTION_COMBO);
    CHECK_INT(info.choice_count, 6);
    CHECK_INT(shogi_option_text((size_t)r, SHOGI_OPTION_CHOICES, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "none\nCSARule24\nCSARule24H\nCSARule27\nCSARule27H\nTryRule");

    long p = find_option("USI_Ponder");
    CHECK(p >= 0);
    CHECK_INT(shogi_option_info((size_t)p, &info, NULL), SHOGI_OK);
    CHECK_INT(info.option_type, SHOGI_OPTION_CHECK);
    CHECK_INT(info.max, 0);
}

TEST(listing_errors) {
    shogi_option_info_t info;
    shogi_error_t err;
    char buf[8];
    size_t n = shogi_option_count();
    CHECK_INT(shogi_option_info(n, &info, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(err.code, SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_option_info(0, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_option_text(0, 99, buf, sizeof buf, NULL, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_option_text((size_t)-1, SHOGI_OPTION_NAME, buf, sizeof buf, NULL, &err), SHOGI_E_INVALID_ARGUMENT);
    size_t needed = 0;
    long h = find_option("USI_Hash");
    CHECK_INT(shogi_option_text((size_t)h, SHOGI_OPTION_NAME, buf, 3, &needed, &err), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(needed, 9);
    CHECK_INT(buf[0], 0);
}

TEST(struct_values_by_name) {
    shogi_engine_options_t o;
    memset(&o, 0, sizeof o);
    o.threads = 2;
    o.multipv = 3;
    o.entering_king_rule = SHOGI_RULE_TRY;
    o.resign_value = 500;
    shogi_engine_t eng = NULL;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, NULL), SHOGI_OK);
    CHECK_STR(get(eng, "Threads"), "2");
    CHECK_STR(get(eng, "multipv"), "3"); /* names without case, like USI */
    CHECK_STR(get(eng, "EnteringKingRule"), "TryRule");
    CHECK_STR(get(eng, "ResignValue"), "500");
    CHECK_STR(get(eng, "USI_Hash"), "16");
    CHECK_STR(get(eng, "NetworkDelay"), "0");
    CHECK_STR(get(eng, "EvalFile"), "<empty>");
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);

    CHECK_INT(shogi_engine_new(NULL, NULL, &eng, NULL), SHOGI_OK);
    CHECK_STR(get(eng, "EnteringKingRule"), "none");
    CHECK_STR(get(eng, "Threads"), "1");
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
}

TEST(set_and_get) {
    shogi_engine_t eng = NULL;
    shogi_error_t err;
    CHECK_INT(shogi_engine_new(NULL, NULL, &eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_set_option(eng, "Threads", "4", &err), SHOGI_OK);
    CHECK_STR(get(eng, "Threads"), "4");
    CHECK_INT(shogi_engine_set_option(eng, "Threads", "0", &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "1..1024") != NULL);
    CHECK_INT(shogi_engine_set_option(eng, "Threads", "1025", &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_engine_set_option(eng, "Threads", "two", &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_STR(get(eng, "Threads"), "4");
    CHECK_INT(shogi_engine_set_option(eng, "NoSuchOption", "1", &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_engine_set_option(eng, NULL, "1", &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_engine_set_option(eng, "Threads", NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_engine_set_option(eng, "EnteringKingRule", "NoEnteringKing", &err), SHOGI_OK);
    CHECK_STR(get(eng, "EnteringKingRule"), "none");
    CHECK_INT(shogi_engine_set_option(eng, "USI_Ponder", "maybe", &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_engine_get_option(eng, "Nope", NULL, 0, NULL, &err), SHOGI_E_INVALID_ARGUMENT);
    size_t needed = 0;
    char small[2];
    CHECK_INT(shogi_engine_get_option(eng, "FV_SCALE", small, sizeof small, &needed, &err), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(needed, 3);
    CHECK_INT(shogi_engine_set_option(NULL, "Threads", "1", &err), SHOGI_E_BAD_HANDLE);
    /* The struct sets its fields and keeps the rest. */
    CHECK_INT(shogi_engine_set_option(eng, "USI_Ponder", "true", &err), SHOGI_OK);
    shogi_engine_options_t o;
    memset(&o, 0, sizeof o);
    o.threads = 3;
    CHECK_INT(shogi_engine_set_options(eng, &o, &err), SHOGI_OK);
    CHECK_STR(get(eng, "Threads"), "3");
    CHECK_STR(get(eng, "USI_Ponder"), "true");
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
}

TEST(multipv_takes_effect) {
    shogi_engine_t eng = NULL;
    shogi_position_t pos = NULL;
    CHECK_INT(shogi_engine_new(NULL, NULL, &eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_from_sfen("startpos", &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_set_option(eng, "MultiPV", "3", NULL), SHOGI_OK);
    shogi_search_limits_t lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 2;
    shogi_search_result_t *res = calloc(1, sizeof *res);
    CHECK_INT(shogi_engine_search(eng, pos, &lim, NULL, NULL, res, NULL), SHOGI_OK);
    CHECK_INT(res->line_count, 3);
    CHECK_INT(shogi_engine_set_option(eng, "MultiPV", "1", NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search(eng, pos, &lim, NULL, NULL, res, NULL), SHOGI_OK);
    CHECK_INT(res->line_count, 1);
    free(res);
    shogi_position_free(pos, NULL);
    shogi_engine_free(eng, NULL);
}

/* EvalFile loads a network: the search then scores like an engine given
 * the same network as a handle, and unlike the built-in evaluation. */
TEST(evalfile_takes_effect) {
    shogi_network_t net = NULL;
    CHECK_INT(shogi_network_make_test("test", 7, &net, NULL), SHOGI_OK);
    char path[64];
    snprintf(path, sizeof path, "test_options_%d.bin", (int)(size_t)&path % 100000);
    CHECK_INT(shogi_network_save(net, path, NULL), SHOGI_OK);

    shogi_position_t pos = NULL;
    CHECK_INT(shogi_position_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", &pos, NULL), SHOGI_OK);
    shogi_search_limits_t lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 3;
    shogi_search_result_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);

    shogi_engine_t with_handle = NULL, with_file = NULL;
    CHECK_INT(shogi_engine_new(NULL, net, &with_handle, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search(with_handle, pos, &lim, NULL, NULL, a, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_new(NULL, NULL, &with_file, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search(with_file, pos, &lim, NULL, NULL, c, NULL), SHOGI_OK);
    shogi_error_t err;
    CHECK_INT(shogi_engine_set_option(with_file, "EvalFile", "/nonexistent/nn.bin", &err), SHOGI_E_IO);
    CHECK_STR(get(with_file, "EvalFile"), "<empty>");
    CHECK_INT(shogi_engine_set_option(with_file, "EvalFile", path, &err), SHOGI_OK);
    CHECK_INT(shogi_engine_new_game(with_file, NULL), SHOGI_OK); /* forget the material search */
    CHECK_INT(shogi_engine_search(with_file, pos, &lim, NULL, NULL, b, NULL), SHOGI_OK);
    CHECK_INT(b->value, a->value);
    CHECK_U64(b->nodes, a->nodes);
    CHECK(c->value != a->value || c->nodes != a->nodes);

    remove(path);
    free(a);
    free(b);
    free(c);
    shogi_engine_free(with_handle, NULL);
    shogi_engine_free(with_file, NULL);
    shogi_network_free(net, NULL);
    shogi_position_free(pos, NULL);
}

int main(void) {
    RUN(listing);
    RUN(listing_errors);
    RUN(struct_values_by_name);
    RUN(set_and_get);
    RUN(multipv_takes_effect);
    RUN(evalfile_takes_effect);
    return harness_summary();
}
