//go:build !linux

package nnue

// makeWeights returns a zeroed []int16 of length n for the feature
// transformer's weights (see the linux version for huge pages).
func makeWeights(n int) []int16 { return make([]int16, n) }
