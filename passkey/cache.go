package passkey

import "sync"

var (
	rpMu    sync.Mutex
	rpCache = map[string]*RP{}
)

// For is the relying party of publicURL, made once (nil when empty or unusable: passkeys
// are then off, and the start-up configuration check is where a bad URL is refused).
func For(publicURL string) *RP {
	rpMu.Lock()
	defer rpMu.Unlock()
	if rp, ok := rpCache[publicURL]; ok {
		return rp
	}
	rp, err := New(publicURL, "Portal")
	if err != nil {
		rp = nil
	}
	rpCache[publicURL] = rp
	return rp
}
