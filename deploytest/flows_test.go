package deploytest

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/mfa"
	"portal/reference/demo"
)

const org = demo.Org1ID // Nordic Trading ApS: every area on, drafts need 1 approval, batches 2

func orgPath(rest string) string { return "/org/" + org + rest }

// made is what the flows did, for the invariants: every id a flow got a success for.
type made struct {
	mu          sync.Mutex
	transfers   []booking // idempotency keys, with the organisation
	withdrawals []string  // end-to-end ids
	refunds     []string  // order ids
	drafts      []string  // draft ids, approved
	batches     []string  // batch ids, approved twice
	batchRows   int
	mfaLogins   int
}

func (m *made) add(f func(*made)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(m)
}

// flows holds the logged-in users and runs one flow each call; n numbers the end-to-end ids.
type flows struct {
	base                       string
	tally                      *tally
	made                       *made
	admin, creator, rev1, rev2 *browser
	mu                         sync.Mutex
	n                          int
	orders                     []string // completed orders not yet refunded
	lastTOTPStep               int64
	totpMu                     sync.Mutex
}

func (f *flows) next() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	return f.n
}

// booking is a transfer the run made: the organisation and the form's idempotency key.
type booking struct{ org, key string }

// transfer moves 1.00 EUR to the GBP account through the transfer page's form.
func (f *flows) transfer() error {
	return transferIn(f.admin, f.made, org, demo.AccountOrg1EUR, demo.AccountOrg1GBP, fmt.Sprintf("DEPLOY-T-%d", f.next()))
}

// transferIn moves 1.00 of from's currency to the account to through the transfer page's form
// of the organisation orgID, as b, and notes the booking in m.
func transferIn(b *browser, m *made, orgID, from, to, e2e string) error {
	path := "/org/" + orgID + "/accounts/" + from + "/transfer"
	doc, err := b.page(path)
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, actionEnds("/transfer"))
	if err != nil {
		return fmt.Errorf("transfer page: %w", err)
	}
	key := v.Get("idempotency_key")
	if key == "" {
		return fmt.Errorf("transfer form has no idempotency key")
	}
	v.Set("from_account_number", from)
	v.Set("to_account_number", to)
	v.Set("amount", "1.00")
	v.Set("end_to_end_id", e2e)
	v.Set("intent", "transfer")
	if _, err := b.submit(action, v, "transfer"); err != nil {
		return err
	}
	m.add(func(m *made) { m.transfers = append(m.transfers, booking{orgID, key}) })
	return nil
}

// withdrawal asks for 2.00 EUR to the BNP account: form, review page, confirm.
func (f *flows) withdrawal() error {
	b := f.admin
	path := orgPath("/accounts/withdrawals/new")
	doc, err := b.page(path)
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, actionEnds("/withdrawals/new"))
	if err != nil {
		return fmt.Errorf("withdrawal form: %w", err)
	}
	e2e := fmt.Sprintf("DEPLOY-W-%d", f.next())
	v.Set("account", demo.AccountOrg1EUR)
	v.Set("withdrawal_account", demo.WithdrawalEUR)
	v.Set("amount", "2.00")
	v.Set("end_to_end_id", e2e)
	v.Set("intent", "review")
	loc, err := b.submit(action, v, "withdrawal review")
	if err != nil {
		return err
	}
	if doc, err = b.page(loc); err != nil {
		return err
	}
	action, v, err = formOf(doc, func(_ string, n *html.Node) bool {
		return htmlq.VisibleText(htmlq.Find(n, htmlq.ByTag("button"))) == "Confirm withdrawal"
	})
	if err != nil {
		return fmt.Errorf("withdrawal review: %w", err)
	}
	if action == "" {
		action = loc
	}
	if _, err := b.submit(action, v, "confirm withdrawal"); err != nil {
		return err
	}
	f.made.add(func(m *made) { m.withdrawals = append(m.withdrawals, e2e) })
	return nil
}

// refund refunds a completed collection order in full through its refund page.
func (f *flows) refund() error {
	f.mu.Lock()
	if len(f.orders) == 0 {
		f.mu.Unlock()
		return nil // every seeded completed order is refunded: nothing left to do
	}
	id := f.orders[0]
	f.orders = f.orders[1:]
	f.mu.Unlock()
	b := f.admin
	path := orgPath("/collections/orders/" + id + "/refund")
	doc, err := b.page(path)
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, actionEnds("/refund"))
	if err != nil {
		return fmt.Errorf("refund page of %s: %w", id, err)
	}
	v.Set("refund_type", "full")
	if _, err := b.submit(action, v, "refund "+id); err != nil {
		return err
	}
	f.made.add(func(m *made) { m.refunds = append(m.refunds, id) })
	return nil
}

func wizardForm(doc *html.Node) (string, map[string][]string, error) {
	a, v, err := formOf(doc, func(a string, _ *html.Node) bool {
		return strings.Contains(a, "/payouts/create") && !strings.HasSuffix(a, "/receiver") && !strings.HasSuffix(a, "/save_receiver")
	})
	return a, v, err
}

// payout walks the manual payout wizard without JavaScript (product, payout request,
// receiver, receiver bank, summary) as the creator; a second user approves the draft.
func (f *flows) payout() error {
	b := f.creator
	doc, err := b.page(orgPath("/payouts/create"))
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, func(a string, _ *html.Node) bool { return strings.Contains(a, "/payouts/create") })
	if err != nil {
		return fmt.Errorf("wizard: %w", err)
	}
	v.Set("local_instrument", "SEPA")
	for _, step := range []struct{ field, value string }{{"product_id", "sepa-eur-de"}, {"schema_id", "sepa-eur-de-iban"}} {
		r, err := b.post(action, v)
		if err != nil {
			return err
		}
		if r.status == http.StatusSeeOther {
			break
		}
		if r.status != http.StatusOK {
			return fmt.Errorf("wizard product step: status %d", r.status)
		}
		if _, v, err = formOf(r.doc(), func(a string, _ *html.Node) bool { return strings.Contains(a, "/payouts/create") }); err != nil {
			return err
		}
		if v.Get(step.field) == "" {
			v.Set(step.field, step.value)
		}
	}
	loc, err := b.submit(action, v, "wizard: create the draft")
	if err != nil {
		return err
	}
	rest := strings.TrimPrefix(loc, orgPath("/payouts/create/"))
	id, _, ok := strings.Cut(rest, "/")
	if !ok {
		return fmt.Errorf("wizard: not a step address: %s", loc)
	}
	n := f.next()
	steps := [][]string{
		{"amount", "3.00", "end_to_end_id", fmt.Sprintf("DEPLOY-P-%d", n)},
		{"full_name", "Jonas Weber", "email", "jonas@example.de", "address", "Hauptstraße 1", "city", "Berlin", "postal_code", "10115", "country_code", "DE"},
		{"iban", "DE89 3704 0044 0532 0130 00"},
		{}, // the summary
	}
	for i, kv := range steps {
		doc, err := b.page(loc)
		if err != nil {
			return err
		}
		action, v, err := wizardForm(doc)
		if err != nil {
			return fmt.Errorf("wizard step %d: %w", i+1, err)
		}
		if i == 0 {
			accts := options(doc, "pw-virtual_account_number")
			if len(accts) == 0 {
				return fmt.Errorf("wizard: no account to pay from")
			}
			v["virtual_account_number"] = []string{accts[0]}
			for _, a := range accts {
				if a == demo.AccountOrg1EUR {
					v["virtual_account_number"] = []string{a}
				}
			}
		}
		for j := 0; j+1 < len(kv); j += 2 {
			v[kv[j]] = []string{kv[j+1]}
		}
		v["intent"] = []string{"next"}
		if loc, err = b.submit(action, v, fmt.Sprintf("wizard step %d", i+1)); err != nil {
			return err
		}
	}
	if !strings.HasSuffix(loc, "/done") {
		return fmt.Errorf("wizard ends at %s, want the done page", loc)
	}
	if _, err := b.page(loc); err != nil {
		return err
	}
	// The four-eyes approval by a reviewer.
	r := f.rev1
	draft := orgPath("/payout_drafts/" + id)
	doc, err = r.page(draft)
	if err != nil {
		return err
	}
	action, v, err = formOf(doc, actionEnds("/approve"))
	if err != nil {
		return fmt.Errorf("draft %s: %w", id, err)
	}
	if _, err := r.submit(action, v, "approve draft "+id); err != nil {
		return err
	}
	f.made.add(func(m *made) { m.drafts = append(m.drafts, id) })
	return nil
}

// batch uploads a two-row SEPA file made from the downloaded template; two reviewers approve it.
func (f *flows) batch() error {
	b := f.creator
	tpl, err := b.send("GET", orgPath("/batches/template/download?schema=sepa-eur-de-iban"), nil, "")
	if err != nil {
		return err
	}
	if tpl.status != http.StatusOK {
		return fmt.Errorf("batch template: status %d", tpl.status)
	}
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(tpl.body, []byte("\ufeff")))).ReadAll()
	if err != nil || len(recs) < 2 {
		return fmt.Errorf("batch template: %d records, %v", len(recs), err)
	}
	head, example := recs[0], recs[1]
	n := f.next()
	var file bytes.Buffer
	w := csv.NewWriter(&file)
	_ = w.Write(head)
	const rows = 2
	for i := range rows {
		row := append([]string(nil), example...)
		for j, c := range head {
			switch c {
			case "end_to_end_id":
				row[j] = fmt.Sprintf("DEPLOY-B-%d-%d", n, i)
			case "amount":
				row[j] = "4.00"
			}
		}
		_ = w.Write(row)
	}
	w.Flush()

	doc, err := b.page(orgPath("/batches/upload"))
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, actionEnds("/batches/upload"))
	if err != nil {
		return fmt.Errorf("upload page: %w", err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k := range v {
		_ = mw.WriteField(k, v.Get(k))
	}
	_ = mw.WriteField("name", fmt.Sprintf("Deploy run %d", n))
	fw, _ := mw.CreateFormFile("file", fmt.Sprintf("deploy-%d.csv", n))
	_, _ = fw.Write(file.Bytes())
	_ = mw.Close()
	r, err := b.send("POST", action, body.Bytes(), mw.FormDataContentType())
	if err != nil {
		return err
	}
	view := htmlq.Find(r.doc(), func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "View batch" })
	if r.status != http.StatusOK || view == nil {
		return fmt.Errorf("batch upload: status %d, no View batch (%s)", r.status, mainText(r.doc()))
	}
	batchURL := htmlq.Attr(view, "href")
	id := batchURL[strings.LastIndex(batchURL, "/")+1:]
	for _, rev := range []*browser{f.rev1, f.rev2} {
		doc, err := rev.page(batchURL)
		if err != nil {
			return err
		}
		action, v, err := formOf(doc, actionEnds("/approve"))
		if err != nil {
			return fmt.Errorf("batch %s as %s: %w", id, rev.email, err)
		}
		if _, err := rev.submit(action, v, "approve batch "+id+" as "+rev.email); err != nil {
			return err
		}
	}
	f.made.add(func(m *made) { m.batches = append(m.batches, id); m.batchRows += rows })
	return nil
}

// mfaLogin logs the authenticator user in with a fresh browser, opens the dashboard and logs
// out. Each TOTP step is accepted once (one step of skew), so it runs only when a step it has
// not used is current or next; otherwise it does nothing.
func (f *flows) mfaLogin() error {
	f.totpMu.Lock()
	now := time.Now().Unix() / 30
	step := max(now, f.lastTOTPStep+1)
	if step > now+1 {
		f.totpMu.Unlock()
		return nil
	}
	f.lastTOTPStep = step
	f.totpMu.Unlock()
	b := newBrowser(f.base, f.tally)
	err := b.login("mfa-totp@demo.example", func() (string, error) {
		return mfa.Code(demo.TOTPSecret, time.Unix(step*30+1, 0))
	})
	if err != nil {
		return err
	}
	if err := b.logout(b.landing); err != nil {
		return err
	}
	f.made.add(func(m *made) { m.mfaLogins++ })
	return nil
}
