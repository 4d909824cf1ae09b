package passwords

import (
	"os"
	"portal/server/dashboard"
	"strings"
	"testing"
	"time"

	"portal/htmlq"
	"portal/passwordrule"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// areas are what this area's tests mount: auth, to log in, and the
// dashboard, the page a logged-in user lands on.
var areas = []server.AreaFunc{auth.New, dashboard.New, accounts.New, payouts.New, collections.New, funding.New, New}

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, areas...) }

// Queries of parsed HTML by structure (package htmlq), under short names.
var (
	find    = htmlq.Find
	attr    = htmlq.Attr
	hasAttr = htmlq.HasAttr
	text    = htmlq.VisibleText
	byTag   = htmlq.ByTag
	byID    = htmlq.ByID
)

// passwordVectors is testdata/password-rules.json, which the island's
// checker (islands/lib/password.test.ts) and the rule's own test run too.
type passwordVectors struct {
	MaxBytes int `json:"maxBytes"`
	Cases    []struct {
		Name     string             `json:"name"`
		Password string             `json:"password"`
		Repeat   int                `json:"repeat"`
		Rules    passwordrule.Rules `json:"rules"`
		Met      int                `json:"met"`
		Strength string             `json:"strength"`
		Valid    bool               `json:"valid"`
	} `json:"cases"`
	Forms []struct {
		Name         string            `json:"name"`
		Password     string            `json:"password"`
		Confirmation string            `json:"confirmation"`
		Errors       map[string]string `json:"errors"`
	} `json:"forms"`
}

func TestPasswordRulesVectors(t *testing.T) {
	var v passwordVectors
	servertest.ReadVectors(t, "password-rules.json", &v)
	if v.MaxBytes != passwordrule.MaxBytes || len(v.Cases) == 0 || len(v.Forms) == 0 {
		t.Fatalf("vectors: maxBytes %d (want %d), %d cases, %d forms", v.MaxBytes, passwordrule.MaxBytes, len(v.Cases), len(v.Forms))
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pw := c.Password
			if c.Repeat > 0 {
				pw = strings.Repeat(pw, c.Repeat)
			}
			// The rule's own test (package passwordrule) checks its parts;
			// the store checks the same rule again, and must agree.
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
	servertest.ReadVectors(t, "email-rules.json", &v)
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
		demo.InvitationToken:     true,
		"abc-_.~XYZ019":          true,
		"":                       false,
		strings.Repeat("a", 257): false,
		"a/b":                    false,
		"a b":                    false,
		"a%20b":                  false,
		"ä":                      false,
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
