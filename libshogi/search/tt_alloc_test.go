package search

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestHashTooLargeKeepsTable: a table the machine cannot give (32 GB in a
// process limited to 16 GB of address space) is an error, and the engine
// keeps its table and options and still searches. It runs in a child
// process with RLIMIT_AS, where the old code's fallback to the Go heap
// ended the process with "fatal error: runtime: out of memory".
func TestHashTooLargeKeepsTable(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_AS child: Linux only")
	}
	if os.Getenv("LIBSHOGI_TT_CHILD") == "1" {
		hashTooLargeChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHashTooLargeKeepsTable$", "-test.v")
	cmd.Env = append(os.Environ(), "LIBSHOGI_TT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "child: table kept") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func hashTooLargeChild(t *testing.T) {
	const limit = 16 << 30
	if err := limitAddressSpace(limit); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{HashMB: 32768}); err == nil || !strings.Contains(err.Error(), "32768 MB") {
		t.Fatalf("New with 32768 MB: %v", err)
	}
	opts := DefaultOptions()
	opts.HashMB = 64
	e := NewEngine(opts)
	big := opts
	big.HashMB, big.MultiPV = 32768, 2
	if err := e.SetOptions(big); err == nil {
		t.Fatal("SetOptions with 32768 MB: no error")
	}
	if got := e.Options(); got.HashMB != 64 || got.MultiPV != 1 || e.tt.SizeMB() != 64 {
		t.Fatalf("after the failed resize: options %+v, table %d MB", got, e.tt.SizeMB())
	}
	r := e.Search(mustPos(t, "startpos"), Limits{Depth: 3}, nil)
	if r.Depth != 3 || len(r.PV) == 0 {
		t.Fatalf("search after the failed resize: %+v", r)
	}
	t.Log("child: table kept")
}
