package server

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
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

// APIHeaderOrganisation names the organisation of a call that has none in its
// path (spec 000 §7, set_current).
const APIHeaderOrganisation = "X-Organisation-ID"

func (s *Server) apiOrganisations(c fiber.Ctx, a *APICaller) error {
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
	return APIData(c, out)
}

func (s *Server) apiCurrentUser(c fiber.Ctx, a *APICaller) error {
	u := a.User
	return APIData(c, apiCurrentUser{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		HasVerifySetup: u.HasVerifySetup, MFAConfigured: u.MFAConfigured, MFAEnabled: u.MFAEnabled,
		SkipMFA: u.SkipMFA, HasPhone: u.HasPhone})
}

// member returns the caller's membership of orgID; ok false means the
// 404 has been sent.
func (s *Server) APIMember(c fiber.Ctx, a *APICaller, orgID string) (m provider.Membership, ok bool, err error) {
	if orgID == "" {
		return m, false, APIError(c, fiber.StatusNotFound, APICodeNotFound, APIMsgNotFound)
	}
	m, err = s.Provider.Membership(c.Context(), a.User.ID, orgID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return m, false, APIError(c, fiber.StatusNotFound, APICodeNotFound, APIMsgNotFound)
	}
	if err != nil {
		return m, false, err
	}
	return m, true, nil
}

// APICodeForbidden answers a member whose role lacks a permission.
const (
	APICodeForbidden = "forbidden"
	APIMsgForbidden  = "Your role does not allow this."
)

// APIAccess is the check of every organisation operation that changes
// something (reads run APIOrgRead, which checks the same): membership of
// orgID first (404, the same as an unknown organisation), then every
// permission (403). ok false means the answer has been sent.
func (s *Server) APIAccess(c fiber.Ctx, a *APICaller, orgID string, perms ...access.Permission) (access.Set, bool, error) {
	m, ok, err := s.APIMember(c, a, orgID)
	if !ok {
		return nil, false, err
	}
	set := access.For(m.Role)
	if !apiPermitted(set, perms) {
		return set, false, APIError(c, fiber.StatusForbidden, APICodeForbidden, APIMsgForbidden)
	}
	return set, true, nil
}

// apiPermitted reports whether set grants every one of perms.
func apiPermitted(set access.Set, perms []access.Permission) bool {
	for _, p := range perms {
		if !set.Has(p) {
			return false
		}
	}
	return true
}

// pathOrg is the {id} of the path, copied: Fiber's parameter strings point
// into a buffer that is reused after the request.
func APIPathOrg(c fiber.Ctx) string { return strings.Clone(c.Params("id")) }

func (s *Server) apiSetDefault(c fiber.Ctx, a *APICaller) error {
	id := APIPathOrg(c)
	if _, ok, err := s.APIMember(c, a, id); !ok {
		return err
	}
	err := s.Provider.SetDefaultOrganisation(c.Context(), a.User.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		// Membership ended between the two calls.
		return APIError(c, fiber.StatusNotFound, APICodeNotFound, APIMsgNotFound)
	}
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// The organisation's reads (APIOrgRead has checked the membership).

func (s *Server) apiConfigurations(c fiber.Ctx, r APIOrgCall) (APIDataBody[provider.Configuration], error) {
	cfg, err := s.Provider.Configuration(c.Context(), r.OrgID)
	return APIDataOf(cfg), err
}

func (s *Server) apiContractedProducts(c fiber.Ctx, r APIOrgCall) (APIDataBody[provider.ContractedProducts], error) {
	p, err := s.Provider.ContractedProducts(c.Context(), r.OrgID)
	return APIDataOf(p), err
}

func (s *Server) apiAddress(_ fiber.Ctx, r APIOrgCall) (APIDataBody[apiAddress], error) {
	o := r.Member.Organisation
	return APIDataOf(apiAddress{Line1: o.Line1, Line2: o.Line2, City: o.City, PostalCode: o.PostalCode,
		State: o.State, Country: o.CountryISO}), nil
}

// apiRoles answers from the membership read on this request, so a role
// changed at the provider applies to the very next call, tokens included.
func (s *Server) apiRoles(_ fiber.Ctx, r APIOrgCall) (APIDataBody[apiRole], error) {
	role := access.Normalize(r.Member.Role)
	perms := []string{}
	for p := range access.For(role) {
		perms = append(perms, string(p))
	}
	slices.Sort(perms)
	return APIDataOf(apiRole{Role: role, Label: access.Label(role), Permissions: perms}), nil
}

// apiFeatureFlags is every flag the portal knows, false included: a
// stable shape, whatever the provider mentions.
type apiFeatureFlags map[string]bool

func (apiFeatureFlags) OASchema(*oaReflector) *OASchema {
	s := &OASchema{Type: "object", Description: "Every flag the portal reads, each true or false; a flag the provider does not mention is false.",
		Properties: map[string]*OASchema{}, AdditionalProperties: oaBool("")}
	for _, f := range provider.KnownFlags() {
		s.Properties[f] = oaBool("")
		s.order = append(s.order, f)
		s.Required = append(s.Required, f)
	}
	return s
}

// apiFlagsOrg is the organisation of a feature flags call: ?organisation_id=,
// else X-Organisation-ID, else the user's default organisation (else the
// first).
func (s *Server) apiFlagsOrg(c fiber.Ctx, a *APICaller) (string, error) {
	id := strings.Clone(c.Query("organisation_id"))
	if id == "" {
		id = strings.Clone(c.Get(APIHeaderOrganisation))
	}
	if id == "" {
		ms, err := s.Provider.Memberships(c.Context(), a.User.ID)
		if err != nil {
			return "", err
		}
		if id = pickOrganisation(ms, ""); id == "" {
			return "", APIRefuse(fiber.StatusNotFound, APIProblem{Status: fiber.StatusNotFound, Code: apiCodeNoOrganisation, Title: "Missing organisation"})
		}
	}
	return id, nil
}

func (s *Server) apiFeatureFlags(c fiber.Ctx, r APIOrgCall) (APIDataBody[apiFeatureFlags], error) {
	flags, err := s.Provider.FeatureFlags(c.Context(), r.OrgID)
	if err != nil {
		return APIDataBody[apiFeatureFlags]{}, err
	}
	out := apiFeatureFlags{}
	for _, f := range provider.KnownFlags() {
		out[f] = flags.On(f)
	}
	return APIDataOf(out), nil
}

func (s *Server) apiAlerts(c fiber.Ctx, r APIOrgCall) (APIDataBody[[]provider.Alert], error) {
	alerts, err := s.Provider.Alerts(c.Context(), r.OrgID)
	if alerts == nil {
		alerts = []provider.Alert{}
	}
	return APIDataOf(alerts), err
}
