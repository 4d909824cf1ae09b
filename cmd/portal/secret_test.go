package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Processes starting together on one data directory must all end up with
// the secret that is on disk, or their sessions and tokens would not verify
// on each other.
func TestLoadSecretConcurrentStartsAgree(t *testing.T) {
	t.Setenv("PORTAL_SECRET", "")
	dir := t.TempDir()
	const n = 16
	var wg sync.WaitGroup
	secrets := make([][]byte, n)
	errs := make([]error, n)
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			secrets[i], errs[i] = loadSecret(dir)
		}()
	}
	close(start)
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("loadSecret %d: %v", i, errs[i])
		}
		if !bytes.Equal(secrets[i], secrets[0]) {
			t.Fatalf("loadSecret %d returned a different secret than 0", i)
		}
	}
	again, err := loadSecret(dir)
	if err != nil || !bytes.Equal(again, secrets[0]) {
		t.Fatalf("a later start read %x, %v; want the first secret", again, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "secret" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("data dir holds %v; want only the secret (no temporary files left)", names)
	}
	if st, _ := os.Stat(filepath.Join(dir, "secret")); st.Mode().Perm() != 0o600 {
		t.Errorf("secret mode %v, want 0600", st.Mode().Perm())
	}
}

func TestLoadSecretInvalidFile(t *testing.T) {
	t.Setenv("PORTAL_SECRET", "")
	for name, content := range map[string]string{"not hex": "zz not hex\n", "too short": "abcd\n", "empty": ""} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "secret")
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := loadSecret(dir)
			if err == nil || !strings.Contains(err.Error(), path+" is not a valid secret; remove it to generate a new one") {
				t.Fatalf("err = %v; want the invalid-secret message naming %s", err, path)
			}
			if b, _ := os.ReadFile(path); string(b) != content {
				t.Errorf("the invalid file was rewritten: %q", b)
			}
		})
	}
}

func TestLoadSecretFromEnvironment(t *testing.T) {
	t.Setenv("PORTAL_SECRET", "short")
	if _, err := loadSecret(t.TempDir()); err == nil || !strings.Contains(err.Error(), "PORTAL_SECRET must be") {
		t.Fatalf("err = %v; want the PORTAL_SECRET message", err)
	}
}
