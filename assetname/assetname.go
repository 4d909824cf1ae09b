// Package assetname names a built file by its content, as the server's asset handler expects
// (server/assets.go): a name with a "-" in it never changes content, so it is sent with a
// year's immutable caching, and a changed file is a new name. The flag images (cmd/genflags)
// and the icon sprite (templates/icons) are named here.
package assetname

import (
	"crypto/sha256"
	"encoding/hex"
)

// Hashed is stem-<8 hex digits of the content's SHA-256>ext, e.g. "dk-1a2b3c4d.svg".
func Hashed(stem string, content []byte, ext string) string {
	sum := sha256.Sum256(content)
	return stem + "-" + hex.EncodeToString(sum[:4]) + ext
}
