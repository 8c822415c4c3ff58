/* wine_probe.c - the smallest Windows program: scripts/test.d/25-windows.sh
 * runs it first to tell "Wine cannot run programs here" apart from a
 * failure of libshogi's Windows tests. It does not use libshogi. */
#include <stdio.h>

int main(void) {
    printf("wine probe ok\n");
    return 0;
}
