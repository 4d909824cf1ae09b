package reference

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"maps"
	"portal/reference/demo"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	"portal/payoutfield"
	"portal/provider"
)

// batchCSV writes a SEPA (Germany, by IBAN) batch for Nordic with n rows whose end-to-end
// ids start with prefix, from the schema's template; edit changes row i's cells (by column
// name) first.
func batchCSV(t testing.TB, s *Store, prefix string, n int, edit func(i int, row map[string]string)) []byte {
	t.Helper()
	tpl, err := s.BatchTemplate(context.Background(), demo.Org1ID, "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	header := tpl.Columns
	_ = w.Write(header)
	for i := range n {
		row := map[string]string{}
		for j, c := range tpl.Columns {
			row[c] = tpl.Example[j]
		}
		row["end_to_end_id"] = fmt.Sprintf("%s-%05d", prefix, i)
		row["amount"] = fmt.Sprintf("%d.%02d", 10+i%900, i%100)
		if edit != nil {
			edit(i, row)
		}
		rec := make([]string, len(header))
		for j, h := range header {
			rec[j] = row[h]
		}
		_ = w.Write(rec)
	}
	w.Flush()
	return buf.Bytes()
}

func upload(s *Store, content []byte, by string) (provider.BatchUploadResult, error) {
	return s.CreateBatch(context.Background(), demo.Org1ID, provider.BatchUpload{Filename: "C:\\Users\\x\\run.csv", Content: content,
		CreatedBy: by, CreatorName: "Sofie Andersen"})
}

func uploadErr(t *testing.T, err error) *provider.BatchUploadError {
	t.Helper()
	ue, ok := err.(*provider.BatchUploadError)
	if !ok {
		t.Fatalf("want a BatchUploadError, got %v", err)
	}
	return ue
}

func countBatches(t *testing.T, s *Store) (batches, rows int) {
	t.Helper()
	if err := s.read.QueryRow(`SELECT (SELECT count(*) FROM batches), (SELECT count(*) FROM batch_payouts)`).Scan(&batches, &rows); err != nil {
		t.Fatal(err)
	}
	return
}

func TestCreateBatchAndApproveTwice(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	res, err := upload(s, batchCSV(t, s, "OK", 5, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != provider.BatchWaitingReview || res.Name != "run.csv" || res.Filename != "run.csv" || res.Meta.TotalPayoutRequests != 5 ||
		res.Meta.Country.ISO != "DE" || res.Meta.Currency.ISO != "EUR" || res.Meta.LocalInstrument != "SEPA" {
		t.Fatalf("result %+v", res)
	}
	b, err := s.Batch(ctx, demo.Org1ID, res.BatchID)
	if err != nil || b.TotalAmount != "60.10" || b.ApprovalsStillNeeded() != 2 || !b.Reviewable(demo.UserAdminReviewerID) || b.Reviewable(demo.UserOperationsMemberID) {
		t.Fatalf("batch %+v %v", b, err)
	}
	// Not yet payouts: its rows are listed as waiting for approval.
	pg, _ := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{BatchID: res.BatchID})
	if pg.Total != 5 || len(pg.Payouts) != 5 || slices.ContainsFunc(pg.Payouts, func(p provider.PayoutRequest) bool {
		return p.Status != provider.StatusPendingApproval || p.UniqueReference != ""
	}) {
		t.Fatalf("payouts before approval: %d %+v", pg.Total, pg.Payouts)
	}
	me := provider.BatchReviewer{UserID: demo.UserOperationsMemberID, Name: "Sofie Andersen"}
	if _, err := s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, me); provider.ErrorMessage(err) != msgBatchOwnBatch {
		t.Errorf("creator approves: %v", err)
	}
	first := provider.BatchReviewer{UserID: demo.UserAdminReviewerID, Name: "Henrik Madsen"}
	if b, err = s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, first); err != nil || b.Status != provider.BatchWaitingReview || b.ApprovalsStillNeeded() != 1 {
		t.Fatalf("first approval %+v %v", b, err)
	}
	if _, err := s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, first); provider.ErrorMessage(err) != msgBatchReviewedOnce {
		t.Errorf("same reviewer twice: %v", err)
	}
	if _, err := s.RejectBatch(ctx, demo.Org1ID, res.BatchID, first); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Errorf("approver declines after: %v", err)
	}
	// Another organisation's batch is not found.
	if _, err := s.ApproveBatch(ctx, demo.Org2ID, res.BatchID, first); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("cross-tenant: %v", err)
	}
	// Two reviewers at once: the batch completes once and its payouts are created once.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, u := range []string{demo.UserOperationsMemberReviewerID, demo.UserAdminID} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, provider.BatchReviewer{UserID: u, Name: u})
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if provider.ErrorMessage(err) != msgBatchNotWaiting {
			t.Errorf("racing approval: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d racing approvals succeeded, want 1", ok)
	}
	b, _ = s.Batch(ctx, demo.Org1ID, res.BatchID)
	pg, _ = s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{BatchID: res.BatchID})
	if b.Status != provider.BatchCompleted || len(b.Approvals) != 2 || pg.Total != 5 {
		t.Fatalf("after approvals: %s, %d approvals, %d payouts", b.Status, len(b.Approvals), pg.Total)
	}
	p := pg.Payouts[0]
	if p.Source != provider.SourceCSV || p.CreatorName != "Sofie Andersen" || p.Creditor.FullName != "Anna Müller" || p.CreditorAccount.IBAN == "" {
		t.Errorf("payout %+v", p)
	}
	full, _ := s.Payout(ctx, demo.Org1ID, p.UniqueReference)
	if len(full.Reviews) != 2 {
		t.Errorf("reviews %+v", full.Reviews)
	}
	// The same end-to-end ids are now taken by payouts; the same file is a possible duplicate.
	_, err = upload(s, batchCSV(t, s, "OK", 5, nil), demo.UserOperationsMemberID)
	if ue := uploadErr(t, err); ue.Code != provider.ECONFLICT || ue.Duplicate == nil || ue.Duplicate.ID != res.BatchID {
		t.Errorf("duplicate: %+v", ue)
	}
	_, err = s.CreateBatch(ctx, demo.Org1ID, provider.BatchUpload{Filename: "again.csv", Content: batchCSV(t, s, "OK", 5, nil), AllowDuplicate: true})
	if ue := uploadErr(t, err); ue.Code != provider.EINVALID || !strings.Contains(string(ue.Report), "End-to-end ID must be unique") {
		t.Errorf("duplicate allowed, ids taken: %+v", ue)
	}
	checkPayoutMoney(t, s)
}

func TestDeclineBatch(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	res, err := upload(s, batchCSV(t, s, "DEC", 2, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	by := provider.BatchReviewer{UserID: demo.UserAdminReviewerID, Name: "Henrik Madsen"}
	b, err := s.RejectBatch(ctx, demo.Org1ID, res.BatchID, by)
	if err != nil || b.Status != provider.BatchRejected || len(b.Rejections) != 1 {
		t.Fatalf("%+v %v", b, err)
	}
	other := provider.BatchReviewer{UserID: demo.UserOperationsMemberReviewerID, Name: "Jonas"}
	if _, err := s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, other); provider.ErrorMessage(err) != msgBatchNotWaiting {
		t.Errorf("approve declined: %v", err)
	}
	// A declined batch's end-to-end ids are free again.
	if _, err := s.CreateBatch(ctx, demo.Org1ID, provider.BatchUpload{Filename: "x.csv", Content: batchCSV(t, s, "DEC", 2, nil),
		AllowDuplicate: true, CreatedBy: demo.UserOperationsMemberID}); err != nil {
		t.Errorf("re-upload after decline: %v", err)
	}
	d, err := s.BatchDrafts(ctx, demo.Org1ID, res.BatchID, provider.BatchDraftFilter{Limit: 1})
	if err != nil || len(d.Drafts) != 1 || !d.HasNext || d.Total != 2 || d.Drafts[0].State != provider.BatchRejected || d.Drafts[0].Line != 2 {
		t.Fatalf("drafts %+v %v", d, err)
	}
	d2, err := s.BatchDrafts(ctx, demo.Org1ID, res.BatchID, provider.BatchDraftFilter{Cursor: d.CursorNext})
	if err != nil || len(d2.Drafts) != 1 || d2.HasNext || d2.Drafts[0].Line != 3 {
		t.Fatalf("drafts page 2 %+v %v", d2, err)
	}
	one, err := s.BatchDraft(ctx, demo.Org1ID, res.BatchID, d2.Drafts[0].ID)
	if err != nil || one.EndToEndID != "DEC-00001" {
		t.Errorf("draft %+v %v", one, err)
	}
	if _, err := s.BatchDraft(ctx, demo.Org2ID, res.BatchID, d2.Drafts[0].ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("cross-tenant draft: %v", err)
	}
}

func TestBatchWithoutApprovalBecomesPayouts(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	tpl, err := s.BatchTemplate(ctx, demo.Org2ID, "fps-gbp-gb-scan")
	if err != nil {
		t.Fatal(err)
	}
	file := strings.Join(tpl.Columns, ",") + "\n" + strings.Join(tpl.Example, ",") + "\n"
	res, err := s.CreateBatch(ctx, demo.Org2ID, provider.BatchUpload{Name: " Weekly ", Filename: "w.csv", Content: []byte(file)})
	if err != nil || res.Status != provider.BatchCompleted || res.Name != "Weekly" {
		t.Fatalf("%+v %v", res, err)
	}
	pg, _ := s.Payouts(ctx, demo.Org2ID, provider.PayoutFilter{BatchID: res.BatchID})
	if pg.Total != 1 || pg.Payouts[0].CreditorAccount.BankClearingSystemID != "601613" {
		t.Fatalf("payouts %+v", pg)
	}
	// Atlantic holds no EUR: it is not offered SEPA, in batches as in the wizard.
	if _, err := s.BatchTemplate(ctx, demo.Org2ID, "sepa-eur-de-iban"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("Atlantic has no SEPA: %v", err)
	}
	checkPayoutMoney(t, s)
}

func TestBatchFileChecks(t *testing.T) {
	s := seededStore(t)
	good := batchCSV(t, s, "F", 1, nil)
	utf16le := func(b []byte) []byte {
		out := []byte{0xff, 0xfe}
		for _, u := range utf16.Encode([]rune(string(b))) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out
	}
	pad := func(n int) []byte {
		// A valid file padded to n bytes with a long optional cell.
		base := batchCSV(t, s, "PAD", 1, nil)
		lines := bytes.SplitN(base, []byte("\n"), 2)
		extra := n - len(base)
		body := bytes.Replace(lines[1], []byte("Hauptstraße 5"), []byte("Hauptstraße 5"+strings.Repeat("x", extra)), 1)
		out := append(append(append([]byte{}, lines[0]...), '\n'), body...)
		if len(out) != n {
			t.Fatalf("padded to %d, want %d", len(out), n)
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		content []byte
		detail  string // "" means accepted
	}{
		{"empty", nil, "File is not present."},
		{"BOM", append([]byte("\xef\xbb\xbf"), batchCSV(t, s, "BOM", 1, nil)...), ""},
		{"UTF-16", utf16le(good), msgBatchNotUTF8},
		{"Latin-1", []byte("end_to_end_id\nM\xfcller\n"), msgBatchNotUTF8},
		{"not CSV", []byte("a,\"b\nc"), "The file is not a valid CSV file"},
		{"other header", []byte("name,amount\nx,1\n"), msgBatchHeader},
		{"header only", bytes.SplitN(good, []byte("\n"), 2)[0], msgBatchEmpty},
		{"exactly 2,097,152 bytes", pad(provider.MaxBatchFileBytes), "Address must be at most 140 characters"},
		{"2,097,153 bytes", append(pad(provider.MaxBatchFileBytes), ' '), msgBatchTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b0, r0 := countBatches(t, s)
			_, err := s.CreateBatch(context.Background(), demo.Org1ID, provider.BatchUpload{Filename: "f.csv", Content: tc.content, AllowDuplicate: true})
			if tc.detail == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			ue := uploadErr(t, err)
			if !strings.Contains(strings.Join(ue.Details, " | "), tc.detail) {
				t.Errorf("details %q, want %q", ue.Details, tc.detail)
			}
			if b1, r1 := countBatches(t, s); b1 != b0 || r1 != r0 {
				t.Errorf("a failed upload stored something")
			}
		})
	}
}

func TestBatchRowErrorsAndReport(t *testing.T) {
	s := seededStore(t)
	content := batchCSV(t, s, "ROW", 14, func(i int, row map[string]string) {
		switch i {
		case 1:
			row["amount"] = "12.345"
		case 2:
			row["creditor_account.iban"] = "DE89370400440532013001"
		case 3:
			row["end_to_end_id"] = "ROW-00000" // twice in the file
		case 4:
			row["end_to_end_id"] = "bad id!"
		case 5:
			row["creditor.full_name"] = ""
		case 6:
			row["creditor.full_name"] = "=HYPERLINK(\"http://x\")"
			row["requested_execution_date"] = "2001-01-01"
		case 7:
			row["creditor.address"] = "Hauptstraße 5, Hinterhaus\nLinks" // quoted: a comma and a newline
		case 8:
			row["virtual_account_number"] = "NOT-MINE"
		case 9:
			row["creditor.email"] = "anna@"
		case 10:
			row["creditor.country_code"] = "XX"
		case 11:
			row["creditor.postal_code"] = strings.Repeat("9", 141)
		case 12:
			row["purpose_code"] = "pc2"
		}
	})
	b0, r0 := countBatches(t, s)
	_, err := upload(s, content, demo.UserOperationsMemberID)
	ue := uploadErr(t, err)
	if b1, r1 := countBatches(t, s); b1 != b0 || r1 != r0 {
		t.Fatal("stored a failed batch")
	}
	if ue.Details[0] != "12 of 14 rows have errors." || len(ue.Details) != 12 || !strings.HasSuffix(ue.Details[11], "in the error report.") {
		t.Errorf("details %q", ue.Details)
	}
	for _, d := range ue.Details {
		if !strings.HasSuffix(d, ".") {
			t.Errorf("detail without full stop: %q", d)
		}
	}
	recs, err := csv.NewReader(bytes.NewReader(ue.Report)).ReadAll()
	if err != nil || len(recs) != 15 {
		t.Fatalf("report %d records, %v", len(recs), err)
	}
	errCol := len(recs[0]) - 1
	if recs[0][errCol] != "errors" {
		t.Fatalf("header %q", recs[0])
	}
	want := map[int]string{
		1: "Line 3: Amount (amount): Enter the amount with at most 2 decimals", 2: "IBAN (creditor_account.iban): " + payoutfield.MsgIBANInvalid,
		3: "End-to-end ID must be unique (also on line 2)", 4: payoutfield.MsgE2EChars, 5: "Full name (creditor.full_name): Full name is required",
		6: "Execution date (requested_execution_date): " + payoutfield.MsgDatePast, 7: "Address must be on one line",
		8: "Account (virtual_account_number): " + payoutfield.MsgSelect, 9: payoutfield.MsgEmail, 10: payoutfield.MsgCountry,
		11: "Postal code must be at most 140 characters", 12: payoutfield.MsgPurposeFree,
	}
	for i := 0; i < 14; i++ {
		cell := recs[i+1][errCol]
		if w, bad := want[i]; bad != (cell != "") || !strings.Contains(cell, w) {
			t.Errorf("row %d error %q, want %q", i, cell, w)
		}
		if bad := want[i]; bad != "" && !strings.HasPrefix(cell, fmt.Sprintf("Line %d:", i+2+boolInt(i > 7))) {
			t.Errorf("row %d line: %q", i, cell)
		}
	}
	name := recs[7][0:]
	for _, c := range name {
		if strings.HasPrefix(c, "=") {
			t.Errorf("formula cell not guarded: %q", c)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FuzzParseBatchFile: any bytes give a file or a refusal, never a panic, and a refusal
// never comes with rows.
func FuzzParseBatchFile(f *testing.F) {
	s := seededStore(f)
	schemas, err := s.batchSchemas(context.Background(), demo.Org1ID)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(batchCSV(f, s, "Z", 3, nil))
	f.Add([]byte("end_to_end_id,\"a\nb\",c\n1,2"))
	f.Add([]byte("\xef\xbb\xbf\xff\xfe"))
	today := s.now().UTC()
	f.Fuzz(func(t *testing.T, b []byte) {
		file, refused := parseBatchFile(b, schemas, today)
		if (file == nil) == (refused == nil) {
			t.Fatalf("file %v, refusal %v", file, refused)
		}
		if file != nil {
			_ = file.refuseRows()
		}
	})
}

// BenchmarkBatchUpload2MB: a 2 MB batch of about 10,000 rows read, checked and stored (the
// budget in docs/architecture.md is 1 s); peak memory is reported by the benchmark's -benchmem and
// the test binary's max RSS.
func BenchmarkBatchUpload2MB(b *testing.B) {
	s := seededStore(b)
	rows := 0
	var content []byte
	for n := 9000; ; n += 200 {
		c := batchCSV(b, s, "BENCH", n, nil)
		if len(c) > provider.MaxBatchFileBytes {
			break
		}
		content, rows = c, n
	}
	b.ReportMetric(float64(rows), "rows")
	b.ReportMetric(float64(len(content)), "bytes")
	// Peak heap while uploading, sampled (docs/architecture.md: "peak memory printed").
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
			}
		}
	}()
	defer func() {
		close(stop)
		b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapAlloc))/(1<<20), "peak-heap-MiB")
	}()
	b.ResetTimer()
	for i := range b.N {
		_, err := s.CreateBatch(context.Background(), demo.Org1ID, provider.BatchUpload{Filename: "bench.csv", AllowDuplicate: true,
			Content: bytes.ReplaceAll(content, []byte("BENCH-"), []byte(fmt.Sprintf("B%04d-", i)))})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// TestBatchTemplatesBecomePayouts: the template of every schema either organisation is
// offered uploads as it is (its end-to-end ID made unique), and once the batch is approved
// its payout passes the lifecycle's own checks (the bank's country comes from the product
// when the schema does not ask for it), as a published draft's does. Known gap, outside the
// catalogue: the lifecycle wants a sender's name for every payout, and the schemas without
// a Sender step (SEPA by IBAN, USDT) ask for none, so those payouts, from the wizard as from
// a batch, are refused for that alone.
func TestBatchTemplatesBecomePayouts(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	var batches []struct{ org, id, product, schema string }
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		schemas, err := s.batchSchemas(ctx, org)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range schemas {
			tpl, err := s.BatchTemplate(ctx, org, b.sch.ID)
			if err != nil {
				t.Fatal(err)
			}
			ex := slices.Clone(tpl.Example)
			ex[slices.Index(tpl.Columns, "end_to_end_id")] = "TPL-" + b.sch.ID
			var buf bytes.Buffer
			w := csv.NewWriter(&buf)
			_ = w.WriteAll([][]string{tpl.Columns, ex})
			res, err := s.CreateBatch(ctx, org, provider.BatchUpload{Filename: b.sch.ID + ".csv", Content: buf.Bytes(), CreatedBy: demo.UserOperationsMemberID})
			if err != nil {
				t.Fatalf("%s: %v (%+v)", b.sch.ID, err, err)
			}
			if res.Meta.Currency.ISO != b.prod.currency || res.Meta.Country.ISO != b.prod.country || res.Meta.LocalInstrument != b.fam.id {
				t.Errorf("%s: meta %+v", b.sch.ID, res.Meta)
			}
			for _, by := range []string{demo.UserAdminReviewerID, demo.UserOperationsMemberReviewerID}[:boolInt(res.Status == provider.BatchWaitingReview)*2] {
				if _, err := s.ApproveBatch(ctx, org, res.BatchID, provider.BatchReviewer{UserID: by, Name: by}); err != nil {
					t.Fatal(err)
				}
			}
			batches = append(batches, struct{ org, id, product, schema string }{org, res.BatchID, b.prod.id, b.sch.ID})
		}
	}
	if len(batches) < 10 {
		t.Fatalf("%d schemas offered", len(batches))
	}
	if _, err := s.RunPayoutJobs(ctx); err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		pg, err := s.Payouts(ctx, b.org, provider.PayoutFilter{BatchID: b.id})
		if err != nil || pg.Total != 1 {
			t.Fatalf("%s: %d payouts, %v", b.schema, pg.Total, err)
		}
		p, _ := s.Payout(ctx, b.org, pg.Payouts[0].UniqueReference)
		if len(p.Errors) > 0 || p.Status == provider.StateRejected {
			t.Errorf("%s: payout %s %v", b.schema, p.Status, p.Errors)
		}
		// A schema without a Sender step pays as the organisation itself.
		if _, _, sch := catalogueLookup(b.product, b.schema); !hasFields(sch, provider.StepUltimateDebtor) {
			if d := p.UltimateDebtor; d.Type != provider.CreditorOrganization || d.FullName == "" || d.CountryCode == "" {
				t.Errorf("%s: sender %+v, want the organisation", b.schema, d)
			}
		}
	}
}

// A date of birth in a CSV cell is read as YYYY-MM-DD or as the wizard asks for it (DD MM
// YYYY, with dots, slashes or dashes too), and refused with the wizard's words; a creditor
// type is one of the schema's options.
func TestBatchRowAsTheWizard(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	tpl, err := s.BatchTemplate(ctx, demo.Org1ID, "sepa-eur-de-iban-typed")
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]string{}
	for i, c := range tpl.Columns {
		cells[c] = tpl.Example[i]
	}
	rows := [][]string{tpl.Columns}
	for i, edit := range []map[string]string{
		{"creditor.birthdate": "12.04.1985"}, {"creditor.birthdate": "1985-13-01"}, {"creditor.birthdate": "12 4 1985"},
		{"creditor.type": "company"}, {"purpose_code": "PC02"}, {"creditor.birthdate": "2999-01-01"},
	} {
		row := maps.Clone(cells)
		maps.Copy(row, edit)
		row["end_to_end_id"] = fmt.Sprintf("DOB-%d", i)
		rec := make([]string, len(tpl.Columns))
		for j, c := range tpl.Columns {
			rec[j] = row[c]
		}
		rows = append(rows, rec)
	}
	var buf bytes.Buffer
	_ = csv.NewWriter(&buf).WriteAll(rows)
	_, err = upload(s, buf.Bytes(), demo.UserOperationsMemberID)
	ue := uploadErr(t, err)
	recs, _ := csv.NewReader(bytes.NewReader(ue.Report)).ReadAll()
	want := []string{"", payoutfield.MsgDOBInvalid, payoutfield.MsgDOBIncomplete, "Receiver type (creditor.type): " + payoutfield.MsgSelect,
		"Purpose code (purpose_code): " + payoutfield.MsgSelect, payoutfield.MsgDOBFuture}
	for i, w := range want {
		if cell := recs[i+1][len(recs[0])-1]; (w == "") != (cell == "") || !strings.Contains(cell, w) {
			t.Errorf("row %d: %q, want %q", i, cell, w)
		}
	}
}

// The demo batches name schemas of the catalogue, of their own corridor.
func TestSeededBatchesFollowTheCatalogue(t *testing.T) {
	s := seededStore(t)
	rows, err := s.read.Query(`SELECT schema_id, local_instrument, currency, country FROM batches WHERE schema_id <> ''`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var schema, instr, code, country string
		if err := rows.Scan(&schema, &instr, &code, &country); err != nil {
			t.Fatal(err)
		}
		n++
		found := false
		for _, f := range catalogue {
			for _, p := range f.products {
				for _, sc := range p.schemas {
					found = found || (sc.ID == schema && f.id == instr && p.currency == code && p.country == country)
				}
			}
		}
		if !found {
			t.Errorf("batch of schema %s (%s %s %s) is not the catalogue's", schema, instr, code, country)
		}
	}
	if n == 0 {
		t.Error("no demo batch names its schema")
	}
}

// SEPA to Germany and to France share their columns: the first row's IBAN says which
// corridor the file is, before the receiver's country.
func TestBatchCorridorFromTheFirstRow(t *testing.T) {
	s := seededStore(t)
	for _, tc := range []struct{ iban, country, want string }{
		{"FR1420041010050500013M02606", "DE", "FR"}, {"DE89370400440532013000", "FR", "DE"}, {"", "FR", "FR"},
	} {
		content := batchCSV(t, s, "PICK"+tc.want+tc.country, 1, func(_ int, row map[string]string) {
			row["creditor_account.iban"], row["creditor.country_code"] = tc.iban, tc.country
		})
		res, err := upload(s, content, demo.UserOperationsMemberID)
		if tc.iban == "" {
			// The IBAN is required: refused, but the corridor was still read from the country.
			if ue := uploadErr(t, err); ue.Meta.Country.ISO != tc.want {
				t.Errorf("no IBAN, country %s: corridor %+v", tc.country, ue.Meta)
			}
			continue
		}
		if err != nil || res.Meta.Country.ISO != tc.want {
			t.Errorf("IBAN %s, country %s: %+v %v, want %s", tc.iban, tc.country, res.Meta, err, tc.want)
		}
	}
}

// The first two approvals of a batch that needs two, at once: both count (neither overwrites
// the other's), the batch completes and its rows become payouts once.
func TestBatchApprovalsAtOnceBothCount(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	for round := range 4 {
		res, err := upload(s, batchCSV(t, s, fmt.Sprintf("AT-ONCE-%d", round), 3, nil), demo.UserOperationsMemberID)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, u := range []string{demo.UserAdminReviewerID, demo.UserOperationsMemberReviewerID} {
			wg.Go(func() {
				_, errs[i] = s.ApproveBatch(ctx, demo.Org1ID, res.BatchID, provider.BatchReviewer{UserID: u, Name: u})
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
		b, err := s.Batch(ctx, demo.Org1ID, res.BatchID)
		pg, _ := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{BatchID: res.BatchID})
		if err != nil || b.Status != provider.BatchCompleted || len(b.Approvals) != 2 || pg.Total != 3 {
			t.Fatalf("round %d: %s, %d approvals, %d payouts, %v", round, b.Status, len(b.Approvals), pg.Total, err)
		}
	}
	checkPayoutMoney(t, s)
}
