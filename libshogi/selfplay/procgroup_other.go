//go:build !unix

package selfplay

import "os/exec"

// ownProcessGroup: no process groups here; kill ends the engine process,
// and closing the output pipe ends the reader whatever its children do.
func ownProcessGroup(cmd *exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
