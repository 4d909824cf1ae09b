package auth

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
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

func (s area) apiOrganisations(c fiber.Ctx, a *server.APICaller) error {
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
	return server.APIData(c, out)
}

func (s area) apiCurrentUser(c fiber.Ctx, a *server.APICaller) error {
	u := a.User
	return server.APIData(c, apiCurrentUser{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		HasVerifySetup: u.HasVerifySetup, MFAConfigured: u.MFAConfigured, MFAEnabled: u.MFAEnabled,
		SkipMFA: u.SkipMFA, HasPhone: u.HasPhone})
}

func (s area) apiSetDefault(c fiber.Ctx, a *server.APICaller) error {
	id := server.APIPathOrg(c)
	if _, ok, err := s.APIMember(c, a, id); !ok {
		return err
	}
	err := s.Provider.SetDefaultOrganisation(c.Context(), a.User.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		// Membership ended between the two calls.
		return server.APIError(c, fiber.StatusNotFound, server.APICodeNotFound, server.APIMsgNotFound)
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
func (s area) apiSetCurrent(c fiber.Ctx, a *server.APICaller) error {
	id := server.APIPathOrg(c)
	if c.Get(server.APIHeaderOrganisation) != id {
		return server.APIError(c, fiber.StatusBadRequest, server.APICodeInvalid, msgCurrentHeader)
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

// The organisation's reads (APIOrgRead has checked the membership).

func (s area) apiConfigurations(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[provider.Configuration], error) {
	cfg, err := s.Provider.Configuration(c.Context(), r.OrgID)
	return server.APIDataOf(cfg), err
}

func (s area) apiContractedProducts(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[provider.ContractedProducts], error) {
	p, err := s.Provider.ContractedProducts(c.Context(), r.OrgID)
	return server.APIDataOf(p), err
}

func (s area) apiAddress(_ fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[apiAddress], error) {
	o := r.Member.Organisation
	return server.APIDataOf(apiAddress{Line1: o.Line1, Line2: o.Line2, City: o.City, PostalCode: o.PostalCode,
		State: o.State, Country: o.CountryISO}), nil
}

// apiRoles answers from the membership read on this request, so a role
// changed at the provider applies to the very next call, tokens included.
func (s area) apiRoles(_ fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[apiRole], error) {
	role := access.Normalize(r.Member.Role)
	perms := []string{}
	for p := range access.For(role) {
		perms = append(perms, string(p))
	}
	slices.Sort(perms)
	return server.APIDataOf(apiRole{Role: role, Label: access.Label(role), Permissions: perms}), nil
}

// apiFeatureFlags is every flag the portal knows, false included: a
// stable shape, whatever the provider mentions.
type apiFeatureFlags map[string]bool

func (apiFeatureFlags) OASchema(*server.OAReflector) *server.OASchema {
	s := &server.OASchema{Type: "object", Description: "Every flag the portal reads, each true or false; a flag the provider does not mention is false.",
		Properties: map[string]*server.OASchema{}, AdditionalProperties: server.OABool("")}
	for _, f := range provider.KnownFlags() {
		s.WithProperty(f, server.OABool(""), true)
	}
	return s
}

// apiFlagsOrg is the organisation of a feature flags call: ?organisation_id=,
// else X-Organisation-ID, else the user's default organisation (else the
// first).
func (s area) apiFlagsOrg(c fiber.Ctx, a *server.APICaller) (string, error) {
	id := strings.Clone(c.Query("organisation_id"))
	if id == "" {
		id = strings.Clone(c.Get(server.APIHeaderOrganisation))
	}
	if id == "" {
		ms, err := s.Provider.Memberships(c.Context(), a.User.ID)
		if err != nil {
			return "", err
		}
		if id = pickOrganisation(ms, ""); id == "" {
			return "", server.APIRefuse(fiber.StatusNotFound, server.APIProblem{Status: fiber.StatusNotFound, Code: server.APICodeNoOrganisation, Title: "Missing organisation"})
		}
	}
	return id, nil
}

func (s area) apiFeatureFlags(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[apiFeatureFlags], error) {
	flags, err := s.Provider.FeatureFlags(c.Context(), r.OrgID)
	if err != nil {
		return server.APIDataBody[apiFeatureFlags]{}, err
	}
	out := apiFeatureFlags{}
	for _, f := range provider.KnownFlags() {
		out[f] = flags.On(f)
	}
	return server.APIDataOf(out), nil
}

func (s area) apiAlerts(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[[]provider.Alert], error) {
	alerts, err := s.Provider.Alerts(c.Context(), r.OrgID)
	if alerts == nil {
		alerts = []provider.Alert{}
	}
	return server.APIDataOf(alerts), err
}

// apiCustomerOperations: who the user is, their organisations and what
// each allows.
func (s area) apiCustomerOperations() []server.APIOp {
	return []server.APIOp{
		{
			ID: "listOrganisations", Method: fiber.MethodGet, Path: "/customer/organisations", Tag: "Organisation and customer",
			Summary: "List the user's organisations", Description: "The organisations the user belongs to, by name, with the role held in each and which one is the default.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Responses: []server.APIResponse{server.APIDataOK[[]apiOrganisation]("The memberships."),
				server.APIReplyUnauthorized, server.APIReplyForbidden},
			Handler: op(s.apiOrganisations),
		},
		{
			ID: "getCurrentUser", Method: fiber.MethodGet, Path: "/customer/current_user", Tag: "Organisation and customer",
			Summary: "Get the current user", Description: "Who the credential belongs to and how their MFA is set up.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Responses: []server.APIResponse{server.APIDataOK[apiCurrentUser]("The user."),
				server.APIReplyUnauthorized, server.APIReplyForbidden},
			Handler: op(s.apiCurrentUser),
		},
		{
			ID: "setDefaultOrganisation", Method: fiber.MethodPost, Path: "/customer/organisations/{id}/set_default", Tag: "Organisation and customer",
			Summary: "Make an organisation the default", Description: "The organisation becomes the user's only default: the one opened after login.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam},
			Responses: []server.APIResponse{{Status: fiber.StatusNoContent, Description: "Saved."},
				server.APIReplyUnauthorized, server.APIReplyForbidden, server.APIReplyNotFound},
			Handler: op(s.apiSetDefault),
		},
		{
			ID: "setCurrentOrganisation", Method: fiber.MethodPost, Path: "/customer/organisations/{id}/set_current", Tag: "Organisation and customer",
			Summary: "Make an organisation the session's current one",
			Description: "The session works in this organisation from now on (the pages' and the calls' current organisation, and the role held there). " +
				"Header X-Organisation-ID must name the same organisation as the path. Cached lists of the previous organisation are stale after it.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Params: []server.OAParameter{server.APIOrgIDParam,
				{Name: server.APIHeaderOrganisation, In: "header", Required: true, Description: "The organisation id of the path.", Schema: server.OAString("").WithFormat("uuid")}},
			Responses: []server.APIResponse{{Status: fiber.StatusNoContent, Description: "The session's current organisation is set."},
				server.APIErrorReply(fiber.StatusBadRequest, "X-Organisation-ID is missing or names another organisation than the path (code invalid)."),
				server.APIReplyUnauthorized, server.APIReplyForbidden, server.APIReplyNotFound},
			Handler: op(s.apiSetCurrent),
		},
		server.APIReadOp(orgReadOp("getConfigurations", "/customer/organisations/{id}/configurations", "Get the organisation's configuration",
			"Settings that switch screens and flows on or off."), "The configuration.",
			server.APIRead[server.APIDataBody[provider.Configuration]]{Read: read(s.apiConfigurations)}),
		server.APIReadOp(orgReadOp("getContractedProducts", "/customer/organisations/{id}/contracted_products", "Get the organisation's contracted products",
			"How many payout and collection products the organisation has contracted."), "The counts.",
			server.APIRead[server.APIDataBody[provider.ContractedProducts]]{Read: read(s.apiContractedProducts)}),
		server.APIReadOp(orgReadOp("getAddress", "/customer/organisations/{id}/address", "Get the organisation's address",
			"The organisation's postal address."), "The address.",
			server.APIRead[server.APIDataBody[apiAddress]]{Read: read(s.apiAddress)}),
		server.APIReadOp(orgReadOp("getRoles", "/customer/organisations/{id}/roles", "Get the user's role",
			"The user's role in the organisation and the permissions it grants. A role change applies to the next call."), "The role.",
			server.APIRead[server.APIDataBody[apiRole]]{Read: read(s.apiRoles)}),
		server.APIReadOp(server.APIOp{
			ID: "getFeatureFlags", Path: "/feature_flags", Tag: "Organisation and customer",
			Summary: "Get feature flags", Description: "The flags of one organisation: organisation_id if given, else X-Organisation-ID, else the user's default organisation.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Params: []server.OAParameter{
				{Name: "organisation_id", In: "query", Description: "Organisation id; must be one of the user's.", Schema: server.OAString("").WithFormat("uuid")},
				{Name: server.APIHeaderOrganisation, In: "header", Description: "Organisation id, used when organisation_id is not given.", Schema: server.OAString("").WithFormat("uuid")},
			},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, server.APIReplyForbidden,
				server.APIErrorReply(fiber.StatusNotFound, "Not a member of that organisation, or no such organisation; code missing_organisation when the user has none at all.")},
		}, "The flags.", server.APIRead[server.APIDataBody[apiFeatureFlags]]{Org: func(_ *server.Server, c fiber.Ctx, a *server.APICaller) (string, error) { return s.apiFlagsOrg(c, a) }, Read: read(s.apiFeatureFlags)}),
		server.APIReadOp(server.APIOp{
			ID: "listAlerts", Path: "/notifications/organisations/{id}/alerts", Tag: "Alerts",
			Summary: "List the organisation's alerts", Description: "Banners to show at the top of every page of the organisation, oldest first.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, server.APIReplyForbidden, server.APIReplyNotFound},
		}, "The alerts (possibly none).", server.APIRead[server.APIDataBody[[]provider.Alert]]{Read: read(s.apiAlerts)}),
	}
}

// orgReadOp is the entry of a read of the organisation the user belongs
// to: same auth, parameter and error replies for all of them.
func orgReadOp(id, path, summary, description string) server.APIOp {
	return server.APIOp{
		ID: id, Path: path, Tag: "Organisation and customer",
		Summary: summary, Description: description,
		Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam},
		Responses: []server.APIResponse{server.APIReplyUnauthorized, server.APIReplyForbidden, server.APIReplyNotFound},
	}
}
