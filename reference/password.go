package reference

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
	"golang.org/x/text/unicode/norm"

	"portal/passwordrule"
	"portal/provider"
)

// Argon2Params are the argon2id cost settings. They are written into every hash, so a store
// can verify hashes made with older settings after the defaults change.
type Argon2Params struct {
	Memory      uint32 // KiB
	Time        uint32 // passes
	Parallelism uint8
	SaltLength  uint32 // bytes
	KeyLength   uint32 // bytes
}

// DefaultArgon2Params is OWASP's first argon2id configuration (19 MiB, 2 passes, 1 lane): about
// 20-40 ms per hash on a small server core, which bounds what a stolen database is worth
// without making a login slow.
var DefaultArgon2Params = Argon2Params{Memory: 19456, Time: 2, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// MaxPasswordBytes caps what HashPassword accepts. Argon2 has no bcrypt-style 72-byte limit;
// the cap only keeps an absurd input from being stored, and is far above the 64 characters
// the security checklist asks us to accept. It is the password rule's own cap.
const MaxPasswordBytes = passwordrule.MaxBytes

// ErrMalformedHash reports a stored hash that is not an argon2id PHC string this package can
// check. It is an internal error: a user cannot cause it by typing.
var ErrMalformedHash = errors.New("reference: malformed argon2id hash")

// Limits on parameters read back from a stored hash. A tampered row must not be able to make a
// login allocate gigabytes or spin for minutes.
const (
	maxMemoryKiB = 1 << 18 // 256 MiB
	maxTime      = 64
	minSalt      = 8
	maxSalt      = 64
	minKey       = 16
	maxKey       = 64
)

var b64 = base64.RawStdEncoding // PHC strings use standard base64 without padding

// HashPassword returns pw hashed with argon2id as a PHC string,
// "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>", with a fresh random salt.
func HashPassword(pw string, p Argon2Params) (string, error) {
	if pw == "" {
		return "", provider.Errorf(provider.EINVALID, "Password is required.")
	}
	if len(pw) > MaxPasswordBytes {
		return "", provider.Errorf(provider.EINVALID, "Password is too long.")
	}
	if err := p.check(); err != nil {
		return "", err
	}
	salt := make([]byte, p.SaltLength)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("reference: reading salt: %w", err)
	}
	key := argon2.IDKey(normalizePassword(pw), salt, p.Time, p.Memory, p.Parallelism, p.KeyLength)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Parallelism, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether pw matches the encoded hash. A wrong password is (false, nil);
// an encoded string that cannot be parsed is (false, an error wrapping ErrMalformedHash).
func VerifyPassword(encoded, pw string) (bool, error) {
	p, salt, want, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey(normalizePassword(pw), salt, p.Time, p.Memory, p.Parallelism, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// normalizePassword applies NFKC (NIST SP 800-63B 5.1.1.2), so "é" typed as one code point on
// one keyboard and as e + combining accent on another is the same password.
func normalizePassword(pw string) []byte {
	return []byte(norm.NFKC.String(pw))
}

func (p Argon2Params) check() error {
	switch {
	case p.Time < 1 || p.Time > maxTime:
		return fmt.Errorf("reference: argon2 time %d outside 1..%d", p.Time, maxTime)
	case p.Parallelism < 1:
		return fmt.Errorf("reference: argon2 parallelism must be at least 1")
	case p.Memory < 8*uint32(p.Parallelism) || p.Memory > maxMemoryKiB:
		return fmt.Errorf("reference: argon2 memory %d KiB outside %d..%d", p.Memory, 8*uint32(p.Parallelism), maxMemoryKiB)
	case p.SaltLength < minSalt || p.SaltLength > maxSalt:
		return fmt.Errorf("reference: argon2 salt length %d outside %d..%d", p.SaltLength, minSalt, maxSalt)
	case p.KeyLength < minKey || p.KeyLength > maxKey:
		return fmt.Errorf("reference: argon2 key length %d outside %d..%d", p.KeyLength, minKey, maxKey)
	}
	return nil
}

func decodeHash(encoded string) (p Argon2Params, salt, key []byte, err error) {
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, key
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, fmt.Errorf("%w: not an argon2id PHC string", ErrMalformedHash)
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || parts[2] != fmt.Sprintf("v=%d", version) {
		return p, nil, nil, fmt.Errorf("%w: bad version field", ErrMalformedHash)
	}
	if version != argon2.Version {
		return p, nil, nil, fmt.Errorf("%w: unsupported version %d", ErrMalformedHash, version)
	}
	var m, t, par uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &par); err != nil ||
		parts[3] != fmt.Sprintf("m=%d,t=%d,p=%d", m, t, par) || par > 255 {
		return p, nil, nil, fmt.Errorf("%w: bad parameter field", ErrMalformedHash)
	}
	if salt, err = b64.Strict().DecodeString(parts[4]); err != nil {
		return p, nil, nil, fmt.Errorf("%w: bad salt encoding", ErrMalformedHash)
	}
	if key, err = b64.Strict().DecodeString(parts[5]); err != nil {
		return p, nil, nil, fmt.Errorf("%w: bad hash encoding", ErrMalformedHash)
	}
	p = Argon2Params{Memory: m, Time: t, Parallelism: uint8(par), SaltLength: uint32(len(salt)), KeyLength: uint32(len(key))}
	if err := p.check(); err != nil {
		return p, nil, nil, fmt.Errorf("%w: %v", ErrMalformedHash, err)
	}
	return p, salt, key, nil
}
