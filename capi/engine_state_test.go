package main

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/search"
)

// Issue 22 item 15: a search call on a busy engine is refused before it
// touches anything, so the running search keeps a stop request that
// arrived while it was being set up.
func TestBusyEngineKeepsStopRequest(t *testing.T) {
	en := &engineHandle{e: search.NewEngine(search.DefaultOptions())}
	if err := en.begin(); err != nil {
		t.Fatal(err)
	}
	en.requestStop() // the first search is still setting up
	if err := en.begin(); codeOf(err) != statusState {
		t.Fatalf("second search on a busy engine: %v", err)
	}
	if !en.stopReq {
		t.Fatal("the second search call cleared the first search's stop request")
	}
	en.end()
	en.requestStop() // no search: a no-op
	if err := en.begin(); err != nil || en.stopReq {
		t.Fatalf("a new search starts without an old stop request: %v %v", err, en.stopReq)
	}
	en.end()
}
