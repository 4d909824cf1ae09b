package main

import (
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// watchAssets asks for a restart (same binary, same arguments) when the
// asset manifest changes, so `make dev` picks up every rebuild. Only with
// PORTAL_DEV=1 and PORTAL_ASSETS_DIR set. run drains and closes everything,
// then main calls reexec.
func watchAssets(dir string, log *slog.Logger, restart func()) {
	manifest := filepath.Join(dir, "manifest.json")
	mtime := func() time.Time {
		if st, err := os.Stat(manifest); err == nil {
			return st.ModTime()
		}
		return time.Time{}
	}
	seen := mtime()
	for range time.Tick(500 * time.Millisecond) {
		if m := mtime(); !m.Equal(seen) {
			time.Sleep(200 * time.Millisecond) // let the build finish writing
			log.Info("assets changed: restarting")
			restart()
			return
		}
	}
}

// reexec replaces the process with a fresh start of the same binary.
func reexec(log *slog.Logger) {
	exe, err := os.Executable()
	if err != nil {
		log.Error("restart", "err", err)
		os.Exit(1)
	}
	if err := syscall.Exec(exe, os.Args, os.Environ()); err != nil {
		log.Error("restart", "err", err)
		os.Exit(1)
	}
}
