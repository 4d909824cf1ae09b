package createpayout_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/htmlq"
	"portal/provider"
	"portal/server/createpayout"
	"portal/server/servertest"
)

// pickerForm is the Receiver step's recent receivers picker: where it posts and its choices.
func pickerForm(t *testing.T, doc *html.Node) (string, url.Values, []string) {
	t.Helper()
	f := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && strings.HasSuffix(htmlq.Attr(n, "action"), "/receiver")
	})
	if f == nil {
		t.Fatal("no recent receivers picker")
	}
	v := url.Values{"_csrf": {htmlq.Attr(htmlq.Find(f, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" }), "value")}}
	return htmlq.Attr(f, "action"), v, options(doc, "pw-receiver_id")
}

// toReceiverStep makes a SEPA (Germany, IBAN) draft and answers its Receiver step page.
func toReceiverStep(t *testing.T, c *servertest.Client) (string, *html.Node) {
	t.Helper()
	loc, doc := newDraft(t, c, "SEPA", "sepa-eur-de", "sepa-eur-de-iban")
	id := draftID(t, loc)
	accounts := options(doc, "pw-virtual_account_number")
	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/creditor", "virtual_account_number", accounts[0], "amount", "10",
		"end_to_end_id", "RCV-"+id[:8])
	return id, doc
}

func recent(t *testing.T, h *servertest.Harness, org, product, schema string) []provider.Receiver {
	t.Helper()
	list, err := h.Store.RecentReceivers(context.Background(), org, product, schema, provider.MaxReceiverLimit)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// Choosing a saved receiver without JavaScript: the picker lists the receivers saved for the
// draft's product and schema; nothing chosen is said beside the picker; a choice fills the
// Receiver and Receiver Bank sections through the draft's checks, and the steps show it.
func TestUseSavedReceiverWithoutJavaScript(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	id, doc := toReceiverStep(t, c)
	saved := recent(t, h, servertest.OrgNordic, "sepa-eur-de", "sepa-eur-de-iban")
	if len(saved) == 0 {
		t.Fatal("the demo has no receiver for sepa-eur-de-iban")
	}
	action, v, choices := pickerForm(t, doc)
	if action != createPath(servertest.OrgNordic)+"/"+id+"/receiver" || len(choices) != min(len(saved), provider.DefaultRecentReceivers) || choices[0] != saved[0].ID {
		t.Fatalf("picker %s %v (saved %d)", action, choices, len(saved))
	}

	res := post(t, c, action, v)
	doc = servertest.Parse(t, res)
	if res.StatusCode != http.StatusUnprocessableEntity || fieldError(doc, "pw-receiver_id") != "Select a receiver" ||
		summaryLinks(doc)["#pw-receiver_id"] != "Select a receiver" || heading(doc) != "Receiver" {
		t.Fatalf("nothing chosen: %d %q %v", res.StatusCode, fieldError(doc, "pw-receiver_id"), summaryLinks(doc))
	}

	r := saved[0]
	v.Set("receiver_id", r.ID)
	res = post(t, c, action, v)
	if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, createPath(servertest.OrgNordic)+"/"+id+"/creditor") {
		t.Fatalf("use: %d %q", res.StatusCode, loc)
	}
	_, doc = c.Page(createPath(servertest.OrgNordic) + "/" + id + "/creditor")
	if got := htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-full_name")), "value"); got != r.FullName {
		t.Fatalf("full name %q, want %q", got, r.FullName)
	}
	if f := servertest.Flashes(doc); !slices.Contains(f, "The receiver's details are filled in. Check them and go on.") {
		t.Errorf("flashes %v", f)
	}
	d, err := h.Store.Draft(context.Background(), servertest.OrgNordic, id, provider.DraftActor{UserID: userID(t, h, admin)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Value(provider.StepCreditorAccount, "iban"), r.Detail("creditor_account.iban"); got != want || want == "" {
		t.Fatalf("IBAN in the draft %q, want %q", got, want)
	}
	if !d.Section(provider.StepCreditorAccount).Saved {
		t.Error("the receiver's bank was refused")
	}
	// The Receiver step goes on with what was filled in; the Receiver Bank step shows the IBAN.
	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/creditor_account")
	if got := strings.ReplaceAll(htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-iban")), "value"), " ", ""); got != r.Detail("creditor_account.iban") {
		t.Fatalf("IBAN field %q", got)
	}
	next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/summary")
}

// A receiver the draft refuses: its values are filled in, the step is not finished, and what
// was refused is said beside its field.
func TestUseSavedReceiverRefused(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	id, doc := toReceiverStep(t, c)
	r, err := h.Store.SaveReceiver(context.Background(), servertest.OrgNordic, provider.ReceiverCreate{ReceiverFields: provider.ReceiverFields{
		FullName: "Broken Bank GmbH", CountryCode: "DE", City: "Köln", Postcode: "50667", AddressLines: []string{"Ring 1"},
		Email: "not-an-email", CreditorType: provider.CreditorOrganization, ProductID: "sepa-eur-de", SchemaID: "sepa-eur-de-iban",
		CreditorDetails: []provider.ReceiverDetail{{Key: "creditor_account.iban", Value: "DE89370400440532013001"}}}, CreatedBy: "Test"})
	if err != nil {
		t.Fatal(err)
	}
	action, v, _ := pickerForm(t, doc)
	v.Set("receiver_id", r.ID)
	doc = see(t, c, post(t, c, action, v), "")
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-full_name")), "value") != "Broken Bank GmbH" || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-address")), "value") != "Ring 1" {
		t.Fatal("values not filled in")
	}
	if fieldError(doc, "pw-email") == "" {
		t.Error("the refused e-mail is not said beside its field")
	}
	d, _ := h.Store.Draft(context.Background(), servertest.OrgNordic, id, provider.DraftActor{UserID: userID(t, h, admin)})
	if d.Section(provider.StepCreditor).Saved || d.Section(provider.StepCreditorAccount).Saved {
		t.Error("a refused receiver finished its steps")
	}
}

// Another organisation's receiver is not found, and changes nothing; another user's draft is
// not found either; the picker and Save receiver need their permissions on the server.
func TestSavedReceiverGuards(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	id, doc := toReceiverStep(t, c)
	action, v, _ := pickerForm(t, doc)
	atl := recent(t, h, servertest.OrgAtlantic, "sepa-eur-de", "sepa-eur-de-iban")
	if len(atl) == 0 {
		t.Fatal("no Atlantic receiver")
	}
	v.Set("receiver_id", atl[0].ID)
	if res := post(t, c, action, v); res.StatusCode != http.StatusNotFound {
		t.Fatalf("another organisation's receiver: %d", res.StatusCode)
	}
	d, _ := h.Store.Draft(context.Background(), servertest.OrgNordic, id, provider.DraftActor{UserID: userID(t, h, admin)})
	if d.Value(provider.StepCreditor, "full_name") != "" {
		t.Fatal("another organisation's receiver was used")
	}

	other := h.LoggedIn("operations_member@demo.example")
	mine := recent(t, h, servertest.OrgNordic, "sepa-eur-de", "sepa-eur-de-iban")[0].ID
	csrf := other.CSRF("/org/" + servertest.OrgNordic + "/payouts")
	if res := other.Do("POST", action, url.Values{"_csrf": {csrf}, "receiver_id": {mine}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("another user's draft, use: %d", res.StatusCode)
	}
	if res := other.Do("POST", createPath(servertest.OrgNordic)+"/"+id+"/save_receiver", url.Values{"_csrf": {csrf}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("another user's draft, save: %d", res.StatusCode)
	}
	// Without payouts:manage the routes refuse (the guard sends the user to the organisation).
	obs := h.LoggedIn("observer@demo.example")
	if res := obs.Do("POST", action, url.Values{"_csrf": {obs.CSRF("/org/" + servertest.OrgNordic + "/payouts")}, "receiver_id": {mine}}); res.StatusCode != http.StatusSeeOther ||
		strings.Contains(res.Header.Get("Location"), "/payouts/create") {
		t.Errorf("observer: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// No demo role holds payouts:manage without the receiver rights, so the routes' own
	// permissions are read from the table the guard enforces.
	want := map[string]access.Permission{"org.payouts.create.receiver": access.ReceiversRead, "org.payouts.create.receiver.save": access.ReceiversManage}
	for _, r := range createpayout.New(h.Srv).Routes {
		if p, ok := want[r.Name]; ok {
			if !slices.Contains(r.Perms, p) || !slices.Contains(r.Perms, access.PayoutsManage) || r.Method != "POST" {
				t.Errorf("%s needs %v", r.Name, r.Perms)
			}
			delete(want, r.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("routes missing: %v", want)
	}
}

// Save receiver without JavaScript, from the summary: the draft's receiver is stored for its
// product and schema, saved again it is not doubled; before the Receiver steps are finished
// it is refused with a message.
func TestSaveReceiverWithoutJavaScript(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	id, _ := toReceiverStep(t, c)
	save := createPath(servertest.OrgNordic) + "/" + id + "/save_receiver"
	early := post(t, c, save, url.Values{"_csrf": {c.CSRF(createPath(servertest.OrgNordic))}, "return_to": {"creditor"}})
	doc := see(t, c, early, createPath(servertest.OrgNordic)+"/"+id+"/creditor")
	if f := servertest.Flashes(doc); !slices.Contains(f, "Finish the Receiver and Receiver Bank steps before saving the receiver") {
		t.Fatalf("early save: %v", f)
	}
	name := "Saved Receiver " + id[:8]
	vals := slices.Clone(receiverValues)
	vals[1] = name
	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/creditor_account", vals...)
	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/summary", "iban", validIBAN)

	f := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == save })
	if f == nil || htmlq.VisibleText(f) != "Save receiver" {
		t.Fatal("no Save receiver on the summary")
	}
	before := len(recent(t, h, servertest.OrgNordic, "sepa-eur-de", "sepa-eur-de-iban"))
	v := url.Values{"_csrf": {c.CSRF(createPath(servertest.OrgNordic))}, "return_to": {"summary"}}
	for range 2 {
		doc = see(t, c, post(t, c, save, v), createPath(servertest.OrgNordic)+"/"+id+"/summary")
		if f := servertest.Flashes(doc); !slices.Contains(f, name+" is saved as a receiver") {
			t.Fatalf("flashes %v", f)
		}
	}
	list := recent(t, h, servertest.OrgNordic, "sepa-eur-de", "sepa-eur-de-iban")
	if len(list) != before+1 || list[0].FullName != name || list[0].Detail("creditor_account.iban") != strings.ReplaceAll(validIBAN, " ", "") ||
		list[0].Email != "jonas@example.de" || list[0].Postcode != "10115" || !slices.Equal(list[0].AddressLines, []string{"Hauptstraße 1"}) ||
		list[0].Currency != "EUR" || list[0].CreatedBy == "" {
		t.Fatalf("saved %d → %d: %+v", before, len(list), list[0])
	}

	// Sent for approval, the done page offers it too, and comes back with what happened.
	action, fv := form(t, doc)
	doc = see(t, c, post(t, c, action, fill(fv)), createPath(servertest.OrgNordic)+"/"+id+"/done")
	if f := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == save }); f == nil {
		t.Fatal("no Save receiver on the done page")
	}
	v.Set("return_to", "summary") // a published draft has no summary to go back to
	doc = see(t, c, post(t, c, save, v), createPath(servertest.OrgNordic)+"/"+id+"/done")
	if f := servertest.Flashes(doc); !slices.Contains(f, name+" is saved as a receiver") {
		t.Fatalf("done page flashes %v", f)
	}
	if n := len(recent(t, h, servertest.OrgNordic, "sepa-eur-de", "sepa-eur-de-iban")); n != before+1 {
		t.Fatalf("%d receivers after saving from the done page, want %d", n, before+1)
	}

	// The next draft of the same product offers it first.
	_, doc = toReceiverStep(t, c)
	if _, _, choices := pickerForm(t, doc); choices[0] != list[0].ID {
		t.Errorf("picker %v, want %s first", choices, list[0].ID)
	}
}
