/*
 * bench_clock.h - timing helpers of the C benchmarks: a monotonic clock in
 * nanoseconds and the median of a few runs. Include it first after
 * defining _POSIX_C_SOURCE (for clock_gettime).
 */
#ifndef SHOGI_BENCH_CLOCK_H
#define SHOGI_BENCH_CLOCK_H

#include <stdlib.h>

#ifdef _WIN32
#include <windows.h>
static double now_ns(void) {
    static LARGE_INTEGER freq;
    LARGE_INTEGER t;
    if (!freq.QuadPart) QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart * 1e9 / (double)freq.QuadPart;
}
#else
#include <time.h>
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
#endif

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of v (sorted in place); *best, if not NULL, receives the
 * fastest run (robust on a busy machine). */
static double median_min(double *v, int n, double *best) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    if (best) *best = v[0];
    return v[n / 2];
}

#endif
