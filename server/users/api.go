package users

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The users calls of the JSON API (spec 001 §7 Users): list, get, create, update, and the
// roles that may be given. Membership is checked first (404, the same for another
// organisation as for none), then users:read or users:manage (403); the role rules and the
// own-role rule are the pages' (roles.go, form.go).

const (
	apiTag       = "Users"
	apiUsersPath = "/customer/organisations/{id}/users"
	apiUserPath  = apiUsersPath + "/{userId}"
	apiRolesPath = "/customer/organisations/{id}/user_roles"
)

// Missing-context answers of spec 001 §8.
const (
	apiCodeMissingUser = "missing_user"
	msgMissingOrg      = "Missing organisation"
	msgMissingUser     = "Missing user id"
)

// apiUser is a user of the organisation.
type apiUser struct {
	_          struct{}  `name:"User" description:"A user of the organisation (spec 001 §3 User)."`
	ID         string    `json:"id" description:"User id." format:"uuid"`
	FirstName  string    `json:"first_name" description:"First name."`
	LastName   string    `json:"last_name" description:"Last name."`
	Email      string    `json:"email" description:"E-mail address (read-only here: the user changes it on their profile)." format:"email"`
	Role       string    `json:"role" description:"Role name as stored (canonical spelling); a role no longer assignable is kept as it is." example:"observer"`
	RoleLabel  string    `json:"role_label" description:"How the role is shown: reviewer roles without their suffix while no approval flow is on, 'Current Role (Unavailable)' for a role no longer assignable." example:"Observer"`
	Assignable bool      `json:"role_assignable" description:"Whether the role can still be given."`
	CreatedAt  time.Time `json:"created_at" description:"When the user was created (UTC)."`
	Invited    bool      `json:"invitation_pending" description:"A pending invitation, not a member yet: the id is the invitation's, and the names are the ones typed when it was sent."`
	Expired    bool      `json:"invitation_expired" description:"The pending invitation can no longer be accepted: add the address again to send a new one."`
	Disabled   bool      `json:"disabled" description:"The user cannot log in."`
}

// apiUserCreate is the body of create: all four are refused when missing, so the document
// requires them. Update has a body of its own (apiUserInput), whose fields are each
// optional in some case.
type apiUserCreate struct {
	_         struct{} `name:"UserCreate" description:"The new user's names, e-mail and role."`
	FirstName string   `json:"first_name" required:"true" description:"First name."`
	LastName  string   `json:"last_name" required:"true" description:"Last name."`
	Email     string   `json:"email" required:"true" description:"E-mail address: the invitation goes there."`
	Role      string   `json:"role" required:"true" description:"A role of listAssignableRoles."`
}

// apiUserInput is the body of update.
type apiUserInput struct {
	_         struct{} `name:"UserUpdate" description:"A user's names and role."`
	FirstName string   `json:"first_name,omitempty" description:"First name: required for a pending invitation; a member's names are theirs (omit them, or repeat them: others answer 403)."`
	LastName  string   `json:"last_name,omitempty" description:"Last name: as first_name."`
	Email     string   `json:"email,omitempty" description:"E-mail address: it may only repeat the current one."`
	Role      string   `json:"role,omitempty" description:"A role of listAssignableRoles, or the user's current role unchanged. Omit it, or repeat it, for oneself: one's own role cannot be changed."`
}

// apiRoleChoice is a role that may be given.
type apiRoleChoice struct {
	_     struct{} `name:"RoleChoice" description:"A role the organisation may give."`
	Name  string   `json:"name" description:"Role name." enum:"@roles"`
	Label string   `json:"label" description:"How the role is shown." example:"Admin / Approver"`
}

func (s area) apiUserOf(u provider.OrgUser, rules roleRules) apiUser {
	return apiUser{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: canon(u.Role),
		RoleLabel: rules.Label(u.Role), Assignable: !rules.Unavailable(u.Role), CreatedAt: u.CreatedAt.UTC(),
		Invited: u.Invited, Expired: u.InvitationExpired, Disabled: u.Disabled}
}

// apiRules are the role rules of orgID, from its configuration and flags.
func (s area) apiRules(c fiber.Ctx, orgID string) (roleRules, error) {
	cfg, err := s.Provider.Configuration(c.Context(), orgID)
	if err != nil {
		return roleRules{}, err
	}
	flags, err := s.Provider.FeatureFlags(c.Context(), orgID)
	if err != nil {
		return roleRules{}, err
	}
	return s.rules(c.Context(), &server.OrgContext{Org: provider.Organisation{ID: orgID}, Config: cfg, Flags: flags})
}

// apiOrg is the organisation of the path; a blank one is spec 001 §8's missing organisation.
func apiOrg(c fiber.Ctx, _ *api.Caller) (string, error) {
	id := blank(api.PathOrg(c))
	if id == "" {
		return "", api.Refuse(fiber.StatusNotFound, api.Problem{Status: fiber.StatusNotFound,
			Code: api.CodeNoOrganisation, Title: msgMissingOrg})
	}
	return id, nil
}

// blank is a path segment as given, or "" when it decodes to nothing but spaces.
func blank(seg string) string {
	if dec, err := url.PathUnescape(seg); err == nil && strings.TrimSpace(dec) == "" {
		return ""
	}
	return seg
}

// apiUserID is the user of the path; a blank one is spec 001 §8's missing user id.
func apiUserID(c fiber.Ctx) (string, error) {
	id := blank(strings.Clone(c.Params("userId")))
	if id == "" {
		return "", api.Refuse(fiber.StatusNotFound, api.Problem{Status: fiber.StatusNotFound,
			Code: apiCodeMissingUser, Title: msgMissingUser})
	}
	return id, nil
}

type apiUserPage = api.PageBody[[]apiUser, api.PageMeta]

func (s area) apiList(c fiber.Ctx, r api.OrgCall) (apiUserPage, error) {
	paging, err := api.ReadPage(c, api.PagingNames{After: "cursor_after", Before: "cursor_before", Size: "page_size"},
		provider.MaxUserLimit, nil)
	if err != nil {
		return apiUserPage{}, err
	}
	q := provider.UserQuery{Cursor: paging.Cursor, Direction: paging.Direction, Limit: paging.Limit}
	rules, err := s.apiRules(c, r.OrgID)
	if err != nil {
		return apiUserPage{}, err
	}
	pg, err := s.Users.OrganisationUsers(c.Context(), r.OrgID, q)
	if provider.ErrorCode(err) == provider.EINVALID {
		return apiUserPage{}, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("cursor_after", provider.ErrorMessage(err)))
	}
	if err != nil {
		return apiUserPage{}, err
	}
	out := make([]apiUser, 0, len(pg.Users))
	for _, u := range pg.Users {
		out = append(out, s.apiUserOf(u, rules))
	}
	return api.Page(out, api.PageMeta{CursorNext: pg.CursorNext, CursorPrev: pg.CursorPrev,
		HasNextPage: pg.HasNext, Total: pg.Total}), nil
}

func (s area) apiGet(c fiber.Ctx, r api.OrgCall) (api.DataBody[apiUser], error) {
	id, err := apiUserID(c)
	if err != nil {
		return api.DataBody[apiUser]{}, err
	}
	rules, err := s.apiRules(c, r.OrgID)
	if err != nil {
		return api.DataBody[apiUser]{}, err
	}
	u, err := s.Users.OrganisationUser(c.Context(), r.OrgID, id)
	if err != nil {
		return api.DataBody[apiUser]{}, err
	}
	return api.DataOf(s.apiUserOf(u, rules)), nil
}

func (s area) apiRoles(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]apiRoleChoice], error) {
	rules, err := s.apiRules(c, r.OrgID)
	if err != nil {
		return api.DataBody[[]apiRoleChoice]{}, err
	}
	out := []apiRoleChoice{}
	for _, role := range rules.Offered() {
		out = append(out, apiRoleChoice{Name: role, Label: access.Label(role)})
	}
	return api.DataOf(out), nil
}

// apiManage is what the calls that change the users need.
var apiManage = []access.Permission{access.UsersRead, access.UsersManage}

// apiInvalid answers the field errors of a body.
func apiInvalid(c fiber.Ctx, errs map[string]string) error {
	ps := []api.Problem{}
	for _, f := range []string{provider.FieldFirstName, provider.FieldLastName, provider.FieldEmail, provider.FieldRole} {
		if msg, ok := errs[f]; ok {
			ps = append(ps, api.Field(f, msg))
		}
	}
	return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
}

// apiSaveFailed answers a provider's refusal of a change, by field where it names one: 403
// for what the caller may not change (another person's names, the last admin's role), 422
// for what they may correct.
func apiSaveFailed(c fiber.Ctx, err error) error {
	if provider.ErrorCode(err) == provider.EFORBIDDEN {
		p := api.Problem{Status: fiber.StatusForbidden, Code: api.CodeForbidden, Title: provider.ErrorMessage(err)}
		if fe, ok := errors.AsType[*provider.FieldError](err); ok {
			p = api.Field(fe.Field, fe.Err.Message)
			p.Status, p.Code = fiber.StatusForbidden, api.CodeForbidden
		}
		return api.Errors(c, fiber.StatusForbidden, p)
	}
	if fields, base := ProviderErrors(err); len(fields) > 0 {
		return apiInvalid(c, fields)
	} else if base != "" {
		return api.Error(c, fiber.StatusUnprocessableEntity, api.CodeInvalid, base)
	}
	return api.ProviderFail(c, err, nil)
}

func (s area) apiCreate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	var body apiUserCreate
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	rules, err := s.apiRules(c, orgID)
	if err != nil {
		return err
	}
	in := provider.UserInput{FirstName: strings.TrimSpace(body.FirstName), LastName: strings.TrimSpace(body.LastName),
		Email: strings.TrimSpace(body.Email), Role: strings.TrimSpace(body.Role)}
	errs := Validate(in, true)
	if !rules.Accepts(in.Role, "") {
		errs[provider.FieldRole] = MsgRoleRequired
	}
	if len(errs) > 0 {
		return apiInvalid(c, errs)
	}
	u, err := s.Users.CreateUser(c.Context(), orgID, in)
	if err != nil {
		return apiSaveFailed(c, err)
	}
	s.Logger.Info("user created", "request_id", server.Req(c).ID, "organisation_id", orgID, "user_id", u.ID, "by", a.User.ID)
	return api.Send(c, fiber.StatusCreated, api.DataOf(s.apiUserOf(u, rules)))
}

func (s area) apiUpdate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	id, err := apiUserID(c)
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	var body apiUserInput
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	cur, err := s.Users.OrganisationUser(c.Context(), orgID, id)
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	rules, err := s.apiRules(c, orgID)
	if err != nil {
		return err
	}
	in := provider.UserInput{FirstName: strings.TrimSpace(body.FirstName), LastName: strings.TrimSpace(body.LastName),
		Email: cur.Email, Role: strings.TrimSpace(body.Role)}
	// A member's names are the person's: omitted means unchanged, others are the store's
	// to refuse (403). A pending invitation's are the organisation's own, and required.
	errs := map[string]string{}
	if cur.Invited {
		errs = Validate(in, false)
	}
	if e := strings.TrimSpace(body.Email); e != "" && !strings.EqualFold(e, cur.Email) {
		errs[provider.FieldEmail] = "The email cannot be changed here."
	}
	if cur.ID == a.User.ID {
		if in.Role != "" && in.Role != cur.Role && in.Role != canon(cur.Role) {
			p := api.Field(provider.FieldRole, MsgOwnRole)
			p.Status, p.Code = fiber.StatusForbidden, api.CodeForbidden
			return api.Errors(c, fiber.StatusForbidden, p)
		}
		in.Role = cur.Role
	} else if in.Role == canon(cur.Role) {
		in.Role = cur.Role // the stored spelling, unchanged
	} else if !rules.Accepts(in.Role, cur.Role) {
		errs[provider.FieldRole] = MsgRoleRequired
	}
	if len(errs) > 0 {
		return apiInvalid(c, errs)
	}
	u, err := s.Users.UpdateUser(c.Context(), orgID, id, in)
	if err != nil {
		return apiSaveFailed(c, err)
	}
	s.Logger.Info("user updated", "request_id", server.Req(c).ID, "organisation_id", orgID, "user_id", u.ID, "by", a.User.ID)
	return api.Data(c, s.apiUserOf(u, rules))
}

func (s area) apiOperations() []api.Op {
	userIDParam := api.Parameter{Name: "userId", In: "path", Required: true,
		Description: "The user's id. A user of another organisation answers 404, as an unknown one does.", Schema: api.String("").WithFormat("uuid")}
	forbiddenRead := api.ErrorReply(fiber.StatusForbidden, "The role lacks users:read (code forbidden), or MissingScope / invalid_csrf.")
	forbiddenManage := api.ErrorReply(fiber.StatusForbidden, "The role lacks users:manage (code forbidden), one's own role was to change or the last admin's (code forbidden, source /role), a member's names were to change (source /first_name or /last_name), or MissingScope / invalid_csrf.")
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or user, or not the caller's (not told apart); code missing_organisation or missing_user for a blank id.")
	invalid := api.ErrorReply(fiber.StatusUnprocessableEntity, "A field is wrong: each problem's source.pointer names it (/first_name, /last_name, /email, /role).")
	read := func(op api.Op, ok string) api.Op {
		op.Tag, op.Auth, op.Scopes = apiTag, api.Bearer, api.ScopesDashboard
		op.Responses = append(op.Responses, api.ReplyUnauthorized, forbiddenRead, notFound)
		return op
	}
	return []api.Op{
		api.ReadOp(read(api.Op{ID: "listUsers", Path: apiUsersPath, Summary: "List users",
			Description: "The organisation's users by e-mail, cursor paged with the total.",
			Params: api.OrgParams(api.QueryParam("cursor_after", "cursor_next of a page: the page after it."),
				api.QueryParam("cursor_before", "cursor_prev of a page: the page before it."),
				api.Parameter{Name: "page_size", In: "query", Description: "Users per page, 1 to " + strconv.Itoa(provider.MaxUserLimit) +
					" (default " + strconv.Itoa(provider.DefaultUserLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxUserLimit)}),
			Responses: []api.Response{api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")},
		}, ""), "One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.",
			api.Read[apiUserPage]{Org: apiOrg, Perms: []access.Permission{access.UsersRead},
				Read: s.apiList}),
		api.ReadOp(read(api.Op{ID: "getUser", Path: apiUserPath, Summary: "Get a user",
			Description: "One user of the organisation.", Params: api.OrgParams(userIDParam)}, ""), "The user.",
			api.Read[api.DataBody[apiUser]]{Org: apiOrg, Perms: []access.Permission{access.UsersRead},
				Read: func(c fiber.Ctx, r api.OrgCall) (api.DataBody[apiUser], error) {
					return s.apiGet(c, r)
				}}),
		{
			ID: "createUser", Method: fiber.MethodPost, Path: apiUsersPath, Tag: apiTag, Summary: "Add a user",
			Description: "Invites the address with the names and role given and e-mails it the invitation link. The answer is the same " +
				"whether or not the address has a login anywhere: the person joins only by accepting (choosing a password, or logging in), " +
				"and until then is listed as the pending invitation (invitation_pending).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage, Org: apiOrg,
			Params: api.OrgParams(), Body: api.Body[apiUserCreate](),
			Responses: []api.Response{api.OK[api.DataBody[apiUser]](fiber.StatusCreated, "Profile created: the new user."),
				api.ReplyUnauthorized, forbiddenManage, notFound, invalid},
			Handler: s.apiCreate,
		},
		{
			ID: "updateUser", Method: fiber.MethodPut, Path: apiUserPath, Tag: apiTag, Summary: "Edit a user",
			Description: "Sets a member's role, or a pending invitation's names and role; the e-mail is read-only, and a member's names are " +
				"the person's own (403 with source /first_name or /last_name for other names). Taking the admin role from the organisation's " +
				"last active admin answers 403 with source /role. The change applies to the user's next request, pages and tokens alike.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage, Org: apiOrg,
			Params: api.OrgParams(userIDParam), Body: api.Body[apiUserInput](),
			Responses: []api.Response{api.DataOK[apiUser]("Profile updated: the user."),
				api.ReplyUnauthorized, forbiddenManage, notFound, invalid},
			Handler: s.apiUpdate,
		},
		api.ReadOp(read(api.Op{ID: "listAssignableRoles", Path: apiRolesPath, Summary: "Roles that may be given",
			Description: "The roles the add and edit forms offer, least privileged first: reviewer roles only while an approval flow is on " +
				"(the batches page with batch approval required, or payout draft approval).", Params: api.OrgParams()}, ""), "The roles.",
			api.Read[api.DataBody[[]apiRoleChoice]]{Org: apiOrg, Perms: []access.Permission{access.UsersRead},
				Read: func(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]apiRoleChoice], error) {
					return s.apiRoles(c, r)
				}}),
	}
}
