package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/book"
	"github.com/libshogi/libshogi/libshogi/record"
)

func init() {
	register("book", "opening books: probe, convert, merge, build (YaneuraOu .db/.ybb, Apery book.bin; book -h)", runBook)
}

const bookUsage = `usage: shogi book <command> [flags] ...

  probe   [-format f] [-disk] [-flipped] BOOK [startpos | sfen <sfen>] [moves m1 m2 ...]
          prints the book moves of the position as DB2016 move lines
          (exit status 1 when the position is not in the book)
  convert [-from f] [-to f] SRC DST
  merge   [-to f] [-top N] -o DST SRC...
          counts add up, the deeper analysis' eval wins
  build   [-to f] [-max-ply N] [-min-count N] [-top N] [-eval] -o DST FILES...
          from game records (.csa .kif .kifu .ki2, one or more games per CSA
          file) and PSV training files (.psv, or any file with -psv)

Formats: db (YaneuraOu DB2016 text), ybb (YaneuraOu binary), bin (Apery /
dlshogi book.bin); from the file when reading, from the extension when
writing (.ybb, .bin, anything else is text). book.bin holds only position
hashes: converting from it follows its moves from the start position.
`

func runBook(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(os.Stderr, bookUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	sub := map[string]func([]string) error{
		"probe": bookProbe, "convert": bookConvert, "merge": bookMerge, "build": bookBuild,
	}[args[0]]
	if sub == nil {
		fmt.Fprintf(os.Stderr, "shogi book: unknown command %q\n%s", args[0], bookUsage)
		return 2
	}
	if err := sub(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if errors.Is(err, errNotInBook) {
			fmt.Fprintln(os.Stderr, "shogi book probe: the position is not in the book")
			return 1
		}
		fmt.Fprintln(os.Stderr, "shogi book "+args[0]+":", err)
		return 1
	}
	return 0
}

var errNotInBook = errors.New("not in book")

func formatFlag(s string) (book.Format, error) {
	if s == "" {
		return book.FormatUnknown, nil
	}
	return book.ParseFormat(s)
}

// bookPosition reads "[startpos | sfen <4 fields>] [moves ...]".
func bookPosition(args []string) (*board.Position, error) {
	p := board.NewPosition()
	i := 0
	if i < len(args) && args[i] == "startpos" {
		i++
	} else if i < len(args) && args[i] == "sfen" {
		end := i + 1
		for end < len(args) && args[end] != "moves" {
			end++
		}
		var err error
		if p, err = board.FromSFEN(strings.Join(args[i+1:end], " ")); err != nil {
			return nil, err
		}
		i = end
	}
	if i < len(args) {
		if args[i] != "moves" {
			return nil, fmt.Errorf("unexpected %q (want startpos, sfen ... or moves ...)", args[i])
		}
		for _, u := range args[i+1:] {
			m, err := p.ParseMove(u)
			if err != nil {
				return nil, err
			}
			p.DoMove(m)
		}
	}
	return p, nil
}

func bookProbe(args []string) error {
	fs := flag.NewFlagSet("book probe", flag.ContinueOnError)
	format := fs.String("format", "", "book format: db, ybb or bin (default: detected)")
	disk := fs.Bool("disk", false, "probe a text book on disk (it must be sorted) instead of loading it")
	flipped := fs.Bool("flipped", false, "also look up the position seen from the other side")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return errors.New("usage: shogi book probe [flags] BOOK [startpos | sfen ...] [moves ...]")
	}
	f, err := formatFlag(*format)
	if err != nil {
		return err
	}
	p, err := bookPosition(fs.Args()[1:])
	if err != nil {
		return err
	}
	mode := book.ModeAuto
	if *disk {
		mode = book.ModeOnDisk
	}
	pr, err := book.Open(fs.Arg(0), book.OpenOptions{Format: f, Mode: mode})
	if err != nil {
		return err
	}
	defer pr.Close()
	ms, err := book.Lookup(pr, p, *flipped)
	if err != nil {
		return err
	}
	if len(ms) == 0 {
		return errNotInBook
	}
	e := &book.Entry{SFEN: book.SFENKey(p), Ply: p.Ply(), Moves: ms}
	one := book.New()
	one.Put(e)
	var sb strings.Builder
	if err := book.WriteText(&sb, one); err != nil {
		return err
	}
	// Drop the header line: print the position and its moves.
	text := sb.String()
	fmt.Print(text[strings.IndexByte(text, '\n')+1:])
	return nil
}

func bookConvert(args []string) error {
	fs := flag.NewFlagSet("book convert", flag.ContinueOnError)
	from := fs.String("from", "", "input format (default: detected)")
	to := fs.String("to", "", "output format (default: from the extension)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return errors.New("usage: shogi book convert [-from f] [-to f] SRC DST")
	}
	ff, err := formatFlag(*from)
	if err != nil {
		return err
	}
	tf, err := formatFlag(*to)
	if err != nil {
		return err
	}
	b, err := book.ReadFile(fs.Arg(0), ff)
	if err != nil {
		return err
	}
	if err := book.WriteFile(fs.Arg(1), b, tf); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions written to %s\n", b.Len(), fs.Arg(1))
	return nil
}

func bookMerge(args []string) error {
	fs := flag.NewFlagSet("book merge", flag.ContinueOnError)
	to := fs.String("to", "", "output format (default: from the extension)")
	out := fs.String("o", "", "output book (required)")
	top := fs.Int("top", 0, "keep the N best moves of each position (0: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("usage: shogi book merge [-to f] [-top N] -o DST SRC...")
	}
	tf, err := formatFlag(*to)
	if err != nil {
		return err
	}
	m := book.New()
	for _, src := range fs.Args() {
		b, err := book.ReadFile(src, book.FormatUnknown)
		if err != nil {
			return err
		}
		m.Merge(b)
	}
	if *top > 0 {
		m.KeepTop(*top)
	}
	if err := book.WriteFile(*out, m, tf); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions written to %s\n", m.Len(), *out)
	return nil
}

func bookBuild(args []string) error {
	fs := flag.NewFlagSet("book build", flag.ContinueOnError)
	to := fs.String("to", "", "output format (default: from the extension)")
	out := fs.String("o", "", "output book (required)")
	maxPly := fs.Int("max-ply", 0, "positions up to this move number (0: all)")
	minCount := fs.Int("min-count", 0, "drop moves played fewer times")
	top := fs.Int("top", 0, "keep the N most played moves of each position (0: all)")
	eval := fs.Bool("eval", false, "store an eval from each move's results (600 ln(s/(1-s)))")
	psv := fs.Bool("psv", false, "read every input as PSV (PackedSfenValue), whatever its extension")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("usage: shogi book build [flags] -o DST FILES...")
	}
	tf, err := formatFlag(*to)
	if err != nil {
		return err
	}
	bl := book.NewBuilder(book.BuildOptions{MaxPly: *maxPly, MinCount: *minCount, TopN: *top, Eval: *eval})
	for _, path := range fs.Args() {
		if *psv || strings.EqualFold(filepath.Ext(path), ".psv") {
			err = buildFromPSV(bl, path)
		} else {
			err = buildFromRecord(bl, path)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	b := bl.Book()
	if err := book.WriteFile(*out, b, tf); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games, %d PSV records: %d positions written to %s\n", bl.Games, bl.Records, b.Len(), *out)
	return nil
}

func buildFromRecord(bl *book.Builder, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text, _ := record.DecodeText(data)
	if record.DetectFormat(text) == record.RecordCSA {
		games, err := record.ParseCSAAll(text)
		if err != nil {
			return err
		}
		for _, g := range games {
			if err := bl.AddGame(g); err != nil {
				return err
			}
		}
		return nil
	}
	g, _, err := record.ReadRecord(data, record.RecordAuto)
	if err != nil {
		return err
	}
	return bl.AddGame(g)
}

func buildFromPSV(bl *book.Builder, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := record.NewPSVReader(f, record.StopOnError)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		bl.AddPSV(rec, r.Diagram())
	}
}
