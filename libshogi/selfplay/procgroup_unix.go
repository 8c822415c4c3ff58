//go:build unix

package selfplay

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the engine in a process group of its own, so that
// killing it also kills what a wrapper script started: a child left alive
// keeps the output pipe open, and the match would wait for it forever.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the engine and everything in its group.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
