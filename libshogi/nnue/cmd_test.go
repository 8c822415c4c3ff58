package nnue

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestShogiEvalGolden checks every golden row through the command-line
// tool: `shogi eval -net FILE -fvscale N` with the SFENs on standard input,
// and one row with the SFEN as arguments.
func TestShogiEvalGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shogi command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "shogi")
	if out, err := exec.Command(goBin, "build", "-o", bin, "github.com/libshogi/libshogi/cmd/shogi").CombinedOutput(); err != nil {
		t.Fatalf("building cmd/shogi: %v\n%s", err, out)
	}
	rows := goldenRows(t)
	files := map[string]string{}
	for name, n := range testNets(t) {
		files[name] = filepath.Join(dir, name+".bin")
		if err := n.Save(files[name]); err != nil {
			t.Fatal(err)
		}
	}
	type group struct{ net, fv string }
	groups := map[group][]goldenRow{}
	var order []group
	for _, r := range rows {
		g := group{r.net, strconv.Itoa(r.fvScale)}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], r)
	}
	checked := 0
	for _, g := range order {
		rs := groups[g]
		var in strings.Builder
		for _, r := range rs {
			in.WriteString(r.sfen + "\n")
		}
		cmd := exec.Command(bin, "eval", "-net", files[g.net], "-fvscale", g.fv)
		cmd.Stdin = strings.NewReader(in.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", g, err, stderr.String())
		}
		lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		if len(lines) != len(rs) {
			t.Fatalf("%v: %d output lines for %d SFENs", g, len(lines), len(rs))
		}
		for i, r := range rs {
			if lines[i] != strconv.Itoa(r.eval) {
				t.Errorf("%v %s: shogi eval printed %q, want %d", g, r.sfen, lines[i], r.eval)
			}
			checked++
		}
	}
	r := rows[len(rows)-1]
	args := append([]string{"eval", "-net", files[r.net], "-fvscale", strconv.Itoa(r.fvScale)}, strings.Fields(r.sfen)...)
	out, err := exec.Command(bin, args...).Output()
	if err != nil || strings.TrimSpace(string(out)) != strconv.Itoa(r.eval) {
		t.Errorf("shogi eval with SFEN arguments: %q, %v; want %d", out, err, r.eval)
	}
	// A bad file is an error message and exit status 1, not a crash.
	bad := filepath.Join(dir, "bad.bin")
	exec.Command("sh", "-c", fmt.Sprintf("head -c 1000 %s > %s", files["test"], bad)).Run()
	cmd := exec.Command(bin, "eval", "-net", bad, "startpos")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "truncated") {
		t.Errorf("bad net: %v, stderr %q", err, stderr.String())
	}
	t.Logf("%d golden rows checked through shogi eval", checked)
}
