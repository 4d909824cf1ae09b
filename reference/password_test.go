package reference

import (
	"errors"
	"portal/reference/demo"
	"strings"
	"testing"
)

// cheapParams keep the suite fast; the format and the comparison are the same as with the
// defaults, which TestHashPasswordDefaultParams covers once.
var cheapParams = Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

func TestHashAndVerifyPassword(t *testing.T) {
	t.Parallel()
	long128 := strings.Repeat("Ab1!", 32)
	tests := []struct {
		name    string
		hashed  string // password that was hashed
		tried   string // password given at login
		wantOK  bool
		comment string
	}{
		{name: "right password", hashed: "Demo-Passw0rd!", tried: "Demo-Passw0rd!", wantOK: true},
		{name: "wrong password", hashed: "Demo-Passw0rd!", tried: "Demo-Passw0rd?", wantOK: false},
		{name: "case matters", hashed: "Demo-Passw0rd!", tried: "demo-passw0rd!", wantOK: false},
		{name: "empty attempt", hashed: "Demo-Passw0rd!", tried: "", wantOK: false},
		{name: "unicode", hashed: "Grüße-Ålborg-密码-🔑", tried: "Grüße-Ålborg-密码-🔑", wantOK: true},
		// A macOS keyboard may send e + U+0301 where another sends U+00E9.
		{name: "unicode normalised", hashed: "caf\u00e9-Pa55!", tried: "cafe\u0301-Pa55!", wantOK: true},
		{name: "128 characters", hashed: long128, tried: long128, wantOK: true},
		// bcrypt would ignore everything after byte 72; argon2id must not.
		{name: "differs after byte 72", hashed: long128, tried: long128[:100] + "x" + long128[101:], wantOK: false},
		{name: "prefix of a long password", hashed: long128, tried: long128[:72], wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			encoded, err := HashPassword(tt.hashed, cheapParams)
			if err != nil {
				t.Fatalf("HashPassword: %v", err)
			}
			ok, err := VerifyPassword(encoded, tt.tried)
			if err != nil {
				t.Fatalf("VerifyPassword: %v", err)
			}
			if ok != tt.wantOK {
				t.Errorf("VerifyPassword = %v, want %v", ok, tt.wantOK)
			}
		})
	}
}

func TestHashPasswordFormat(t *testing.T) {
	t.Parallel()
	a, err := HashPassword("Demo-Passw0rd!", cheapParams)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HashPassword("Demo-Passw0rd!", cheapParams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Errorf("hash %q is not in the PHC argon2id format", a)
	}
	if a == b {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	_, salt, key, err := decodeHash(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(salt) != 16 || len(key) != 32 {
		t.Errorf("salt %d bytes, key %d bytes; want 16 and 32", len(salt), len(key))
	}
}

func TestHashPasswordRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		pw   string
		p    Argon2Params
	}{
		{"empty password", "", cheapParams},
		{"too long", strings.Repeat("a", MaxPasswordBytes+1), cheapParams},
		{"zero time", "x", Argon2Params{Memory: 1024, Time: 0, Parallelism: 1, SaltLength: 16, KeyLength: 32}},
		{"short salt", "x", Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 4, KeyLength: 32}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := HashPassword(tt.pw, tt.p); err == nil {
				t.Error("HashPassword accepted it")
			}
		})
	}
}

func TestVerifyPasswordTampered(t *testing.T) {
	t.Parallel()
	good, err := HashPassword("Demo-Passw0rd!", cheapParams)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(good, "$") // "", argon2id, v=19, m=..., salt, key
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	flip := func(s string) string { // change one base64 digit, keep the length valid
		if s[0] == 'A' {
			return "B" + s[1:]
		}
		return "A" + s[1:]
	}

	malformed := []struct{ name, encoded string }{
		{"empty", ""},
		{"bcrypt", "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"},
		{"argon2i", with(1, "argon2i")},
		{"version 16", with(2, "v=16")},
		{"no version", with(2, "19")},
		{"params reordered", with(3, "t=1,m=1024,p=1")},
		{"params padded", with(3, "m=01024,t=1,p=1")},
		{"memory huge", with(3, "m=4294967295,t=1,p=1")},
		{"time huge", with(3, "m=1024,t=100000,p=1")},
		{"parallelism 0", with(3, "m=1024,t=1,p=0")},
		{"parallelism 256", with(3, "m=1024,t=1,p=256")},
		{"salt not base64", with(4, "!!!!")},
		{"salt padded", with(4, parts[4]+"==")},
		{"salt too short", with(4, "AAAA")},
		{"key not base64", with(5, "***")},
		{"key too short", with(5, "AAAA")},
		{"extra field", good + "$x"},
		{"missing field", strings.Join(parts[:5], "$")},
	}
	for _, tt := range malformed {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := VerifyPassword(tt.encoded, "Demo-Passw0rd!")
			if ok || !errors.Is(err, ErrMalformedHash) {
				t.Errorf("VerifyPassword = %v, %v; want false, ErrMalformedHash", ok, err)
			}
		})
	}

	// Well-formed but altered: must simply not match.
	wrong := []struct{ name, encoded string }{
		{"salt changed", with(4, flip(parts[4]))},
		{"key changed", with(5, flip(parts[5]))},
		{"time changed", with(3, "m=1024,t=2,p=1")},
	}
	for _, tt := range wrong {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := VerifyPassword(tt.encoded, "Demo-Passw0rd!")
			if ok || err != nil {
				t.Errorf("VerifyPassword = %v, %v; want false, nil", ok, err)
			}
		})
	}
}

// TestHashPasswordDefaultParams is the one test on the production cost settings.
func TestHashPasswordDefaultParams(t *testing.T) {
	t.Parallel()
	encoded, err := HashPassword(demo.Password, DefaultArgon2Params)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(encoded, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("default hash %q does not carry m=19456,t=2,p=1", encoded)
	}
	for _, tc := range []struct {
		pw   string
		want bool
	}{{demo.Password, true}, {"Demo-Passw0rd", false}} {
		ok, err := VerifyPassword(encoded, tc.pw)
		if err != nil || ok != tc.want {
			t.Errorf("VerifyPassword(%q) = %v, %v; want %v", tc.pw, ok, err, tc.want)
		}
	}
}
