/*
 * bcryptprimitives.c - a stand-in for Windows' bcryptprimitives.dll, for
 * running Go programs under Wine versions that lack it (Debian 12's Wine 8.0).
 *
 * Go 1.22+ programs on Windows take their random numbers from
 * bcryptprimitives.dll!ProcessPrng, loaded from the system directory at
 * start-up; without the DLL the Go runtime stops with
 * "fatal error: bcryptprimitives.dll not found". Windows 10+ always has it.
 * scripts/test.d/25-windows.sh copies this DLL into the system directory of
 * its private Wine prefix only when Wine lacks it. It is never shipped.
 */
#include <windows.h>

/* advapi32!SystemFunction036, also known as RtlGenRandom. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG n = length > 0x40000000u ? 0x40000000u : (ULONG)length;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
