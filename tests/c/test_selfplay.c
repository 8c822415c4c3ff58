/*
 * test_selfplay.c - self-play through the C ABI: teacher generation with a
 * progress callback (through the library's trampoline), resuming, re-scoring,
 * a match, a stop from another thread, and argument errors.
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "threads.h"

#define OUT_DIR "test_selfplay_out"

static long file_size(const char *path) {
    FILE *f = fopen(path, "rb");
    long n;
    if (f == NULL) return -1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fclose(f);
    return n;
}

struct progress {
    int count;
    int done;
    int bad;
    int64_t last_positions;
};

static void on_progress(const shogi_selfplay_progress_t *p, void *user) {
    struct progress *st = (struct progress *)user;
    st->count++;
    if (p->positions < st->last_positions || p->elapsed_ms < 0) st->bad++;
    st->last_positions = p->positions;
    if (p->done) st->done++;
}

static const char *gen_options(int games) {
    static char buf[256];
    snprintf(buf, sizeof buf,
             "depth=2\ngames=%d\nwrite-minply=1\nrandom-moves=4\nrandom-maxply=8\n"
             "o=" OUT_DIR "\nprefix=c\nformat=psv\nseed=3",
             games);
    return buf;
}

TEST(gensfen_resume_rescore) {
    shogi_gensfen_result_t r, r2, rs;
    struct progress st = {0, 0, 0, 0};
    shogi_error_t err;
    long size;
    remove(OUT_DIR "/c-00000.bin");
    remove(OUT_DIR "/c.state.json");
    CHECK_INT(shogi_gensfen_run(NULL, NULL, gen_options(2), on_progress, &st, &r, &err), SHOGI_OK);
    CHECK_INT(r.games, 2);
    CHECK(r.positions > 0);
    CHECK(r.plies >= r.positions);
    CHECK(r.worker_ms >= r.search_ms);
    CHECK_INT(file_size(OUT_DIR "/c-00000.bin"), r.positions * 40);
    CHECK(st.count >= 1);
    CHECK_INT(st.done, 1);
    CHECK_INT(st.bad, 0);
    CHECK_INT(st.last_positions, r.positions);

    /* The same options with a higher target resume the run. */
    CHECK_INT(shogi_gensfen_run(NULL, NULL, gen_options(3), NULL, NULL, &r2, &err), SHOGI_OK);
    CHECK_INT(r2.games, 3);
    CHECK(r2.positions > r.positions);
    size = file_size(OUT_DIR "/c-00000.bin");
    CHECK_INT(size, r2.positions * 40);

    /* Re-score the file with the test net. */
    CHECK_INT(shogi_rescore_run(NULL, NULL,
                                "input=" OUT_DIR "/c-00000.bin;output=" OUT_DIR "/re.bin;depth=1;net=test;threads=2",
                                NULL, NULL, &rs, &err), SHOGI_OK);
    CHECK_INT(rs.positions, r2.positions);
    CHECK_INT(file_size(OUT_DIR "/re.bin"), size);
    remove(OUT_DIR "/re.bin");
    remove(OUT_DIR "/c-00000.bin");
    remove(OUT_DIR "/c.state.json");
}

struct stopper {
    shogi_selfplay_job_t job;
    int status;
};

static void thread_main(void *arg) {
    struct stopper *s = (struct stopper *)arg;
    sleep_ms(300);
    s->status = shogi_selfplay_job_stop(s->job, NULL);
}

TEST(stop_from_another_thread) {
    shogi_selfplay_job_t job = NULL;
    shogi_gensfen_result_t r;
    struct stopper s;
    thread_t t;
    shogi_error_t err;
    double t0;
    CHECK_INT(shogi_selfplay_job_new(&job, &err), SHOGI_OK);
    s.job = job;
    s.status = -100;
    remove(OUT_DIR "/stop-00000.bin");
    remove(OUT_DIR "/stop.state.json");
    CHECK(thread_start(&t, &s));
    t0 = now_ms();
    CHECK_INT(shogi_gensfen_run(job, NULL, "depth=3;games=1000000;o=" OUT_DIR ";prefix=stop;write-minply=1",
                                NULL, NULL, &r, &err), SHOGI_OK);
    thread_join(t);
    CHECK_INT(s.status, SHOGI_OK);
    CHECK_INT(r.stopped, 1);
    CHECK(r.games < 1000000);
    CHECK(now_ms() - t0 < 30000);
    CHECK_INT(file_size(OUT_DIR "/stop-00000.bin") == -1 ? 0 : file_size(OUT_DIR "/stop-00000.bin"), r.positions * 40);
    /* A stop with nothing running is a no-op; the job can run again. */
    CHECK_INT(shogi_selfplay_job_stop(job, &err), SHOGI_OK);
    CHECK_INT(shogi_selfplay_job_free(job, &err), SHOGI_OK);
    remove(OUT_DIR "/stop-00000.bin");
    remove(OUT_DIR "/stop.state.json");
}

TEST(match_in_process) {
    shogi_match_result_t m;
    struct progress st = {0, 0, 0, 0};
    shogi_network_t net = NULL;
    shogi_error_t err;
    int i, pairs = 0;
    CHECK_INT(shogi_network_make_test("test", 1, &net, &err), SHOGI_OK);
    CHECK_INT(shogi_match_run(NULL, net, NULL, "a=depth=2,name=net\nb=depth=1\npairs=2\nmax-ply=200", on_progress, &st, &m, &err),
              SHOGI_OK);
    CHECK_INT(m.games, 4);
    CHECK_INT(m.wins + m.draws + m.losses, 4);
    for (i = 0; i < 5; i++) pairs += m.penta[i];
    CHECK_INT(pairs, 2);
    CHECK_INT(m.faults, 0);
    CHECK_INT(m.stopped, 0);
    CHECK(m.elo_low <= m.elo && m.elo <= m.elo_high);
    CHECK_INT(st.count, 2);
    /* A USI player takes no network. */
    CHECK_INT(shogi_match_run(NULL, NULL, net, "a=depth=1\nb=usi=/bin/false,depth=1", NULL, NULL, &m, &err),
              SHOGI_E_INVALID_ARGUMENT);
    shogi_network_free(net, NULL);
}

TEST(argument_errors) {
    shogi_gensfen_result_t r;
    shogi_match_result_t m;
    shogi_error_t err;
    shogi_selfplay_job_t bogus = (shogi_selfplay_job_t)(uintptr_t)0x7fff12;
    CHECK_INT(shogi_gensfen_run(NULL, NULL, "depth=2;games=1;colour=red", NULL, NULL, &r, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "colour") != NULL);
    CHECK_INT(shogi_gensfen_run(NULL, NULL, "games=1", NULL, NULL, &r, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_gensfen_run(NULL, NULL, NULL, NULL, NULL, &r, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_gensfen_run(NULL, NULL, "depth=1;games=1", NULL, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_gensfen_run(bogus, NULL, "depth=1;games=1", NULL, NULL, &r, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_selfplay_job_stop(bogus, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_selfplay_job_new(NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_selfplay_job_free(NULL, &err), SHOGI_OK);
    CHECK_INT(shogi_rescore_run(NULL, NULL, "input=/nonexistent.bin;output=/tmp/x.bin;depth=1", NULL, NULL, &r, &err),
              SHOGI_E_IO);
    CHECK_INT(shogi_match_run(NULL, NULL, NULL, "a=depth=1", NULL, NULL, &m, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_match_run(NULL, NULL, NULL, "a=depth=1\nb=depth=1\nsprt=1,0,2,2", NULL, NULL, &m, &err),
              SHOGI_E_INVALID_ARGUMENT);
}

int main(void) {
    RUN(gensfen_resume_rescore);
    RUN(stop_from_another_thread);
    RUN(match_in_process);
    RUN(argument_errors);
    remove(OUT_DIR); /* empty by now (POSIX remove deletes an empty directory) */
    return harness_summary();
}
