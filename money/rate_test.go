package money

import (
	"encoding/json"
	"os"
	"testing"
)

// TestFormatRateVectors: the shown-rate rule, the same cases islands/lib/fx.test.ts runs.
func TestFormatRateVectors(t *testing.T) {
	b, err := os.ReadFile("../testdata/rate/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct{ Rate, Want string }
	}
	if err := json.Unmarshal(b, &v); err != nil || len(v.Cases) == 0 {
		t.Fatalf("vectors: %v", err)
	}
	for _, c := range v.Cases {
		if got := FormatRate(c.Rate); got != c.Want {
			t.Errorf("FormatRate(%q) = %q, want %q", c.Rate, got, c.Want)
		}
	}
}
