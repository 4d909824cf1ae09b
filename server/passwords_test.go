package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portal/reference"
)

// passwordVectors is testdata/password-rules.json, which the island's
// checker (islands/lib/password.test.ts) runs too.
type passwordVectors struct {
	MaxBytes int `json:"maxBytes"`
	Cases    []struct {
		Name     string        `json:"name"`
		Password string        `json:"password"`
		Repeat   int           `json:"repeat"`
		Rules    PasswordRules `json:"rules"`
		Met      int           `json:"met"`
		Strength string        `json:"strength"`
		Valid    bool          `json:"valid"`
	} `json:"cases"`
	Forms []struct {
		Name         string            `json:"name"`
		Password     string            `json:"password"`
		Confirmation string            `json:"confirmation"`
		Errors       map[string]string `json:"errors"`
	} `json:"forms"`
}

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestPasswordRulesVectors(t *testing.T) {
	var v passwordVectors
	readVectors(t, "password-rules.json", &v)
	if v.MaxBytes != passwordMaxBytes || len(v.Cases) == 0 || len(v.Forms) == 0 {
		t.Fatalf("vectors: maxBytes %d (want %d), %d cases, %d forms", v.MaxBytes, passwordMaxBytes, len(v.Cases), len(v.Forms))
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pw := c.Password
			if c.Repeat > 0 {
				pw = strings.Repeat(pw, c.Repeat)
			}
			r := checkPassword(pw)
			if r != c.Rules {
				t.Errorf("rules %+v, want %+v", r, c.Rules)
			}
			if r.Met() != c.Met {
				t.Errorf("met %d, want %d", r.Met(), c.Met)
			}
			if got := passwordStrength(pw); got != c.Strength {
				t.Errorf("strength %q, want %q", got, c.Strength)
			}
			if got := passwordValid(pw); got != c.Valid {
				t.Errorf("valid %v, want %v", got, c.Valid)
			}
			// The store checks the same rules again; it must agree.
			if got := reference.CheckPasswordRules(pw) == nil; got != c.Valid {
				t.Errorf("reference.CheckPasswordRules accepts: %v, want %v", got, c.Valid)
			}
		})
	}
	for _, f := range v.Forms {
		t.Run("form/"+f.Name, func(t *testing.T) {
			got := validateNewPassword(f.Password, f.Confirmation)
			if !equalMaps(got, f.Errors) {
				t.Errorf("errors %v, want %v", got, f.Errors)
			}
		})
	}
}

func TestEmailRulesVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Email string `json:"email"`
			Error string `json:"error"`
		} `json:"cases"`
	}
	readVectors(t, "email-rules.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range v.Cases {
		if got := validateForgot(strings.TrimSpace(c.Email))["email"]; got != c.Error {
			t.Errorf("%q: error %q, want %q", c.Email, got, c.Error)
		}
	}
}

func TestPlausibleToken(t *testing.T) {
	for tok, want := range map[string]bool{
		reference.DemoInvitationToken: true,
		"abc-_.~XYZ019":               true,
		"":                            false,
		strings.Repeat("a", 257):      false,
		"a/b":                         false,
		"a b":                         false,
		"a%20b":                       false,
		"ä":                           false,
	} {
		if got := plausibleToken(tok); got != want {
			t.Errorf("plausibleToken(%q) = %v, want %v", tok, got, want)
		}
	}
}

func TestLifetime(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Hour:          "60 minutes",
		30 * time.Minute:   "30 minutes",
		time.Minute:        "1 minute",
		3 * time.Hour:      "3 hours",
		7 * 24 * time.Hour: "7 days",
	} {
		if got := lifetime(d); got != want {
			t.Errorf("lifetime(%v) = %q, want %q", d, got, want)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
