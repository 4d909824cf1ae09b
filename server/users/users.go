// Package users is user management (spec 001 §2 "User management and profile", §3 User and
// Role, §5 add user / edit user, §6 the role rules, §7 Users, §8 user create/update): the
// list of an organisation's users with cursor pages, a side panel that shows a user or edits
// them, adding a user (the provider invites them through the existing invitation flow), and
// the users calls of the JSON API. The user's own profile is package profile's.
package users

import (
	"context"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the user management area of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read := []access.Permission{access.UsersRead}
	manage := []access.Permission{access.UsersRead, access.UsersManage}
	return server.Area{Name: "users", Off: s.Users == nil, Routes: []*server.Route{
		{Name: "org.users", Method: "GET", Path: "/org/:org/users", Access: server.Dashboard, Perms: read, Handler: s.list,
			Nav: &server.NavEntry{Slot: server.NavUsers, Label: "User management", Icon: "users"}},
		{Name: "org.users.new", Method: "GET", Path: "/org/:org/users/new", Access: server.Dashboard, Perms: manage, Handler: s.newForm},
		{Name: "org.users.create", Method: "POST", Path: "/org/:org/users", Access: server.Dashboard, Perms: manage, Handler: s.create},
		{Name: "org.user", Method: "GET", Path: "/org/:org/users/:user", Access: server.Dashboard, Perms: read, Handler: s.detail},
		{Name: "org.user.edit", Method: "GET", Path: "/org/:org/users/:user/edit", Access: server.Dashboard, Perms: manage, Handler: s.editForm},
		{Name: "org.user.update", Method: "POST", Path: "/org/:org/users/:user", Access: server.Dashboard, Perms: manage, Handler: s.update},
	}, API: s.apiOperations()}
}

// Words of the pages: the spec's (001 §2, §8) and ours where it gives none.
const (
	pageTitle         = "User management"
	msgProfileCreated = "Profile created"
	msgProfileUpdated = "Profile updated"
	msgListFailed     = "Error while fetching the users"
	msgNotFound       = "This user is not a member of the organisation."
	msgSomethingWrong = "Something went wrong"
	// MsgOwnRole refuses a change of one's own role (form and API).
	MsgOwnRole = "You cannot change your own role."
)

// Query parameters of the list (the payouts page's paging names).
const (
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
)

// Props of templates/pages/users/Users.tsx.

// UsersPageProps: the list, and the side panel when a user or the add form is open.
type UsersPageProps struct {
	Shell server.ShellProps `json:"shell"`
	Rows  []UserRow         `json:"rows"`
	Total int               `json:"total"`
	Next  string            `json:"next"`
	Prev  string            `json:"prev"`
	// Failure replaces the table when the list cannot be read.
	Failure string `json:"failure"`
	// Add is the "Add New User" link, "" without users:manage.
	Add   string     `json:"add"`
	Panel *UserPanel `json:"panel"`
}

// UserRow is one user of the list.
type UserRow struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role"`
	Href  string `json:"href"`
	Open  bool   `json:"open"`
	// Status says "Invitation pending", "Invitation expired" or "Disabled", else "".
	Status string `json:"status"`
}

// UserPanel is the side panel: a user (Mode view), the edit form (edit) or the add form
// (new), or Error when the user cannot be shown.
type UserPanel struct {
	Mode  string    `json:"mode" tstype:"'view' | 'edit' | 'new'"`
	Title string    `json:"title"`
	User  *UserView `json:"user"`
	Form  *UserForm `json:"form"`
	Error string    `json:"error"`
	Edit  string    `json:"edit"`
	Close string    `json:"close"`
}

// UserView is a user as the view panel shows them.
type UserView struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Role      string `json:"role"`
	// RoleNote explains an unavailable role.
	RoleNote string `json:"roleNote"`
	Created  string `json:"created"`
	Status   string `json:"status"`
}

// UserForm is the add or edit form, with what was typed and the errors by field
// (first_name, last_name, email, role).
type UserForm struct {
	Action    string `json:"action"`
	CSRF      string `json:"csrf"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// NamesEdit: the names are fields (a new user, a pending invitation); a member's
	// names are the person's own and shown as text with NamesHint.
	NamesEdit bool         `json:"namesEdit"`
	NamesHint string       `json:"namesHint"`
	Email     string       `json:"email"`
	EmailEdit bool         `json:"emailEdit"`
	Role      string       `json:"role"`
	Roles     []RoleChoice `json:"roles"`
	// RoleLocked: the user edits themselves, so the select is disabled.
	RoleLocked bool              `json:"roleLocked"`
	RoleHint   string            `json:"roleHint"`
	Errors     map[string]string `json:"errors"`
	// Base is an error about the form as a whole.
	Base   string `json:"base"`
	Submit string `json:"submit"`
	Cancel string `json:"cancel"`
}

func (s area) listPath(orgID string) string { return s.Path("org.users", orgID) }

func (s area) userPath(orgID, userID string) string { return s.Path("org.user", orgID, userID) }

// listQuery is the list's cursor, kept by every link of the panel so Close returns to the
// same page.
func listQuery(c fiber.Ctx) url.Values {
	q := url.Values{}
	if v := c.Query(qCursorAfter); v != "" {
		q.Set(qCursorAfter, strings.Clone(v))
	} else if v := c.Query(qCursorBefore); v != "" {
		q.Set(qCursorBefore, strings.Clone(v))
	}
	return q
}

func withQuery(path string, q url.Values) string {
	if e := q.Encode(); e != "" {
		return path + "?" + e
	}
	return path
}

// rules are the role rules of the organisation the request is in.
func (s area) rules(ctx context.Context, o *server.OrgContext) (roleRules, error) {
	roles, err := s.Users.AssignableRoles(ctx, o.Org.ID)
	if err != nil {
		return roleRules{}, err
	}
	return roleRules{assignable: roles, flowOn: server.ApprovalFlowOn(o)}, nil
}

func fullName(first, last string) string { return strings.TrimSpace(first + " " + last) }

func userStatus(u provider.OrgUser) string {
	switch {
	case u.Disabled:
		return "Disabled"
	case u.InvitationExpired:
		return "Invitation expired"
	case u.Invited:
		return "Invitation pending"
	}
	return ""
}

// page renders the list with panel (nil: none) at status.
func (s area) page(c fiber.Ctx, status int, panel *UserPanel, open string) error {
	rq := server.Req(c)
	o := rq.Org
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return err
	}
	p := UsersPageProps{Rows: []UserRow{}, Panel: panel}
	if o.Can(access.UsersManage) {
		p.Add = withQuery(s.listPath(o.Org.ID)+"/new", listQuery(c)) + "#user-panel"
	}
	q := provider.UserQuery{}
	if v := c.Query(qCursorAfter); v != "" {
		q.Cursor, q.Direction = strings.Clone(v), provider.DirectionNext
	} else if v := c.Query(qCursorBefore); v != "" {
		q.Cursor, q.Direction = strings.Clone(v), provider.DirectionPrev
	}
	pg, err := s.Users.OrganisationUsers(c.Context(), o.Org.ID, q)
	if provider.ErrorCode(err) == provider.EINVALID && q.Cursor != "" {
		// A stale or edited cursor shows the first page.
		pg, err = s.Users.OrganisationUsers(c.Context(), o.Org.ID, provider.UserQuery{})
	}
	if err != nil {
		s.Logger.Error("users list", "request_id", rq.ID, "err", err)
		p.Failure = msgListFailed
	}
	here := listQuery(c)
	for _, u := range pg.Users {
		p.Rows = append(p.Rows, UserRow{ID: u.ID, Name: fullName(u.FirstName, u.LastName), Email: u.Email,
			Role: rules.Label(u.Role), Href: withQuery(s.userPath(o.Org.ID, u.ID), here) + "#user-panel", Open: u.ID == open,
			Status: userStatus(u)})
	}
	p.Total = pg.Total
	if pg.CursorNext != "" {
		p.Next = withQuery(s.listPath(o.Org.ID), url.Values{qCursorAfter: {pg.CursorNext}})
	}
	if pg.CursorPrev != "" {
		p.Prev = withQuery(s.listPath(o.Org.ID), url.Values{qCursorBefore: {pg.CursorPrev}})
	}
	if panel != nil {
		panel.Close = withQuery(s.listPath(o.Org.ID), here)
		if open != "" {
			panel.Close += "#user-" + open
		}
	}
	return s.Render(c, server.View{Status: status, Title: pageTitle + " · " + o.Org.Name, Page: pageUsers.With(p)})
}

func (s area) list(c fiber.Ctx) error { return s.page(c, fiber.StatusOK, nil, "") }

// member loads the :user of the path; nil with the page sent (404, the list still there)
// when it is not a member of the organisation.
func (s area) member(c fiber.Ctx) (*provider.OrgUser, error) {
	o := server.Req(c).Org
	id := strings.Clone(c.Params("user"))
	u, err := s.Users.OrganisationUser(c.Context(), o.Org.ID, id)
	switch provider.ErrorCode(err) {
	case "":
		return &u, nil
	case provider.ENOTFOUND:
		return nil, s.page(c, fiber.StatusNotFound, &UserPanel{Mode: "view", Title: "User details", Error: msgNotFound}, "")
	}
	return nil, err
}

func (s area) detail(c fiber.Ctx) error {
	u, err := s.member(c)
	if u == nil {
		return err
	}
	o := server.Req(c).Org
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return err
	}
	v := &UserView{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: rules.Label(u.Role),
		Created: u.CreatedAt.UTC().Format(daterange.DisplayLayout), Status: userStatus(*u)}
	if rules.Unavailable(u.Role) {
		v.RoleNote = MsgRoleUnavailableNote
	}
	panel := &UserPanel{Mode: "view", Title: fullName(u.FirstName, u.LastName), User: v}
	if o.Can(access.UsersManage) {
		panel.Edit = withQuery(s.userPath(o.Org.ID, u.ID)+"/edit", listQuery(c)) + "#user-panel"
	}
	return s.page(c, fiber.StatusOK, panel, u.ID)
}
