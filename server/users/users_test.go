package users

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/htmlq"
	"portal/provider"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	orgNordic   = servertest.OrgNordic
	orgAtlantic = servertest.OrgAtlantic
)

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

// text is the visible text of the first element under doc with id.
func textOf(doc *html.Node, id string) string {
	return htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID(id)))
}

// summary is the error summary's messages.
func summary(doc *html.Node) []string {
	var out []string
	box := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "aria-labelledby") == "error-summary-title" })
	for _, a := range htmlq.FindAll(box, htmlq.ByTag("a")) {
		out = append(out, htmlq.VisibleText(a))
	}
	return out
}

// roleOptions are the role select's options (label) and the selected one's value.
func roleOptions(doc *html.Node) (labels []string, values []string, selected string, disabled bool) {
	sel := htmlq.Find(doc, htmlq.ByID("role"))
	disabled = htmlq.HasAttr(sel, "disabled")
	for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		if htmlq.Attr(o, "value") == "" {
			continue
		}
		labels = append(labels, htmlq.VisibleText(o))
		values = append(values, htmlq.Attr(o, "value"))
		if htmlq.HasAttr(o, "selected") {
			selected = htmlq.Attr(o, "value")
		}
	}
	return
}

func role(t *testing.T, h *servertest.Harness, org, userID string) string {
	t.Helper()
	u, err := h.Store.OrganisationUser(context.Background(), org, userID)
	if err != nil {
		t.Fatal(err)
	}
	return u.Role
}

// invitationOf is the pending invitation of email in org, as the user list shows it.
func invitationOf(t *testing.T, h *servertest.Harness, org, email string) provider.OrgUser {
	t.Helper()
	pg, err := h.Store.OrganisationUsers(context.Background(), org, provider.UserQuery{Limit: provider.MaxUserLimit})
	if err != nil {
		t.Fatal(err)
	}
	for {
		for _, u := range pg.Users {
			if u.Email == email && u.Invited {
				return u
			}
		}
		if !pg.HasNext {
			t.Fatalf("no invitation of %s", email)
		}
		if pg, err = h.Store.OrganisationUsers(context.Background(), org, provider.UserQuery{Limit: provider.MaxUserLimit,
			Cursor: pg.CursorNext, Direction: provider.DirectionNext}); err != nil {
			t.Fatal(err)
		}
	}
}

func userByEmail(t *testing.T, h *servertest.Harness, email string) provider.User {
	t.Helper()
	u, err := h.Store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// The role rules of spec 001 §6 as a table: approval flows on and off × the member's current
// role: what the select offers, what it selects, how the role is named, and what a form may
// send.
func TestRoleRules(t *testing.T) {
	assignable := []string{access.RoleObserver, access.RoleFinance, access.RoleOperationsMember,
		access.RoleOperationsMemberReviewer, access.RoleAdmin, access.RoleAdminReviewer}
	base := []string{"Observer", "Finance", "Operations member", "Admin"}
	all := []string{"Observer", "Finance", "Operations member", "Operations member / Approver", "Admin", "Admin / Approver"}
	cases := []struct {
		flowOn   bool
		current  string
		labels   []string // the select's options
		selected string
		shown    string // the role's name in the list and panel
		accepts  []string
		refuses  []string
	}{
		{true, "", all, "", "", []string{"admin_reviewer", "observer"}, []string{"", "default", "accountant"}},
		{false, "", base, "", "", []string{"admin", "observer"}, []string{"admin_reviewer", "operations_member_reviewer", "default"}},
		{true, "admin", all, "admin", "Admin", []string{"admin_reviewer"}, []string{"default"}},
		{false, "admin", base, "admin", "Admin", []string{"finance"}, []string{"admin_reviewer"}},
		{true, "admin_reviewer", all, "admin_reviewer", "Admin / Approver", []string{"admin"}, nil},
		// Flows off: the reviewer role is shown without its suffix and stands in for its base.
		{false, "admin_reviewer", base, "admin_reviewer", "Admin", []string{"admin_reviewer", "observer"}, []string{"operations_member_reviewer"}},
		{false, "operations_member_reviewer", base, "operations_member_reviewer", "Operations member", []string{"operations_member_reviewer", "operations_member"}, []string{"admin_reviewer"}},
		// The stored alias is the role it names.
		{false, "operations member", base, "operations_member", "Operations member", []string{"operations_member"}, nil},
		// Roles no longer assignable: shown as unavailable, kept when the form is saved unchanged.
		{true, "default", append([]string{MsgRoleUnavailable}, all...), "default", MsgRoleUnavailable, []string{"default", "finance"}, []string{"accountant"}},
		{false, "accountant", append([]string{MsgRoleUnavailable}, base...), "accountant", MsgRoleUnavailable, []string{"accountant"}, []string{"default", "admin_reviewer"}},
	}
	for _, tc := range cases {
		name := tc.current
		if name == "" {
			name = "new user"
		}
		if tc.flowOn {
			name += ", flows on"
		} else {
			name += ", flows off"
		}
		t.Run(name, func(t *testing.T) {
			r := roleRules{assignable: assignable, flowOn: tc.flowOn}
			choices, selected := r.Choices(tc.current)
			var labels []string
			for _, c := range choices {
				labels = append(labels, c.Label)
			}
			if !slices.Equal(labels, tc.labels) || selected != tc.selected {
				t.Errorf("choices %q selected %q, want %q %q", labels, selected, tc.labels, tc.selected)
			}
			if !slices.ContainsFunc(choices, func(c RoleChoice) bool { return c.Value == selected }) && selected != "" {
				t.Errorf("selected %q is no option", selected)
			}
			if tc.current != "" && r.Label(tc.current) != tc.shown {
				t.Errorf("label %q, want %q", r.Label(tc.current), tc.shown)
			}
			if (tc.shown == MsgRoleUnavailable) != (tc.current != "" && r.Unavailable(tc.current)) {
				t.Errorf("unavailable %v", r.Unavailable(tc.current))
			}
			for _, role := range tc.accepts {
				if !r.Accepts(role, tc.current) && canon(role) != canon(tc.current) {
					t.Errorf("refuses %q", role)
				}
			}
			for _, role := range tc.refuses {
				if r.Accepts(role, tc.current) {
					t.Errorf("accepts %q", role)
				}
			}
		})
	}
}

// Which configurations count as an approval flow (spec 001 §6): the batches page with batch
// approval required, or payout draft approval.
func TestApprovalFlowOn(t *testing.T) {
	flags := func(names ...string) provider.FeatureFlags {
		f := provider.FeatureFlags{}
		for _, n := range names {
			f[n] = true
		}
		return f
	}
	batches := provider.Configuration{BatchesEnabled: 1, BatchNumberOfApprovers: 2}
	drafts := provider.Configuration{ManualPayoutsEnabled: true, ManualPayoutNumberOfApprovers: 1}
	cases := []struct {
		name string
		o    server.OrgContext
		want bool
	}{
		{"nothing", server.OrgContext{}, false},
		{"batch approval", server.OrgContext{Config: batches, Flags: flags(provider.FlagBatchesPage)}, true},
		{"batches without approvers", server.OrgContext{Config: provider.Configuration{BatchesEnabled: 1}, Flags: flags(provider.FlagBatchesPage)}, false},
		{"batch approvers without the page flag", server.OrgContext{Config: batches}, false},
		{"draft approval", server.OrgContext{Config: drafts, Flags: flags(provider.FlagPayoutDraftApproval)}, true},
		{"draft approval flag without approvers", server.OrgContext{Config: provider.Configuration{ManualPayoutsEnabled: true}, Flags: flags(provider.FlagPayoutDraftApproval)}, false},
		{"draft approvers without manual payouts", server.OrgContext{Config: provider.Configuration{ManualPayoutNumberOfApprovers: 1}, Flags: flags(provider.FlagPayoutDraftApproval)}, false},
	}
	for _, tc := range cases {
		if got := server.ApprovalFlowOn(&tc.o); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// noApprovalFlows turns off Atlantic Freight's one approval flow (payout drafts; its batches
// need no approval), so it is an organisation where no reviewer role is offered.
func noApprovalFlows(h *servertest.Harness) {
	h.Exec(`UPDATE organisation_configurations SET manual_payout_number_of_approvers = 0 WHERE organisation_id = ?`, orgAtlantic)
}

// The rules on the pages of two organisations: Nordic Trading has approval flows
// (reviewer roles offered), Atlantic Freight (flows turned off) none (hidden; a reviewer
// shown without suffix).
func TestRoleRulesOnThePages(t *testing.T) {
	h := newHarness(t)
	noApprovalFlows(h)
	nordic := h.LoggedIn("admin@demo.example")
	_, doc := nordic.Page("/org/" + orgNordic + "/users/new")
	labels, _, _, _ := roleOptions(doc)
	if !slices.Contains(labels, "Admin / Approver") || !slices.Contains(labels, "Operations member / Approver") {
		t.Errorf("Nordic offers %q", labels)
	}
	atlantic := h.LoggedIn(demo.AtlanticAdminEmail)
	_, doc = atlantic.Page("/org/" + orgAtlantic + "/users/new")
	labels, _, _, _ = roleOptions(doc)
	if slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(l, "Approver") }) || len(labels) != 4 {
		t.Errorf("Atlantic offers %q", labels)
	}
	// A reviewer in Atlantic: "Operations member" in the list, the form keeps the role.
	reviewer := memberWithRole(t, h, orgAtlantic, access.RoleOperationsMemberReviewer)
	_, doc = atlantic.Page("/org/" + orgAtlantic + "/users/" + reviewer.ID + "/edit")
	if got := rowRole(doc, reviewer.ID); got != "Operations member" {
		t.Errorf("listed as %q", got)
	}
	labels, values, selected, _ := roleOptions(doc)
	if selected != access.RoleOperationsMemberReviewer || slices.Contains(labels, "Operations member / Approver") {
		t.Errorf("options %q %q selected %q", labels, values, selected)
	}
	// Saved unchanged, the role stays.
	res := atlantic.PostForm("/org/"+orgAtlantic+"/users/"+reviewer.ID, url.Values{"first_name": {reviewer.FirstName},
		"last_name": {reviewer.LastName}, "role": {selected}}, "/org/"+orgAtlantic+"/users")
	if res.StatusCode != http.StatusSeeOther || role(t, h, orgAtlantic, reviewer.ID) != access.RoleOperationsMemberReviewer {
		t.Fatalf("save: %d, role %s", res.StatusCode, role(t, h, orgAtlantic, reviewer.ID))
	}
	// A role no longer assignable: the select's first option, with its explanation.
	legacy := memberWithRole(t, h, orgAtlantic, demo.LegacyRole)
	_, doc = atlantic.Page("/org/" + orgAtlantic + "/users/" + legacy.ID + "/edit")
	labels, _, selected, _ = roleOptions(doc)
	if labels[0] != MsgRoleUnavailable || selected != demo.LegacyRole || !strings.Contains(textOf(doc, "role-hint"), MsgRoleUnavailableNote) {
		t.Errorf("legacy role: %q selected %q hint %q", labels, selected, textOf(doc, "role-hint"))
	}
	_, doc = atlantic.Page("/org/" + orgAtlantic + "/users/" + legacy.ID)
	if !strings.Contains(textOf(doc, "user-panel"), MsgRoleUnavailableNote) {
		t.Errorf("view panel: %q", textOf(doc, "user-panel"))
	}
	// Posting a reviewer role where none is offered is refused.
	res = atlantic.PostForm("/org/"+orgAtlantic+"/users/"+legacy.ID, url.Values{"role": {access.RoleAdminReviewer}}, "/org/"+orgAtlantic+"/users")
	if res.StatusCode != http.StatusUnprocessableEntity || role(t, h, orgAtlantic, legacy.ID) != demo.LegacyRole {
		t.Fatalf("reviewer role with flows off: %d", res.StatusCode)
	}
}

func memberWithRole(t *testing.T, h *servertest.Harness, org, want string) provider.OrgUser {
	t.Helper()
	q := provider.UserQuery{Limit: provider.MaxUserLimit}
	pg, err := h.Store.OrganisationUsers(context.Background(), org, q)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range pg.Users {
		if u.Role == want && !u.Invited {
			return u
		}
	}
	t.Fatalf("no %s in %s", want, org)
	return provider.OrgUser{}
}

func rowRole(doc *html.Node, id string) string {
	tr := htmlq.Find(doc, htmlq.ByID("user-"+id))
	tds := htmlq.FindAll(tr, htmlq.ByTag("td"))
	if len(tds) < 2 {
		return ""
	}
	return htmlq.VisibleText(tds[1])
}

// The list: users:read, 20 a page by e-mail with the total and cursor links, only the
// organisation's own users; another organisation's user is not found.
func TestUsersList(t *testing.T) {
	h := newHarness(t)
	for _, org := range []string{orgNordic, orgAtlantic} {
		email := "admin@demo.example"
		if org == orgAtlantic {
			email = demo.AtlanticAdminEmail
		}
		c := h.LoggedIn(email)
		res, doc := c.Page("/org/" + org + "/users")
		if res.StatusCode != http.StatusOK || textOf(doc, "users-caption") != "Users" {
			t.Fatalf("%s: %d", org, res.StatusCode)
		}
		rows := servertest.Rows(doc)
		next := servertest.LinkByText(doc, "Next page")
		if len(rows) != provider.DefaultUserLimit || next == nil {
			t.Fatalf("%s: %d rows, next %v", org, len(rows), next != nil)
		}
		seen := map[string]bool{}
		for _, r := range rows {
			seen[htmlq.Attr(r, "id")] = true
		}
		res, doc = c.Page(htmlq.Attr(next, "href"))
		if res.StatusCode != http.StatusOK || len(servertest.Rows(doc)) == 0 || servertest.LinkByText(doc, "Previous page") == nil {
			t.Fatalf("%s page 2: %d", org, res.StatusCode)
		}
		for _, r := range servertest.Rows(doc) {
			if seen[htmlq.Attr(r, "id")] {
				t.Errorf("%s: %s on both pages", org, htmlq.Attr(r, "id"))
			}
		}
		res, doc = c.Page(htmlq.Attr(servertest.LinkByText(doc, "Previous page"), "href"))
		if res.StatusCode != http.StatusOK || len(servertest.Rows(doc)) != provider.DefaultUserLimit || !seen[htmlq.Attr(servertest.Rows(doc)[0], "id")] {
			t.Fatalf("%s back to page 1", org)
		}
	}
	admin := h.LoggedIn("admin@demo.example")
	// Another organisation's user answers not found (the list still there).
	other := memberWithRole(t, h, orgAtlantic, access.RoleFinance)
	for _, p := range []string{"", "/edit"} {
		if res, _ := admin.Page("/org/" + orgNordic + "/users/" + other.ID + p); res.StatusCode != http.StatusNotFound {
			t.Errorf("foreign user%s: %d", p, res.StatusCode)
		}
	}
	// An organisation the admin does not belong to.
	if res := admin.Get("/org/" + orgAtlantic + "/users"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/no-organisation" {
		t.Errorf("foreign organisation: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// Without users:read the page is not there; with it but without users:manage, no adding
	// or editing.
	obs := h.LoggedIn("observer@demo.example")
	if res := obs.Get("/org/" + orgNordic + "/users"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+orgNordic {
		t.Errorf("observer: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	_, doc := admin.Page("/org/" + orgNordic + "/users")
	if servertest.LinkByText(doc, "Add New User") == nil {
		t.Error("no Add New User")
	}
	// A stale cursor shows the first page.
	if res, doc := admin.Page("/org/" + orgNordic + "/users?cursor_after=bogus"); res.StatusCode != 200 || len(servertest.Rows(doc)) != provider.DefaultUserLimit {
		t.Errorf("bad cursor: %d", res.StatusCode)
	}
}

// Adding a user: the spec's messages beside the fields with the typed values kept; then
// "Profile created", an invitation in the outbox, and the invited user can log in once they
// accepted it (the existing invitation flow).
func TestAddUser(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	list := "/org/" + orgNordic + "/users"
	res := c.PostForm(list, url.Values{"first_name": {" "}, "last_name": {""}, "email": {"not-an-email"}, "role": {""}}, list)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("invalid: %d", res.StatusCode)
	}
	doc := servertest.Parse(t, res)
	want := []string{MsgFirstNameRequired, MsgLastNameRequired, MsgEmailInvalid, MsgRoleRequired}
	if got := summary(doc); !slices.Equal(got, want) {
		t.Errorf("summary %q, want %q", got, want)
	}
	if servertest.FieldError(doc, "email") != MsgEmailInvalid || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("email")), "value") != "not-an-email" {
		t.Errorf("email field: %q", servertest.FieldError(doc, "email"))
	}
	res = c.PostForm(list, url.Values{"first_name": {"Ada"}, "last_name": {"Lovelace"}, "email": {""}, "role": {"observer"}}, list)
	if doc = servertest.Parse(t, res); servertest.FieldError(doc, "email") != MsgEmailRequired {
		t.Errorf("empty email: %q", servertest.FieldError(doc, "email"))
	}
	// Someone already in the organisation: the provider's refusal on the email field.
	res = c.PostForm(list, url.Values{"first_name": {"Ada"}, "last_name": {"Lovelace"}, "email": {"observer@demo.example"}, "role": {"observer"}}, list)
	if doc = servertest.Parse(t, res); res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "email") == "" {
		t.Errorf("existing member: %d %q", res.StatusCode, servertest.FieldError(doc, "email"))
	}

	email := "ada.lovelace@example.org"
	res = c.PostForm(list, url.Values{"first_name": {"Ada"}, "last_name": {"Lovelace"}, "email": {email}, "role": {access.RoleFinance}}, list)
	_, doc = servertest.Follow(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), msgProfileCreated) || !strings.Contains(textOf(doc, "user-panel"), "Invitation pending") {
		t.Fatalf("flashes %q panel %q", servertest.Flashes(doc), textOf(doc, "user-panel"))
	}
	n, link := servertest.OutboxEmails(t, h.Store, email)
	if n != 1 || !strings.HasPrefix(link, reference.InvitationLinkPrefix) {
		t.Fatalf("outbox: %d %q", n, link)
	}
	if _, err := h.Store.UserByEmail(context.Background(), email); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("a login before the invitation is accepted: %v", err)
	}
	if inv := invitationOf(t, h, orgNordic, email); inv.Role != access.RoleFinance || inv.FirstName != "Ada" {
		t.Errorf("invitation %+v", inv)
	}
	// The invitation flow takes over: once accepted, they log in (through MFA set-up).
	if _, err := h.Store.AcceptInvitation(context.Background(), strings.TrimPrefix(link, reference.InvitationLinkPrefix), "New-Passw0rd!x"); err != nil {
		t.Fatal(err)
	}
	nc := h.Client()
	tok := nc.CSRF("/login")
	res = nc.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {email}, "password": {"New-Passw0rd!x"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/mfa-setup" {
		t.Errorf("new user's login: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Editing a member: the role; the names are the person's (text with a hint, other names
// refused with 403), the e-mail read-only, "Profile updated". A pending invitation's names
// are the organisation's own and editable.
func TestEditUser(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	target := userByEmail(t, h, "finance@demo.example")
	path := "/org/" + orgNordic + "/users/" + target.ID
	_, doc := c.Page(path + "/edit")
	if htmlq.Find(doc, htmlq.ByID("email")) != nil || !strings.Contains(textOf(doc, "user-panel"), "finance@demo.example") {
		t.Error("the email is an input, or not shown")
	}
	if htmlq.Find(doc, htmlq.ByID("first_name")) != nil || htmlq.Find(doc, htmlq.ByID("last_name")) != nil ||
		!strings.Contains(textOf(doc, "user-panel"), "Lars Holm") || !strings.Contains(textOf(doc, "user-panel"), provider.MsgNamesOwn) {
		t.Errorf("a member's names are fields, or shown without the hint: %q", textOf(doc, "user-panel"))
	}
	if _, _, selected, disabled := roleOptions(doc); selected != access.RoleFinance || disabled {
		t.Errorf("role select: %q disabled %v", selected, disabled)
	}
	res := c.PostForm(path, url.Values{"first_name": {"Someone"}, "last_name": {"Else"}, "role": {access.RoleObserver}}, path)
	if doc = servertest.Parse(t, res); res.StatusCode != http.StatusForbidden || !strings.Contains(textOf(doc, "user-panel"), provider.MsgNamesOwn) {
		t.Fatalf("another person's names: %d", res.StatusCode)
	}
	if u := userByEmail(t, h, "finance@demo.example"); u.FirstName != "Lars" || u.LastName != "Holm" || role(t, h, orgNordic, u.ID) != access.RoleFinance {
		t.Fatalf("changed by a refused post: %+v", u)
	}
	res = c.PostForm(path, url.Values{"email": {"evil@example.org"}, "role": {access.RoleOperationsMemberReviewer}}, path)
	_, doc = servertest.Follow(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), msgProfileUpdated) {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	u := userByEmail(t, h, "finance@demo.example")
	if u.Email != "finance@demo.example" || u.LastName != "Holm" || role(t, h, orgNordic, u.ID) != access.RoleOperationsMemberReviewer {
		t.Errorf("saved %+v role %s", u, role(t, h, orgNordic, u.ID))
	}
	// The pending invitation: names are fields, checked and saved.
	inv := "/org/" + orgNordic + "/users/" + demo.UserInvitedID
	if _, doc = c.Page(inv + "/edit"); htmlq.Find(doc, htmlq.ByID("first_name")) == nil {
		t.Fatal("an invitation's names are not fields")
	}
	res = c.PostForm(inv, url.Values{"first_name": {""}, "last_name": {"Winther"}, "role": {access.RoleObserver}}, inv)
	if doc = servertest.Parse(t, res); res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "first_name") != MsgFirstNameRequired {
		t.Fatalf("empty name: %d", res.StatusCode)
	}
	res = c.PostForm(inv, url.Values{"first_name": {"Klara"}, "last_name": {"Winther"}, "role": {access.RoleFinance}}, inv)
	if _, doc = servertest.Follow(t, c, res); !strings.Contains(textOf(doc, "user-panel"), "Klara Winther") {
		t.Errorf("invitation not renamed: %q", textOf(doc, "user-panel"))
	}
	// No users:manage: neither the form nor its post.
	ops := h.LoggedIn("operations_member@demo.example")
	if res := ops.Get(path + "/edit"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("edit without users:manage: %d", res.StatusCode)
	}
}

// One's own role cannot change: the select is disabled, and a post or call that changes it
// is refused and changes nothing.
func TestOwnRoleRefused(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	me := userByEmail(t, h, "admin@demo.example")
	path := "/org/" + orgNordic + "/users/" + me.ID
	_, doc := c.Page(path + "/edit")
	if _, _, _, disabled := roleOptions(doc); !disabled || !strings.Contains(textOf(doc, "role-hint"), MsgOwnRole) {
		t.Errorf("own role select not disabled")
	}
	res := c.PostForm(path, url.Values{"role": {access.RoleObserver}}, path)
	if doc = servertest.Parse(t, res); res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "role") != MsgOwnRole {
		t.Fatalf("own role by form: %d %q", res.StatusCode, servertest.FieldError(doc, "role"))
	}
	if role(t, h, orgNordic, me.ID) != access.RoleAdmin || userByEmail(t, h, "admin@demo.example").LastName != "Thomsen" {
		t.Fatal("something changed")
	}
	// The form as the browser sends it (no role: the select is disabled; no names: they are
	// changed in My Profile) changes nothing and says so.
	res = c.PostForm(path, url.Values{}, path)
	if res.StatusCode != http.StatusSeeOther || role(t, h, orgNordic, me.ID) != access.RoleAdmin {
		t.Fatalf("own form: %d", res.StatusCode)
	}
	a := h.APILoggedIn("admin@demo.example")
	r := a.Call("PUT", "/api/v1/customer/organisations/"+orgNordic+"/users/"+me.ID,
		map[string]string{"first_name": "Camilla", "last_name": "Thomsen", "role": access.RoleObserver})
	r.Expect(t, http.StatusForbidden, api.CodeForbidden)
	h.CheckReply(t, "PUT", apiUserPath, r)
	if role(t, h, orgNordic, me.ID) != access.RoleAdmin {
		t.Fatal("own role changed by the API")
	}
}

// A demotion applies to the demoted user's very next page and API call; a promotion too.
func TestRoleChangeAppliesToTheNextRequest(t *testing.T) {
	h := newHarness(t)
	victim := userByEmail(t, h, "admin_reviewer@demo.example")
	page := h.LoggedIn("admin_reviewer@demo.example")
	client := h.APILoggedIn("admin_reviewer@demo.example")
	users := "/org/" + orgNordic + "/users"
	apiUsers := "/api/v1/customer/organisations/" + orgNordic + "/users"
	if res := page.Get(users); res.StatusCode != http.StatusOK {
		t.Fatalf("before: %d", res.StatusCode)
	}
	client.Call("GET", apiUsers, nil).Expect(t, http.StatusOK, "")

	admin := h.LoggedIn("admin@demo.example")
	set := func(role string) {
		t.Helper()
		res := admin.PostForm(users+"/"+victim.ID, url.Values{"first_name": {victim.FirstName}, "last_name": {victim.LastName},
			"role": {role}}, users)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("set %s: %d", role, res.StatusCode)
		}
	}
	set(access.RoleObserver)
	if res := page.Get(users); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+orgNordic {
		t.Errorf("page after demotion: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	client.Call("GET", apiUsers, nil).Expect(t, http.StatusForbidden, api.CodeForbidden)
	set(access.RoleAdmin)
	if res := page.Get(users); res.StatusCode != http.StatusOK {
		t.Errorf("page after promotion: %d", res.StatusCode)
	}
	client.Call("GET", apiUsers, nil).Expect(t, http.StatusOK, "")
}

// Every users call once, as documented.
func TestUsersAPITour(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("admin@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	r := tour.Call(a, "listUsers", "?page_size=5", nil)
	meta, _ := r.JSON["meta"].(map[string]any)
	if data, _ := r.JSON["data"].([]any); len(data) != 5 || meta["has_next_page"] != true {
		t.Fatalf("list: %s", r.Raw)
	}
	next := tour.Call(a, "listUsers", "?page_size=5&cursor_after="+url.QueryEscape(meta["cursor_next"].(string)), nil)
	if next.JSON["data"].([]any)[0].(map[string]any)["id"] == r.JSON["data"].([]any)[0].(map[string]any)["id"] {
		t.Error("the next page repeats the first")
	}
	roles := tour.Call(a, "listAssignableRoles", "", nil)
	if len(roles.JSON["data"].([]any)) != 6 {
		t.Errorf("roles: %s", roles.Raw)
	}
	created := tour.Call(a, "createUser", "", map[string]string{"first_name": "Grace", "last_name": "Hopper",
		"email": "grace@example.org", "role": access.RoleAdminReviewer})
	id := created.JSON["data"].(map[string]any)["id"].(string)
	tour.At["userId"] = id
	got := tour.Call(a, "getUser", "", nil)
	if d := got.JSON["data"].(map[string]any); d["email"] != "grace@example.org" || d["invitation_pending"] != true || d["role_label"] != "Admin / Approver" {
		t.Errorf("get: %s", got.Raw)
	}
	upd := tour.Call(a, "updateUser", "", map[string]string{"first_name": "Grace", "last_name": "Brewster Hopper", "role": access.RoleObserver})
	if d := upd.JSON["data"].(map[string]any); d["last_name"] != "Brewster Hopper" || d["role"] != access.RoleObserver {
		t.Errorf("update: %s", upd.Raw)
	}
	tour.Done()
}

// The API's checks: membership first (404), then the permission (403); field errors carry
// their pointers; blank ids are the spec's missing context.
func TestUsersAPIAccess(t *testing.T) {
	h := newHarness(t)
	noApprovalFlows(h)
	admin := h.APILoggedIn("admin@demo.example")
	base := "/api/v1/customer/organisations/"
	foreign := memberWithRole(t, h, orgAtlantic, access.RoleFinance)
	admin.Call("GET", base+orgAtlantic+"/users", nil).Expect(t, http.StatusNotFound, api.CodeNotFound)
	admin.Call("GET", base+orgNordic+"/users/"+foreign.ID, nil).Expect(t, http.StatusNotFound, api.CodeNotFound)
	admin.Call("PUT", base+orgNordic+"/users/"+foreign.ID, map[string]string{"first_name": "x", "last_name": "y", "role": "observer"}).
		Expect(t, http.StatusNotFound, api.CodeNotFound)
	obs := h.APILoggedIn("observer@demo.example")
	obs.Call("GET", base+orgNordic+"/users", nil).Expect(t, http.StatusForbidden, api.CodeForbidden)
	ops := h.APILoggedIn("operations_member@demo.example")
	ops.Call("POST", base+orgNordic+"/users", map[string]string{"first_name": "x", "last_name": "y", "email": "x@example.org", "role": "observer"}).
		Expect(t, http.StatusForbidden, api.CodeForbidden)

	r := admin.Call("POST", base+orgNordic+"/users", map[string]string{"first_name": "", "email": "nope", "role": "default"})
	r.Expect(t, http.StatusUnprocessableEntity, api.CodeInvalid)
	h.CheckReply(t, "POST", apiUsersPath, r)
	var pointers []string
	for _, e := range r.JSON["errors"].([]any) {
		pointers = append(pointers, e.(map[string]any)["source"].(map[string]any)["pointer"].(string))
	}
	if !slices.Equal(pointers, []string{"/first_name", "/last_name", "/email", "/role"}) {
		t.Errorf("pointers %q", pointers)
	}
	// Atlantic Freight, its flows off: no reviewer role through the API either.
	at := h.APILoggedIn(demo.AtlanticAdminEmail)
	at.Call("POST", base+orgAtlantic+"/users", map[string]string{"first_name": "x", "last_name": "y", "email": "x@example.org",
		"role": access.RoleAdminReviewer}).Expect(t, http.StatusUnprocessableEntity, api.CodeInvalid)

	r = admin.Call("GET", base+"%20/users", nil)
	if r.StatusCode != http.StatusNotFound || r.FirstError(t)["title"] != msgMissingOrg {
		t.Errorf("blank organisation: %d %s", r.StatusCode, r.Raw)
	}
	r = admin.Call("GET", base+orgNordic+"/users/%20", nil)
	if r.StatusCode != http.StatusNotFound || r.FirstError(t)["title"] != msgMissingUser {
		t.Errorf("blank user: %d %s", r.StatusCode, r.Raw)
	}
}
