package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

func init() {
	register("convert", "convert records: CSA, KIF, KI2, SFEN lists, PSV, hcpe, NDJSON (convert -h)", runConvert)
}

// Formats convert knows. Game formats hold a whole game; position formats
// hold one position (plus move, score, result) per record.
var convertExt = map[string]string{
	".csa": "csa", ".kif": "kif", ".kifu": "kif", ".ki2": "ki2", ".ki2u": "ki2",
	".sfen": "sfen", ".txt": "sfen", ".bin": "psv", ".psv": "psv", ".hcpe": "hcpe", ".hcpe3": "hcpe3",
	".ndjson": "ndjson", ".jsonl": "ndjson",
}

func isGameFormat(f string) bool { return f == "csa" || f == "kif" || f == "ki2" }

const convertUsage = `usage: shogi convert [flags] [input files...]

Reads records from the input files (or standard input) and writes them in
another format to -o (or standard output).

  game formats:     csa, kif, ki2 (a whole game; KIF/KI2 keep variations)
  position formats: sfen (one SFEN per line), psv (PackedSfenValue, 40 bytes),
                    hcpe (38 bytes), ndjson (one JSON object per position:
                    {"sfen":..., "move":"7g7f", "score":0, "result":1, "ply":1})
  input only:       hcpe3 (dlshogi self-play games: every move's position,
                    with its eval and the game's result)

A game converts to a position format as the positions of its main line,
each with the move played, the score of a "'** <score>" / "**評価値=" engine
comment (turned to the side to move's view) and the game's result.
Formats come from the file extensions (.csa .kif .kifu .ki2 .sfen .txt .bin
.psv .hcpe .ndjson .jsonl) unless -from / -to are given.

flags:
`

type posRecord struct {
	d        record.Diagram
	move     uint16 // YaneuraOu move16, 0 = none
	score    int
	result   int // for the side to move: 1 win, -1 loss, 0 draw/unknown
	hasScore bool
}

type ndjsonRecord struct {
	SFEN   string `json:"sfen"`
	Move   string `json:"move,omitempty"`
	Score  *int   `json:"score,omitempty"`
	Result *int   `json:"result,omitempty"`
	Ply    int    `json:"ply,omitempty"`
}

func runConvert(args []string) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), convertUsage)
		fs.PrintDefaults()
	}
	from := fs.String("from", "", "input format (csa, kif, ki2, sfen, psv, hcpe, ndjson)")
	to := fs.String("to", "", "output format")
	out := fs.String("o", "", "output file (default standard output)")
	enc := fs.String("encoding", "", "text encoding of KIF/KI2/CSA output: sjis, utf8 or utf8bom (default: sjis for .kif/.ki2, utf8 otherwise)")
	csaVer := fs.String("csa-version", "V3.0", "CSA version to write: V3.0 or V2.2")
	skip := fs.Bool("skip-bad", false, "skip bad PSV/hcpe records (reported on standard error) instead of stopping")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	inputs := fs.Args()
	inFmt := *from
	if inFmt == "" {
		if len(inputs) == 0 {
			fmt.Fprintln(os.Stderr, "convert: -from is needed when reading standard input")
			return 2
		}
		inFmt = convertExt[strings.ToLower(filepath.Ext(inputs[0]))]
		if inFmt == "" {
			fmt.Fprintf(os.Stderr, "convert: cannot tell the format of %s; use -from\n", inputs[0])
			return 2
		}
	}
	outFmt := *to
	if outFmt == "" && *out != "" {
		outFmt = convertExt[strings.ToLower(filepath.Ext(*out))]
	}
	if outFmt == "" {
		fmt.Fprintln(os.Stderr, "convert: give -to or an -o file with a known extension")
		return 2
	}
	for _, f := range []string{inFmt, outFmt} {
		switch f {
		case "csa", "kif", "ki2", "sfen", "psv", "hcpe", "ndjson", "hcpe3":
		default:
			fmt.Fprintf(os.Stderr, "convert: unknown format %q\n", f)
			return 2
		}
	}
	if outFmt == "hcpe3" {
		fmt.Fprintln(os.Stderr, "convert: hcpe3 is read only")
		return 2
	}
	if isGameFormat(outFmt) && !isGameFormat(inFmt) {
		fmt.Fprintf(os.Stderr, "convert: cannot make %s games from %s positions\n", outFmt, inFmt)
		return 2
	}
	encoding := record.UTF8
	switch *enc {
	case "":
		if (outFmt == "kif" || outFmt == "ki2") && !strings.HasSuffix(*out, "u") {
			encoding = record.ShiftJIS
		}
	case "sjis", "shift_jis", "cp932":
		encoding = record.ShiftJIS
	case "utf8", "utf-8":
	case "utf8bom":
		encoding = record.UTF8BOM
	default:
		fmt.Fprintf(os.Stderr, "convert: unknown encoding %q\n", *enc)
		return 2
	}
	if *csaVer != "V3.0" && *csaVer != "V2.2" {
		fmt.Fprintln(os.Stderr, "convert: -csa-version must be V3.0 or V2.2")
		return 2
	}

	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "convert:", err)
			return 1
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	defer bw.Flush()

	c := &converter{
		inFmt: inFmt, outFmt: outFmt, w: bw, enc: encoding, csaVersion: *csaVer,
		policy: record.StopOnError,
	}
	if *skip {
		c.policy = record.SkipBadRecords
	}
	status := 0
	if len(inputs) == 0 {
		if err := c.convert("stdin", os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, "convert:", err)
			status = 1
		}
	}
	for _, name := range inputs {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "convert:", err)
			status = 1
			continue
		}
		if err := c.convert(name, f); err != nil {
			fmt.Fprintf(os.Stderr, "convert: %s: %v\n", name, err)
			status = 1
		}
		f.Close()
	}
	if err := c.flush(); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		status = 1
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		status = 1
	}
	if c.games > 0 || c.positions > 0 {
		fmt.Fprintf(os.Stderr, "convert: %d games, %d positions written", c.games, c.positions)
		if c.skipped > 0 {
			fmt.Fprintf(os.Stderr, ", %d bad records skipped", c.skipped)
		}
		fmt.Fprintln(os.Stderr)
	}
	return status
}

type converter struct {
	inFmt, outFmt string
	w             *bufio.Writer
	enc           record.Encoding
	csaVersion    string
	policy        record.ErrorPolicy
	games         int
	positions     int
	skipped       int64
	psv           *record.PSVWriter
	hcpe          *record.HCPEWriter
}

func (c *converter) flush() error {
	if c.psv != nil {
		if err := c.psv.Flush(); err != nil {
			return err
		}
	}
	if c.hcpe != nil {
		return c.hcpe.Flush()
	}
	return nil
}

func (c *converter) convert(name string, r io.Reader) error {
	if isGameFormat(c.inFmt) {
		data, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		f := map[string]record.RecordFormat{"csa": record.RecordCSA, "kif": record.RecordKIF, "ki2": record.RecordKI2}[c.inFmt]
		games, _, err := record.ReadRecords(data, f)
		if err != nil {
			return err
		}
		for _, g := range games {
			for _, w := range g.Warnings {
				fmt.Fprintf(os.Stderr, "convert: %s: %s\n", name, w)
			}
			if err := c.game(g); err != nil {
				return err
			}
		}
		return nil
	}
	return c.positionsFrom(r)
}

func (c *converter) game(g *record.Game) error {
	c.games++
	switch c.outFmt {
	case "csa":
		if c.games > 1 {
			c.w.WriteString("/\n")
		}
		data, err := record.WriteCSA(g, record.CSAOptions{Version: c.csaVersion, Encoding: c.enc})
		if err != nil {
			return err
		}
		_, err = c.w.Write(data)
		return err
	case "kif":
		data, err := record.WriteKIF(g, record.KIFOptions{Encoding: c.enc})
		if err != nil {
			return err
		}
		_, err = c.w.Write(data)
		return err
	case "ki2":
		data, err := record.WriteKI2(g, record.KIFOptions{Encoding: c.enc})
		if err != nil {
			return err
		}
		_, err = c.w.Write(data)
		return err
	}
	// Positions of the main line.
	p, err := g.StartPosition()
	if err != nil {
		return err
	}
	outcome := g.Result()
	emit := func(move uint16, n *record.Node) error {
		rec := posRecord{d: p.Setup(), move: move, result: int(outcome.Relative(p.SideToMove()))}
		if n != nil {
			if s, ok := n.EngineScore(); ok {
				// The engine comment after a move is the mover's search
				// score, from Black's view; like dlshogi's csa_to_hcpe it
				// labels the position the move was played from.
				if p.SideToMove() == board.White {
					s = -s
				}
				rec.score, rec.hasScore = s, true
			}
		}
		return c.position(&rec)
	}
	for _, n := range g.MainLine() {
		if err := emit(n.Move.Move16(), n); err != nil {
			return err
		}
		p.DoMove(n.Move)
	}
	if c.outFmt == "sfen" || c.outFmt == "ndjson" {
		return emit(0, nil)
	}
	return nil
}

func (c *converter) positionsFrom(r io.Reader) error {
	switch c.inFmt {
	case "psv":
		rd := record.NewPSVReader(r, c.policy)
		rd.OnSkip(func(e *record.Error) { c.skipped++; fmt.Fprintln(os.Stderr, "convert: skipped:", e) })
		for {
			p, err := rd.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if done, err := c.binary(rd.Raw(), record.PSVSize, "psv", "hcpe", record.PSVToHCPE); done {
				if err != nil {
					return fmt.Errorf("record %d: %v", rd.Index(), err)
				}
				continue
			}
			rec := posRecord{d: *rd.Diagram(), move: p.Move, score: int(p.Score), hasScore: true, result: int(p.Result)}
			if err := c.position(&rec); err != nil {
				return err
			}
		}
	case "hcpe3":
		rd := record.NewHCPE3Reader(r, c.policy)
		rd.OnSkip(func(e *record.Error) { c.skipped++; fmt.Fprintln(os.Stderr, "convert: skipped:", e) })
		for game := 0; ; game++ {
			g, _, err := rd.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			err = g.Replay(func(p *board.Position, m board.Move, mi *record.HCPE3Move) error {
				rec := posRecord{d: p.Setup(), move: m.Move16(), score: int(mi.Eval), hasScore: true,
					result: int(record.OutcomeFromHCPE(g.Result).Relative(p.SideToMove()))}
				return c.position(&rec)
			})
			if err != nil {
				if c.policy == record.StopOnError {
					return fmt.Errorf("game %d: %v", game, err)
				}
				c.skipped++
				fmt.Fprintf(os.Stderr, "convert: skipped the rest of game %d: %v\n", game, err)
			}
		}
	case "hcpe":
		rd := record.NewHCPEReader(r, c.policy)
		rd.OnSkip(func(e *record.Error) { c.skipped++; fmt.Fprintln(os.Stderr, "convert: skipped:", e) })
		for {
			h, err := rd.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if done, err := c.binary(rd.Raw(), record.HCPESize, "hcpe", "psv", record.HCPEToPSV); done {
				if err != nil {
					return fmt.Errorf("record %d: %v", rd.Index(), err)
				}
				continue
			}
			d := rd.Diagram()
			rec := posRecord{d: *d, move: record.Apery.ToYaneuraOu(h.BestMove16), score: int(h.Eval), hasScore: true,
				result: int(record.OutcomeFromHCPE(h.GameResult).Relative(d.Side))}
			if err := c.position(&rec); err != nil {
				return err
			}
		}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		var rec posRecord
		var err error
		if c.inFmt == "ndjson" {
			err = parseNDJSONPosition(t, &rec)
		} else {
			rec.d, err = record.ParseDiagram(t)
		}
		if err != nil {
			return fmt.Errorf("line %d: %v", line, err)
		}
		if err := c.position(&rec); err != nil {
			return fmt.Errorf("line %d: %v", line, err)
		}
	}
	return sc.Err()
}

func parseNDJSONPosition(t string, rec *posRecord) error {
	var j ndjsonRecord
	if err := json.Unmarshal([]byte(t), &j); err != nil {
		return err
	}
	d, err := record.ParseDiagram(j.SFEN)
	if err != nil {
		return err
	}
	if j.Ply > 0 {
		d.Ply = j.Ply
	}
	rec.d = d
	if j.Move != "" && j.Move != "none" {
		p, err := board.FromSetup(&d, board.SFENOptions{})
		if err != nil {
			return err
		}
		m, err := p.ParseMove(j.Move)
		if err != nil {
			return err
		}
		rec.move = m.Move16()
	}
	if j.Score != nil {
		rec.score, rec.hasScore = *j.Score, true
	}
	if j.Result != nil {
		if *j.Result < -1 || *j.Result > 1 {
			return fmt.Errorf("result %d, want -1, 0 or 1", *j.Result)
		}
		rec.result = *j.Result
	}
	return nil
}

// binary writes a checked binary record of format from straight to the
// output when the output is the same format (its bytes unchanged) or the
// other binary format (through the library's conversion); done is false
// for the other outputs.
func (c *converter) binary(raw []byte, size int, from, other string, convert func(in, out []byte) error) (done bool, err error) {
	switch c.outFmt {
	case from:
		c.positions++
		_, err = c.w.Write(raw[:size])
		return true, err
	case other:
		out := make([]byte, map[string]int{"psv": record.PSVSize, "hcpe": record.HCPESize}[other])
		if err := convert(raw[:size], out); err != nil {
			return true, err
		}
		c.positions++
		_, err = c.w.Write(out)
		return true, err
	}
	return false, nil
}

// clamp16 saturates a score to the int16 range the binary formats hold
// (a value that fits, -32768 included, is kept).
func clamp16(v int) int16 {
	return int16(max(min(v, 32767), -32768))
}

func (c *converter) position(rec *posRecord) error {
	c.positions++
	switch c.outFmt {
	case "sfen":
		_, err := c.w.WriteString(rec.d.SFEN() + "\n")
		return err
	case "ndjson":
		j := ndjsonRecord{SFEN: rec.d.SFEN(), Ply: rec.d.Ply}
		if rec.move != 0 {
			j.Move = board.Move(rec.move).USI()
		}
		if rec.hasScore {
			s := rec.score
			j.Score = &s
		}
		r := rec.result
		j.Result = &r
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		c.w.Write(b)
		return c.w.WriteByte('\n')
	case "psv":
		if c.psv == nil {
			c.psv = record.NewPSVWriter(c.w)
		}
		p, err := record.NewPSV(&rec.d, clamp16(rec.score), rec.move, int8(rec.result))
		if err != nil {
			return err
		}
		return c.psv.Write(&p)
	case "hcpe":
		if c.hcpe == nil {
			c.hcpe = record.NewHCPEWriter(c.w)
		}
		res := record.OutcomeFromRelative(int8(rec.result), rec.d.Side).HCPE()
		h, err := record.NewHCPE(&rec.d, clamp16(rec.score), record.Apery.FromYaneuraOu(rec.move), res)
		if err != nil {
			return err
		}
		return c.hcpe.Write(&h)
	}
	return fmt.Errorf("cannot write %s", c.outFmt)
}
