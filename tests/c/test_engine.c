/*
 * test_engine.c - the search engine through the C ABI: searches with
 * limits, the info callback (a C function pointer called through the
 * library's trampoline), a stop from another thread, results, MultiPV,
 * mates, resign and declaration, and argument errors.
 */
#include <shogi.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "positions.h"

#include "threads.h"

static int is_legal(shogi_position_t p, uint32_t m) {
    int32_t legal = 0;
    CHECK_INT(shogi_position_is_legal(p, m, &legal, NULL), SHOGI_OK);
    return legal;
}

/* Info callback state. */
struct infos {
    int count;
    int last_depth;
    int monotonic;
    int bad;
    shogi_engine_t eng;
    int nested_status;
};

static void on_info(const shogi_search_info_t *info, void *user) {
    struct infos *st = (struct infos *)user;
    st->count++;
    if (info->depth < st->last_depth) st->monotonic = 0;
    st->last_depth = info->depth;
    if (info->pv_length < 1 || info->pv_length > SHOGI_MAX_PV || info->multipv < 1 ||
        (info->score_kind != SHOGI_SCORE_CP && info->score_kind != SHOGI_SCORE_MATE))
        st->bad++;
    if (st->eng != NULL && st->nested_status == 1) {
        /* A second search on the same engine from inside the callback. */
        shogi_position_t p = NULL;
        shogi_search_result_t r;
        shogi_position_new(&p, NULL);
        st->nested_status = shogi_engine_search(st->eng, p, NULL, NULL, NULL, &r, NULL);
        shogi_position_free(p, NULL);
    }
}

TEST(depth_search_with_callback) {
    shogi_engine_t eng = NULL;
    shogi_position_t p = NULL;
    shogi_search_limits_t lim;
    shogi_search_result_t r;
    struct infos st = {0, 0, 1, 0, NULL, 0};
    shogi_error_t err;
    CHECK_INT(shogi_engine_new(NULL, NULL, &eng, &err), SHOGI_OK);
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    memset(&lim, 0, sizeof lim);
    lim.depth = 5;
    st.eng = eng;
    st.nested_status = 1;
    CHECK_INT(shogi_engine_search(eng, p, &lim, on_info, &st, &r, &err), SHOGI_OK);
    CHECK_INT(st.nested_status, SHOGI_E_STATE);
    CHECK(st.count >= 5);
    CHECK(st.monotonic);
    CHECK_INT(st.bad, 0);
    CHECK_INT(st.last_depth, 5);
    CHECK_INT(r.depth, 5);
    CHECK(r.nodes > 0);
    CHECK(is_legal(p, r.best_move));
    CHECK(r.pv_length >= 1);
    CHECK_U64(r.pv[0], r.best_move);
    CHECK_INT(r.score_kind, SHOGI_SCORE_CP);
    CHECK_INT(r.line_count, 1);
    CHECK_U64(r.lines[0].pv[0], r.best_move);
    /* Same search again from a new game: the same node count. */
    {
        shogi_search_result_t r2;
        uint64_t n1 = r.nodes;
        CHECK_INT(shogi_engine_new_game(eng, NULL), SHOGI_OK);
        CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
        CHECK_INT(shogi_engine_new_game(eng, NULL), SHOGI_OK);
        CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r2, NULL), SHOGI_OK);
        CHECK_U64(r.nodes, r2.nodes);
        (void)n1;
    }
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_free(p, NULL), SHOGI_OK);
}

TEST(mate_resign_declaration) {
    shogi_engine_t eng = NULL;
    shogi_engine_options_t o;
    shogi_search_limits_t lim;
    shogi_search_result_t r;
    shogi_position_t p;
    memset(&o, 0, sizeof o);
    o.entering_king_rule = SHOGI_RULE_27;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, NULL), SHOGI_OK);
    memset(&lim, 0, sizeof lim);
    lim.depth = 10;
    /* Mate in 3 plies. */
    p = pos_from("9/k8/3R3n1/9/9/9/9/9/9 b SN 1");
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    CHECK_INT(r.score_kind, SHOGI_SCORE_MATE);
    CHECK(r.score > 0 && r.score <= 3);
    CHECK(r.value > 31000);
    CHECK(is_legal(p, r.best_move));
    CHECK_INT(r.pv_length, r.score);
    shogi_position_free(p, NULL);
    /* No legal move: resign, mated in 0. */
    p = pos_from("9/9/9/9/9/9/4g4/4g4/4K4 b - 1");
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    CHECK_U64(r.best_move, SHOGI_MOVE_RESIGN);
    CHECK_INT(r.score_kind, SHOGI_SCORE_MATE);
    CHECK_INT(r.score, 0);
    CHECK(r.value < 0);
    shogi_position_free(p, NULL);
    /* Declaration win under the 27-point rule. */
    p = pos_from("KGGGGSSSS/LLLL5/9/9/9/9/9/9/8k b 2R2B4N18P 1");
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    CHECK_U64(r.best_move, SHOGI_MOVE_WIN);
    shogi_position_free(p, NULL);
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
}

TEST(multipv_with_network) {
    shogi_network_t net = NULL;
    shogi_engine_t eng = NULL;
    shogi_engine_options_t o;
    shogi_search_limits_t lim;
    shogi_search_result_t r;
    shogi_position_t p = NULL;
    int i, j;
    CHECK_INT(shogi_network_make_test("test", 1, &net, NULL), SHOGI_OK);
    memset(&o, 0, sizeof o);
    o.multipv = 3;
    o.hash_mb = 4;
    CHECK_INT(shogi_engine_new(&o, net, &eng, NULL), SHOGI_OK);
    /* The engine keeps the network alive. */
    CHECK_INT(shogi_network_free(net, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    memset(&lim, 0, sizeof lim);
    lim.depth = 4;
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    CHECK_INT(r.line_count, 3);
    for (i = 0; i < r.line_count; i++) {
        CHECK(r.lines[i].pv_length >= 1);
        CHECK(is_legal(p, r.lines[i].pv[0]));
        for (j = 0; j < i; j++) CHECK(r.lines[i].pv[0] != r.lines[j].pv[0]);
        if (i > 0) CHECK(r.lines[i].value <= r.lines[i - 1].value);
    }
    CHECK_U64(r.best_move, r.lines[0].pv[0]);
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

/* The stopper thread: waits until the engine searches, then stops it. */
struct stopper {
    shogi_engine_t eng;
    int delay_ms;
    double stopped_at;
    int saw_searching;
    int status;
};

static void thread_main(void *arg) {
    struct stopper *s = (struct stopper *)arg;
    int32_t searching = 0;
    int i;
    for (i = 0; i < 5000 && !searching; i++) {
        shogi_engine_searching(s->eng, &searching, NULL);
        if (!searching) sleep_ms(1);
    }
    s->saw_searching = searching;
    if (s->delay_ms > 0) sleep_ms(s->delay_ms);
    s->stopped_at = now_ms();
    s->status = shogi_engine_stop(s->eng, NULL);
}

TEST(stop_from_another_thread) {
    shogi_network_t net = NULL;
    shogi_engine_t eng = NULL;
    shogi_engine_options_t o;
    shogi_search_limits_t lim;
    shogi_search_result_t r;
    shogi_position_t p = NULL;
    struct stopper s;
    thread_t t;
    double returned;
    int32_t searching = 1;
    CHECK_INT(shogi_network_make_test("test", 1, &net, NULL), SHOGI_OK);
    memset(&o, 0, sizeof o);
    o.threads = 2;
    CHECK_INT(shogi_engine_new(&o, net, &eng, NULL), SHOGI_OK);
    shogi_network_free(net, NULL);
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    memset(&lim, 0, sizeof lim);
    lim.infinite = 1;
    memset(&s, 0, sizeof s);
    s.eng = eng;
    s.delay_ms = 300;
    CHECK(thread_start(&t, &s));
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    returned = now_ms();
    thread_join(t);
    CHECK(s.saw_searching);
    CHECK_INT(s.status, SHOGI_OK);
    CHECK(returned - s.stopped_at < 500.0);
    CHECK(r.depth >= 1);
    CHECK(is_legal(p, r.best_move));
    CHECK_INT(shogi_engine_searching(eng, &searching, NULL), SHOGI_OK);
    CHECK_INT(searching, 0);
    /* A stop right as the search begins is not lost. */
    memset(&s, 0, sizeof s);
    s.eng = eng;
    CHECK(thread_start(&t, &s));
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
    returned = now_ms();
    thread_join(t);
    CHECK(s.saw_searching);
    CHECK(returned - s.stopped_at < 500.0);
    CHECK(is_legal(p, r.best_move));
    /* Movetime. */
    lim.infinite = 0;
    lim.movetime_ms = 200;
    {
        double t0 = now_ms(), el;
        CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, NULL), SHOGI_OK);
        el = now_ms() - t0;
        CHECK(el >= 150.0 && el < 1000.0);
    }
    /* Stop with no search running is a no-op. */
    CHECK_INT(shogi_engine_stop(eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

TEST(errors) {
    shogi_engine_t eng = NULL;
    shogi_engine_options_t o;
    shogi_search_limits_t lim;
    shogi_search_result_t r;
    shogi_position_t p = NULL;
    shogi_error_t err;
    memset(&o, 0, sizeof o);
    CHECK_INT(shogi_engine_new(NULL, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    o.multipv = SHOGI_MAX_MULTIPV + 1;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "multipv") != NULL);
    o.multipv = 0;
    o.fv_scale = 500;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, &err), SHOGI_E_INVALID_ARGUMENT);
    o.fv_scale = 0;
    o.entering_king_rule = 9;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, &err), SHOGI_E_INVALID_ARGUMENT);
    o.entering_king_rule = 0;
    CHECK_INT(shogi_engine_new(&o, NULL, &eng, &err), SHOGI_OK);
    o.threads = -1;
    CHECK_INT(shogi_engine_set_options(eng, &o, &err), SHOGI_E_INVALID_ARGUMENT);
    o.threads = 2;
    CHECK_INT(shogi_engine_set_options(eng, &o, &err), SHOGI_OK);
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    memset(&lim, 0, sizeof lim);
    lim.depth = -1;
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, &err), SHOGI_E_INVALID_ARGUMENT);
    lim.depth = 2;
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_engine_search(eng, NULL, &lim, NULL, NULL, &r, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_engine_search((shogi_engine_t)p, p, &lim, NULL, NULL, &r, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_engine_search(eng, (shogi_position_t)eng, &lim, NULL, NULL, &r, &err), SHOGI_E_BAD_HANDLE);
    lim.movetime_ms = -5;
    CHECK_INT(shogi_engine_search(eng, p, &lim, NULL, NULL, &r, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_engine_free(eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_stop(eng, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_engine_free(NULL, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
}

static uint64_t live_at_start;

TEST(no_leaked_handles) { CHECK_U64(shogi_live_handles(), live_at_start); }

int main(void) {
    live_at_start = shogi_live_handles();
    RUN(depth_search_with_callback);
    RUN(mate_resign_declaration);
    RUN(multipv_with_network);
    RUN(stop_from_another_thread);
    RUN(errors);
    RUN(no_leaked_handles);
    return harness_summary();
}
