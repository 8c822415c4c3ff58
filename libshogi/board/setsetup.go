package board

// SetSetup sets p to the setup's position with the checks of FromSetup,
// reusing p's buffers: after the first call it allocates nothing, which is
// what bulk decoders (a Position per worker, millions of records) need.
// The error is a *SFENError naming the setup's SFEN. On error p is unchanged.
func (p *Position) SetSetup(d *Setup, opt SFENOptions) error {
	q := Position{kingSq: [2]Square{NoSquare, NoSquare}, startPly: 1}
	if cap(p.states) == 0 {
		p.states = make([]stateInfo, 1, initialStateCap)
	}
	q.states = p.states[:1:1] // a failed set must not write into p's history
	if err := q.setSetup(d, opt); err != nil {
		return &SFENError{SFEN: d.SFEN(), Msg: err.Error()}
	}
	q.states = p.states[:1]
	q.states[0] = *q.st()
	q.perftLists = p.perftLists
	*p = q
	return nil
}
