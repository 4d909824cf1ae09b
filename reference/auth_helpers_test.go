package reference

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/provider"
)

// testClock is the injected clock: tests move time instead of sleeping.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// authStart is 10 s into a TOTP step, so one step either way is a whole step away.
var authStart = time.Date(2026, 3, 2, 10, 0, 10, 0, time.UTC)

// authStore is a seeded store on a real file with an injected clock and cheap argon2.
func authStore(t *testing.T) (*Store, *testClock) {
	t.Helper()
	clock := &testClock{t: authStart}
	path := copyTemplate(t, &templateAuth, Options{Argon2Params: cheapParams, Now: func() time.Time { return authStart }})
	s, err := Open(context.Background(), path, Options{Argon2Params: cheapParams, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s, clock
}

// wantErr checks an error's provider code and, when msg is not empty, its message.
func wantErr(t *testing.T, err error, code, msg string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	if got := provider.ErrorCode(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
	if msg != "" && provider.ErrorMessage(err) != msg {
		t.Fatalf("message %q, want %q", provider.ErrorMessage(err), msg)
	}
}

// latestOutbox is the newest outbox message.
func latestOutbox(t *testing.T, s *Store) provider.OutboxMessage {
	t.Helper()
	msgs, err := s.Outbox(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Fatalf("outbox is empty")
	}
	return msgs[0]
}

func outboxCount(t *testing.T, s *Store) int {
	t.Helper()
	return countRows(t, s, `SELECT count(*) FROM outbox_messages`)
}

var smsCodeRE = regexp.MustCompile(`\b(\d{7})\b`)

// lastSMSCode is the 7-digit code of the newest outbox message, which must be an SMS to to.
func lastSMSCode(t *testing.T, s *Store, to string) string {
	t.Helper()
	m := latestOutbox(t, s)
	if m.Kind != provider.OutboxSMS || m.To != to {
		t.Fatalf("newest outbox message = %+v, want an SMS to %s", m, to)
	}
	c := smsCodeRE.FindStringSubmatch(m.Body)
	if c == nil {
		t.Fatalf("no 7-digit code in %q", m.Body)
	}
	return c[1]
}

// tokenFromLink is the token at the end of an e-mailed link.
func tokenFromLink(t *testing.T, link, prefix string) string {
	t.Helper()
	if !strings.HasPrefix(link, prefix) {
		t.Fatalf("link %q does not start with %s", link, prefix)
	}
	return strings.TrimPrefix(link, prefix)
}

// dumpTable is every column of every row of table as text, to look for secrets at rest.
func dumpTable(t *testing.T, s *Store, table string) string {
	t.Helper()
	_, rows := tableText(t, context.Background(), s, table)
	var b strings.Builder
	for _, row := range rows {
		for _, v := range row {
			b.WriteString(v + "|")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// tableText is every row of table, in the order the engine reads them, each value as text
// (bytes as the text they hold), and the table's column names.
func tableText(t *testing.T, ctx context.Context, s *Store, table string) (cols []string, out [][]string) {
	t.Helper()
	rows, err := s.read.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if cols, err = rows.Columns(); err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			row[i] = fmt.Sprintf("%v", v)
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return cols, out
}

// authCase is a case of a table run on a store of its own.
type authCase struct {
	name string
	run  func(t *testing.T, s *Store, clock *testClock)
}

// runAuthCases runs each case in parallel on a fresh authStore, so no case sees another's
// codes, tokens or clock.
func runAuthCases(t *testing.T, cases []authCase) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, clock := authStore(t)
			tt.run(t, s, clock)
		})
	}
}

// exactlyOnePasses makes n calls of try at once and wants exactly one to pass and the others
// to fail with EINVALID: what a single-use code or counter must hold to under a race.
func exactlyOnePasses(t *testing.T, n int, try func() error) {
	t.Helper()
	errs := make(chan error, n)
	atOnce(n, func(int) { errs <- try() })
	close(errs)
	ok := 0
	for err := range errs {
		switch provider.ErrorCode(err) {
		case "":
			ok++
		case provider.EINVALID:
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d racing calls passed, want exactly 1", ok, n)
	}
}
