package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDataFileCurrent(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	want, files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join(root, dataFile))
	if err != nil {
		t.Fatalf("%v; run `%s`", err, regenerate)
	}
	if !bytes.Equal(have, want) {
		t.Fatalf("%s is stale (flag-icons, currency or the payout catalogue changed): run `%s`", dataFile, regenerate)
	}
	entries, err := os.ReadDir(filepath.Join(root, filesDir))
	if err != nil {
		t.Fatalf("%v; run `%s`", err, regenerate)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		b, err := os.ReadFile(filepath.Join(root, filesDir, e.Name()))
		if err != nil || !bytes.Equal(b, files[e.Name()]) {
			t.Errorf("%s/%s is stale or not generated: run `%s`", filesDir, e.Name(), regenerate)
		}
	}
	if len(names) != len(files) {
		t.Errorf("%s holds %d files, want %d: run `%s`", filesDir, len(names), len(files), regenerate)
	}
}

func TestFlags(t *testing.T) {
	root, _ := filepath.Abs("../..")
	b, files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	var flags map[string]Flag
	if err := json.Unmarshal(b, &flags); err != nil {
		t.Fatal(err)
	}
	dk := flags["DK"]
	svg := string(files[strings.TrimPrefix(dk.File, "flags/")])
	if dk.Name != "Denmark" || !strings.HasPrefix(dk.File, "flags/dk-") || !strings.HasPrefix(svg, "<svg ") ||
		strings.ContainsAny(svg, "\n") || strings.Contains(svg, ` id="flag-icons`) {
		t.Errorf("DK = %+v: %.80s", dk, svg)
	}
	if mx := flags["MX"]; mx.Name != "Mexico" || mx.File != "" {
		t.Errorf("Mexico's 84 KB flag must fall back to the badge: %+v", mx)
	}
	// The United States' stars are a marker by id: as a file of its own the id is its own.
	if us := string(files[strings.TrimPrefix(flags["US"].File, "flags/")]); !strings.Contains(us, `marker id="us-a"`) {
		t.Errorf("US: %.120s", us)
	}
	for _, cc := range []string{"XX", "GB", "US", "DE", "FR", "SG", "NZ"} {
		f := flags[cc]
		if n := len(files[strings.TrimPrefix(f.File, "flags/")]); n == 0 || n > maxSVGBytes {
			t.Errorf("%s: %d bytes of SVG (%+v)", cc, n, f)
		}
	}
	// A name is its content's: a changed flag is a new name, never a stale cached image.
	var seen []string
	for cc, f := range flags {
		if f.File == "" {
			continue
		}
		if slices.Contains(seen, f.File) {
			t.Errorf("%s: %s named twice", cc, f.File)
		}
		seen = append(seen, f.File)
	}
}
