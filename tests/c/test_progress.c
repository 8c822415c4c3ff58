/*
 * test_progress.c - periodic search progress through the C ABI: a 1.3 s
 * search reports every SHOGI_PROGRESS_INTERVAL_MS (0.5 and 1.0 s) with
 * growing nodes and a legal current move, the line callback never sees a
 * progress report, and the progress callback may stop the search.
 */
#include <shogi.h>

#include <string.h>

#include "harness.h"

typedef struct {
    shogi_position_t pos;
    shogi_engine_t eng;
    int lines, reports, stop_after;
    int64_t times[16];
    uint64_t last_nodes;
    int bad;
} record_t;

static void on_line(const shogi_search_info_t *info, void *user) {
    record_t *r = (record_t *)user;
    if (info->pv_length < 1) r->bad++;
    r->lines++;
}

static void on_progress(const shogi_search_progress_t *p, void *user) {
    record_t *r = (record_t *)user;
    int32_t legal = 0;
    if (p->nodes < r->last_nodes || p->depth < 1 || p->nps == 0) r->bad++;
    if (p->currmove != SHOGI_MOVE_NONE) {
        if (shogi_position_is_legal(r->pos, p->currmove, &legal, NULL) != SHOGI_OK || !legal ||
            p->currmove_number < 1)
            r->bad++;
    }
    r->last_nodes = p->nodes;
    if (r->reports < 16) r->times[r->reports] = p->time_ms;
    r->reports++;
    if (r->stop_after && r->reports == r->stop_after) shogi_engine_stop(r->eng, NULL);
}

TEST(reports_at_interval) {
    record_t r;
    shogi_search_limits_t lim;
    shogi_search_result_t res;
    int i;
    memset(&r, 0, sizeof r);
    memset(&lim, 0, sizeof lim);
    lim.movetime_ms = 1300;
    CHECK_INT(shogi_position_new(&r.pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_new(NULL, NULL, &r.eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search_progress(r.eng, r.pos, &lim, on_line, on_progress, &r, &res, NULL), SHOGI_OK);
    CHECK_INT(r.bad, 0);
    CHECK(r.lines > 0);
    /* 0.5 and 1.0 s; a starved search thread on a loaded machine may be late. */
    CHECK(r.reports >= 1 && r.reports <= 3);
    CHECK(r.times[0] >= SHOGI_PROGRESS_INTERVAL_MS);
    for (i = 1; i < r.reports && i < 16; i++)
        CHECK(r.times[i] - r.times[i - 1] >= SHOGI_PROGRESS_INTERVAL_MS - 1);
    CHECK(res.nodes >= r.last_nodes);
    shogi_engine_free(r.eng, NULL);
    shogi_position_free(r.pos, NULL);
}

/* The progress callback stops an infinite search after two reports. */
TEST(stop_from_progress) {
    record_t r;
    shogi_search_limits_t lim;
    shogi_search_result_t res;
    int32_t legal = 0;
    memset(&r, 0, sizeof r);
    memset(&lim, 0, sizeof lim);
    lim.infinite = 1;
    r.stop_after = 2;
    CHECK_INT(shogi_position_new(&r.pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_new(NULL, NULL, &r.eng, NULL), SHOGI_OK);
    CHECK_INT(shogi_engine_search_progress(r.eng, r.pos, &lim, NULL, on_progress, &r, &res, NULL), SHOGI_OK);
    CHECK_INT(r.reports, 2);
    CHECK_INT(shogi_position_is_legal(r.pos, res.best_move, &legal, NULL), SHOGI_OK);
    CHECK_INT(legal, 1);
    /* Errors as shogi_engine_search: a NULL result, a NULL engine. */
    CHECK_INT(shogi_engine_search_progress(r.eng, r.pos, &lim, NULL, on_progress, &r, NULL, NULL),
              SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_engine_search_progress(NULL, r.pos, &lim, NULL, on_progress, &r, &res, NULL),
              SHOGI_E_BAD_HANDLE);
    shogi_engine_free(r.eng, NULL);
    shogi_position_free(r.pos, NULL);
}

int main(void) {
    RUN(reports_at_interval);
    RUN(stop_from_progress);
    return harness_summary();
}
