package auth

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server/api"
)

// Organisation and customer operations (spec 000 §7). Every
// organisation-scoped call checks membership first (the cross-organisation
// check): a non-member gets the same 404 as an organisation that does not
// exist, so the API never tells whether one does.

// apiOrganisation is one of the user's organisations with the membership.
type apiOrganisation struct {
	_                   struct{} `description:"An organisation the user belongs to, with the membership."`
	ID                  string   `json:"id" description:"Organisation id." format:"uuid"`
	Name                string   `json:"name" description:"Organisation name."`
	Default             bool     `json:"default" description:"Whether this is the user's default organisation."`
	Role                string   `json:"role" description:"The user's role here." enum:"@roles"`
	OrganisationName    string   `json:"organisation_name" description:"Organisation name."`
	Country             string   `json:"country" description:"ISO 3166-1 alpha-2 country code." example:"DK"`
	Line1               string   `json:"line1" description:"Address line 1."`
	Line2               string   `json:"line2" description:"Address line 2."`
	City                string   `json:"city" description:"City."`
	PostalCode          string   `json:"postal_code" description:"Postal code."`
	State               string   `json:"state" description:"State or region."`
	OrderingInstitution string   `json:"ordering_institution" description:"Ordering institution named on payments."`
}

// apiCurrentUser is the spec's current user; no secret ever sits in
// provider.User, and disabled users never get this far.
type apiCurrentUser struct {
	_              struct{} `description:"The authenticated user."`
	ID             string   `json:"id" description:"User id." format:"uuid"`
	Email          string   `json:"email" description:"E-mail address." format:"email"`
	FirstName      string   `json:"first_name" description:"First name."`
	LastName       string   `json:"last_name" description:"Last name."`
	HasVerifySetup bool     `json:"has_verify_setup" description:"A verification method is set up."`
	MFAConfigured  bool     `json:"mfa_configured" description:"MFA is configured."`
	MFAEnabled     bool     `json:"mfa_enabled" description:"MFA is enabled."`
	SkipMFA        bool     `json:"skip_mfa" description:"The user logs in without MFA."`
	HasPhone       bool     `json:"has_phone" description:"A phone number is registered."`
}

// apiAddress is an organisation's postal address.
type apiAddress struct {
	_          struct{} `description:"An organisation's postal address."`
	Line1      string   `json:"line1" description:"Address line 1."`
	Line2      string   `json:"line2" description:"Address line 2."`
	City       string   `json:"city" description:"City."`
	PostalCode string   `json:"postal_code" description:"Postal code."`
	State      string   `json:"state" description:"State or region."`
	Country    string   `json:"country" description:"ISO 3166-1 alpha-2 country code."`
}

// apiRole is the caller's role in an organisation and what it grants.
type apiRole struct {
	_           struct{} `description:"The user's role in the organisation, read afresh on every call."`
	Role        string   `json:"role" description:"Role name; unknown roles count as default." enum:"@roles"`
	Label       string   `json:"label" description:"How the role is shown to people." example:"Observer"`
	Permissions []string `json:"permissions" description:"Permissions the role grants (such as accounts:read), sorted."`
}

func (s area) apiOrganisations(c fiber.Ctx, a *api.Caller) error {
	ms, err := s.Provider.Memberships(c.Context(), a.User.ID)
	if err != nil {
		return err
	}
	out := make([]apiOrganisation, 0, len(ms))
	for _, m := range ms {
		o := m.Organisation
		out = append(out, apiOrganisation{ID: o.ID, Name: o.Name, Default: m.Default, Role: access.Normalize(m.Role),
			OrganisationName: o.Name, Country: o.CountryISO, Line1: o.Line1, Line2: o.Line2, City: o.City,
			PostalCode: o.PostalCode, State: o.State, OrderingInstitution: o.OrderingInstitution})
	}
	return api.Data(c, out)
}

func (s area) apiCurrentUser(c fiber.Ctx, a *api.Caller) error {
	u := a.User
	return api.Data(c, apiCurrentUser{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		HasVerifySetup: u.HasVerifySetup, MFAConfigured: u.MFAConfigured, MFAEnabled: u.MFAEnabled,
		SkipMFA: u.SkipMFA, HasPhone: u.HasPhone})
}

func (s area) apiSetDefault(c fiber.Ctx, a *api.Caller) error {
	id := api.PathOrg(c)
	if _, ok, err := s.APIMember(c, a, id); !ok {
		return err
	}
	err := s.Provider.SetDefaultOrganisation(c.Context(), a.User.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		// Membership ended between the two calls.
		return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
	}
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// msgCurrentHeader is the answer to a set_current call whose header does
// not name the path's organisation.
const msgCurrentHeader = "X-Organisation-ID must name the organisation of the path"

// apiSetCurrent sets the session's current organisation and the role held
// there (spec 000 §7: POST .../set_current with X-Organisation-ID).
func (s area) apiSetCurrent(c fiber.Ctx, a *api.Caller) error {
	id := api.PathOrg(c)
	if c.Get(api.HeaderOrganisation) != id {
		return api.Error(c, fiber.StatusBadRequest, api.CodeInvalid, msgCurrentHeader)
	}
	m, ok, err := s.APIMember(c, a, id)
	if !ok {
		return err
	}
	role := access.Normalize(m.Role)
	if a.Session.OrgID != id || a.Session.Role != role {
		a.Session.OrgID, a.Session.Role = id, role
		if err := s.Sessions.Save(c.Context(), a.Session); err != nil {
			return err
		}
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// The organisation's reads (the router has checked the membership).

func (s area) apiConfigurations(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.Configuration], error) {
	cfg, err := s.Provider.Configuration(c.Context(), r.OrgID)
	return api.DataOf(cfg), err
}

func (s area) apiContractedProducts(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.ContractedProducts], error) {
	p, err := s.Provider.ContractedProducts(c.Context(), r.OrgID)
	return api.DataOf(p), err
}

func (s area) apiAddress(_ fiber.Ctx, r api.OrgCall) (api.DataBody[apiAddress], error) {
	o := r.Member.Organisation
	return api.DataOf(apiAddress{Line1: o.Line1, Line2: o.Line2, City: o.City, PostalCode: o.PostalCode,
		State: o.State, Country: o.CountryISO}), nil
}

// apiRoles answers from the membership read on this request, so a role
// changed at the provider applies to the very next call, tokens included.
func (s area) apiRoles(_ fiber.Ctx, r api.OrgCall) (api.DataBody[apiRole], error) {
	role := access.Normalize(r.Member.Role)
	perms := []string{}
	for p := range access.For(role) {
		perms = append(perms, string(p))
	}
	slices.Sort(perms)
	return api.DataOf(apiRole{Role: role, Label: access.Label(role), Permissions: perms}), nil
}

// apiFeatureFlags is every flag the portal knows, false included: a
// stable shape, whatever the provider mentions.
type apiFeatureFlags map[string]bool

func (apiFeatureFlags) OASchema(*api.Reflector) *api.Schema {
	s := &api.Schema{Type: "object", Description: "Every flag the portal reads, each true or false; a flag the provider does not mention is false.",
		Properties: map[string]*api.Schema{}, AdditionalProperties: api.Bool("")}
	for _, f := range provider.KnownFlags() {
		s.WithProperty(f, api.Bool(""), true)
	}
	return s
}

// apiFlagsOrg is the organisation of a feature flags call: ?organisation_id=,
// else X-Organisation-ID, else the user's default organisation (else the
// first).
func (s area) apiFlagsOrg(c fiber.Ctx, a *api.Caller) (string, error) {
	id := strings.Clone(c.Query("organisation_id"))
	if id == "" {
		id = strings.Clone(c.Get(api.HeaderOrganisation))
	}
	if id == "" {
		ms, err := s.Provider.Memberships(c.Context(), a.User.ID)
		if err != nil {
			return "", err
		}
		if id = pickOrganisation(ms, ""); id == "" {
			return "", api.Refuse(fiber.StatusNotFound, api.Problem{Status: fiber.StatusNotFound, Code: api.CodeNoOrganisation, Title: "Missing organisation"})
		}
	}
	return id, nil
}

func (s area) apiFeatureFlags(c fiber.Ctx, r api.OrgCall) (api.DataBody[apiFeatureFlags], error) {
	flags, err := s.Provider.FeatureFlags(c.Context(), r.OrgID)
	if err != nil {
		return api.DataBody[apiFeatureFlags]{}, err
	}
	out := apiFeatureFlags{}
	for _, f := range provider.KnownFlags() {
		out[f] = flags.On(f)
	}
	return api.DataOf(out), nil
}

func (s area) apiAlerts(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]provider.Alert], error) {
	alerts, err := s.Provider.Alerts(c.Context(), r.OrgID)
	if alerts == nil {
		alerts = []provider.Alert{}
	}
	return api.DataOf(alerts), err
}

// apiCustomerOperations: who the user is, their organisations and what
// each allows.
func (s area) apiCustomerOperations() []api.Op {
	return []api.Op{
		{
			ID: "listOrganisations", Method: fiber.MethodGet, Path: "/customer/organisations", Tag: "Organisation and customer",
			Summary: "List the user's organisations", Description: "The organisations the user belongs to, by name, with the role held in each and which one is the default.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Responses: []api.Response{api.DataOK[[]apiOrganisation]("The memberships."),
				api.ReplyUnauthorized, api.ReplyForbidden},
			Handler: s.apiOrganisations,
		},
		{
			ID: "getCurrentUser", Method: fiber.MethodGet, Path: "/customer/current_user", Tag: "Organisation and customer",
			Summary: "Get the current user", Description: "Who the credential belongs to and how their MFA is set up.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Responses: []api.Response{api.DataOK[apiCurrentUser]("The user."),
				api.ReplyUnauthorized, api.ReplyForbidden},
			Handler: s.apiCurrentUser,
		},
		{
			ID: "setDefaultOrganisation", Method: fiber.MethodPost, Path: "/customer/organisations/{id}/set_default", Tag: "Organisation and customer",
			Summary: "Make an organisation the default", Description: "The organisation becomes the user's only default: the one opened after login.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam},
			Responses: []api.Response{{Status: fiber.StatusNoContent, Description: "Saved."},
				api.ReplyUnauthorized, api.ReplyForbidden, api.ReplyNotFound},
			Handler: s.apiSetDefault,
		},
		{
			ID: "setCurrentOrganisation", Method: fiber.MethodPost, Path: "/customer/organisations/{id}/set_current", Tag: "Organisation and customer",
			Summary: "Make an organisation the session's current one",
			Description: "The session works in this organisation from now on (the pages' and the calls' current organisation, and the role held there). " +
				"Header X-Organisation-ID must name the same organisation as the path. Cached lists of the previous organisation are stale after it.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{api.OrgIDParam,
				{Name: api.HeaderOrganisation, In: "header", Required: true, Description: "The organisation id of the path.", Schema: api.String("").WithFormat("uuid")}},
			Responses: []api.Response{{Status: fiber.StatusNoContent, Description: "The session's current organisation is set."},
				api.ErrorReply(fiber.StatusBadRequest, "X-Organisation-ID is missing or names another organisation than the path (code invalid)."),
				api.ReplyUnauthorized, api.ReplyForbidden, api.ReplyNotFound},
			Handler: s.apiSetCurrent,
		},
		api.ReadOp(orgReadOp("getConfigurations", "/customer/organisations/{id}/configurations", "Get the organisation's configuration",
			"Settings that switch screens and flows on or off."), "The configuration.",
			api.Read[api.DataBody[provider.Configuration]]{Read: s.apiConfigurations}),
		api.ReadOp(orgReadOp("getContractedProducts", "/customer/organisations/{id}/contracted_products", "Get the organisation's contracted products",
			"How many payout and collection products the organisation has contracted."), "The counts.",
			api.Read[api.DataBody[provider.ContractedProducts]]{Read: s.apiContractedProducts}),
		api.ReadOp(orgReadOp("getAddress", "/customer/organisations/{id}/address", "Get the organisation's address",
			"The organisation's postal address."), "The address.",
			api.Read[api.DataBody[apiAddress]]{Read: s.apiAddress}),
		api.ReadOp(orgReadOp("getRoles", "/customer/organisations/{id}/roles", "Get the user's role",
			"The user's role in the organisation and the permissions it grants. A role change applies to the next call."), "The role.",
			api.Read[api.DataBody[apiRole]]{Read: s.apiRoles}),
		api.ReadOp(api.Op{
			ID: "getFeatureFlags", Path: "/feature_flags", Tag: "Organisation and customer",
			Summary: "Get feature flags", Description: "The flags of one organisation: organisation_id if given, else X-Organisation-ID, else the user's default organisation.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{
				{Name: "organisation_id", In: "query", Description: "Organisation id; must be one of the user's.", Schema: api.String("").WithFormat("uuid")},
				{Name: api.HeaderOrganisation, In: "header", Description: "Organisation id, used when organisation_id is not given.", Schema: api.String("").WithFormat("uuid")},
			},
			Responses: []api.Response{api.ReplyUnauthorized, api.ReplyForbidden,
				api.ErrorReply(fiber.StatusNotFound, "Not a member of that organisation, or no such organisation; code missing_organisation when the user has none at all.")},
		}, "The flags.", api.Read[api.DataBody[apiFeatureFlags]]{Org: func(c fiber.Ctx, a *api.Caller) (string, error) { return s.apiFlagsOrg(c, a) }, Read: s.apiFeatureFlags}),
		api.ReadOp(api.Op{
			ID: "listAlerts", Path: "/notifications/organisations/{id}/alerts", Tag: "Alerts",
			Summary: "List the organisation's alerts", Description: "Banners to show at the top of every page of the organisation, oldest first.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam},
			Responses: []api.Response{api.ReplyUnauthorized, api.ReplyForbidden, api.ReplyNotFound},
		}, "The alerts (possibly none).", api.Read[api.DataBody[[]provider.Alert]]{Read: s.apiAlerts}),
	}
}

// orgReadOp is the entry of a read of the organisation the user belongs
// to: same auth, parameter and error replies for all of them.
func orgReadOp(id, path, summary, description string) api.Op {
	return api.Op{
		ID: id, Path: path, Tag: "Organisation and customer",
		Summary: summary, Description: description,
		Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam},
		Responses: []api.Response{api.ReplyUnauthorized, api.ReplyForbidden, api.ReplyNotFound},
	}
}
