package payoutdrafts

import (
	"context"
	"maps"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/payouts"
	"portal/server/servertest"
)

// started is a SEPA draft of Nordic by `by` with its first step saved: it continues at
// the Receiver step.
func started(t *testing.T, h *servertest.Harness, org string, by provider.DraftActor) provider.PayoutDraft {
	t.Helper()
	ctx := context.Background()
	prod, schema, values := "sepa-eur-de", "sepa-eur-de-iban",
		map[string]string{"virtual_account_number": demo.AccountOrg1EUR, "amount": "75", "end_to_end_id": "LEFT-" + by.UserID[len(by.UserID)-4:]}
	if org == servertest.OrgAtlantic {
		prod, schema, values = "fps-gbp-gb", "fps-gbp-gb-scan",
			map[string]string{"virtual_account_number": demo.AccountOrg2GBP, "amount": "75", "end_to_end_id": "LEFT-ATL"}
	}
	d, err := h.Store.CreateDraft(ctx, org, by, prod, schema)
	if err != nil {
		t.Fatal(err)
	}
	if d, err = h.Store.SaveDraftSection(ctx, org, d.DraftID, by, provider.StepPayoutRequest, values); err != nil || !d.Section(provider.StepPayoutRequest).Saved {
		t.Fatalf("save: %v %+v", err, d.Section(provider.StepPayoutRequest))
	}
	return d
}

// unfinishedLinks are the drafts the Create payout page offers to continue: id → href.
func unfinishedLinks(doc *html.Node) map[string]string {
	out := map[string]string{}
	sec := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == "unfinished-title"
	})
	for _, li := range htmlq.FindAll(sec, htmlq.ByTag("li")) {
		if a := htmlq.Find(li, htmlq.ByTag("a")); a != nil {
			out[strings.TrimPrefix(htmlq.Attr(li, "id"), "unfinished-")] = htmlq.Attr(a, "href")
		}
	}
	return out
}

// draftRows are the rows of the Payout drafts list: id → the row's first link.
func draftRows(doc *html.Node) map[string]string {
	out := map[string]string{}
	for _, tr := range htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "tr" && strings.HasPrefix(htmlq.Attr(n, "id"), "draft-") }) {
		href := ""
		if a := htmlq.Find(tr, htmlq.ByTag("a")); a != nil {
			href = htmlq.Attr(a, "href")
		}
		out[strings.TrimPrefix(htmlq.Attr(tr, "id"), "draft-")] = href
	}
	return out
}

// ownOnly checks that links (id → href) lead to the user's own unfinished draft at its
// resume step and hold no other member's: how a page shows them, `how`.
func ownOnly(t *testing.T, how string, links map[string]string, mine, theirs, resume string) {
	t.Helper()
	if links[mine] != resume {
		t.Errorf("own draft %s with link %q, want %q (links %v)", how, links[mine], resume, links)
	}
	if _, ok := links[theirs]; ok {
		t.Errorf("another member's unfinished draft %s", how)
	}
}

func TestUnfinishedDraftsListedForTheirCreator(t *testing.T) {
	// The wizard links back to the payouts list (s.Path), so that area is mounted too.
	h := servertest.New(t, auth.New, New, createpayout.New, payouts.New)
	mine := started(t, h, servertest.OrgNordic, sofie)
	theirs := started(t, h, servertest.OrgNordic, jonas)
	foreign := started(t, h, servertest.OrgAtlantic, grace)
	resume := "/org/" + servertest.OrgNordic + "/payouts/create/" + mine.DraftID + "/" + provider.StepCreditor
	create := "/org/" + servertest.OrgNordic + "/payouts/create"
	list := "/org/" + servertest.OrgNordic + "/payout_drafts?status=" + provider.DraftStatusDraft

	sofieC, jonasC := h.LoggedIn(creator), h.LoggedIn(reviewer)
	t.Run("Create payout page", func(t *testing.T) {
		res, doc := sofieC.Page(create)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		ownOnly(t, "offered", unfinishedLinks(doc), mine.DraftID, theirs.DraftID, resume)
		text := htmlq.VisibleText(doc)
		for _, want := range []string{"Continue your unfinished payout", "Continues at Receiver",
			"Unfinished payouts are deleted 7 days after their last change."} {
			if !strings.Contains(text, want) {
				t.Errorf("page lacks %q", want)
			}
		}
		_, doc = jonasC.Page(create)
		if links := unfinishedLinks(doc); links[mine.DraftID] != "" || links[theirs.DraftID] == "" {
			t.Errorf("Jonas is offered %v", links)
		}
		// The link opens the step, for its creator only.
		if res, doc := sofieC.Page(resume); res.StatusCode != 200 || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("title"))), "Receiver") {
			t.Errorf("resume: status %d", res.StatusCode)
		}
		if res, _ := jonasC.Page(resume); res.StatusCode != 404 {
			t.Errorf("another member resumes: status %d", res.StatusCode)
		}
	})

	t.Run("Payout drafts page, Unfinished", func(t *testing.T) {
		res, doc := sofieC.Page(list)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		rows := draftRows(doc)
		ownOnly(t, "listed", rows, mine.DraftID, theirs.DraftID, resume)
		if len(rows) < 2 {
			t.Errorf("rows %v: the seeded one of Sofie's too", rows)
		}
		for id := range rows {
			d, err := h.Store.Draft(t.Context(), servertest.OrgNordic, id, sofie)
			if err != nil || d.UserID != sofie.UserID || d.Status != provider.DraftStatusDraft {
				t.Errorf("row %s: %+v %v", id, d.UserID, err)
			}
		}
		sel := htmlq.Find(doc, htmlq.ByID("status"))
		var opts []string
		for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
			opts = append(opts, htmlq.VisibleText(o)+map[bool]string{true: "*"}[htmlq.HasAttr(o, "selected")])
		}
		if !slices.Equal(opts, []string{"Pending approval", "Declined", "Unfinished*"}) {
			t.Errorf("status options %v", opts)
		}
		if !strings.Contains(htmlq.VisibleText(doc), createpayout.KeepNotice) {
			t.Errorf("the page does not say when they are deleted")
		}
		_, doc = jonasC.Page(list)
		if rows := draftRows(doc); rows[theirs.DraftID] == "" || slices.Contains(slices.Collect(maps.Keys(rows)), mine.DraftID) {
			t.Errorf("Jonas's list %v", rows)
		}
		// An unfinished draft has no panel on this page, for anyone.
		if res, _ := sofieC.Page("/org/" + servertest.OrgNordic + "/payout_drafts/" + mine.DraftID); res.StatusCode != 404 {
			t.Errorf("panel of an unfinished draft: %d", res.StatusCode)
		}
	})

	t.Run("API", func(t *testing.T) {
		q := "?" + url.Values{"filter[status]": {provider.DraftStatusDraft}, "page[size]": {"100"}}.Encode()
		nordic := "/api/v1/payouts/organisations/" + servertest.OrgNordic + "/payout_drafts"
		for _, tc := range []struct {
			login      string
			user       string
			want, lack string
		}{
			{creator, sofie.UserID, mine.DraftID, theirs.DraftID},
			{reviewer, jonas.UserID, theirs.DraftID, mine.DraftID},
		} {
			a := h.APILoggedIn(tc.login)
			r := a.Call("GET", nordic+q, nil)
			r.Expect(t, 200, "")
			var ids []string
			for _, d := range r.JSON["data"].([]any) {
				d := d.(map[string]any)
				ids = append(ids, d["draft_id"].(string))
				if d["user_id"] != tc.user || d["status"] != provider.DraftStatusDraft {
					t.Errorf("%s is listed %v's draft %v (%v)", tc.login, d["user_id"], d["draft_id"], d["status"])
				}
			}
			if !slices.Contains(ids, tc.want) || slices.Contains(ids, tc.lack) {
				t.Errorf("%s lists %v", tc.login, ids)
			}
			if got := int(r.JSON["meta"].(map[string]any)["total"].(float64)); got != len(ids) {
				t.Errorf("%s: total %d, %d listed", tc.login, got, len(ids))
			}
		}
	})

	t.Run("another organisation", func(t *testing.T) {
		atlantic := "/org/" + servertest.OrgAtlantic
		// Not a member: the guard sends the user away before any draft is read.
		if res, _ := sofieC.Page(atlantic + "/payout_drafts?status=draft"); res.StatusCode != 303 || res.Header.Get("Location") != "/no-organisation" {
			t.Errorf("Nordic member on Atlantic's list: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
		if res, _ := sofieC.Page("/org/" + servertest.OrgNordic + "/payouts/create/" + foreign.DraftID + "/" + provider.StepCreditor); res.StatusCode != 404 {
			t.Errorf("Atlantic's draft through Nordic's address: %d", res.StatusCode)
		}
		a := h.APILoggedIn(creator)
		a.Call("GET", "/api/v1/payouts/organisations/"+servertest.OrgAtlantic+"/payout_drafts?filter[status]=draft", nil).Expect(t, 404, "not_found")
		// A member of both sees in Atlantic none of Atlantic's creators' work.
		m := h.APILoggedIn("multi@demo.example")
		r := m.Call("GET", "/api/v1/payouts/organisations/"+servertest.OrgAtlantic+"/payout_drafts?filter[status]=draft", nil)
		r.Expect(t, 200, "")
		if n := len(r.JSON["data"].([]any)); n != 0 {
			t.Errorf("multi sees %d of Atlantic's unfinished drafts", n)
		}
		grace := h.LoggedIn("atlantic-ops@demo.example")
		if res, _ := grace.Page(create); res.StatusCode != 303 || res.Header.Get("Location") != "/no-organisation" {
			t.Errorf("Atlantic member on Nordic's Create payout: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
	})
}
