package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDataFileCurrent(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(root)
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
}

func TestFlags(t *testing.T) {
	root, _ := filepath.Abs("../..")
	b, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	var flags map[string]Flag
	if err := json.Unmarshal(b, &flags); err != nil {
		t.Fatal(err)
	}
	dk := flags["DK"]
	if dk.Name != "Denmark" || !strings.HasPrefix(dk.SVG, "<svg"+size+" ") || strings.ContainsAny(dk.SVG, "\n") || strings.Contains(dk.SVG, " id=") {
		t.Errorf("DK = %+v", dk)
	}
	if mx := flags["MX"]; mx.Name != "Mexico" || mx.SVG != "" {
		t.Errorf("Mexico's 84 KB flag must fall back to the badge: %+v", mx)
	}
	for cc, f := range flags {
		if strings.Contains(f.SVG, ` id="`) {
			t.Errorf("%s: an id in the page would repeat with a second copy of the flag", cc)
		}
	}
	if us := flags["US"].SVG; !strings.Contains(us, `<image width="640" height="480" href="data:image/svg+xml,%3Csvg`) {
		t.Errorf("the United States' stars are a marker by id: want an image, got %.120s", us)
	}
	for _, cc := range []string{"XX", "GB", "US", "DE", "FR", "SG", "NZ"} {
		if f := flags[cc]; f.SVG == "" || len(f.SVG) > maxSVGBytes {
			t.Errorf("%s: %d bytes of SVG", cc, len(f.SVG))
		}
	}
}
