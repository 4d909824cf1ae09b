package passwordrule

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestVectors runs testdata/password-rules.json, which the island's checker
// (islands/lib/password.test.ts) and the reference provider's tests run
// too.
func TestVectors(t *testing.T) {
	b, err := os.ReadFile("../testdata/password-rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		MaxBytes int `json:"maxBytes"`
		Cases    []struct {
			Name     string `json:"name"`
			Password string `json:"password"`
			Repeat   int    `json:"repeat"`
			Rules    Rules  `json:"rules"`
			Met      int    `json:"met"`
			Strength string `json:"strength"`
			Valid    bool   `json:"valid"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.MaxBytes != MaxBytes || len(v.Cases) == 0 {
		t.Fatalf("vectors: maxBytes %d (want %d), %d cases", v.MaxBytes, MaxBytes, len(v.Cases))
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pw := c.Password
			if c.Repeat > 0 {
				pw = strings.Repeat(pw, c.Repeat)
			}
			r := Check(pw)
			if r != c.Rules {
				t.Errorf("rules %+v, want %+v", r, c.Rules)
			}
			if r.Met() != c.Met {
				t.Errorf("met %d, want %d", r.Met(), c.Met)
			}
			if got := Strength(pw); got != c.Strength {
				t.Errorf("strength %q, want %q", got, c.Strength)
			}
			if got := Valid(pw); got != c.Valid {
				t.Errorf("valid %v, want %v", got, c.Valid)
			}
		})
	}
}
