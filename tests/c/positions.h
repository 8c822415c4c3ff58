/*
 * positions.h - helpers the C tests share once they need the library:
 * a position from SFEN that records a failure when the SFEN is refused,
 * and the tab-separated field splitter of the golden-data readers.
 * Include after harness.h.
 */
#ifndef SHOGI_TEST_POSITIONS_H
#define SHOGI_TEST_POSITIONS_H

#include <shogi.h>
#include <stdio.h>
#include <string.h>

/* pos_from returns the position of sfen, or NULL after recording a failure
 * of the running test with the library's message. */
static inline shogi_position_t pos_from(const char *sfen) {
    shogi_position_t p = NULL;
    shogi_error_t e;
    if (shogi_position_from_sfen(sfen, &p, &e) != SHOGI_OK) {
        char m[512];
        snprintf(m, sizeof m, "cannot load %s: %s", sfen, e.message);
        harness_fail(__FILE__, __LINE__, m);
        return NULL;
    }
    return p;
}

/* split_tabs cuts line (without its newline) at tabs into n fields (a
 * further tab ends the last one) and returns 1, or 0 when the line has fewer than n fields. */
static inline int split_tabs(char *line, char **fields, int n) {
    char *p = line;
    for (int i = 0; i < n; i++) {
        fields[i] = p;
        p = strchr(p, '\t');
        if (!p) return i == n - 1;
        *p++ = 0;
    }
    return 1;
}

#endif
