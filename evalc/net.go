package evalc

/*
#cgo CFLAGS: -O2 -fvisibility=hidden
#include "evalc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// Net is a HalfKP L1x2-32-32 net copied into C memory with its tables.
// Free releases it (after the stacks that use it).
type Net struct {
	c       *C.ec_net
	fvScale int
}

// ErrLayout is returned for a net whose layout the C stack does not run.
var ErrLayout = errors.New("evalc: the C stack runs HalfKP nets of layout halfkp_<L1>x2-32-32 only")

// Supports reports whether the C stack runs net's layout.
func Supports(net *nnue.Net) bool {
	a := net.Arch
	return a.Kind == nnue.Classic && a.Features.Kind == nnue.KindHalfKP && len(a.Hidden) == 2 &&
		a.Hidden[0] == C.EC_H1 && a.Hidden[1] == C.EC_H2 && a.HalfDims%16 == 0 && a.HalfDims <= 4096
}

// NewNet copies net into C memory: its weights in the kernels' layouts and
// the feature tables of HalfKP.
func NewNet(net *nnue.Net) (*Net, error) {
	if !Supports(net) {
		return nil, fmt.Errorf("%w (got %s)", ErrLayout, net.Arch.Name())
	}
	half, dims := net.Arch.HalfDims, net.Arch.Features.Dims
	c := C.ec_net_new(C.int32_t(half), C.int32_t(dims))
	if c == nil {
		return nil, fmt.Errorf("evalc: out of memory for a net of %d x %d weights", dims, half)
	}
	copy(unsafe.Slice((*int16)(unsafe.Pointer(c.ft_bias)), half), net.FTBias)
	copy(unsafe.Slice((*int16)(unsafe.Pointer(c.ft_weight)), dims*half), net.FTWeight)
	l1, l2, out := &net.Layers[0], &net.Layers[1], &net.Layers[2]
	blockWeights(unsafe.Slice((*int8)(unsafe.Pointer(c.l1_weight)), 2*half*C.EC_H1), l1)
	blockWeights(unsafe.Slice((*int8)(unsafe.Pointer(c.l2_weight)), C.EC_H1*C.EC_H2), l2)
	copy(unsafe.Slice((*int32)(unsafe.Pointer(c.l1_bias)), C.EC_H1), l1.Bias)
	copy(unsafe.Slice((*int32)(unsafe.Pointer(c.l2_bias)), C.EC_H2), l2.Bias)
	copy(unsafe.Slice((*int8)(unsafe.Pointer(c.out_weight)), C.EC_H2), out.Weight[:out.In])
	lanes := unsafe.Slice((*int32)(unsafe.Pointer(c.out_lanes)), C.EC_H2)
	for i, w := range out.Weight[:out.In] {
		lanes[i] = int32(uint8(w)) // the weight's byte in the low byte of a lane, zeros above
	}
	c.out_bias = C.int32_t(out.Bias[0])
	c.l1_group = C.int32_t(asm.GroupLimit(asm.MaxAbs(l1.Weight)))
	c.l2_group = C.int32_t(asm.GroupLimit(asm.MaxAbs(l2.Weight)))
	fillTables(c.tables, net.Arch.Features.Stride)
	c.level = C.int32_t(DefaultLevel())
	return &Net{c: c, fvScale: net.FVScale}, nil
}

// Free releases the C memory; the net must not be used after it.
func (n *Net) Free() {
	if n.c != nil {
		C.ec_net_free(n.c)
		n.c = nil
	}
}

// pieceOf decodes a piece code as the C ABI defines it (evalbackend's
// codes: one convention for the whole library).
func pieceOf(code int) (board.Piece, error) { return evalbackend.PieceOf(int32(code)) }

// blockWeights writes layer l's weights (Out rows of PaddedIn) in the
// kernels' blocked layout: per group of 4 inputs, 32 outputs of 4 bytes
// (the operand of one VPDPBUSD per 16 outputs).
func blockWeights(dst []int8, l *nnue.Layer) {
	in := l.PaddedIn()
	for g := 0; g < in/4; g++ {
		for o := 0; o < l.Out; o++ {
			for j := 0; j < 4; j++ {
				dst[(g*l.Out+o)*4+j] = l.Weight[o*in+4*g+j]
			}
		}
	}
}

// fillTables writes the HalfKP tables: every fact the C stack uses about
// pieces, hands and features.
func fillTables(t *C.ec_tables, stride int) {
	for p := board.Black; p <= board.White; p++ {
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			t.king_offset[p][sq] = C.int32_t(nnue.KingIndex(p, sq) * stride)
		}
		for owner := board.Black; owner <= board.White; owner++ {
			for pt := board.Pawn; pt <= board.Gold; pt++ {
				t.hand_bona[p][owner][pt] = C.uint16_t(nnue.HandBona(p, owner, pt, 0))
			}
		}
	}
	for code := 0; code < C.EC_CODES; code++ {
		t.color_of[code] = 2
		pc, err := pieceOf(code)
		if err != nil {
			continue
		}
		c, pt := pc.Color(), pc.Type()
		t.color_of[code] = C.uint8_t(c)
		if pt == board.King {
			t.is_king[code] = 1
			continue
		}
		for p := board.Black; p <= board.White; p++ {
			for sq := board.Square(0); sq < board.NumSquares; sq++ {
				t.board_bona[p][code][sq] = C.uint16_t(nnue.BoardBona(p, pc, sq))
			}
		}
		if pt.CanPromote() {
			t.promoted[code] = C.uint8_t(board.NewPiece(c, pt.Promoted()))
		}
		t.hand_type[code] = C.uint8_t(pt.Unpromoted())
		if pt <= board.Gold {
			t.drop_code[c][pt] = C.uint8_t(pc)
		}
	}
	t.zero_bona = nnue.BonaZero
}
