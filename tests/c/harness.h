/*
 * harness.h - a tiny test harness for the C tests of libshogi.
 *
 * A test file defines its tests with TEST(name) { ... } and lists them in
 * main with RUN(name). CHECK-style macros record a failure (with file and
 * line) and go on; a test passes when none of its checks failed. main ends
 * with `return harness_summary();`, which prints the closing line
 * "N passed, N failed" and returns the exit status.
 */
#ifndef SHOGI_TEST_HARNESS_H
#define SHOGI_TEST_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int harness_passed;
static int harness_failed;
static int harness_current_failed;
static const char *harness_current;

#define TEST(name) static void test_##name(void)

#define RUN(name)                                                          \
    do {                                                                   \
        harness_current = #name;                                           \
        harness_current_failed = 0;                                        \
        test_##name();                                                     \
        if (harness_current_failed) {                                      \
            harness_failed++;                                              \
            printf("FAIL %s\n", #name);                                    \
        } else {                                                           \
            harness_passed++;                                              \
            printf("ok   %s\n", #name);                                    \
        }                                                                  \
        fflush(stdout);                                                    \
    } while (0)

static void harness_fail(const char *file, int line, const char *what) {
    harness_current_failed = 1;
    printf("  %s:%d: %s: %s\n", file, line, harness_current, what);
}

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) harness_fail(__FILE__, __LINE__, "CHECK(" #cond ")"); \
    } while (0)

#define CHECK_INT(actual, expected)                                        \
    do {                                                                   \
        long long a_ = (long long)(actual), e_ = (long long)(expected);    \
        if (a_ != e_) {                                                    \
            char m_[256];                                                  \
            snprintf(m_, sizeof m_, "%s == %lld, expected %s == %lld",     \
                     #actual, a_, #expected, e_);                          \
            harness_fail(__FILE__, __LINE__, m_);                          \
        }                                                                  \
    } while (0)

#define CHECK_U64(actual, expected)                                        \
    do {                                                                   \
        uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);       \
        if (a_ != e_) {                                                    \
            char m_[256];                                                  \
            snprintf(m_, sizeof m_, "%s == %" PRIu64 ", expected %" PRIu64, \
                     #actual, a_, e_);                                     \
            harness_fail(__FILE__, __LINE__, m_);                          \
        }                                                                  \
    } while (0)

#define CHECK_STR(actual, expected)                                        \
    do {                                                                   \
        const char *a_ = (actual), *e_ = (expected);                       \
        if (a_ == NULL || strcmp(a_, e_) != 0) {                           \
            char m_[1024];                                                  \
            snprintf(m_, sizeof m_, "%s == \"%s\", expected \"%s\"",       \
                     #actual, a_ ? a_ : "(null)", e_);                     \
            harness_fail(__FILE__, __LINE__, m_);                          \
        }                                                                  \
    } while (0)

static int harness_summary(void) {
    printf("%d passed, %d failed\n", harness_passed, harness_failed);
    return harness_failed == 0 ? 0 : 1;
}

#endif
