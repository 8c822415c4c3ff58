//go:build unix

package selfplay

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// silentWrapper is an engine behind a wrapper script that starts it as a
// child (no exec): the child answers usi and isready but never go, and it
// shares the wrapper's stdout.
const silentWrapper = `sh -c 'while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; esac; done'; exit 0`

// A timed-out engine is killed with its whole process group: before, the
// wrapper died but its child kept the output pipe open and the match hung.
func TestUSIPlayerTimeoutKillsWrappedEngine(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatal(err)
	}
	p := NewUSIPlayer(USIConfig{
		Command:    "sh",
		Args:       []string{"-c", silentWrapper},
		Limits:     search.Limits{MoveTime: 50 * time.Millisecond},
		MoveMargin: 100 * time.Millisecond,
	})
	done := make(chan error, 1)
	go func() {
		ctx := context.Background()
		if err := p.NewGame(ctx); err != nil {
			done <- err
			return
		}
		_, err := p.Move(ctx, &GameState{StartSFEN: board.StartSFEN, Pos: board.NewPosition()})
		if err == nil {
			done <- errors.New("the silent engine made a move")
			return
		}
		var pe *PlayerError
		if !errors.As(err, &pe) || pe.Reason != ReasonTimeout {
			done <- err
			return
		}
		// The next game starts a fresh engine: the old one is gone.
		done <- p.NewGame(ctx)
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the player hung after the engine's time loss")
	}
	p.kill()
}
