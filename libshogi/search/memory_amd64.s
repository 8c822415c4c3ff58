#include "textflag.h"

// func prefetch(addr unsafe.Pointer)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func storeEntry(e *ttEntry, check, data uint64)
TEXT ·storeEntry(SB), NOSPLIT, $0-24
	MOVQ e+0(FP), AX
	MOVQ check+8(FP), BX
	MOVQ data+16(FP), CX
	MOVQ CX, 8(AX) // data first, like the portable version
	MOVQ BX, 0(AX)
	RET
