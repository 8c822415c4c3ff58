package asm

//go:generate sh -c "cd gen && go run ./argmax -out ../argmax_amd64.s -stubs ../argmax_stub_amd64.go -pkg asm"

// argMaxMinLen is the shortest slice ArgMaxInt32 hands to the kernel: below
// it the call costs more than the scan.
const argMaxMinLen = 16

// ArgMaxInt32 returns the index of the first greatest value of s, which
// must not be empty. A search's move picker asks it once per move it hands
// out, over the scores of the moves not yet handed out (a hundred quiet
// moves and drops is common in shogi): the AVX2 form compares eight scores
// at a time.
func ArgMaxInt32(s []int32) int {
	if UseAVX2 && len(s) >= argMaxMinLen {
		return argMaxAVX2(&s[0], len(s))
	}
	return argMaxGo(s)
}

// ArgMaxInt32Go is the twin of ArgMaxInt32.
func ArgMaxInt32Go(s []int32) int { return argMaxGo(s) }

func argMaxGo(s []int32) int {
	best, bv := 0, s[0]
	for i, v := range s[1:] {
		if v > bv {
			best, bv = 1+i, v
		}
	}
	return best
}
