package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/gofiber/fiber/v3"
)

// Assets are the built front-end files (assets/dist), held in memory with
// their brotli and gzip forms made once at start-up, so a request costs no
// compression work.
type Assets struct {
	Manifest Manifest
	files    map[string]*asset
	// Server is the server bundle source that goja runs.
	Server string
}

// Manifest mirrors ssr/bundle's manifest.json.
type Manifest struct {
	Server  string            `json:"server"`
	CSS     string            `json:"css"`
	Islands map[string]string `json:"islands"`
	Boot    string            `json:"boot"`
	Files   map[string]int    `json:"files"`
}

type asset struct {
	raw, br, gz []byte
	ctype       string
	immutable   bool
}

// LoadAssets reads a dist folder (embedded or on disk).
func LoadAssets(dist fs.FS) (*Assets, error) {
	mb, err := fs.ReadFile(dist, "manifest.json")
	if err != nil {
		return nil, fmt.Errorf("assets: no manifest.json (run `make assets`): %w", err)
	}
	a := &Assets{files: map[string]*asset{}}
	if err := json.Unmarshal(mb, &a.Manifest); err != nil {
		return nil, fmt.Errorf("assets: manifest: %w", err)
	}
	srv, err := fs.ReadFile(dist, a.Manifest.Server)
	if err != nil {
		return nil, fmt.Errorf("assets: server bundle: %w", err)
	}
	a.Server = string(srv)
	err = fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if p == "manifest.json" || p == a.Manifest.Server || strings.HasPrefix(path.Base(p), ".") {
			return nil // the server bundle is not for browsers
		}
		b, err := fs.ReadFile(dist, p)
		if err != nil {
			return err
		}
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		if strings.HasSuffix(p, ".js") {
			ct = "text/javascript; charset=utf-8"
		}
		a.files[p] = &asset{raw: b, br: brotliBytes(b), gz: gzipBytes(b), ctype: ct,
			// Every built name carries a content hash, so it never changes.
			immutable: strings.Contains(path.Base(p), "-")}
		return nil
	})
	return a, err
}

func brotliBytes(b []byte) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

// Size reports the raw, gzip and brotli sizes of a built file, for budgets.
func (a *Assets) Size(name string) (raw, gz, br int) {
	f := a.files[name]
	if f == nil {
		return 0, 0, 0
	}
	return len(f.raw), len(f.gz), len(f.br)
}

func (s *Server) serveAsset(c fiber.Ctx) error {
	f := s.Assets.files[c.Params("*")]
	if f == nil {
		return fiber.ErrNotFound
	}
	c.Set(fiber.HeaderContentType, f.ctype)
	c.Set(fiber.HeaderVary, "Accept-Encoding")
	if f.immutable {
		c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
	} else {
		c.Set(fiber.HeaderCacheControl, "no-cache")
	}
	enc := c.Get(fiber.HeaderAcceptEncoding)
	switch {
	case strings.Contains(enc, "br"):
		c.Set(fiber.HeaderContentEncoding, "br")
		return c.Send(f.br)
	case strings.Contains(enc, "gzip"):
		c.Set(fiber.HeaderContentEncoding, "gzip")
		return c.Send(f.gz)
	}
	return c.Send(f.raw)
}
