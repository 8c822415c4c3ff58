/*
 * threads.h - the portable threads of the C tests (Win32 or pthreads) and
 * the clock they time with. The including file defines
 *
 *     static void thread_main(void *arg);
 *
 * which thread_start runs on a new thread.
 */
#ifndef SHOGI_TEST_THREADS_H
#define SHOGI_TEST_THREADS_H

#include <stddef.h>

static void thread_main(void *arg);

#ifdef _WIN32
#include <windows.h>
typedef HANDLE thread_t;
static DWORD WINAPI thread_trampoline(LPVOID arg) {
    thread_main(arg);
    return 0;
}
static int thread_start(thread_t *t, void *arg) {
    *t = CreateThread(NULL, 0, thread_trampoline, arg, 0, NULL);
    return *t != NULL;
}
static void thread_join(thread_t t) {
    WaitForSingleObject(t, INFINITE);
    CloseHandle(t);
}
static inline double now_ms(void) { return (double)GetTickCount64(); }
static inline void sleep_ms(int ms) { Sleep((DWORD)ms); }
#else
#include <pthread.h>
#include <time.h>
typedef pthread_t thread_t;
static void *thread_trampoline(void *arg) {
    thread_main(arg);
    return NULL;
}
static int thread_start(thread_t *t, void *arg) {
    return pthread_create(t, NULL, thread_trampoline, arg) == 0;
}
static void thread_join(thread_t t) { pthread_join(t, NULL); }
static inline double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}
static inline void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}
#endif

#endif
