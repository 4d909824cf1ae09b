package payoutdrafts

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	creator   = "operations_member@demo.example"
	reviewer  = "operations_member_reviewer@demo.example"
	reviewer2 = "admin_reviewer@demo.example"
)

// Demo users who create drafts: Sofie (operations member, cannot review), Jonas (a
// reviewer, who cannot review his own), Grace (Atlantic).
var (
	sofie = provider.DraftActor{UserID: demo.UserOperationsMemberID, Name: "Sofie Andersen"}
	jonas = provider.DraftActor{UserID: demo.UserOperationsMemberReviewerID, Name: "Jonas Larsen"}
	grace = provider.DraftActor{UserID: demo.UserAtlanticOpsID, Name: "Grace Walker"}
)

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, New, createpayout.New)
}

// sent makes a complete SEPA draft of Nordic by the demo operations member and sends it for
// review through the provider.
func sent(t *testing.T, h *servertest.Harness, org, e2e string, by provider.DraftActor) provider.PayoutDraft {
	t.Helper()
	ctx := context.Background()
	acct, prod, schema := demo.AccountOrg1EUR, "sepa-eur-de", "sepa-eur-de-iban"
	sections := []struct {
		name   string
		values map[string]string
	}{
		{"payout_request", map[string]string{"virtual_account_number": acct, "amount": "250", "end_to_end_id": e2e}},
		{"creditor", map[string]string{"full_name": "Anna Müller", "email": "anna@example.com", "address": "Hauptstraße 1",
			"city": "Berlin", "postal_code": "10115", "country_code": "DE"}},
		{"creditor_account", map[string]string{"iban": "DE89370400440532013000"}},
	}
	if org == servertest.OrgAtlantic {
		prod, schema = "fps-gbp-gb", "fps-gbp-gb-scan"
		sections = []struct {
			name   string
			values map[string]string
		}{
			{"payout_request", map[string]string{"virtual_account_number": demo.AccountOrg2GBP, "amount": "80", "end_to_end_id": e2e}},
			{"ultimate_debtor", map[string]string{"full_name": "Atlantic Freight Ltd", "address": "20 Fenchurch Street", "city": "London",
				"postal_code": "EC3M 3BY", "country_code": "GB"}},
			{"creditor", map[string]string{"full_name": "Tom Jones", "email": "tom@example.com", "address": "1 High Street",
				"city": "Leeds", "postal_code": "LS1 1AA", "country_code": "GB"}},
			{"creditor_account", map[string]string{"bank_clearing_system_id": "40-47-84", "account_number": "70872490"}},
		}
	}
	d, err := h.Store.CreateDraft(ctx, org, by, prod, schema)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sections {
		if d, err = h.Store.SaveDraftSection(ctx, org, d.DraftID, by, s.name, s.values); err != nil {
			t.Fatal(err)
		}
	}
	if pub, err := h.Store.PublishDraft(ctx, org, d.DraftID, by); err != nil || pub.State != provider.DraftStatusWaitingReview {
		t.Fatalf("publish %+v %v (valid %v)", pub, err, d.Valid())
	}
	return d
}

func formTo(doc *html.Node, action string) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == action })
}

func actionLabels(doc *html.Node) []string {
	panel := htmlq.Find(doc, htmlq.ByID("draft-panel"))
	var out []string
	for _, n := range htmlq.FindAll(panel, func(n *html.Node) bool {
		return (n.Data == "button" && htmlq.Attr(n, "type") == "submit") || (n.Data == "a" && strings.HasSuffix(htmlq.Attr(n, "href"), "/reject") ||
			n.Data == "a" && strings.Contains(htmlq.Attr(n, "href"), "/delete"))
	}) {
		out = append(out, htmlq.VisibleText(n))
	}
	return out
}

// The list: the status filter (Pending approval by default, Declined), 20 rows a page with
// the total and a next page, the details panel with the spec's sections as tabs.
func TestDraftsPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(reviewer)
	res, doc := c.Page("/org/" + servertest.OrgNordic + "/payout_drafts")
	if res.StatusCode != 200 || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Payout drafts" {
		t.Fatalf("status %d", res.StatusCode)
	}
	sel := htmlq.Find(doc, htmlq.ByID("status"))
	var opts []string
	for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		opts = append(opts, htmlq.VisibleText(o)+map[bool]string{true: "*"}[htmlq.HasAttr(o, "selected")])
	}
	if !slices.Equal(opts, []string{"Pending approval*", "Declined", "Unfinished"}) {
		t.Errorf("status options %v", opts)
	}
	rows := servertest.Rows(doc)
	next := servertest.PagerLink(doc, "next")
	if len(rows) != pageSize || next == nil || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("drafts-count"))), "26 drafts pending approval") {
		t.Fatalf("%d rows, next %v, count %q", len(rows), next != nil, htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("drafts-count"))))
	}
	_, doc2 := c.Page(htmlq.Attr(next, "href"))
	if n := len(servertest.Rows(doc2)); n != 6 {
		t.Errorf("page 2 has %d rows", n)
	}
	_, declined := c.Page("/org/" + servertest.OrgNordic + "/payout_drafts?status=rejected")
	if n := len(servertest.Rows(declined)); n != 7 {
		t.Errorf("%d declined rows", n)
	}
	// A swift draft with an intermediary shows every section of the spec's panel.
	page, err := h.Store.Drafts(context.Background(), servertest.OrgNordic, provider.DraftFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(page.Drafts, func(d provider.PayoutDraft) bool { return d.SchemaID == "swift-usd-sg-intermediary" })
	res, doc = c.Page(draftPath(servertest.OrgNordic, page.Drafts[i].DraftID) + "?tab=receiver_bank")
	if res.StatusCode != 200 {
		t.Fatalf("panel %d", res.StatusCode)
	}
	var tabs []string
	for _, a := range htmlq.FindAll(htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "aria-label") == "Draft sections" }), htmlq.ByTag("a")) {
		tabs = append(tabs, htmlq.VisibleText(a)+map[bool]string{true: "*"}[htmlq.Attr(a, "aria-current") == "page"])
	}
	if !slices.Equal(tabs, []string{"Payout Request", "Sender", "Receiver Bank*", "Receiver", "Intermediary Agent", "Intermediary Agent Account"}) {
		t.Errorf("tabs %v", tabs)
	}
	if got := actionLabels(doc); !slices.Equal(got, []string{"Approve", "Decline"}) && page.Drafts[i].UserID != demo.UserOperationsMemberReviewerID {
		t.Errorf("reviewer's actions %v", got)
	}
	// Unknown, foreign and still-being-built drafts are not found, the list stays.
	for _, id := range []string{"00000000-0000-4000-8000-000000000000", sent(t, h, servertest.OrgAtlantic, "ATL-FOREIGN", grace).DraftID} {
		res, doc = c.Page(draftPath(servertest.OrgNordic, id))
		if res.StatusCode != 404 || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("draft-panel"))), "Something went wrong") {
			t.Errorf("%s: %d", id, res.StatusCode)
		}
	}
}

// Four eyes through the page: the creator is offered nothing but Delete and a posted approve
// is refused; a reviewer approves and the draft becomes a payout request; N=2 needs two
// distinct reviewers and the same one cannot approve twice; a decline ends it.
func TestFourEyesPages(t *testing.T) {
	h := newHarness(t)
	d := sent(t, h, servertest.OrgNordic, "PAGE-4EYES-1", jonas)
	path := draftPath(servertest.OrgNordic, d.DraftID)

	// Jonas may review, but not his own draft: offered only Delete, and a posted approval
	// is refused.
	owner := h.LoggedIn(reviewer)
	_, doc := owner.Page(path)
	if got := actionLabels(doc); !slices.Equal(got, []string{"Delete draft"}) {
		t.Errorf("creator's actions %v", got)
	}
	_, doc = servertest.Follow(t, owner, owner.PostForm(path+"/approve", url.Values{}, path))
	if fl := servertest.Flashes(doc); len(fl) != 1 || fl[0] != provider.MsgDraftApproveFailed+": The creator of a draft cannot review it." {
		t.Fatalf("creator approving: %v", fl)
	}
	rev := h.LoggedIn(reviewer2)
	_, doc = servertest.Follow(t, rev, rev.PostForm(path+"/approve", url.Values{}, path))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{fmt.Sprintf(provider.MsgDraftApproveOK, d.DraftID)}) {
		t.Fatalf("approve: %v", fl)
	}
	if htmlq.Find(doc, htmlq.ByID("draft-"+d.DraftID)) != nil {
		t.Error("the approved draft is still listed")
	}
	got, err := h.Store.Draft(context.Background(), servertest.OrgNordic, d.DraftID, provider.DraftActor{UserID: demo.UserOperationsMemberID})
	if err != nil || got.Status != provider.DraftStatusPublished || got.UniqueReference == "" {
		t.Fatalf("draft after approval %+v %v", got, err)
	}
	if p, err := h.Store.Payout(context.Background(), servertest.OrgNordic, got.UniqueReference); err != nil || p.Source != provider.SourceManual {
		t.Fatalf("payout %+v %v", p, err)
	}

	// Atlantic needs two approvals.
	a := sent(t, h, servertest.OrgAtlantic, "ATL-4EYES-1", grace)
	apath := draftPath(servertest.OrgAtlantic, a.DraftID)
	r1 := h.LoggedIn("atlantic-reviewer@demo.example")
	_, doc = servertest.Follow(t, r1, r1.PostForm(apath+"/approve", url.Values{}, apath))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{fmt.Sprintf(provider.MsgDraftApproveOK, a.DraftID)}) {
		t.Fatalf("first approval: %v", fl)
	}
	_, doc = r1.Page(apath)
	if got := actionLabels(doc); len(got) != 0 || !strings.Contains(htmlq.VisibleText(doc), "Needs to be approved by 1 person") {
		t.Errorf("after approving: actions %v", got)
	}
	res := r1.PostForm(apath+"/approve", url.Values{}, "/org/"+servertest.OrgAtlantic+"/payout_drafts")
	_, doc = servertest.Follow(t, r1, res)
	if fl := servertest.Flashes(doc); len(fl) != 1 || !strings.Contains(fl[0], "You have already approved this draft.") {
		t.Fatalf("second approval by the same user: %v", fl)
	}
	if d, _ := h.Store.Draft(context.Background(), servertest.OrgAtlantic, a.DraftID, provider.DraftActor{}); d.Status != provider.DraftStatusWaitingReview {
		t.Fatalf("published after one distinct approval: %s", d.Status)
	}
	// A decline by the second reviewer ends it.
	r2 := h.LoggedIn("atlantic-approver@demo.example")
	_, doc = r2.Page(apath + "/reject")
	form := formTo(doc, apath+"/reject")
	if form == nil || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Decline draft?" {
		t.Fatal("no decline confirmation")
	}
	_, doc = servertest.Follow(t, r2, r2.PostForm(apath+"/reject", url.Values{"return_to": {apath}}, apath+"/reject"))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{fmt.Sprintf(provider.MsgDraftRejectOK, a.DraftID)}) {
		t.Fatalf("decline: %v", fl)
	}
	if d, _ := h.Store.Draft(context.Background(), servertest.OrgAtlantic, a.DraftID, provider.DraftActor{}); d.Status != provider.DraftStatusRejected {
		t.Fatalf("status after decline %s", d.Status)
	}
	// Without payout_drafts:review the routes refuse, whatever the form says.
	obs := h.LoggedIn("observer@demo.example")
	e := sent(t, h, servertest.OrgNordic, "PAGE-4EYES-OBS", sofie)
	if res := obs.PostForm(draftPath(servertest.OrgNordic, e.DraftID)+"/approve", url.Values{}, "/org/"+servertest.OrgNordic+"/payout_drafts"); res.StatusCode != http.StatusSeeOther ||
		res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
		t.Fatalf("observer approve: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Delete: 'Delete draft?' with the spec's words, only for the creator; Yes deletes.
func TestDeleteDraftPage(t *testing.T) {
	h := newHarness(t)
	d := sent(t, h, servertest.OrgNordic, "PAGE-DELETE-1", sofie)
	path := draftPath(servertest.OrgNordic, d.DraftID)
	rev := h.LoggedIn(reviewer)
	_, doc := rev.Page(path + "/delete")
	if formTo(doc, path+"/delete") != nil || !strings.Contains(htmlq.VisibleText(doc), "You cannot take this action on this draft.") {
		t.Fatal("a reviewer is asked to delete someone else's draft")
	}
	_, doc = servertest.Follow(t, rev, rev.PostForm(path+"/delete", url.Values{}, "/org/"+servertest.OrgNordic+"/payout_drafts"))
	if fl := servertest.Flashes(doc); len(fl) != 1 || !strings.HasPrefix(fl[0], provider.MsgDraftDeleteFailed) {
		t.Fatalf("reviewer delete: %v", fl)
	}
	owner := h.LoggedIn(creator)
	_, doc = owner.Page(path + "/delete")
	body := htmlq.VisibleText(doc)
	if htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Delete draft?" || !strings.Contains(body, "Are you sure you want to delete this payout draft?") ||
		htmlq.VisibleText(htmlq.Find(formTo(doc, path+"/delete"), htmlq.ByTag("button"))) != "Yes" || servertest.LinkByText(doc, "No") == nil {
		t.Fatalf("delete page: %s", body)
	}
	_, doc = servertest.Follow(t, owner, owner.PostForm(path+"/delete", url.Values{}, path+"/delete"))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{fmt.Sprintf(provider.MsgDraftDeleteOK, d.DraftID)}) {
		t.Fatalf("delete: %v", fl)
	}
	if _, err := h.Store.Draft(context.Background(), servertest.OrgNordic, d.DraftID, provider.DraftActor{}); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("still there: %v", err)
	}
}

// Two reviewers posting at the same moment (N=1): one payout request, the other refused.
func TestConcurrentApprovalsThroughAPI(t *testing.T) {
	h := newHarness(t)
	d := sent(t, h, servertest.OrgNordic, "API-RACE-1", sofie)
	var clients []*servertest.APIClient
	for _, email := range []string{reviewer, reviewer2} {
		a := h.APILoggedIn(email)
		clients = append(clients, a)
	}
	var wg sync.WaitGroup
	codes := make([]int, len(clients))
	for i, a := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = a.Call("POST", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/payout_drafts/"+d.DraftID+"/approve", nil).StatusCode
		}()
	}
	wg.Wait()
	slices.Sort(codes)
	page, err := h.Store.Payouts(context.Background(), servertest.OrgNordic, provider.PayoutFilter{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range page.Payouts {
		if p.EndToEndID == "API-RACE-1" {
			n++
		}
	}
	if !slices.Equal(codes, []int{200, 409}) || n != 1 {
		t.Fatalf("codes %v, %d payouts", codes, n)
	}
}
