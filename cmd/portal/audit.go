package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"portal/provider"
	"portal/reference"
)

// auditCommand is `portal audit verify [-org ID]`: it walks every audit chain of the store in
// $PORTAL_DATA_DIR (or one organisation's, or "system") and names the first broken link of each
// broken chain. The exit code is 0 when every chain holds, 1 when one is broken, 2 on a usage
// or store error.
func auditCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: portal audit verify [-org ORGANISATION_ID|system]")
		return 2
	}
	org := ""
	switch rest := args[1:]; {
	case len(rest) == 2 && rest[0] == "-org":
		org = rest[1]
	case len(rest) != 0:
		fmt.Fprintln(stderr, "usage: portal audit verify [-org ORGANISATION_ID|system]")
		return 2
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	path := cfg.storePath()
	if _, err := os.Stat(path); err != nil && !reference.IsPostgresURL(path) {
		// Open would create an empty store, and an empty log verifies.
		fmt.Fprintln(stderr, err)
		return 2
	}
	ctx := context.Background()
	store, err := reference.Open(ctx, path, reference.Options{})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	defer store.Close()
	v, err := store.VerifyAudit(ctx, org)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	return reportVerification(v, stdout)
}

// reportVerification prints v and gives the exit code.
func reportVerification(v provider.AuditVerification, w io.Writer) int {
	if v.OK {
		fmt.Fprintf(w, "audit log intact: %d chains, %d entries\n", v.Chains, v.Entries)
		return 0
	}
	for _, b := range v.Breaks {
		fmt.Fprintf(w, "BROKEN chain %s at entry %d (position %d): %s\n", b.Chain, b.EntryID, b.Seq, b.Reason)
	}
	fmt.Fprintf(w, "audit log broken: %d of %d chains, %d entries checked\n", len(v.Breaks), v.Chains, v.Entries)
	return 1
}
