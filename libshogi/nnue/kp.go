package nnue

// KP is the "K+P" feature set (kp_256x2-32-32): every piece's BonaPiece
// from the perspective, kings included on their own planes (own king
// 1548+sq, other king 1629+sq), with no king-square product, so that a king
// move never forces a refresh. Missing pieces contribute index 0.
var KP = registerFeatureSet(FeatureSet{Kind: KindKP, Short: "kp", Name: "K+P",
	Dims: EKingEnd, Hash: combineHash(0xD3CEE169, 0x764CFB4B), MaxActive: MaxPieces + 2, Kings: true, Stride: EKingEnd})

// combineHash is the hash of a feature set made of the parts a and b.
func combineHash(a, b uint32) uint32 { return a ^ (b << 1) ^ (b >> 31) }
