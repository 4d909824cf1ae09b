// Command samepages compares the pages two renders of the server's tests
// recorded (server/internal/testkit/record.go): the proof that a change
// altered no page. The base is recorded twice; a page that differs between
// those two renders of the same code depends on more than the code (a random
// id the demo seed or the test draws), is counted as unstable and left out,
// and every other page must be byte-identical in the working tree's render.
//
//	go run ./cmd/samepages [-assets] BASE1 BASE2 HEAD
//
// -assets masks the content hashes in the names of the built files a page
// names (js/islands/Menu-3KQ2X7ZA.js, css/app-DF6909AD.css): for a change to
// island or CSS code, where the pages must stay the same but the files they
// load are new by design.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
)

// random are values that differ on every render by design, masked before
// comparing: idempotency keys of the money forms, and the seconds left of
// the session the idle warning counts down from (they follow the wall clock).
var random = []*regexp.Regexp{
	regexp.MustCompile(`(idempotency_?[kK]ey\\?"?\s*(?:value=|:)\s*\\?")[0-9a-f-]{36}`),
	regexp.MustCompile(`("(?:endsIn|absoluteIn)":)\d+`),
}

// assetHash is the content hash esbuild puts in a built file's name.
var assetHash = regexp.MustCompile(`((?:js|css)/[\w./-]*?-)[A-Z0-9]{8}(\.(?:js|css))`)

// maskAssets is the -assets flag.
var maskAssets bool

func normalize(b []byte) []byte {
	for _, r := range random {
		b = r.ReplaceAll(b, []byte("${1}RANDOM"))
	}
	if maskAssets {
		b = assetHash.ReplaceAll(b, []byte("${1}HASH${2}"))
	}
	return b
}

// Result counts the pages of a comparison.
type Result struct {
	Same, Unstable  int
	Differ, Missing []string
}

// compare compares head with base1 on the pages base1 and base2 agree on.
func compare(read func(dir, name string) ([]byte, error), names []string, base1, base2, head string) Result {
	var r Result
	for _, name := range names {
		a, _ := read(base1, name)
		b, err := read(base2, name)
		if err != nil || !bytes.Equal(normalize(a), normalize(b)) {
			r.Unstable++
			continue
		}
		h, err := read(head, name)
		switch {
		case err != nil:
			r.Missing = append(r.Missing, name)
		case bytes.Equal(normalize(a), normalize(h)):
			r.Same++
		default:
			r.Differ = append(r.Differ, name)
		}
	}
	return r
}

func main() {
	flag.BoolVar(&maskAssets, "assets", false, "mask the content hashes in built file names")
	flag.Parse()
	if flag.NArg() != 3 {
		fmt.Fprintln(os.Stderr, "usage: samepages [-assets] BASE1 BASE2 HEAD")
		os.Exit(2)
	}
	base1, base2, head := flag.Arg(0), flag.Arg(1), flag.Arg(2)
	var names []string
	err := filepath.WalkDir(base1, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(base1, p)
			names = append(names, rel)
		}
		return err
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sort.Strings(names)
	read := func(dir, name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
	r := compare(read, names, base1, base2, head)
	for _, n := range r.Differ {
		fmt.Println("differs:", n)
	}
	for _, n := range r.Missing {
		fmt.Println("not rendered:", n)
	}
	fmt.Printf("%d pages byte-identical, %d differ, %d not rendered; %d left out as unstable between two renders of the base\n",
		r.Same, len(r.Differ), len(r.Missing), r.Unstable)
	if len(r.Differ)+len(r.Missing) > 0 {
		os.Exit(1)
	}
}
