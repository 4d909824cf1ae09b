package users

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/access"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

// People are not records of an organisation: what an admin of Atlantic adds or edits never
// reveals or changes a person of Nordic (docs: the security notes' people and
// organisations rules).

// The API's answer to adding an address with a login is the answer to a new address but
// for the ids and what was typed; the person is no member and their record is untouched.
func TestAddExistingLoginRevealsNothing(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	nordicNames := func() string {
		t.Helper()
		_, doc := h.LoggedIn("admin@demo.example").Page("/org/" + orgNordic + "/users/" + demo.UserObserverID)
		return textOf(doc, "user-panel")
	}
	before, beforePage := userByEmail(t, h, "observer@demo.example"), nordicNames()

	a := h.APILoggedIn("atlantic-admin@demo.example")
	path := "/api/v1/customer/organisations/" + orgAtlantic + "/users"
	add := func(email string) map[string]any {
		t.Helper()
		r := a.Call("POST", path, map[string]string{"email": email, "first_name": "X", "last_name": "Y", "role": access.RoleObserver})
		r.Expect(t, http.StatusCreated, "")
		h.CheckReply(t, "POST", apiUsersPath, r)
		data, _ := r.JSON["data"].(map[string]any)
		delete(data, "id")
		delete(data, "email")
		delete(data, "created_at")
		return data
	}
	fresh, existing := add("nobody.yet@example.org"), add("observer@demo.example")
	fj, _ := json.Marshal(fresh)
	ej, _ := json.Marshal(existing)
	if string(fj) != string(ej) {
		t.Errorf("the replies differ:\n new      %s\n existing %s", fj, ej)
	}
	if existing["first_name"] != "X" || existing["invitation_pending"] != true {
		t.Errorf("the reply is not the invitation as typed: %s", ej)
	}
	if _, err := h.Store.Membership(ctx, demo.UserObserverID, orgAtlantic); provider.ErrorCode(err) == "" {
		t.Error("a member of Atlantic before accepting")
	}
	if after := userByEmail(t, h, "observer@demo.example"); after != before {
		t.Errorf("the person changed: %+v, was %+v", after, before)
	}

	// The page answers the same too: "Invitation pending" with the names typed.
	c := h.LoggedIn("atlantic-admin@demo.example")
	list := "/org/" + orgAtlantic + "/users"
	res := c.PostForm(list, url.Values{"first_name": {"Ann"}, "last_name": {"Other"}, "email": {"finance@demo.example"},
		"role": {access.RoleObserver}}, list)
	_, doc := servertest.Follow(t, c, res)
	if panel := textOf(doc, "user-panel"); !strings.Contains(panel, "Ann Other") || !strings.Contains(panel, "Invitation pending") {
		t.Errorf("the page shows the person, not the invitation: %q", panel)
	}
	// Edits of the invitation touch only the invitation.
	inv := invitationOf(t, h, orgAtlantic, "observer@demo.example")
	r := a.Call("PUT", path+"/"+inv.ID, map[string]string{"first_name": "Renamed", "last_name": "By Atlantic", "role": access.RoleFinance})
	r.Expect(t, http.StatusOK, "")
	if after := userByEmail(t, h, "observer@demo.example"); after != before {
		t.Errorf("the person changed by an edit of the invitation: %+v", after)
	}
	if got := nordicNames(); got != beforePage {
		t.Errorf("Nordic's page changed:\n%q\nwas\n%q", got, beforePage)
	}
}

// An admin sets a member's role, not their names: the API answers 403 on the name, the
// person's names stay; a role change with the names repeated or left out passes.
func TestMemberNamesAreTheirs(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("multi@demo.example") // admin of Nordic, observer of Atlantic
	target := userByEmail(t, h, "finance@demo.example")
	path := "/api/v1/customer/organisations/" + orgNordic + "/users/" + target.ID
	r := a.Call("PUT", path, map[string]string{"first_name": "Changed", "last_name": target.LastName, "role": access.RoleFinance})
	r.Expect(t, http.StatusForbidden, "forbidden")
	h.CheckReply(t, "PUT", apiUserPath, r)
	if src, _ := r.FirstError(t)["source"].(map[string]any); src["pointer"] != "/first_name" {
		t.Errorf("source %v", src)
	}
	if u := userByEmail(t, h, "finance@demo.example"); u.FirstName != target.FirstName {
		t.Fatalf("renamed: %+v", u)
	}
	r = a.Call("PUT", path, map[string]string{"role": access.RoleObserver})
	r.Expect(t, http.StatusOK, "")
	r = a.Call("PUT", path, map[string]string{"first_name": target.FirstName, "last_name": target.LastName, "role": access.RoleFinance})
	r.Expect(t, http.StatusOK, "")
}

// meeting holds each UpdateUser until two have arrived, so two requests that both passed
// their permission checks reach the real store together: the store, not the order of
// requests, must keep an admin.
type meeting struct {
	provider.Users
	mu      sync.Mutex
	waiting chan struct{}
}

func (m *meeting) UpdateUser(ctx context.Context, orgID, userID string, in provider.UserInput) (provider.OrgUser, error) {
	m.mu.Lock()
	if w := m.waiting; w != nil {
		m.waiting = nil
		close(w)
		m.mu.Unlock()
	} else {
		w = make(chan struct{})
		m.waiting = w
		m.mu.Unlock()
		select {
		case <-w:
		case <-time.After(time.Minute): // the other never came: go on, and let the test say so
			m.mu.Lock()
			m.waiting = nil
			m.mu.Unlock()
		}
	}
	return m.Users.UpdateUser(ctx, orgID, userID, in)
}

// The last active admin keeps the role: two admins demoting each other at the same moment,
// by the API and by the page, many times: exactly one passes each time, the other is
// refused with 403 beside the role in the spec's words, and the organisation keeps one.
func TestLastAdminKept(t *testing.T) {
	meet := &meeting{}
	h := servertest.NewWith(t, func(d *server.Deps) { meet.Users = d.Users; d.Users = meet }, auth.New, New)
	ctx := context.Background()
	keep := userByEmail(t, h, "atlantic-admin@demo.example").ID
	other := userByEmail(t, h, "atlantic-approver@demo.example").ID
	store := meet.Users
	for _, id := range adminsOf(t, h, orgAtlantic) {
		if id != keep && id != other {
			if _, err := store.UpdateUser(ctx, orgAtlantic, id, provider.UserInput{Role: access.RoleObserver}); err != nil {
				t.Fatal(err)
			}
		}
	}
	apiOf := func(email string) func(id string) (int, string) {
		a := h.APILoggedIn(email)
		return func(id string) (int, string) {
			r := a.Call("PUT", "/api/v1/customer/organisations/"+orgAtlantic+"/users/"+id, map[string]string{"role": access.RoleObserver})
			h.CheckReply(t, "PUT", apiUserPath, r)
			msg := ""
			if r.StatusCode != http.StatusOK {
				msg, _ = r.FirstError(t)["title"].(string)
			}
			return r.StatusCode, msg
		}
	}
	pageOf := func(email string) func(id string) (int, string) {
		c := h.LoggedIn(email)
		return func(id string) (int, string) {
			path := "/org/" + orgAtlantic + "/users/" + id
			res := c.PostForm(path, url.Values{"role": {access.RoleObserver}}, path)
			if res.StatusCode == http.StatusSeeOther {
				return http.StatusOK, ""
			}
			return res.StatusCode, servertest.FieldError(servertest.Parse(t, res), "role")
		}
	}
	for _, way := range []struct {
		name string
		of   func(email string) func(id string) (int, string)
	}{{"api", apiOf}, {"page", pageOf}} {
		byKeep, byOther := way.of("atlantic-admin@demo.example"), way.of("atlantic-approver@demo.example")
		for round := range 5 {
			for _, id := range []string{keep, other} {
				if _, err := store.UpdateUser(ctx, orgAtlantic, id, provider.UserInput{Role: access.RoleAdmin}); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			var status [2]int
			var msg [2]string
			wg.Add(2)
			go func() { defer wg.Done(); status[0], msg[0] = byKeep(other) }()
			go func() { defer wg.Done(); status[1], msg[1] = byOther(keep) }()
			wg.Wait()
			ok, refused := 0, 0
			for i := range status {
				switch {
				case status[i] == http.StatusOK:
					ok++
				case status[i] == http.StatusForbidden && msg[i] == provider.MsgLastAdmin:
					refused++
				default:
					t.Fatalf("%s round %d: %d %q", way.name, round, status[i], msg[i])
				}
			}
			if ok != 1 || refused != 1 || len(adminsOf(t, h, orgAtlantic)) != 1 {
				t.Fatalf("%s round %d: %v %q, admins left %d", way.name, round, status, msg, len(adminsOf(t, h, orgAtlantic)))
			}
		}
	}
}

// adminsOf are the active members of org who manage its users.
func adminsOf(t *testing.T, h *servertest.Harness, org string) []string {
	t.Helper()
	var out []string
	q := provider.UserQuery{Limit: provider.MaxUserLimit}
	for {
		pg, err := h.Store.OrganisationUsers(context.Background(), org, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range pg.Users {
			if !u.Invited && !u.Disabled && access.For(u.Role).Has(access.UsersManage) {
				out = append(out, u.ID)
			}
		}
		if !pg.HasNext {
			return out
		}
		q.Cursor, q.Direction = pg.CursorNext, provider.DirectionNext
	}
}
