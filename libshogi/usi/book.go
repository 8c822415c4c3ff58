package usi

import (
	"fmt"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/book"
	"github.com/libshogi/libshogi/libshogi/search"
)

// bookState is the open book of a session and the settings it was opened with.
type bookState struct {
	sel *book.Selector
	sig string
}

// applyBook (re)opens the book when its options changed.
func (u *Session) applyBook() {
	s := book.SettingsFrom(u.values.Text)
	sig := fmt.Sprintf("%+v", s)
	if sig == u.book.sig {
		return
	}
	if u.book.sel != nil {
		u.book.sel.Close()
		u.book.sel = nil
	}
	u.book.sig = sig
	if s.File == "" {
		return
	}
	sel, err := book.NewSelector(s, time.Now().UnixNano())
	if err != nil {
		u.infoString("BookFile %s: %v; playing without a book", s.File, err)
		return
	}
	u.book.sel = sel
	u.infoString("book %s loaded", s.File)
}

// bookGo answers go from the book when a book move applies: an info line
// with the book line as its pv, then bestmove. It reports whether it did.
func (u *Session) bookGo(pos *board.Position, lim search.Limits, done chan struct{}) bool {
	if u.book.sel == nil || lim.Infinite || lim.Ponder {
		return false
	}
	c, ok, err := u.book.sel.Choose(pos)
	if err != nil {
		u.infoString("book: %v", err)
		return false
	}
	if !ok {
		return false
	}
	var b strings.Builder
	b.WriteString("info depth 1 seldepth 1")
	if c.Entry.Fields&book.HasEval != 0 {
		fmt.Fprintf(&b, " score cp %d", c.Entry.Eval)
	}
	b.WriteString(" nodes 0 nps 0 time 0 pv")
	for _, m := range c.PV {
		b.WriteByte(' ')
		b.WriteString(m.USI())
	}
	u.println(b.String())
	line := "bestmove " + c.Move.USI()
	if c.Ponder != board.MoveNone {
		line += " ponder " + c.Ponder.USI()
	}
	u.finish(line, done)
	return true
}
