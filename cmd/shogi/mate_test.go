package main

import "testing"

func TestMateCommand(t *testing.T) {
	out, code := runShogi(t, "", "mate", "-hash", "4", "9/k8/3R3n1/9/9/9/9/9/9", "b", "SN", "1")
	if code != 0 || out != "mate 3 S*9c 9b8a 6c6a+\n" {
		t.Fatalf("mate in 3: %q (exit %d)", out, code)
	}
	// Stdin: a pawn-drop mate is no mate; -fill hands the defender the rest.
	in := "8k/9/6NG1/9/9/9/9/9/9 b P 1\n8k/9/6NG1/9/9/9/9/9/9 b L 1\nnot an sfen\n"
	out, code = runShogi(t, in, "mate", "-hash", "4", "-fill")
	if code != 1 || out != "nomate\nmate 1 L*1b\n" {
		t.Fatalf("stdin: %q (exit %d)", out, code)
	}
	if _, code := runShogi(t, "", "mate", "-hash", "0", "startpos"); code != 2 {
		t.Fatalf("-hash 0: exit %d", code)
	}
}
