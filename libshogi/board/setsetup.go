package board

// SetSetup sets p to the setup's position with the checks of FromSetup,
// reusing p's buffers: after the first call it allocates nothing, which is
// what bulk decoders (a Position per worker, millions of records) need.
// The error is a *SFENError naming the setup's SFEN. On error p is unchanged.
func (p *Position) SetSetup(d *Setup, opt SFENOptions) error {
	if err := p.setSetup(d, opt); err != nil {
		return &SFENError{SFEN: d.SFEN(), Msg: err.Error()}
	}
	return nil
}
