package mfa

import (
	"encoding/base32"
	"net/url"
	"strings"
	"testing"
	"time"
)

// rfcSecret is RFC 6238 appendix B's SHA-1 key, "12345678901234567890", as base32.
var rfcSecret = base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte("12345678901234567890"))

func TestCodeRFC6238Vectors(t *testing.T) {
	t.Parallel()
	// RFC 6238 appendix B, SHA-1 rows. The RFC prints 8 digits; a 6-digit code is the same
	// number mod 10^6, i.e. its last 6 digits.
	tests := []struct {
		unix   int64
		eight  string
		wantTS int64
	}{
		{59, "94287082", 0x1},
		{1111111109, "07081804", 0x23523EC},
		{1111111111, "14050471", 0x23523ED},
		{1234567890, "89005924", 0x273EF07},
		{2000000000, "69279037", 0x3F940AA},
		{20000000000, "65353130", 0x27BC86AA},
	}
	for _, tt := range tests {
		at := time.Unix(tt.unix, 0).UTC()
		if got := Step(at); got != tt.wantTS {
			t.Errorf("Step(%d) = %#x, want %#x", tt.unix, got, tt.wantTS)
		}
		got, err := Code(rfcSecret, at)
		if err != nil {
			t.Fatal(err)
		}
		if want := tt.eight[2:]; got != want {
			t.Errorf("Code at %d = %s, want %s", tt.unix, got, want)
		}
		if step, ok := Match(rfcSecret, tt.eight[2:], at, 0); !ok || step != tt.wantTS {
			t.Errorf("Match at %d = %d, %v", tt.unix, step, ok)
		}
	}
}

func TestMatchSkewAndSteps(t *testing.T) {
	t.Parallel()
	secret := NewSecret()
	now := time.Unix(1_700_000_015, 0) // mid-step
	codeAt := func(d time.Duration) string {
		c, err := Code(secret, now.Add(d))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cur := Step(now)
	tests := []struct {
		name     string
		code     string
		skew     int
		wantOK   bool
		wantStep int64
	}{
		{"current step", codeAt(0), 1, true, cur},
		{"previous step within skew", codeAt(-30 * time.Second), 1, true, cur - 1},
		{"next step within skew", codeAt(30 * time.Second), 1, true, cur + 1},
		{"two steps back outside skew 1", codeAt(-60 * time.Second), 1, false, 0},
		{"two steps ahead outside skew 1", codeAt(60 * time.Second), 1, false, 0},
		{"two steps back inside skew 2", codeAt(-60 * time.Second), 2, true, cur - 2},
		{"previous step, skew 0", codeAt(-30 * time.Second), 0, false, 0},
		{"negative skew means 0", codeAt(0), -3, true, cur},
		{"spaces typed in", codeAt(0)[:3] + " " + codeAt(0)[3:], 1, true, cur},
		{"too short", codeAt(0)[:5], 1, false, 0},
		{"too long", codeAt(0) + "0", 1, false, 0},
		{"letters", "12a456", 1, false, 0},
		{"empty", "", 1, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			step, ok := Match(secret, tt.code, now, tt.skew)
			if ok != tt.wantOK || (ok && step != tt.wantStep) {
				t.Errorf("Match = %d, %v; want %d, %v", step, ok, tt.wantStep, tt.wantOK)
			}
		})
	}
}

// TestMatchReplayByStep shows the caller's replay rule: once step s is stored as used, the
// same code (still inside the skew window) matches s again and must be refused, while the
// next step's code is accepted.
func TestMatchReplayByStep(t *testing.T) {
	t.Parallel()
	secret := NewSecret()
	t0 := time.Unix(1_800_000_000, 0)
	code, _ := Code(secret, t0)
	var lastUsed int64 = -1
	accept := func(code string, at time.Time) bool {
		step, ok := Match(secret, code, at, 1)
		if !ok || step <= lastUsed {
			return false
		}
		lastUsed = step
		return true
	}
	if !accept(code, t0) {
		t.Fatal("first use refused")
	}
	if accept(code, t0) {
		t.Error("same code accepted twice in the same step")
	}
	if accept(code, t0.Add(30*time.Second)) {
		t.Error("same code accepted again one step later (inside the skew)")
	}
	next, _ := Code(secret, t0.Add(30*time.Second))
	if !accept(next, t0.Add(30*time.Second)) {
		t.Error("next step's code refused")
	}
	prev, _ := Code(secret, t0)
	if accept(prev, t0.Add(30*time.Second)) {
		t.Error("an older step accepted after a newer one")
	}
}

func TestSecret(t *testing.T) {
	t.Parallel()
	a, b := NewSecret(), NewSecret()
	if a == b {
		t.Error("two secrets are equal")
	}
	if len(a) != 32 || strings.ContainsAny(a, "=") {
		t.Errorf("secret %q: want 32 base32 characters without padding", a)
	}
	key, err := decodeSecret(a)
	if err != nil || len(key) != SecretBytes {
		t.Errorf("decode = %d bytes, %v", len(key), err)
	}
	// Typed by hand: lower case, grouped with spaces.
	typed := strings.ToLower(a[:4] + " " + a[4:8] + " " + a[8:])
	c1, err1 := Code(a, time.Unix(1e9, 0))
	c2, err2 := Code(typed, time.Unix(1e9, 0))
	if err1 != nil || err2 != nil || c1 != c2 {
		t.Errorf("typed secret gives %q (%v), want %q (%v)", c2, err2, c1, err1)
	}
	for _, bad := range []string{"", "not base32!", "0189"} {
		if _, err := Code(bad, time.Now()); err == nil {
			t.Errorf("Code(%q) accepted a bad secret", bad)
		}
		if _, ok := Match(bad, "123456", time.Now(), 1); ok {
			t.Errorf("Match(%q) matched", bad)
		}
	}
}

func TestURI(t *testing.T) {
	t.Parallel()
	tests := []struct {
		issuer, account, secret, want string
	}{
		{"Portal", "alice@example.com", "JBSWY3DPEHPK3PXP",
			"otpauth://totp/Portal:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Portal&algorithm=SHA1&digits=6&period=30"},
		{"Nordic Pay", "a b:c&d+e", "ABC",
			"otpauth://totp/Nordic%20Pay:a%20b%3Ac%26d%2Be?secret=ABC&issuer=Nordic%20Pay&algorithm=SHA1&digits=6&period=30"},
		{"A:B", "x", "S", "otpauth://totp/A%3AB:x?secret=S&issuer=A%3AB&algorithm=SHA1&digits=6&period=30"},
	}
	for _, tt := range tests {
		got := URI(tt.issuer, tt.account, tt.secret)
		if got != tt.want {
			t.Errorf("URI(%q, %q) =\n %s\nwant\n %s", tt.issuer, tt.account, got, tt.want)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("URI does not parse: %v", err)
		}
		q := u.Query()
		label, _ := url.PathUnescape(strings.TrimPrefix(u.EscapedPath(), "/"))
		if u.Scheme != "otpauth" || u.Host != "totp" || q.Get("secret") != tt.secret ||
			q.Get("issuer") != tt.issuer || label != tt.issuer+":"+tt.account {
			t.Errorf("parsed back: scheme %q host %q label %q query %v", u.Scheme, u.Host, label, q)
		}
	}
}

func TestPhone(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		iso, want string
		ok        bool
	}{{"dk", "45", true}, {"DK", "45", true}, {" se ", "46", true}, {"fi", "358", true}, {"us", "1", true}, {"xx", "", false}, {"", "", false}, {"+45", "", false}} {
		if got, ok := CallingCode(tt.iso); got != tt.want || ok != tt.ok {
			t.Errorf("CallingCode(%q) = %q, %v", tt.iso, got, ok)
		}
	}
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"20 12 34 56", "20123456", true},
		{"20-12-34-56", "20123456", true},
		{"123456", "123456", true},
		{"12345", "", false},
		{"123456789012345", "", false},
		{"12345678901234", "12345678901234", true},
		{"+4520123456", "", false},
		{"2012345a", "", false},
		{"２０１２３４５６", "", false}, // full-width digits are not ASCII digits
		{"", "", false},
	} {
		if got, ok := NormalizeNumber(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("NormalizeNumber(%q) = %q, %v", tt.in, got, ok)
		}
	}
	if cs := Countries(); len(cs) != 17 || cs[0].Name != "Austria" {
		t.Errorf("Countries = %+v", cs)
	}
	if _, ok := CallingCode(DefaultCountry); !ok {
		t.Error("default country unsupported")
	}
}
