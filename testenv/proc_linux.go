//go:build linux

package testenv

import "syscall"

// A test binary killed by `go test -timeout` never runs its cleanups; the
// parent-death signal keeps it from leaving redis-servers behind.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
