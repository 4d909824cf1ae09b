package provider

import (
	"context"
	"time"
)

// Users is an organisation's user management and a user's own profile (spec 001 §2 "User
// management and profile", §3 User and Role, §7 Users). Organisation calls do not check who
// is asking: the portal checks membership and users:read / users:manage first.
//
// Invitations reuse the Auth flow: a new user has no password and gets an invitation link
// (Auth.CheckInvitation / AcceptInvitation); a password reset is Auth.RequestPasswordReset.
type Users interface {
	// OrganisationUsers lists the organisation's members by e-mail, one cursor page at a time.
	// EINVALID for a bad cursor or limit.
	OrganisationUsers(ctx context.Context, orgID string, q UserQuery) (UserPage, error)
	// OrganisationUser is one member. ENOTFOUND unless userID is a member of orgID (the
	// same answer for another organisation's user as for none).
	OrganisationUser(ctx context.Context, orgID, userID string) (OrgUser, error)
	// AssignableRoles are the roles the organisation may give, least privileged first,
	// reviewer roles included: whether those are offered depends on the organisation's
	// approval flows, which the portal decides.
	AssignableRoles(ctx context.Context, orgID string) ([]string, error)
	// CreateUser makes the person a member with the role and e-mails them: an invitation
	// to create a password when they have none yet, else a notice that they were added.
	// EINVALID, as a *FieldError on first_name, last_name, email or role, for bad input,
	// an unassignable role or an e-mail that is already a member.
	CreateUser(ctx context.Context, orgID string, in UserInput) (OrgUser, error)
	// UpdateUser sets a member's names and role (in.Email is ignored: it is read-only
	// here). ENOTFOUND when not a member; EINVALID as CreateUser. A role equal to the
	// member's current one is always accepted, assignable or not (nothing changes).
	UpdateUser(ctx context.Context, orgID, userID string, in UserInput) (OrgUser, error)
	// UpdateProfile sets the user's own names and e-mail. EINVALID as CreateUser, and on
	// email when another user has that address. When the e-mail changes, the old address
	// is told and unspent reset links stop working.
	UpdateProfile(ctx context.Context, userID string, in UserInput) (User, error)
}

// Page sizes of the user list.
const (
	DefaultUserLimit = 20
	MaxUserLimit     = 100
)

// UserQuery is one page request of the user list; Direction is DirectionNext (cursor_after)
// or DirectionPrev (cursor_before); Limit 0 means DefaultUserLimit.
type UserQuery struct {
	Cursor    string
	Direction string
	Limit     int
}

// UserPage is one page of members.
type UserPage struct {
	Users      []OrgUser
	Total      int
	CursorNext string
	CursorPrev string
	HasNext    bool
}

// OrgUser is a member of an organisation (spec 001 §3 User). Role is as stored: the access
// layer maps it to permissions, and an unknown one to default.
type OrgUser struct {
	ID        string
	Email     string
	FirstName string
	LastName  string
	Role      string
	CreatedAt time.Time
	// Invited: the invitation is not accepted yet (no password).
	Invited  bool
	Disabled bool
}

// UserInput is what a form or call gives for a user. Role is empty in a profile update.
type UserInput struct {
	FirstName string
	LastName  string
	Email     string
	Role      string
}

// Fields of the user forms, for *FieldError.
const (
	FieldFirstName = "first_name"
	FieldLastName  = "last_name"
	FieldEmail     = "email"
	FieldRole      = "role"
)
