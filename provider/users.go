package provider

import (
	"context"
	"time"
)

// Users is an organisation's user management and a user's own profile (spec 001 §2 "User
// management and profile", §3 User and Role, §7 Users). Organisation calls do not check who
// is asking: the portal checks membership and users:read / users:manage first.
//
// People are not records of an organisation. Adding a user invites the address: the list
// shows the invitation with what the admin typed, and the person joins only by accepting it
// (Auth.CheckInvitation / AcceptInvitation / JoinInvitation), whether or not the address
// already has a login, which the organisation is never told. A member's names and e-mail
// are the person's own (UpdateProfile); the organisation sets only the role. Every
// organisation keeps at least one active admin.
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
	// CreateUser invites the address with the names and role typed and e-mails the
	// invitation link; the answer (an invited OrgUser whose ID is the invitation's) and the
	// work done are the same whether or not the address has a login. EINVALID, as a
	// *FieldError on first_name, last_name, email or role, for bad input, an unassignable
	// role, an e-mail that is already a member or already has a pending invitation.
	CreateUser(ctx context.Context, orgID string, in UserInput) (OrgUser, error)
	// UpdateUser sets a pending invitation's names and role, or a member's role (in.Email
	// is ignored: it is read-only here). A member's names are theirs: names other than the
	// current ones are EFORBIDDEN as a *FieldError (MsgNamesOwn); blank names mean
	// unchanged. Taking the admin role from the organisation's last active admin is
	// EFORBIDDEN on role (MsgLastAdmin), decided in the transaction that writes the change.
	// ENOTFOUND when neither a member nor a pending invitation; EINVALID as CreateUser. A
	// role equal to the current one is always accepted, assignable or not.
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
	// Invited: a pending invitation, not a member yet; ID is the invitation's and the
	// names are the ones the admin typed. InvitationExpired: it can no longer be accepted.
	Invited           bool
	InvitationExpired bool
	Disabled          bool
}

// Refusals of UpdateUser.
const (
	MsgNamesOwn  = "Only the person can change their names, in My Profile."
	MsgLastAdmin = "The organisation must keep at least one active admin."
)

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
