package reference

import (
	"context"
	"fmt"
	"path/filepath"
	"portal/reference/demo"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/provider"
)

// auditCtx is a request's context as the server makes it: the actor is asked for when an
// entry is written.
func auditCtx(userID string) context.Context {
	return provider.WithAuditActor(context.Background(), func() provider.AuditActor {
		return provider.AuditActor{UserID: userID, Session: "0123456789ab", ClientIP: "203.0.113.7",
			Origin: provider.AuditOriginPage, Path: "/test/action"}
	})
}

// entriesOf is every entry of org's chain, newest first.
func entriesOf(t *testing.T, s *Store, org string) []provider.AuditEntry {
	t.Helper()
	page, err := s.AuditEntries(context.Background(), org, provider.AuditFilter{Limit: provider.MaxAuditLimit})
	if err != nil {
		t.Fatal(err)
	}
	return page.Entries
}

func mustVerify(t *testing.T, s *Store) provider.AuditVerification {
	t.Helper()
	v, err := s.VerifyAudit(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAuditEventsRecordedByTheirActions(t *testing.T) {
	t.Parallel()
	s, clock := authStore(t)
	admin := auditCtx(demo.UserAdminID)
	from, to := lastDays(clock.Now(), 60)
	cases := []struct {
		kind   provider.AuditKind
		org    string
		record string // "" : any
		run    func(t *testing.T) string
	}{
		{provider.AuditTransfer, demo.Org1ID, "", func(t *testing.T) string {
			r, err := s.Transfer(admin, demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP,
				Amount: "10.00", IdempotencyKey: "audit-transfer"})
			if err != nil {
				t.Fatal(err)
			}
			return r.ID
		}},
		{provider.AuditPayoutCreated, demo.Org1ID, "", func(t *testing.T) string {
			p, err := s.CreatePayout(admin, demo.Org1ID, validSEPA("AUDIT-P1", "12.00"))
			if err != nil {
				t.Fatal(err)
			}
			return p.UniqueReference
		}},
		{provider.AuditPayoutTestCase, demo.Org1ID, "", func(t *testing.T) string {
			p := mustCreate(t, s, demo.Org1ID, validSEPA("AUDIT-P2", "13.00"))
			runPayouts(t, s, PayoutProcessorOptions{Settle: time.Hour})
			if _, err := s.PayoutTestCase(admin, demo.Org1ID, p.UniqueReference, provider.TestCaseHold); err != nil {
				t.Fatal(err)
			}
			return p.UniqueReference
		}},
		{provider.AuditPayoutCancelled, demo.Org1ID, "", func(t *testing.T) string {
			p := mustCreate(t, s, demo.Org1ID, validSEPA("AUDIT-P3", "14.00"))
			if _, err := s.CancelPayout(admin, demo.Org1ID, p.UniqueReference, provider.PayoutInitiator{Name: "Admin"}); err != nil {
				t.Fatal(err)
			}
			return p.UniqueReference
		}},
		{provider.AuditDraftApproved, demo.Org1ID, "", func(t *testing.T) string {
			d := filledDraft(t, s, "AUDIT-D1")
			if _, err := s.PublishDraft(context.Background(), demo.Org1ID, d.DraftID, draftCreator); err != nil {
				t.Fatal(err)
			}
			if _, err := s.ApproveDraft(auditCtx(draftReviewer1.UserID), demo.Org1ID, d.DraftID, draftReviewer1); err != nil {
				t.Fatal(err)
			}
			return d.DraftID
		}},
		{provider.AuditDraftDeclined, demo.Org1ID, "", func(t *testing.T) string {
			d := filledDraft(t, s, "AUDIT-D2")
			if _, err := s.PublishDraft(context.Background(), demo.Org1ID, d.DraftID, draftCreator); err != nil {
				t.Fatal(err)
			}
			if _, err := s.RejectDraft(auditCtx(draftReviewer1.UserID), demo.Org1ID, d.DraftID, draftReviewer1); err != nil {
				t.Fatal(err)
			}
			return d.DraftID
		}},
		{provider.AuditBatchApproved, demo.Org1ID, "", func(t *testing.T) string {
			res, err := upload(s, batchCSV(t, s, "AUA", 2, nil), demo.UserOperationsMemberID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.ApproveBatch(admin, demo.Org1ID, res.BatchID, provider.BatchReviewer{UserID: demo.UserAdminReviewerID, Name: "A"}); err != nil {
				t.Fatal(err)
			}
			return res.BatchID
		}},
		{provider.AuditBatchDeclined, demo.Org1ID, "", func(t *testing.T) string {
			res, err := upload(s, batchCSV(t, s, "AUR", 2, nil), demo.UserOperationsMemberID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.RejectBatch(admin, demo.Org1ID, res.BatchID, provider.BatchReviewer{UserID: demo.UserAdminReviewerID, Name: "A"}); err != nil {
				t.Fatal(err)
			}
			return res.BatchID
		}},
		{provider.AuditRefund, demo.Org1ID, "", func(t *testing.T) string {
			for _, o := range ordersOf(t, s, demo.Org1ID, provider.OrderCompleted) {
				if !provider.OrderRefundable(o) {
					continue
				}
				if _, err := s.RefundCollectionOrder(admin, demo.Org1ID, o.UUID, provider.CollectionRefundRequest{Amount: o.Amount,
					IdempotencyKey: "audit-refund"}); err == nil {
					return o.UUID
				}
			}
			t.Fatal("no order could be refunded")
			return ""
		}},
		{provider.AuditOrderCancelled, demo.Org1ID, "", func(t *testing.T) string {
			for _, o := range ordersOf(t, s, demo.Org1ID, "") {
				if provider.OrderCancellable(o) {
					if _, err := s.CancelCollectionOrder(admin, demo.Org1ID, o.UUID); err != nil {
						t.Fatal(err)
					}
					return o.UUID
				}
			}
			t.Fatal("no cancellable order")
			return ""
		}},
		{provider.AuditWithdrawal, demo.Org1ID, "", func(t *testing.T) string {
			req := eurWithdrawal("AUDIT-W1", "20.00")
			req.IdempotencyKey = "audit-withdrawal"
			w, err := s.CreateWithdrawal(admin, demo.Org1ID, req)
			if err != nil {
				t.Fatal(err)
			}
			return w.Reference
		}},
		{provider.AuditExport, demo.Org1ID, "", func(t *testing.T) string {
			st, err := s.CreateStatement(admin, demo.Org1ID, provider.StatementRequest{AccountNumber: demo.AccountOrg1EUR,
				CreatedAfter: from, CreatedBefore: to, Kind: provider.KindTransactions, RequestedBy: demo.UserAdminID})
			if err != nil {
				t.Fatal(err)
			}
			return st.ID
		}},
		{provider.AuditDownload, demo.Org1ID, "", func(t *testing.T) string {
			rep, err := s.CreatePayoutReport(admin, demo.Org1ID, provider.PayoutReportRequest{AccountNumber: demo.AccountOrg1EUR,
				CreatedAfter: from, CreatedBefore: to, StateCategories: []string{provider.PayoutReceived, provider.PayoutCompleted},
				RequestedBy: demo.UserAdminID})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.RunPayoutReportJobs(context.Background()); err != nil {
				t.Fatal(err)
			}
			f, err := s.OpenPayoutReport(admin, demo.Org1ID, rep.UUID)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			return rep.UUID
		}},
		{provider.AuditInvitationSent, demo.Org2ID, "", func(t *testing.T) string {
			u, err := s.CreateUser(admin, demo.Org2ID, provider.UserInput{Email: "audit.new@example.com", FirstName: "Au",
				LastName: "Dit", Role: provider.RoleObserver})
			if err != nil {
				t.Fatal(err)
			}
			return u.ID
		}},
		{provider.AuditInvitationAccepted, demo.Org1ID, "", func(t *testing.T) string {
			if _, err := s.AcceptInvitation(context.Background(), demo.InvitationToken, newPassword); err != nil {
				t.Fatal(err)
			}
			return ""
		}},
		{provider.AuditMemberChanged, demo.Org1ID, demo.UserFinanceID, func(t *testing.T) string {
			if _, err := s.UpdateUser(admin, demo.Org1ID, demo.UserFinanceID, provider.UserInput{Role: provider.RoleObserver}); err != nil {
				t.Fatal(err)
			}
			return demo.UserFinanceID
		}},
		{provider.AuditPasswordResetRequested, demo.Org1ID, demo.UserObserverID, func(t *testing.T) string {
			requestReset(t, s, "observer@demo.example")
			return demo.UserObserverID
		}},
		{provider.AuditPasswordReset, demo.Org1ID, demo.UserObserverID, func(t *testing.T) string {
			token := requestReset(t, s, "observer@demo.example")
			if _, err := s.ResetPassword(context.Background(), token, newPassword); err != nil {
				t.Fatal(err)
			}
			return demo.UserObserverID
		}},
		{provider.AuditMFASetUp, demo.Org1ID, demo.UserMFANewID, func(t *testing.T) string {
			ctx := context.Background()
			wantErr(t, s.RegisterPhone(ctx, demo.UserMFANewID, "dk", "20123456"), "", "")
			wantErr(t, s.ConfirmPhone(ctx, demo.UserMFANewID, lastSMSCode(t, s, "+45 20123456")), "", "")
			return demo.UserMFANewID
		}},
		{provider.AuditMFAChanged, demo.Org1ID, demo.UserMFANewID, func(t *testing.T) string {
			ctx := context.Background()
			enrol, err := s.StartTOTP(ctx, demo.UserMFANewID)
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, s.ConfirmTOTP(ctx, demo.UserMFANewID, mustCode(t, enrol.Secret, clock.Now())), "", "")
			return demo.UserMFANewID
		}},
		{provider.AuditPasskeyAdded, demo.Org1ID, "", func(t *testing.T) string {
			k, err := s.AddPasskey(context.Background(), demo.UserMFATOTPID, provider.NewPasskey{Name: "Laptop",
				CredentialID: []byte("audit-credential"), Record: []byte("{}")})
			if err != nil {
				t.Fatal(err)
			}
			return k.ID
		}},
		{provider.AuditPasskeyRemoved, demo.Org1ID, "", func(t *testing.T) string {
			ctx := context.Background()
			keys, err := s.Passkeys(ctx, demo.UserMFATOTPID)
			if err != nil || len(keys) == 0 {
				t.Fatalf("passkeys: %v %v", keys, err)
			}
			wantErr(t, s.RemovePasskey(ctx, demo.UserMFATOTPID, keys[0].ID), "", "")
			return keys[0].ID
		}},
		{provider.AuditLoginFailed, "", "", func(t *testing.T) string {
			if err := s.RecordAudit(context.Background(), provider.AuditEvent{Kind: provider.AuditLoginFailed,
				AboutEmail: "nobody@nowhere.example"}); err != nil {
				t.Fatal(err)
			}
			return ""
		}},
	}
	seen := map[provider.AuditKind]bool{}
	for _, c := range cases {
		seen[c.kind] = true
		before := map[int64]bool{}
		chain := c.org
		for _, e := range s.chainEntries(t, chain) {
			before[e.ID] = true
		}
		record := c.run(t)
		if c.record != "" {
			record = c.record
		}
		var got []provider.AuditEntry
		for _, e := range s.chainEntries(t, chain) {
			if !before[e.ID] && e.Kind == c.kind {
				got = append(got, e)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s: %d new entries of the kind in chain %q, want 1", c.kind, len(got), chain)
			continue
		}
		e := got[0]
		if record != "" && e.RecordID != record {
			t.Errorf("%s: record %q, want %q", c.kind, e.RecordID, record)
		}
		if e.KindLabel == "" || strings.Contains(e.KindLabel, "_") {
			t.Errorf("%s: label %q", c.kind, e.KindLabel)
		}
		for _, ch := range e.Changes {
			if secretField(ch.Field) && (ch.Before != "" || ch.After != "") {
				t.Errorf("%s: a secret's value recorded: %+v", c.kind, ch)
			}
		}
	}
	for _, k := range provider.AuditKinds() {
		switch k.Kind {
		case provider.AuditLogin, provider.AuditLockout, provider.AuditSessionEnded:
			// Decided by the portal, not the store: server/audit.TestAuditLoginEvents and
			// server/auth.TestAuditFailedLoginsAndLockout.
		default:
			if !seen[k.Kind] {
				t.Errorf("kind %s has no case", k.Kind)
			}
		}
	}

	// The actor is the request's: address, session handle, path; the e-mail and role from
	// the store.
	e := entriesOf(t, s, demo.Org1ID)
	var transfer *provider.AuditEntry
	for i := range e {
		if e[i].Kind == provider.AuditTransfer {
			transfer = &e[i]
			break
		}
	}
	if transfer == nil || transfer.Actor.ClientIP != "203.0.113.7" || transfer.Actor.Email != "admin@demo.example" ||
		transfer.Actor.Role != provider.RoleAdmin || transfer.Actor.Session != "0123456789ab" || transfer.Actor.Path != "/test/action" {
		t.Errorf("transfer entry %+v", transfer)
	}
	// A person's events go to each of their organisations: multi@ belongs to both.
	if v := mustVerify(t, s); !v.OK || v.Chains < 3 {
		t.Errorf("verify %+v", v)
	}
	// Nothing recorded names a secret: no reset token, no password.
	dump := dumpTable(t, s, "audit_entries")
	if strings.Contains(dump, newPassword) {
		t.Error("a password is in the audit log")
	}
}

// chainEntries is entriesOf for an organisation, or the system chain's entries for "".
func (s *Store) chainEntries(t *testing.T, chain string) []provider.AuditEntry {
	t.Helper()
	if chain != "" {
		return entriesOf(t, s, chain)
	}
	rows, err := s.read.Query(`SELECT ` + storeQueries.Fragment("audit-columns") + ` FROM audit_entries WHERE chain = '' ORDER BY seq DESC`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []provider.AuditEntry
	for rows.Next() {
		var r auditRow
		if err := scanAudit(rows, &r); err != nil {
			t.Fatal(err)
		}
		e, err := r.entry()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

func TestAuditVerifyFindsTampering(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		sql    string
		reason string
		// which: the entry (by position in Atlantic's chain) that verify must name.
		which int64
	}{
		{"edited field", `UPDATE audit_entries SET client_ip = '198.51.100.1' WHERE chain = ? AND seq = 3`, "edited", 3},
		{"edited changes", `UPDATE audit_entries SET changes = '[]' WHERE chain = ? AND seq = 2`, "edited", 2},
		{"deleted in the middle", `DELETE FROM audit_entries WHERE chain = ? AND seq = 2`, "missing", 3},
		{"deleted newest", `DELETE FROM audit_entries WHERE chain = ? AND seq = (SELECT max(seq) FROM audit_entries WHERE chain = ?1)`, "deleted", 0},
		{"hash recomputed after edit", `UPDATE audit_entries SET kind = 'export', hash = ? WHERE chain = ?1 AND seq = 2`, "previous hash", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := seededStore(t)
			ctx := auditCtx(demo.UserAdminID)
			for i := range 4 {
				if _, err := s.Transfer(ctx, demo.Org2ID, provider.TransferRequest{From: demo.AccountOrg2GBP, To: demo.AccountOrg2USD,
					Amount: "1.00", IdempotencyKey: fmt.Sprintf("tamper-%d", i)}); err != nil {
					t.Fatal(err)
				}
			}
			if v := mustVerify(t, s); !v.OK {
				t.Fatalf("before tampering: %+v", v)
			}
			n := int64(len(entriesOf(t, s, demo.Org2ID)))
			args := []any{demo.Org2ID}
			if strings.Contains(c.sql, "hash = ?") {
				// A forger who recomputes the edited entry's hash still breaks the next link.
				var r auditRow
				rows, err := s.read.Query(`SELECT `+storeQueries.Fragment("audit-columns")+` FROM audit_entries WHERE chain = ? AND seq = 2`, demo.Org2ID)
				if err != nil {
					t.Fatal(err)
				}
				rows.Next()
				if err := scanAudit(rows, &r); err != nil {
					t.Fatal(err)
				}
				rows.Close()
				r.kind = "export"
				args = []any{r.digest(), demo.Org2ID}
				c.sql = `UPDATE audit_entries SET kind = 'export', hash = ?1 WHERE chain = ?2 AND seq = 2`
			}
			if _, err := s.write.Exec(c.sql, args...); err != nil {
				t.Fatal(err)
			}
			v := mustVerify(t, s)
			if v.OK || len(v.Breaks) != 1 {
				t.Fatalf("verify after %s: %+v", c.name, v)
			}
			b := v.Breaks[0]
			if b.Chain != demo.Org2ID || !strings.Contains(b.Reason, c.reason) {
				t.Errorf("break %+v", b)
			}
			want := c.which
			if want == 0 {
				want = n - 1 // the chain now ends one early
			}
			if b.Seq != want && !(c.which == 0 && b.Seq == n) {
				t.Errorf("break at position %d, want %d (%+v)", b.Seq, want, b)
			}
			if b.EntryID == 0 && c.which != 0 {
				t.Errorf("break names no entry: %+v", b)
			}
			// Nordic's chain is untouched and still holds.
			if v, err := s.VerifyAudit(context.Background(), demo.Org1ID); err != nil || !v.OK {
				t.Errorf("Nordic's chain: %+v %v", v, err)
			}
		})
	}
}

func TestAuditConcurrentWritersKeepOneChain(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	before := len(entriesOf(t, s, demo.Org1ID))
	n := 40 / raceDivisor * 2
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := auditCtx(demo.UserAdminID)
			var err error
			if i%2 == 0 {
				_, err = s.Transfer(ctx, demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP,
					Amount: "1.00", IdempotencyKey: fmt.Sprintf("conc-%d", i)})
			} else {
				err = s.RecordAudit(ctx, provider.AuditEvent{OrgID: demo.Org1ID, Kind: provider.AuditDownload, RecordKind: "test",
					RecordID: fmt.Sprint(i)})
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := entriesOf(t, s, demo.Org1ID)
	if len(got) != before+n {
		t.Fatalf("%d entries, want %d", len(got), before+n)
	}
	seqs := map[int64]bool{}
	for _, e := range got {
		if seqs[e.Seq] {
			t.Fatalf("position %d twice", e.Seq)
		}
		seqs[e.Seq] = true
	}
	if v := mustVerify(t, s); !v.OK {
		t.Fatalf("verify %+v", v)
	}
}

func TestAuditEntriesFilterAndPage(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	all := entriesOf(t, s, demo.Org1ID)
	if len(all) < 2*provider.DefaultAuditLimit {
		t.Fatalf("the demo has %d entries in Nordic's chain, want enough for pages", len(all))
	}
	var walked int
	f := provider.AuditFilter{}
	for {
		p, err := s.AuditEntries(ctx, demo.Org1ID, f)
		if err != nil {
			t.Fatal(err)
		}
		walked += len(p.Entries)
		if !p.HasNext {
			break
		}
		f.Cursor, f.Direction = p.CursorNext, provider.DirectionNext
	}
	if walked != len(all) {
		t.Errorf("pages walked %d, want %d", walked, len(all))
	}
	p, err := s.AuditEntries(ctx, demo.Org1ID, provider.AuditFilter{Kind: provider.AuditTransfer, Limit: provider.MaxAuditLimit})
	if err != nil || p.Total == 0 {
		t.Fatalf("by kind: %+v %v", p.Total, err)
	}
	for _, e := range p.Entries {
		if e.Kind != provider.AuditTransfer {
			t.Errorf("kind filter let %s through", e.Kind)
		}
	}
	if _, err := s.AuditEntries(ctx, demo.Org1ID, provider.AuditFilter{Kind: "nonsense"}); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("unknown kind: %v", err)
	}
	future := time.Now().Add(48 * time.Hour)
	if p, _ := s.AuditEntries(ctx, demo.Org1ID, provider.AuditFilter{From: future}); p.Total != 0 {
		t.Errorf("from the future: %d", p.Total)
	}
	for _, e := range entriesOf(t, s, demo.Org2ID) {
		for _, n := range all {
			if n.ID == e.ID {
				t.Fatalf("entry %d in both organisations", e.ID)
			}
		}
	}
}

// A chain's first entries have no head row to lock: writers racing on an empty chain must
// still number it 1, 2, 3… once each.
func TestAuditFirstEntriesOfAChainKeepOneChain(t *testing.T) {
	t.Parallel()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))
	const chain, n = "org-first-entries", 32
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			errs <- s.RecordAudit(auditCtx("user-first-entries"), provider.AuditEvent{OrgID: chain,
				Kind: provider.AuditDownload, RecordKind: "test", RecordID: fmt.Sprint(i)})
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var count, seqs, top int
	if err := s.read.QueryRowContext(context.Background(),
		`SELECT count(*), count(DISTINCT seq), max(seq) FROM audit_entries WHERE chain = ?`, chain).Scan(&count, &seqs, &top); err != nil {
		t.Fatal(err)
	}
	if count != n || seqs != n || top != n {
		t.Fatalf("%d entries at %d positions up to %d, want %d at 1…%[4]d", count, seqs, top, n)
	}
	if v := mustVerify(t, s); !v.OK {
		t.Fatalf("verify %+v", v)
	}
}
