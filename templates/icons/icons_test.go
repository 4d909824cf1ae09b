package icons

import (
	"slices"
	"strings"
	"testing"
)

func TestSprite(t *testing.T) {
	names := Names()
	for _, want := range []string{"home", "crypto", "payouts", "collections", "accounts", "exports", "users", "settings", "search"} {
		if !slices.Contains(names, want) {
			t.Errorf("no %q icon in %v", want, names)
		}
	}
	if n := strings.Count(string(Sprite), `viewBox="0 0 24 24"`); n != len(names) {
		t.Errorf("%d of %d symbols have the 24×24 box the icons are drawn in", n, len(names))
	}
	if f := File(); !strings.HasPrefix(f, "icons-") || !strings.HasSuffix(f, ".svg") || len(f) != len("icons-12345678.svg") {
		t.Errorf("File() = %q", f)
	}
}
