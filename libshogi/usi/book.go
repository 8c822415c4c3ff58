package usi

import (
	"fmt"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/book"
	"github.com/libshogi/libshogi/libshogi/search"
)

// The book's options join the USI option list.
func init() {
	for _, o := range book.Options {
		opt := option{name: o.Name, def: o.Default, min: o.Min, max: o.Max}
		switch o.Kind {
		case book.OptionSpin:
			opt.kind = optSpin
		case book.OptionCheck:
			opt.kind = optCheck
		default:
			opt.kind = optFilename
		}
		optionList = append(optionList, opt)
	}
}

// bookState is the open book of a session and the settings it was opened with.
type bookState struct {
	sel *book.Selector
	sig string
}

// applyBook (re)opens the book when its options changed.
func (u *Engine) applyBook() {
	s := book.SettingsFrom(func(n string) string { return u.values[strings.ToLower(n)] })
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
func (u *Engine) bookGo(pos *board.Position, lim search.Limits, done chan struct{}) bool {
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
