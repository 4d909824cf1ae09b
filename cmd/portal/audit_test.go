package main

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"portal/provider"
	"portal/reference"
)

func TestAuditVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "portal.db")
	ctx := context.Background()
	s, err := reference.Open(ctx, path, reference.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := s.RecordAudit(ctx, provider.AuditEvent{OrgID: "org-a", Kind: provider.AuditDownload, RecordKind: "statement", RecordID: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	env := envMap(map[string]string{"PORTAL_DATA_DIR": dir})
	run := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := auditCommand(args, env, &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := run("verify"); code != 0 || !strings.Contains(out, "intact: 1 chains, 3 entries") {
		t.Fatalf("intact store: %d %q", code, out)
	}
	if code, _ := run("check"); code != 2 {
		t.Errorf("unknown subcommand: %d", code)
	}
	if code := auditCommand([]string{"verify"}, envMap(map[string]string{"PORTAL_DATA_DIR": t.TempDir()}), &bytes.Buffer{}, &bytes.Buffer{}); code != 2 {
		t.Errorf("no store: %d", code)
	}

	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := db.QueryRow(`SELECT id FROM audit_entries WHERE chain = 'org-a' AND seq = 2`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE audit_entries SET record_id = 'y' WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	db.Close()
	code, out := run("verify")
	if code != 1 || !strings.Contains(out, "BROKEN chain org-a at entry "+itoa(id)+" ") {
		t.Fatalf("tampered store: %d %q", code, out)
	}
	if code, _ := run("verify", "-org", "system"); code != 0 {
		t.Errorf("the untouched system chain: %d", code)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
