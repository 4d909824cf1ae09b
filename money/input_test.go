package money

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

type amountVectors struct {
	Parse []struct {
		Name     string `json:"name"`
		Input    string `json:"input"`
		Decimals int    `json:"decimals"`
		Plain    string `json:"plain"`
		Error    string `json:"error"`
	} `json:"parse"`
	Group []struct {
		Input  string `json:"input"`
		Output string `json:"output"`
	} `json:"group"`
}

// The island runs the same file (islands/lib/amount.test.ts).
func loadAmountVectors(t *testing.T) amountVectors {
	t.Helper()
	b, err := os.ReadFile("../testdata/amount/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v amountVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Parse) < 20 || len(v.Group) < 5 {
		t.Fatalf("vectors file too small: %d parse, %d group", len(v.Parse), len(v.Group))
	}
	return v
}

func TestParseInputVectors(t *testing.T) {
	for _, c := range loadAmountVectors(t).Parse {
		t.Run(c.Name, func(t *testing.T) {
			a, err := ParseInput(c.Input, c.Decimals)
			if c.Error != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Msg != c.Error {
					t.Fatalf("ParseInput(%q, %d) = %v, %v; want error %q", c.Input, c.Decimals, a, err, c.Error)
				}
				return
			}
			if err != nil || a.String() != c.Plain || a.Decimals() != c.Decimals {
				t.Fatalf("ParseInput(%q, %d) = %q (%d), %v; want %q", c.Input, c.Decimals, a.String(), a.Decimals(), err, c.Plain)
			}
		})
	}
}

func TestGroupVectors(t *testing.T) {
	for _, c := range loadAmountVectors(t).Group {
		if got := Group(c.Input); got != c.Output {
			t.Errorf("Group(%q) = %q, want %q", c.Input, got, c.Output)
		}
	}
}
