package payoutreports

import (
	"strings"
	"testing"
	"time"

	"portal/daterange"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/api"
	"portal/server/servertest"
)

const apiPath = "/disbursement/organisations/{id}/payout_reports"

func apiURL(org string) string {
	return "/api/v2/disbursement/organisations/" + org + "/payout_reports"
}

func TestPayoutReportsAPI(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("finance@demo.example")
	base := apiURL(servertest.OrgNordic)
	today := time.Now().UTC().Truncate(24 * time.Hour)
	day := func(d time.Time) string { return d.Format(daterange.APILayout) }
	body := func(from, to time.Time, more map[string]any) map[string]any {
		b := map[string]any{"organisation_id": servertest.OrgNordic, "virtual_account_number": eur, "created_after": day(from), "created_before": day(to)}
		for k, v := range more {
			b[k] = v
		}
		return b
	}
	r := a.Call("POST", base, body(today.AddDate(0, 0, -60), today.AddDate(0, 0, 1), map[string]any{"status_categories": []string{"completed"}, "amount_from": "10"}))
	r.Expect(t, 201, "")
	h.CheckReply(t, "POST", apiPath, r)
	data := r.JSON["data"].(map[string]any)
	id := data["uuid"].(string)
	if data["state"] != provider.ExportQueued || data["virtual_account_number"] != eur {
		t.Fatalf("created %v", data)
	}

	for name, c := range map[string]struct {
		body    map[string]any
		code    string
		pointer string
		title   string
	}{
		"91 days":           {body(today.AddDate(0, 0, -90), today.AddDate(0, 0, 1), nil), "invalid", "/created_after", provider.MsgPayoutReportDays},
		"after today":       {body(today, today.AddDate(0, 0, 2), nil), "invalid", "/created_before", ""},
		"no account":        {body(today.AddDate(0, 0, -3), today, map[string]any{"virtual_account_number": ""}), "invalid", "/virtual_account_number", provider.MsgPayoutReportAccount},
		"shared account":    {body(today.AddDate(0, 0, -3), today, map[string]any{"virtual_account_number": demo.AccountPartnerPool}), "invalid", "/virtual_account_number", ""},
		"bad date":          {body(today, today, map[string]any{"created_after": "yesterday"}), "invalid", "/created_after", ""},
		"bad status":        {body(today.AddDate(0, 0, -3), today, map[string]any{"status_categories": []string{"done"}}), "invalid", "/status_categories", ""},
		"other org in body": {body(today.AddDate(0, 0, -3), today, map[string]any{"organisation_id": servertest.OrgAtlantic}), "invalid", "/organisation_id", ""},
		"nothing found":     {body(today.AddDate(0, 0, -30), today, map[string]any{"amount_from": "99999999999"}), provider.PayoutReportEmptyCode, "", provider.MsgPayoutReportEmpty},
	} {
		r := a.Call("POST", base, c.body)
		r.Expect(t, 422, c.code)
		h.CheckReply(t, "POST", apiPath, r)
		e := r.FirstError(t)
		if c.title != "" && e["title"] != c.title {
			t.Errorf("%s: title %v", name, e["title"])
		}
		if c.pointer != "" {
			if src, _ := e["source"].(map[string]any); src == nil || src["pointer"] != c.pointer {
				t.Errorf("%s: source %v", name, e["source"])
			}
		}
	}

	waitReport(t, h, servertest.OrgNordic, id)
	got := a.Call("GET", base+"/"+id, nil)
	got.Expect(t, 200, "")
	h.CheckReply(t, "GET", apiPath+"/{uuid}", got)
	if got.JSON["data"].(map[string]any)["state"] != provider.ExportReady {
		t.Fatalf("state %v", got.JSON["data"])
	}
	list := a.Call("GET", base+"?limit=5&sort=-created_at&virtual_account_number="+eur+"&date_from="+day(today), nil)
	list.Expect(t, 200, "")
	h.CheckReply(t, "GET", apiPath, list)
	meta := list.JSON["meta"].(map[string]any)
	if meta["total_count"] != float64(1) || list.JSON["data"].([]any)[0].(map[string]any)["uuid"] != id {
		t.Fatalf("list %s", list.Raw)
	}
	all := a.Call("GET", base+"?limit=20", nil)
	if m := all.JSON["meta"].(map[string]any); m["has_next_page"] != true || m["cursor_next"] == "" {
		t.Fatalf("paging %v", m)
	}
	next := a.Call("GET", base+"?limit=20&cursor_after="+all.JSON["meta"].(map[string]any)["cursor_next"].(string), nil)
	next.Expect(t, 200, "")
	for _, q := range []string{"?sort=created_at", "?limit=0", "?date_from=2026-13-01"} {
		a.Call("GET", base+q, nil).Expect(t, 422, "invalid")
	}
	dl := a.Call("GET", base+"/"+id+"/download", nil)
	if dl.StatusCode != 200 || !strings.HasPrefix(string(dl.Raw), "created_at,vela_unique_reference,") ||
		!strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment; filename=payout-report-") {
		t.Fatalf("download: %d %s", dl.StatusCode, dl.Header.Get("Content-Disposition"))
	}
	nf := a.Call("GET", base+"/00000000-0000-4000-8000-000000000000", nil)
	nf.Expect(t, 404, "not_found")
	if nf.FirstError(t)["title"] != provider.MsgPayoutReportNotFound {
		t.Fatalf("title %v", nf.FirstError(t)["title"])
	}
	a.Call("GET", base+"/00000000-0000-4000-8000-000000000000/download", nil).Expect(t, 404, "not_found")
	var failed string
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'failed' LIMIT 1`, servertest.OrgNordic).Scan(&failed)
	c := a.Call("GET", base+"/"+failed+"/download", nil)
	c.Expect(t, 409, "conflict")
	if c.FirstError(t)["title"] != provider.MsgStatementDownload {
		t.Fatalf("title %v", c.FirstError(t)["title"])
	}
}

// Membership first (404, as an unknown organisation), then the permission (403), for every
// call; another organisation's report is not found through ours.
func TestPayoutReportsAPIAccess(t *testing.T) {
	h := newHarness(t)
	var ours, theirs string
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'ready' LIMIT 1`, servertest.OrgNordic).Scan(&ours)
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'ready' LIMIT 1`, servertest.OrgAtlantic).Scan(&theirs)
	today := time.Now().UTC().Format(daterange.APILayout)
	create := map[string]any{"virtual_account_number": eur, "created_after": today, "created_before": today}
	calls := func(org, id string) [][3]any {
		return [][3]any{{"POST", apiURL(org), create}, {"GET", apiURL(org), nil}, {"GET", apiURL(org) + "/" + id, nil},
			{"GET", apiURL(org) + "/" + id + "/download", nil}}
	}
	outsider := h.APILoggedIn("noorg@demo.example")
	for _, c := range calls(servertest.OrgNordic, ours) {
		outsider.Call(c[0].(string), c[1].(string), c[2]).Expect(t, 404, "not_found")
	}
	obs := h.APILoggedIn("observer@demo.example")
	for _, c := range calls(servertest.OrgNordic, ours) {
		obs.Call(c[0].(string), c[1].(string), c[2]).Expect(t, 403, api.CodeForbidden)
	}
	fin := h.APILoggedIn("finance@demo.example")
	for _, c := range calls(servertest.OrgAtlantic, theirs) {
		fin.Call(c[0].(string), c[1].(string), c[2]).Expect(t, 404, "not_found")
	}
	fin.Call("GET", apiURL(servertest.OrgNordic)+"/"+theirs, nil).Expect(t, 404, "not_found")
	fin.Call("GET", apiURL(servertest.OrgNordic)+"/"+theirs+"/download", nil).Expect(t, 404, "not_found")
	// multi is an observer in Atlantic: a member without exports:read.
	multi := h.APILoggedIn("multi@demo.example")
	multi.Call("GET", apiURL(servertest.OrgAtlantic), nil).Expect(t, 403, api.CodeForbidden)
}

// TestPayoutReportsAPITour calls every operation of the area once with success, so the
// harness's reply guard compares each reply with its entry, and CheckReply each body with
// the document (the area's part of the API tour).
func TestPayoutReportsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	admin := h.APILoggedIn("admin@demo.example")
	now := time.Now().UTC()
	r := tour.Call(admin, "createPayoutReport", "", map[string]any{"virtual_account_number": eur,
		"created_after": now.AddDate(0, 0, -30).Format(daterange.APILayout), "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)})
	tour.At["uuid"] = r.JSON["data"].(map[string]any)["uuid"].(string)
	waitReport(t, h, servertest.OrgNordic, tour.At["uuid"])
	for _, id := range []string{"listPayoutReports", "getPayoutReport", "downloadPayoutReport"} {
		tour.Call(admin, id, "", nil)
	}
	tour.Done()
}
