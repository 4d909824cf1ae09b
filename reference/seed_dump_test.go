package reference

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// updateSeedDump rewrites testdata/seed_dump.json from the current seed. Only for a change
// that means to change the demo data; moving the seed's code must leave the file as it is.
var updateSeedDump = flag.Bool("update-seed-dump", false, "rewrite testdata/seed_dump.json")

const seedDumpFile = "testdata/seed_dump.json"

// randomUUID is a version-4 uuid: the ids the store draws at random (uuid.New) differ on
// every seed, so they are masked. The demo's fixed ids look like version 4 too but have the
// form …-0000-4000-8000-…, which randomUUID leaves alone.
var randomUUID = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}`)

// fixedUUID is the demo's hand-written id form.
var fixedUUID = regexp.MustCompile(`^[0-9a-f]{8}-0000-4000-8000-[0-9a-f]{12}$`)

// seedDumpSecret are the columns that are random on every seed for reasons other than an
// id: salted password hashes and the keys and tokens the store draws.
var seedDumpSecret = map[string]bool{
	"users.password_hash": true,
	"signing_keys.key":    true,
}

// seedDump is one hash per table (the migrations' own table aside, stamped when they ran) of the seeded database: its rows as text, random ids and
// secret columns masked, sorted, hashed. Two seeds at one clock give the same dump.
func seedDump(t *testing.T, s *Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := s.read.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	dump := map[string]string{}
	for _, table := range tables {
		lines := seedDumpTable(t, ctx, s, table)
		if os.Getenv("SEED_DUMP_DIR") != "" { // to see what differs, when the hashes do
			os.WriteFile(os.Getenv("SEED_DUMP_DIR")+"/"+table+".txt", []byte(strings.Join(lines, "\n")), 0o644)
		}
		sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
		dump[table] = fmt.Sprintf("%d rows %s", len(lines), hex.EncodeToString(sum[:8]))
	}
	return dump
}

func seedDumpTable(t *testing.T, ctx context.Context, s *Store, table string) []string {
	t.Helper()
	cols, rows := tableText(t, ctx, s, table)
	var lines []string
	for _, row := range rows {
		parts := make([]string, len(cols))
		for i, text := range row {
			if seedDumpSecret[table+"."+cols[i]] {
				parts[i] = cols[i] + "=<secret>"
				continue
			}
			text = randomUUID.ReplaceAllStringFunc(text, func(id string) string {
				if fixedUUID.MatchString(id) {
					return id
				}
				return "<uuid>"
			})
			parts[i] = cols[i] + "=" + text
		}
		lines = append(lines, strings.Join(parts, "|"))
	}
	slices.Sort(lines)
	return lines
}

// TestSeedDumpUnchanged holds the seeded database to the one recorded before the demo data
// moved out of the store: moving the seed's code must not change a row.
func TestSeedDumpUnchanged(t *testing.T) {
	skipOnPostgres(t, "the golden dump is of SQLite's tables (sqlite_master); PostgreSQL's schema has columns SQLite lacks (seq)")
	s, _ := authStore(t)
	got := seedDump(t, s)
	if *updateSeedDump {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(seedDumpFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(seedDumpFile)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for table, w := range want {
		if got[table] != w {
			t.Errorf("table %s: %s, want %s", table, got[table], w)
		}
	}
	for table := range got {
		if _, ok := want[table]; !ok {
			t.Errorf("table %s is not in %s", table, seedDumpFile)
		}
	}
}
