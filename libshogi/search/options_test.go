package search

import (
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestOptionTableDefaultsValid(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range OptionTable() {
		if seen[strings.ToLower(o.Name)] {
			t.Errorf("%s twice", o.Name)
		}
		seen[strings.ToLower(o.Name)] = true
		if o.Help == "" {
			t.Errorf("%s has no help", o.Name)
		}
		if c, err := o.Check(o.Default); err != nil || c != o.Default {
			t.Errorf("%s: default %q -> %q, %v", o.Name, o.Default, c, err)
		}
	}
}

func TestOptionUSILines(t *testing.T) {
	want := map[string]string{
		"Threads":          "option name Threads type spin default 1 min 1 max 1024",
		"USI_Ponder":       "option name USI_Ponder type check default false",
		"EvalFile":         "option name EvalFile type string default <empty>",
		"EnteringKingRule": "option name EnteringKingRule type combo default CSARule27 var none var CSARule24 var CSARule24H var CSARule27 var CSARule27H var TryRule",
	}
	for name, line := range want {
		o, ok := LookupOption(strings.ToLower(name))
		if !ok {
			t.Fatalf("%s missing", name)
		}
		if got := o.USI(); got != line {
			t.Errorf("%s:\n got %s\nwant %s", name, got, line)
		}
	}
	if got := (Option{Name: "Clear Hash", Type: OptionButton}).USI(); got != "option name Clear Hash type button" {
		t.Errorf("button: %s", got)
	}
}

func TestOptionValuesSet(t *testing.T) {
	v := NewOptionValues()
	bad := [][2]string{
		{"Nope", "1"}, {"Threads", "0"}, {"Threads", "1025"}, {"Threads", "many"}, {"FV_SCALE", "129"},
		{"USI_Ponder", "maybe"}, {"EnteringKingRule", "Whatever"}, {"EvalFile", "a\x00b"}, {"MultiPV", ""},
	}
	for _, c := range bad {
		if err := v.Set(c[0], c[1]); err == nil {
			t.Errorf("Set(%q, %q) accepted", c[0], c[1])
		}
	}
	if !v.Equal(NewOptionValues()) {
		t.Fatal("a rejected value changed the values")
	}
	good := [][3]string{
		{"threads", "1024", "1024"}, {"USI_HASH", "+8", "8"}, {"EnteringKingRule", "NoEnteringKing", "none"},
		{"EvalFile", "nets/a b.bin", "nets/a b.bin"}, {"USI_Ponder", "true", "true"},
	}
	for _, c := range good {
		if err := v.Set(c[0], c[1]); err != nil {
			t.Fatalf("Set(%q, %q): %v", c[0], c[1], err)
		}
		if got, _ := v.Get(c[0]); got != c[2] {
			t.Errorf("Get(%q) = %q, want %q", c[0], got, c[2])
		}
	}
	c := v.Clone()
	if !c.Equal(v) {
		t.Fatal("clone differs")
	}
	c.Set("Threads", "2")
	if c.Equal(v) || v.Int("Threads") != 1024 {
		t.Fatal("clone shares its values")
	}
}

func TestOptionValuesEngineOptions(t *testing.T) {
	v := NewOptionValues()
	o := v.EngineOptions()
	if o.Threads != 1 || o.HashMB != 16 || o.MultiPV != 1 || o.EnteringKingRule != board.RuleCSA27 ||
		o.ResignValue != 0 || o.NetworkDelay != 120*time.Millisecond || o.MaxMovesToDraw != 0 {
		t.Fatalf("defaults: %+v", o)
	}
	for _, s := range [][2]string{{"Threads", "3"}, {"USI_Hash", "2"}, {"MultiPV", "4"}, {"EnteringKingRule", "TryRule"},
		{"MaxMovesToDraw", "256"}, {"ResignValue", "1000"}, {"NetworkDelay", "0"}} {
		if err := v.Set(s[0], s[1]); err != nil {
			t.Fatal(err)
		}
	}
	o = v.EngineOptions()
	if o.Threads != 3 || o.HashMB != 2 || o.MultiPV != 4 || o.EnteringKingRule != board.RuleTry ||
		o.MaxMovesToDraw != 256 || o.ResignValue != 1000*PawnValue/100 || o.NetworkDelay != 0 {
		t.Fatalf("set: %+v", o)
	}
	v.Set("ResignValue", "99999")
	if v.EngineOptions().ResignValue != 0 {
		t.Fatal("ResignValue 99999 must mean never")
	}
}

func TestOptionEvalPath(t *testing.T) {
	cases := []struct{ file, dir, want string }{
		{"<empty>", "<empty>", ""},
		{"a.bin", "<empty>", "a.bin"},
		{"<empty>", "eval", "eval/nn.bin"},
		{"a.bin", "eval", "eval/a.bin"},
		{"/abs/a.bin", "eval", "/abs/a.bin"},
		{"default", "eval", "default"}, // evaluation names ignore EvalDir
		{"builtin", "eval", "builtin"},
		{"./default", "eval", "eval/default"},
	}
	for _, c := range cases {
		v := NewOptionValues()
		v.Set("EvalFile", c.file)
		v.Set("EvalDir", c.dir)
		if got := v.EvalPath(); got != c.want {
			t.Errorf("%q %q: %q, want %q", c.file, c.dir, got, c.want)
		}
	}
}

func TestRegisterOptions(t *testing.T) {
	n := len(OptionTable())
	RegisterOptions(Option{Name: "TestBookFile", Type: OptionFilename, Default: EmptyValue, Help: "test"})
	defer func() { // leave the table as the other tests expect it
		optionsMu.Lock()
		options = options[:n]
		optionsMu.Unlock()
	}()
	tab := OptionTable()
	if len(tab) != n+1 || tab[n].Name != "TestBookFile" {
		t.Fatalf("not appended: %d options", len(tab))
	}
	v := NewOptionValues()
	if err := v.Set("testbookfile", "book.db"); err != nil || v.Text("TestBookFile") != "book.db" {
		t.Fatalf("set: %v", err)
	}
	for _, bad := range []Option{
		{Name: "threads", Type: OptionSpin, Default: "1", Min: 1, Max: 2},
		{Name: "TestSpin", Type: OptionSpin, Default: "5", Min: 1, Max: 2},
		{Name: "TestCombo", Type: OptionCombo, Default: "c", Choices: []string{"a", "b"}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s registered", bad.Name)
				}
			}()
			RegisterOptions(bad)
		}()
	}
	if len(OptionTable()) != n+1 {
		t.Fatal("a rejected option joined the table")
	}
}
