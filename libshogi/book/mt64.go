package book

// mt19937_64 is the 64-bit Mersenne Twister (Matsumoto and Nishimura,
// 2004), written from its published definition. Apery's book keys are
// drawn from it, so it must match the reference output bit for bit.
type mt19937_64 struct {
	mt  [mtN]uint64
	idx int
}

const (
	mtN       = 312
	mtM       = 156
	mtMatrixA = 0xB5026F5AA96619E9
	mtUpper   = 0xFFFFFFFF80000000 // most significant 33 bits
	mtLower   = 0x000000007FFFFFFF // least significant 31 bits
)

// newMT19937_64 seeds the generator the way init_genrand64 does.
func newMT19937_64(seed uint64) *mt19937_64 {
	g := &mt19937_64{idx: mtN}
	g.mt[0] = seed
	for i := 1; i < mtN; i++ {
		prev := g.mt[i-1]
		g.mt[i] = 6364136223846793005*(prev^(prev>>62)) + uint64(i)
	}
	return g
}

func (g *mt19937_64) twist() {
	for i := 0; i < mtN; i++ {
		x := g.mt[i]&mtUpper | g.mt[(i+1)%mtN]&mtLower
		y := x >> 1
		if x&1 != 0 {
			y ^= mtMatrixA
		}
		g.mt[i] = g.mt[(i+mtM)%mtN] ^ y
	}
	g.idx = 0
}

// next returns the next tempered 64-bit output.
func (g *mt19937_64) next() uint64 {
	if g.idx >= mtN {
		g.twist()
	}
	x := g.mt[g.idx]
	g.idx++
	x ^= (x >> 29) & 0x5555555555555555
	x ^= (x << 17) & 0x71D67FFFEDA60000
	x ^= (x << 37) & 0xFFF7EEE000000000
	x ^= x >> 43
	return x
}
