package main

/*
#include "capi.h"
*/
import "C"

import (
	"time"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// recordNode finds the node of a C path (depth 0: the root, path may be NULL).
func recordNode(g *record.Game, path *C.uint32_t, depth C.size_t) (*record.Node, error) {
	if depth > 0 && path == nil {
		return nil, errNull("path")
	}
	if uint64(depth) > 1<<20 {
		return nil, errorf(statusInvalidArgument, "path depth %d: too deep", uint64(depth))
	}
	var steps []int
	if depth > 0 {
		for _, s := range unsafe.Slice((*uint32)(unsafe.Pointer(path)), int(depth)) {
			steps = append(steps, int(min(s, 1<<30)))
		}
	}
	n, err := g.NodeAt(steps)
	if err != nil {
		return nil, wrap(statusInvalidArgument, err)
	}
	return n, nil
}

func withRecordNode(cerr *C.shogi_error_t, h C.shogi_record_t, path *C.uint32_t, depth C.size_t,
	body func(g *record.Game, n *record.Node) error) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		n, err := recordNode(g, path, depth)
		if err != nil {
			return err
		}
		return body(g, n)
	})
}

//export shogi_record_node
func shogi_record_node(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, out *C.shogi_record_node_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		if out == nil {
			return errNull("out")
		}
		*out = C.shogi_record_node_t{}
		out.move = C.uint32_t(n.Move)
		out.child_count = C.int32_t(len(n.Children))
		out.has_time = boolInt(n.HasTime)
		out.time_ms = C.int64_t(n.Time.Milliseconds())
		if s, ok := n.EngineScore(); ok {
			out.has_score, out.score = 1, C.int32_t(s)
		}
		return nil
	})
}

//export shogi_record_node_children
func shogi_record_node_children(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, moves *C.uint32_t, capacity C.size_t,
	count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		ms := make([]board.Move, len(n.Children))
		for i, c := range n.Children {
			ms[i] = c.Move
		}
		return writeMoves(ms, moves, capacity, count)
	})
}

//export shogi_record_node_comment
func shogi_record_node_comment(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, buf *C.char, capacity C.size_t,
	needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		return writeString(n.CommentText(), buf, capacity, needed)
	})
}

//export shogi_record_node_set_comment
func shogi_record_node_set_comment(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, text *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		s, err := goString(text, "text")
		if err != nil {
			return err
		}
		n.SetCommentText(s)
		return nil
	})
}

//export shogi_record_node_set_time
func shogi_record_node_set_time(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, timeMs C.int64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		if timeMs < 0 {
			n.SetTime(-1)
			return nil
		}
		n.SetTime(time.Duration(min(int64(timeMs), int64(1)<<40)) * time.Millisecond)
		return nil
	})
}

//export shogi_record_node_add_move
func shogi_record_node_add_move(h C.shogi_record_t, path *C.uint32_t, depth C.size_t, move C.uint32_t, index *C.uint32_t,
	cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecordNode(cerr, h, path, depth, func(g *record.Game, n *record.Node) error {
		if index == nil {
			return errNull("index")
		}
		i, err := g.AddVariation(n, board.Move(move))
		if err != nil {
			return wrap(statusIllegalMove, err)
		}
		*index = C.uint32_t(i)
		return nil
	})
}
