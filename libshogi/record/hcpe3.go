package record

import (
	"bufio"
	"encoding/binary"
	"io"

	"github.com/libshogi/libshogi/libshogi/board"
)

// HCPE3Game is one game of a dlshogi hcpe3 file (specs/formats.md §6).
type HCPE3Game struct {
	Start    HCP
	Result   uint8 // GameResult in bits 0-1 plus flags
	Opponent uint8 // 0 self-play, 1 USI engine was Black, 2 it was White
	Moves    []HCPE3Move
}

// HCPE3Move is one MoveInfo with its candidate visits.
type HCPE3Move struct {
	Move16     uint16 // Apery move16 of the move played
	Eval       int16  // side to move's view
	Candidates []MoveVisits
}

// MoveVisits is one candidate move (Apery move16) and its visit count.
type MoveVisits struct {
	Move16 uint16
	Visits uint16
}

// HCPE3Reader reads hcpe3 games. The index in its errors is the game number.
// A bad game header or move stops or is skipped (the reader continues after
// the game's declared length), as the policy says; a truncated game ends
// the stream.
type HCPE3Reader struct {
	r       *bufio.Reader
	policy  ErrorPolicy
	index   int64
	skipped int64
	onSkip  func(*Error)
	done    bool
}

// NewHCPE3Reader reads games from r.
func NewHCPE3Reader(r io.Reader, policy ErrorPolicy) *HCPE3Reader {
	return &HCPE3Reader{r: bufio.NewReaderSize(r, 1<<16), policy: policy}
}

// OnSkip sets a function called with each skipped game's error.
func (r *HCPE3Reader) OnSkip(f func(*Error)) { r.onSkip = f }

// Skipped is the number of bad games skipped.
func (r *HCPE3Reader) Skipped() int64 { return r.skipped }

// Next reads the next game; io.EOF at the end.
func (r *HCPE3Reader) Next() (*HCPE3Game, *Diagram, error) {
	for {
		if r.done {
			return nil, nil, io.EOF
		}
		g, d, err, fatal := r.read()
		if err == nil {
			return g, d, nil
		}
		if fatal {
			r.done = true
		}
		e, ok := err.(*Error)
		if !ok || r.policy == StopOnError {
			return nil, nil, err
		}
		r.skipped++
		if r.onSkip != nil {
			r.onSkip(e)
		}
	}
}

func (r *HCPE3Reader) read() (g *HCPE3Game, d *Diagram, err error, fatal bool) {
	i := r.index
	var hdr [36]byte
	n, err := io.ReadFull(r.r, hdr[:])
	if err == io.EOF {
		return nil, nil, io.EOF, true
	}
	r.index++
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			return nil, nil, recErr("hcpe3", i, "truncated game header: %d of 36 bytes", n), true
		}
		return nil, nil, err, true
	}
	g = &HCPE3Game{Result: hdr[34], Opponent: hdr[35]}
	copy(g.Start[:], hdr[:32])
	num := int(binary.LittleEndian.Uint16(hdr[32:]))
	var bad *Error
	d = new(Diagram)
	if err := DecodeHCP(&g.Start, d); err != nil {
		bad = recErr("hcpe3", i, "start hcp: %s", err.(*Error).Msg)
	} else if e := checkResultByte("hcpe3", g.Result); e != nil {
		bad = recErr("hcpe3", i, "%s", e.Msg)
	} else if g.Opponent > 2 {
		bad = recErr("hcpe3", i, "opponent %d, want 0, 1 or 2", g.Opponent)
	}
	g.Moves = make([]HCPE3Move, 0, num)
	var mi [6]byte
	for k := 0; k < num; k++ {
		if _, err := io.ReadFull(r.r, mi[:]); err != nil {
			return nil, nil, recErr("hcpe3", i, "truncated at move %d of %d", k, num), true
		}
		m := HCPE3Move{
			Move16: binary.LittleEndian.Uint16(mi[0:]),
			Eval:   int16(binary.LittleEndian.Uint16(mi[2:])),
		}
		cn := int(binary.LittleEndian.Uint16(mi[4:]))
		if bad == nil {
			if err := Apery.Check(m.Move16); err != nil || m.Move16 == 0 {
				bad = recErr("hcpe3", i, "move %d: bad move16 %#04x", k, m.Move16)
			}
		}
		if cn > 0 {
			buf := make([]byte, 4*cn)
			if _, err := io.ReadFull(r.r, buf); err != nil {
				return nil, nil, recErr("hcpe3", i, "truncated in the candidates of move %d", k), true
			}
			m.Candidates = make([]MoveVisits, cn)
			for j := range m.Candidates {
				m.Candidates[j] = MoveVisits{binary.LittleEndian.Uint16(buf[4*j:]), binary.LittleEndian.Uint16(buf[4*j+2:])}
				if bad == nil {
					if err := Apery.Check(m.Candidates[j].Move16); err != nil {
						bad = recErr("hcpe3", i, "move %d candidate %d: %v", k, j, err)
					}
				}
			}
		}
		g.Moves = append(g.Moves, m)
	}
	if bad != nil {
		return nil, nil, bad, false
	}
	return g, d, nil, false
}

// AppendHCPE3 appends a game in hcpe3 form.
func AppendHCPE3(dst []byte, g *HCPE3Game) []byte {
	var b [36]byte
	copy(b[:], g.Start[:])
	binary.LittleEndian.PutUint16(b[32:], uint16(len(g.Moves)))
	b[34], b[35] = g.Result, g.Opponent
	dst = append(dst, b[:]...)
	for _, m := range g.Moves {
		dst = binary.LittleEndian.AppendUint16(dst, m.Move16)
		dst = binary.LittleEndian.AppendUint16(dst, uint16(m.Eval))
		dst = binary.LittleEndian.AppendUint16(dst, uint16(len(m.Candidates)))
		for _, c := range m.Candidates {
			dst = binary.LittleEndian.AppendUint16(dst, c.Move16)
			dst = binary.LittleEndian.AppendUint16(dst, c.Visits)
		}
	}
	return dst
}

// Replay plays the game from its start position, calling f with the
// position before each move (and the move, as a legal board.Move). An
// illegal move stops the replay with an error naming its index.
func (g *HCPE3Game) Replay(f func(p *board.Position, m board.Move, info *HCPE3Move) error) error {
	var d Diagram
	if err := DecodeHCP(&g.Start, &d); err != nil {
		return err
	}
	p, err := diagramPosition(&d)
	if err != nil {
		return recErr("hcpe3", -1, "start position: %v", err)
	}
	for i := range g.Moves {
		mi := &g.Moves[i]
		m, err := p.MoveFromMove16(Apery.ToYaneuraOu(mi.Move16))
		if err != nil {
			return recErr("hcpe3", -1, "move %d (%s): %v", i, Apery.USI(mi.Move16), err)
		}
		if f != nil {
			if err := f(p, m, mi); err != nil {
				return err
			}
		}
		p.DoMove(m)
	}
	return nil
}
