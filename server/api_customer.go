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
	ID                  string `json:"id"`
	Name                string `json:"name"`
	Default             bool   `json:"default"`
	Role                string `json:"role"`
	OrganisationName    string `json:"organisation_name"`
	Country             string `json:"country"`
	Line1               string `json:"line1"`
	Line2               string `json:"line2"`
	City                string `json:"city"`
	PostalCode          string `json:"postal_code"`
	State               string `json:"state"`
	OrderingInstitution string `json:"ordering_institution"`
}

// apiCurrentUser is the spec's current user; no secret ever sits in
// provider.User, and disabled users never get this far.
type apiCurrentUser struct {
	ID             string `json:"id"`
	Email          string `json:"email"`
	FirstName      string `json:"first_name"`
	LastName       string `json:"last_name"`
	HasVerifySetup bool   `json:"has_verify_setup"`
	MFAConfigured  bool   `json:"mfa_configured"`
	MFAEnabled     bool   `json:"mfa_enabled"`
	SkipMFA        bool   `json:"skip_mfa"`
	HasPhone       bool   `json:"has_phone"`
}

// apiAddress is an organisation's postal address.
type apiAddress struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	State      string `json:"state"`
	Country    string `json:"country"`
}

// apiRole is the caller's role in an organisation and what it grants.
type apiRole struct {
	Role        string   `json:"role"`
	Label       string   `json:"label"`
	Permissions []string `json:"permissions"`
}

// apiHeaderOrganisation names the organisation of a call that has none in its
// path (spec 000 §7, set_current).
const apiHeaderOrganisation = "X-Organisation-ID"

func (s *Server) apiOrganisations(c fiber.Ctx, a *apiCaller) error {
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
	return apiData(c, out)
}

func (s *Server) apiCurrentUser(c fiber.Ctx, a *apiCaller) error {
	u := a.User
	return apiData(c, apiCurrentUser{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		HasVerifySetup: u.HasVerifySetup, MFAConfigured: u.MFAConfigured, MFAEnabled: u.MFAEnabled,
		SkipMFA: u.SkipMFA, HasPhone: u.HasPhone})
}

// member returns the caller's membership of orgID; ok false means the
// 404 has been sent.
func (s *Server) apiMember(c fiber.Ctx, a *apiCaller, orgID string) (m provider.Membership, ok bool, err error) {
	if orgID == "" {
		return m, false, apiError(c, fiber.StatusNotFound, apiCodeNotFound, apiMsgNotFound)
	}
	m, err = s.Provider.Membership(c.Context(), a.User.ID, orgID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return m, false, apiError(c, fiber.StatusNotFound, apiCodeNotFound, apiMsgNotFound)
	}
	if err != nil {
		return m, false, err
	}
	return m, true, nil
}

// apiCodeForbidden answers a member whose role lacks a permission.
const (
	apiCodeForbidden = "forbidden"
	apiMsgForbidden  = "Your role does not allow this."
)

// apiAccess is the check of every organisation operation: membership of
// orgID first (404, the same as an unknown organisation), then every
// permission (403). ok false means the answer has been sent.
func (s *Server) apiAccess(c fiber.Ctx, a *apiCaller, orgID string, perms ...access.Permission) (access.Set, bool, error) {
	m, ok, err := s.apiMember(c, a, orgID)
	if !ok {
		return nil, false, err
	}
	set := access.For(m.Role)
	for _, p := range perms {
		if !set.Has(p) {
			return set, false, apiError(c, fiber.StatusForbidden, apiCodeForbidden, apiMsgForbidden)
		}
	}
	return set, true, nil
}

// pathOrg is the {id} of the path, copied: Fiber's parameter strings point
// into a buffer that is reused after the request.
func apiPathOrg(c fiber.Ctx) string { return strings.Clone(c.Params("id")) }

func (s *Server) apiSetDefault(c fiber.Ctx, a *apiCaller) error {
	id := apiPathOrg(c)
	if _, ok, err := s.apiMember(c, a, id); !ok {
		return err
	}
	err := s.Provider.SetDefaultOrganisation(c.Context(), a.User.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		// Membership ended between the two calls.
		return apiError(c, fiber.StatusNotFound, apiCodeNotFound, apiMsgNotFound)
	}
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (s *Server) apiConfigurations(c fiber.Ctx, a *apiCaller) error {
	id := apiPathOrg(c)
	if _, ok, err := s.apiMember(c, a, id); !ok {
		return err
	}
	cfg, err := s.Provider.Configuration(c.Context(), id)
	if err != nil {
		return err
	}
	return apiData(c, cfg)
}

func (s *Server) apiContractedProducts(c fiber.Ctx, a *apiCaller) error {
	id := apiPathOrg(c)
	if _, ok, err := s.apiMember(c, a, id); !ok {
		return err
	}
	p, err := s.Provider.ContractedProducts(c.Context(), id)
	if err != nil {
		return err
	}
	return apiData(c, p)
}

func (s *Server) apiAddress(c fiber.Ctx, a *apiCaller) error {
	m, ok, err := s.apiMember(c, a, apiPathOrg(c))
	if !ok {
		return err
	}
	o := m.Organisation
	return apiData(c, apiAddress{Line1: o.Line1, Line2: o.Line2, City: o.City, PostalCode: o.PostalCode,
		State: o.State, Country: o.CountryISO})
}

// apiRoles answers from the membership read on this request, so a role
// changed at the provider applies to the very next call, tokens included.
func (s *Server) apiRoles(c fiber.Ctx, a *apiCaller) error {
	m, ok, err := s.apiMember(c, a, apiPathOrg(c))
	if !ok {
		return err
	}
	role := access.Normalize(m.Role)
	perms := []string{}
	for p := range access.For(role) {
		perms = append(perms, string(p))
	}
	slices.Sort(perms)
	return apiData(c, apiRole{Role: role, Label: access.Label(role), Permissions: perms})
}

// apiFeatureFlags answers every flag the portal knows, false included, for
// the organisation named by ?organisation_id=, else X-Organisation-ID, else
// the user's default organisation (else the first).
func (s *Server) apiFeatureFlags(c fiber.Ctx, a *apiCaller) error {
	id := strings.Clone(c.Query("organisation_id"))
	if id == "" {
		id = strings.Clone(c.Get(apiHeaderOrganisation))
	}
	if id == "" {
		ms, err := s.Provider.Memberships(c.Context(), a.User.ID)
		if err != nil {
			return err
		}
		if id = pickOrganisation(ms, ""); id == "" {
			return apiError(c, fiber.StatusNotFound, apiCodeNoOrganisation, "Missing organisation")
		}
	}
	if _, ok, err := s.apiMember(c, a, id); !ok {
		return err
	}
	flags, err := s.Provider.FeatureFlags(c.Context(), id)
	if err != nil {
		return err
	}
	out := map[string]bool{}
	for _, f := range provider.KnownFlags() {
		out[f] = flags.On(f)
	}
	return apiData(c, out)
}

func (s *Server) apiAlerts(c fiber.Ctx, a *apiCaller) error {
	id := apiPathOrg(c)
	if _, ok, err := s.apiMember(c, a, id); !ok {
		return err
	}
	alerts, err := s.Provider.Alerts(c.Context(), id)
	if err != nil {
		return err
	}
	if alerts == nil {
		alerts = []provider.Alert{}
	}
	return apiData(c, alerts)
}
