package reference

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"portal/access"
	"portal/provider"
	"portal/reference/db"
)

var (
	qOrganisationName         = sq("organisation-name")
	qMemberEmailExists        = sq("member-email-exists")
	qInvitationLatestExpiry   = sq("invitation-latest-expiry")
	qInvitationsPendingDelete = sq("invitations-pending-delete")
	qInvitationUpdate         = sq("invitation-update")
	qMembershipSetRole        = sq("membership-set-role")
	qMemberRoleActive         = sq("member-role-active")
	qUserEmailExists          = sq("user-email-exists")
	qUserUpdate               = sq("user-update")
	qOrgUsersCount            = sq("org-users-count")
	qOrgUsersFirst            = sq("org-users-first")
	qOrgUsersAfter            = sq("org-users-after")
	qOrgUsersBefore           = sq("org-users-before")
	qOrgUser                  = sq("org-user")
)

// User management (provider.Users): members of an organisation listed by e-mail, invited,
// renamed and given roles, and a user's own profile.

// assignableRoles are the roles an organisation may give, least privileged first. default is
// not one of them: it is what an unknown or missing role falls back to, so a member stored
// with it (or with a role the provider no longer offers) shows as unavailable.
var assignableRoles = []string{provider.RoleObserver, provider.RoleFinance, provider.RoleOperationsMember,
	provider.RoleOperationsMemberReviewer, provider.RoleAdmin, provider.RoleAdminReviewer}

// Limits of the user fields (the portal's edge caps names at 100 and e-mails at 254 bytes).
const (
	maxNameLength  = 100
	maxEmailLength = 254
)

// Messages of the user calls. The portal checks the same first, in the spec's words.
const (
	msgFirstNameRequired = "Please enter first name"
	msgLastNameRequired  = "Please enter last name"
	msgEmailRequired     = "Please enter email"
	msgEmailInvalid      = "Please enter valid email"
	msgRoleRequired      = "Please select a role"
	msgRoleUnassignable  = "This role cannot be assigned."
	msgNameTooLong       = "Use at most 100 characters."
	msgAlreadyMember     = "This person is already a user of the organisation."
	msgAlreadyInvited    = "This e-mail address already has a pending invitation."
	msgEmailTaken        = "Another user already has this email."
)

func fieldErr(field, msg string) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, "%s", msg)}
}

// cleanUserInput trims the input and checks the names and (withEmail) the e-mail, the first
// problem as a field error. Roles are the callers' to check: whether one passes depends on
// the member's current role.
func cleanUserInput(in provider.UserInput, withEmail bool) (provider.UserInput, error) {
	in.FirstName, in.LastName = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	in.Email, in.Role = normalizeEmail(in.Email), strings.TrimSpace(in.Role)
	switch {
	case in.FirstName == "":
		return in, fieldErr(provider.FieldFirstName, msgFirstNameRequired)
	case utf8.RuneCountInString(in.FirstName) > maxNameLength:
		return in, fieldErr(provider.FieldFirstName, msgNameTooLong)
	case in.LastName == "":
		return in, fieldErr(provider.FieldLastName, msgLastNameRequired)
	case utf8.RuneCountInString(in.LastName) > maxNameLength:
		return in, fieldErr(provider.FieldLastName, msgNameTooLong)
	}
	if withEmail {
		if in.Email == "" {
			return in, fieldErr(provider.FieldEmail, msgEmailRequired)
		}
		if !plausibleEmail(in.Email) {
			return in, fieldErr(provider.FieldEmail, msgEmailInvalid)
		}
	}
	return in, nil
}

// plausibleEmail: one address, nothing around it, a dot in the domain.
func plausibleEmail(e string) bool {
	if len(e) > maxEmailLength {
		return false
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e {
		return false
	}
	at := strings.LastIndexByte(e, '@')
	return at > 0 && strings.Contains(e[at:], ".")
}

func (s *OrganisationService) scanOrgUser(row scanner) (provider.OrgUser, error) {
	var u provider.OrgUser
	var created, expires string
	if err := row.Scan(&u.ID, &u.Email, &u.FirstName, &u.LastName, &created, &u.Role, &u.Invited, &expires, &u.Disabled); err != nil {
		return provider.OrgUser{}, err
	}
	t, err := parseTime(created)
	if err != nil {
		return provider.OrgUser{}, err
	}
	u.CreatedAt = t
	if u.Invited {
		exp, err := parseTime(expires)
		if err != nil {
			return provider.OrgUser{}, err
		}
		u.InvitationExpired = !s.now().Before(exp)
	}
	return u, nil
}

// A user list cursor is the e-mail of the row it stands after (e-mails are unique and the
// list's order), base64url with a version prefix: opaque to callers.
const userCursorPrefix = "u1|"

func encodeUserCursor(email string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(userCursorPrefix + email))
}

func decodeUserCursor(c string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || !strings.HasPrefix(string(raw), userCursorPrefix) || len(raw) == len(userCursorPrefix) {
		return "", provider.Errorf(provider.EINVALID, "Invalid cursor.")
	}
	return strings.TrimPrefix(string(raw), userCursorPrefix), nil
}

// OrganisationUsers implements provider.Users: members by e-mail, keyset pages.
func (s *OrganisationService) OrganisationUsers(ctx context.Context, orgID string, q provider.UserQuery) (provider.UserPage, error) {
	limit, err := pageLimit(q.Limit, provider.DefaultUserLimit, provider.MaxUserLimit)
	if err != nil {
		return provider.UserPage{}, err
	}
	dir := q.Direction
	if dir == "" {
		dir = provider.DirectionNext
	}
	if dir != provider.DirectionNext && dir != provider.DirectionPrev || dir == provider.DirectionPrev && q.Cursor == "" {
		return provider.UserPage{}, provider.Errorf(provider.EINVALID, "Invalid cursor.")
	}
	query, args := qOrgUsersFirst, []any{orgID, orgID}
	if q.Cursor != "" {
		after, err := decodeUserCursor(q.Cursor)
		if err != nil {
			return provider.UserPage{}, err
		}
		query, args = qOrgUsersAfter, append(args, after)
		if dir == provider.DirectionPrev {
			query = qOrgUsersBefore
		}
	}
	page := provider.UserPage{Users: []provider.OrgUser{}}
	if err := s.read.QueryRowContext(ctx, qOrgUsersCount, orgID, orgID).
		Scan(&page.Total); err != nil {
		return provider.UserPage{}, fmt.Errorf("reference: organisation users: %w", err)
	}
	if page.Users, err = collect(ctx, s.read, "organisation users", query, append(args, limit+1), s.scanOrgUser); err != nil {
		return provider.UserPage{}, err
	}
	more := len(page.Users) > limit
	if more {
		page.Users = page.Users[:limit]
	}
	if dir == provider.DirectionPrev {
		slices.Reverse(page.Users)
	}
	if n := len(page.Users); n > 0 {
		first, last := page.Users[0].Email, page.Users[n-1].Email
		// Going forward there is a page before whenever a cursor was given; going back,
		// the cursor's own row is after this page, and one more row read means one before.
		if dir == provider.DirectionNext {
			page.HasNext = more
			if q.Cursor != "" {
				page.CursorPrev = encodeUserCursor(first)
			}
		} else {
			page.HasNext = true
			if more {
				page.CursorPrev = encodeUserCursor(first)
			}
		}
		if page.HasNext {
			page.CursorNext = encodeUserCursor(last)
		}
	}
	return page, nil
}

func errNoSuchUser() error { return provider.Errorf(provider.ENOTFOUND, "User not found.") }

// OrganisationUser implements provider.Users.
func (s *OrganisationService) OrganisationUser(ctx context.Context, orgID, userID string) (provider.OrgUser, error) {
	return s.orgUser(ctx, s.read, orgID, userID)
}

func (s *OrganisationService) orgUser(ctx context.Context, q db.DBTX, orgID, userID string) (provider.OrgUser, error) {
	u, err := s.scanOrgUser(q.QueryRowContext(ctx, qOrgUser, orgID, orgID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return provider.OrgUser{}, errNoSuchUser()
	}
	if err != nil {
		return provider.OrgUser{}, fmt.Errorf("reference: organisation user: %w", err)
	}
	return u, nil
}

// AssignableRoles implements provider.Users: the same roles for every organisation here.
func (s *OrganisationService) AssignableRoles(ctx context.Context, orgID string) ([]string, error) {
	if err := s.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return slices.Clone(assignableRoles), nil
}

// CreateUser implements provider.Users. It never reads the users table beyond the one
// membership check that every address gets: whether the address has a login matters only
// when the invitation is accepted, so neither the answer nor the work tells it.
func (s *OrganisationService) CreateUser(ctx context.Context, orgID string, in provider.UserInput) (provider.OrgUser, error) {
	in, err := cleanUserInput(in, true)
	if err != nil {
		return provider.OrgUser{}, err
	}
	if in.Role == "" {
		return provider.OrgUser{}, fieldErr(provider.FieldRole, msgRoleRequired)
	}
	if !slices.Contains(assignableRoles, in.Role) {
		return provider.OrgUser{}, fieldErr(provider.FieldRole, msgRoleUnassignable)
	}
	token, _ := newToken()
	var out provider.OrgUser
	err = s.inTx(ctx, "create user", func(tx *sql.Tx) error {
		var orgName string
		if err := tx.QueryRowContext(ctx, qOrganisationName, orgID).Scan(&orgName); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return errNotMember()
			}
			return fmt.Errorf("reference: create user: %w", err)
		}
		var member bool
		if err := tx.QueryRowContext(ctx, qMemberEmailExists, orgID, in.Email).Scan(&member); err != nil {
			return fmt.Errorf("reference: create user: %w", err)
		}
		if member {
			return fieldErr(provider.FieldEmail, msgAlreadyMember)
		}
		now := s.now()
		// An expired invitation gives way to the new one; a live one stays the only one.
		var pendingUntil sql.NullString
		if err := tx.QueryRowContext(ctx, qInvitationLatestExpiry, orgID, in.Email).Scan(&pendingUntil); err != nil {
			return fmt.Errorf("reference: create user: %w", err)
		}
		if pendingUntil.Valid {
			if exp, err := parseTime(pendingUntil.String); err != nil || now.Before(exp) {
				return fieldErr(provider.FieldEmail, msgAlreadyInvited)
			}
			if _, err := tx.ExecContext(ctx, qInvitationsPendingDelete,
				orgID, in.Email); err != nil {
				return fmt.Errorf("reference: create user: %w", err)
			}
		}
		inv := invitationRow{id: uuid.NewString(), orgID: orgID, orgName: orgName, email: in.Email,
			firstName: in.FirstName, lastName: in.LastName, role: in.Role}
		if err := s.auth.createInvitation(ctx, tx, inv, token); err != nil {
			return err
		}
		if err := s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditInvitationSent, RecordKind: "invitation",
			RecordID: inv.id, Changes: []provider.AuditChange{{Field: "email", After: in.Email}, {Field: "role", After: in.Role}}}); err != nil {
			return err
		}
		out, err = s.orgUser(ctx, tx, orgID, inv.id)
		return err
	})
	return out, err
}

// UpdateUser implements provider.Users.
func (s *OrganisationService) UpdateUser(ctx context.Context, orgID, userID string, in provider.UserInput) (provider.OrgUser, error) {
	in.FirstName, in.LastName, in.Role = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName), strings.TrimSpace(in.Role)
	var out provider.OrgUser
	err := s.inTx(ctx, "update user", func(tx *sql.Tx) error {
		if err := lockRow(ctx, tx, qOrgLock, orgID); err != nil {
			return err
		}
		cur, err := s.orgUser(ctx, tx, orgID, userID)
		if err != nil {
			return err
		}
		if !cur.Invited {
			// A member's names are the person's: blank means unchanged, anything else is refused.
			if in.FirstName == "" {
				in.FirstName = cur.FirstName
			}
			if in.LastName == "" {
				in.LastName = cur.LastName
			}
			switch {
			case in.FirstName != cur.FirstName:
				return forbiddenField(provider.FieldFirstName, provider.MsgNamesOwn)
			case in.LastName != cur.LastName:
				return forbiddenField(provider.FieldLastName, provider.MsgNamesOwn)
			}
		}
		if in, err = cleanUserInput(in, false); err != nil {
			return err
		}
		switch {
		case in.Role == "":
			return fieldErr(provider.FieldRole, msgRoleRequired)
		case in.Role != cur.Role && !slices.Contains(assignableRoles, in.Role):
			return fieldErr(provider.FieldRole, msgRoleUnassignable)
		}
		if cur.Invited {
			if _, err := tx.ExecContext(ctx, qInvitationUpdate, in.FirstName, in.LastName, in.Role, userID, orgID); err != nil {
				return fmt.Errorf("reference: update invitation: %w", err)
			}
		} else {
			if isAdmin(cur.Role) && !cur.Disabled && !isAdmin(in.Role) {
				if err := keepsAnAdmin(ctx, tx, orgID, userID); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, qMembershipSetRole,
				in.Role, userID, orgID); err != nil {
				return fmt.Errorf("reference: update user: %w", err)
			}
		}
		if changes := auditChanges("first_name", cur.FirstName, in.FirstName, "last_name", cur.LastName, in.LastName,
			"role", cur.Role, in.Role); len(changes) > 0 {
			if err := s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditMemberChanged, RecordKind: "user",
				RecordID: userID, Changes: changes}); err != nil {
				return err
			}
		}
		out, err = s.orgUser(ctx, tx, orgID, userID)
		return err
	})
	return out, err
}

func forbiddenField(field, msg string) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EFORBIDDEN, "%s", msg)}
}

// isAdmin: the role manages the organisation's users.
func isAdmin(role string) bool { return access.For(role).Has(access.UsersManage) }

// keepsAnAdmin refuses a change that would leave orgID without an active admin other than
// userID. It reads inside the caller's write transaction: two admins demoting each other
// at once are taken one after the other, and the second finds no other admin.
func keepsAnAdmin(ctx context.Context, tx *sql.Tx, orgID, userID string) error {
	rows, err := tx.QueryContext(ctx, qMemberRoleActive, orgID, userID)
	if err != nil {
		return fmt.Errorf("reference: admins: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var role string
		if err := rows.Scan(&role); err != nil {
			return fmt.Errorf("reference: admins: %w", err)
		}
		if isAdmin(role) {
			return nil
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reference: admins: %w", err)
	}
	return forbiddenField(provider.FieldRole, provider.MsgLastAdmin)
}

// UpdateProfile implements provider.Users.
func (s *OrganisationService) UpdateProfile(ctx context.Context, userID string, in provider.UserInput) (provider.User, error) {
	in, err := cleanUserInput(in, true)
	if err != nil {
		return provider.User{}, err
	}
	var out provider.User
	err = s.inTx(ctx, "update profile", func(tx *sql.Tx) error {
		cur, err := scanUser(tx.QueryRowContext(ctx, qUserByID, userID))
		if errors.Is(err, sql.ErrNoRows) {
			return errNoSuchUser()
		}
		if err != nil {
			return fmt.Errorf("reference: update profile: %w", err)
		}
		if in.Email != cur.Email {
			var taken bool
			if err := tx.QueryRowContext(ctx, qUserEmailExists, in.Email).Scan(&taken); err != nil {
				return fmt.Errorf("reference: update profile: %w", err)
			}
			if taken {
				return fieldErr(provider.FieldEmail, msgEmailTaken)
			}
			now := formatTime(s.now())
			// A reset link mailed to the old address must not outlive the change.
			if _, err := tx.ExecContext(ctx, qPasswordResetsSpend, now, userID); err != nil {
				return fmt.Errorf("reference: update profile: %w", err)
			}
			if err := s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
				Kind: provider.OutboxEmail, To: cur.Email, Subject: "Your email address was changed",
				Body: fmt.Sprintf("The email address of your %s account was changed to %s. If it was not you, contact support at once.",
					s.issuer, in.Email),
			}); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, qUserUpdate,
			in.FirstName, in.LastName, in.Email, userID); err != nil {
			return fmt.Errorf("reference: update profile: %w", err)
		}
		out, err = scanUser(tx.QueryRowContext(ctx, qUserByID, userID))
		return err
	})
	return out, err
}

var _ provider.Users = (*Store)(nil)
