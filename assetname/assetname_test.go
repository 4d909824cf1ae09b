package assetname

import "testing"

func TestHashed(t *testing.T) {
	a, b := Hashed("dk", []byte("<svg/>"), ".svg"), Hashed("dk", []byte("<svg />"), ".svg")
	if len(a) != len("dk-12345678.svg") || a[:3] != "dk-" || a[len(a)-4:] != ".svg" {
		t.Errorf("Hashed = %q", a)
	}
	if a == b {
		t.Errorf("two contents, one name %q", a)
	}
	if a != Hashed("dk", []byte("<svg/>"), ".svg") {
		t.Error("the same content named twice differently")
	}
}
