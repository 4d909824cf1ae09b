package loadavg

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	if got := parse("7.74 2.64 0.95 3/612 4711\n"); got != "7.74 2.64 0.95" {
		t.Errorf("got %q", got)
	}
	if got := parse("7.74\n"); !strings.HasPrefix(got, "unknown") {
		t.Errorf("a short line: got %q", got)
	}
}
