package testkit

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/reference"
)

// RecordEnv names the folder that every HTML page the tests render is
// written to when set. scripts/samepages renders the tests at two commits
// and compares the folders: a refactor that claims to change no page must
// leave every file byte-identical.
const RecordEnv = "PORTAL_RECORD_PAGES"

var (
	recordDir  = os.Getenv(RecordEnv)
	recordMu   sync.Mutex
	recordSeen = map[string]int{}
	// What differs on every render by design: the CSP nonce and the CSRF
	// token, masked afresh per response.
	recordMasks = []*regexp.Regexp{
		regexp.MustCompile(`nonce="[^"]*"`),
		regexp.MustCompile(`(name="_csrf"[^>]*value=")[^"]*"`),
		regexp.MustCompile(`(value=")[^"]*("[^>]*name="_csrf")`),
		regexp.MustCompile(`(\\?"csrf(?:Token)?\\?":\\?")[^"\\]*`),
		regexp.MustCompile(`(<meta name="csrf-token" content=")[^"]*"`),
	}
	recordUnsafe = regexp.MustCompile(`[^A-Za-z0-9._=-]+`)
)

// RecordNowEnv pins the instant the demo store is seeded at (RFC 3339)
// while recording, so that the demo's dates, times and cursors are the same
// in both renders being compared.
const RecordNowEnv = "PORTAL_RECORD_NOW"

// seedOptions are the options the demo template is seeded with.
func seedOptions() reference.Options {
	opts := StoreOptions
	if at, err := time.Parse(time.RFC3339, os.Getenv(RecordNowEnv)); err == nil && recordDir != "" {
		opts.Now = func() time.Time { return at }
	}
	return opts
}

// recordStamp is a time as the pages print it to the second.
var recordStamp = regexp.MustCompile(`\d\d-\d\d-\d{4} \d\d:\d\d:\d\d UTC`)

// maskRunTimes masks the times stamped by the test run itself (after the
// pinned seed instant): they follow the wall clock, not the code.
func maskRunTimes(body []byte) []byte {
	at, err := time.Parse(time.RFC3339, os.Getenv(RecordNowEnv))
	if err != nil {
		return body
	}
	return recordStamp.ReplaceAllFunc(body, func(b []byte) []byte {
		if t, err := time.Parse("02-01-2006 15:04:05 MST", string(b)); err == nil && t.After(at) {
			return []byte("RUN-TIME")
		}
		return b
	})
}

// record writes an HTML response's body under the test's name, the request
// and how many times this test asked for the same request before; the body
// is put back for the caller.
func record(t testing.TB, method, path string, res *http.Response) {
	if recordDir == "" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		return
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return
	}
	for _, m := range recordMasks {
		body = m.ReplaceAll(body, []byte("${1}MASKED${2}"))
	}
	body = maskRunTimes(body)
	wd, _ := os.Getwd()
	key := filepath.Join(filepath.Base(wd), recordUnsafe.ReplaceAllString(t.Name(), "_"),
		recordUnsafe.ReplaceAllString(method+" "+path, "_"))
	recordMu.Lock()
	n := recordSeen[key]
	recordSeen[key] = n + 1
	recordMu.Unlock()
	name := filepath.Join(recordDir, fmt.Sprintf("%s.%d.%d.html", key, res.StatusCode, n))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err == nil {
		_ = os.WriteFile(name, body, 0o644)
	}
}
