// Package passkeytest is a software authenticator for tests: a real ECDSA P-256 key,
// attestation "none" and real assertion signatures, so the portal's ceremonies run through
// go-webauthn unchanged.
package passkeytest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/fxamacker/cbor/v2"
)

// Authenticator holds one credential, made by Create.
type Authenticator struct {
	Key          *ecdsa.PrivateKey
	CredentialID []byte
	UserHandle   []byte
	// Counter is the signature counter; each Get adds one before signing (0 stays 0 when
	// NoCounter is set, as authenticators without counters do).
	Counter   uint32
	NoCounter bool
}

var b64 = base64.RawURLEncoding

// options is what the portal's options JSON holds that an authenticator reads.
type options struct {
	PublicKey struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	} `json:"publicKey"`
}

func parse(opts []byte) (options, error) {
	var o options
	if err := json.Unmarshal(opts, &o); err != nil {
		return o, fmt.Errorf("passkeytest: options: %w", err)
	}
	return o, nil
}

func clientData(typ, challenge, origin string) []byte {
	b, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": origin, "crossOrigin": false})
	return b
}

const (
	flagUP = 0x01
	flagUV = 0x04
	flagAT = 0x40
)

// Create answers navigator.credentials.create options as a browser at origin would (the
// PublicKeyCredential as JSON), with a new key.
func (a *Authenticator) Create(opts []byte, origin string) ([]byte, error) {
	o, err := parse(opts)
	if err != nil {
		return nil, err
	}
	if a.Key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
		return nil, err
	}
	a.CredentialID = make([]byte, 32)
	_, _ = rand.Read(a.CredentialID)
	if a.UserHandle, err = b64.DecodeString(o.PublicKey.User.ID); err != nil {
		return nil, fmt.Errorf("passkeytest: user id: %w", err)
	}
	pub, err := a.Key.PublicKey.ECDH()
	if err != nil {
		return nil, err
	}
	raw := pub.Bytes() // 0x04 | X | Y
	cose, err := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: raw[1:33], -3: raw[33:65]})
	if err != nil {
		return nil, err
	}
	rpHash := sha256.Sum256([]byte(o.PublicKey.RP.ID))
	auth := append([]byte{}, rpHash[:]...)
	auth = append(auth, flagUP|flagUV|flagAT)
	auth = binary.BigEndian.AppendUint32(auth, a.Counter)
	auth = append(auth, make([]byte, 16)...) // AAGUID: none
	auth = binary.BigEndian.AppendUint16(auth, uint16(len(a.CredentialID)))
	auth = append(auth, a.CredentialID...)
	auth = append(auth, cose...)
	att, err := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": auth})
	if err != nil {
		return nil, err
	}
	cd := clientData("webauthn.create", o.PublicKey.Challenge, origin)
	id := b64.EncodeToString(a.CredentialID)
	return json.Marshal(map[string]any{"id": id, "rawId": id, "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(cd), "attestationObject": b64.EncodeToString(att),
			"transports": []string{"internal"}}})
}

// Get answers navigator.credentials.get options as a browser at origin would, signing
// with the key Create made.
func (a *Authenticator) Get(opts []byte, origin string) ([]byte, error) {
	o, err := parse(opts)
	if err != nil {
		return nil, err
	}
	if a.Key == nil {
		return nil, fmt.Errorf("passkeytest: no credential yet")
	}
	if !a.NoCounter {
		a.Counter++
	}
	rpID := o.PublicKey.RPID
	rpHash := sha256.Sum256([]byte(rpID))
	auth := append([]byte{}, rpHash[:]...)
	auth = append(auth, flagUP|flagUV)
	auth = binary.BigEndian.AppendUint32(auth, a.Counter)
	cd := clientData("webauthn.get", o.PublicKey.Challenge, origin)
	cdHash := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, auth...), cdHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.Key, digest[:])
	if err != nil {
		return nil, err
	}
	id := b64.EncodeToString(a.CredentialID)
	return json.Marshal(map[string]any{"id": id, "rawId": id, "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(auth),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(a.UserHandle)}})
}

// Clone is a copy of the credential (the same key and counter), as a cloned
// authenticator would be.
func (a *Authenticator) Clone() *Authenticator {
	c := *a
	return &c
}
