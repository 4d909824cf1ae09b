package users

import (
	"slices"
	"strings"

	"portal/access"
)

// The role rules of spec 001 §6, in one place for the pages and the API: which roles are
// offered when assigning, how a member's role is shown, and which role a form may send.
//
//   - Reviewer roles are offered only while an approval flow is on (server.ApprovalFlowOn).
//     Otherwise they are hidden, and a member who has one is shown with the suffix removed
//     ("Admin"); their form keeps that role as the option standing for the base role, so
//     saving the form unchanged keeps it.
//   - A role the provider does not offer (default, or one retired) is "Current Role
//     (Unavailable)" with its explanation; the form keeps it as its selected option, so
//     saving unchanged keeps it too, and any offered role replaces it.

// Texts of spec 001 §6.
const (
	MsgRoleUnavailable     = "Current Role (Unavailable)"
	MsgRoleUnavailableNote = "This user currently has a role that is no longer assignable."
)

// RoleChoice is an option of the role select.
type RoleChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// roleRules are an organisation's role rules: the roles its provider lets it give and
// whether an approval flow is on.
type roleRules struct {
	assignable []string
	flowOn     bool
}

// canon is a stored role's canonical spelling ("operations member" → operations_member);
// unlike access.Normalize it keeps an unknown role unknown, so it can be told apart.
func canon(role string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(role)), " ", "_")
}

func isReviewer(role string) bool {
	r := canon(role)
	return r == access.RoleAdminReviewer || r == access.RoleOperationsMemberReviewer
}

// base is a reviewer role's role without the review rights.
func base(role string) string {
	switch canon(role) {
	case access.RoleAdminReviewer:
		return access.RoleAdmin
	case access.RoleOperationsMemberReviewer:
		return access.RoleOperationsMember
	}
	return canon(role)
}

// Offered are the roles the forms offer, least privileged first.
func (r roleRules) Offered() []string {
	out := []string{}
	for _, role := range r.assignable {
		if r.flowOn || !isReviewer(role) {
			out = append(out, role)
		}
	}
	return out
}

// Unavailable says whether role can no longer be given.
func (r roleRules) Unavailable(role string) bool {
	return !slices.Contains(r.assignable, canon(role))
}

// Label is how a member's role is shown.
func (r roleRules) Label(role string) string {
	switch {
	case r.Unavailable(role):
		return MsgRoleUnavailable
	case isReviewer(role) && !r.flowOn:
		return access.Label(base(role))
	}
	return access.Label(role)
}

// Choices are the options of a member's role select (current "" for a new user) and the
// value selected.
func (r roleRules) Choices(current string) (choices []RoleChoice, selected string) {
	choices = []RoleChoice{}
	hidden := current != "" && isReviewer(current) && !r.flowOn && !r.Unavailable(current)
	for _, role := range r.Offered() {
		value := role
		if hidden && role == base(current) {
			value = current
		}
		if current != "" && canon(current) == role {
			selected = value
		}
		choices = append(choices, RoleChoice{Value: value, Label: access.Label(role)})
		if value == current {
			selected = current
		}
	}
	if current != "" && r.Unavailable(current) {
		choices = append([]RoleChoice{{Value: current, Label: MsgRoleUnavailable}}, choices...)
		selected = current
	}
	return choices, selected
}

// Accepts says whether a form or call may set role on a member whose role is current
// ("" for a new user): an offered role, or the current one unchanged.
func (r roleRules) Accepts(role, current string) bool {
	return slices.Contains(r.Offered(), role) || current != "" && role == current
}
