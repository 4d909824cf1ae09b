// Package profile is the user's own profile (spec 001 §2 "User management and profile", §5
// profile edit, §8; spec 000 Reset password pages): their names and e-mail, shown and edited
// (changing the e-mail needs the password again), the created date, a disabled password row
// whose "Reset Password" mails a reset link (the passwords area's), and the user's active
// sessions, any other of which, or all others, can be ended.
package profile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/auth"
	"portal/server/passwords"
	"portal/server/users"
	"portal/session"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the profile area of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "profile", Routes: []*server.Route{
		{Name: "org.profile", Method: "GET", Path: "/org/:org/settings/profile", Access: server.Dashboard, Handler: s.view,
			Nav: &server.NavEntry{Slot: server.NavProfile, Label: "My Profile"}},
		{Name: "org.profile.edit", Method: "GET", Path: "/org/:org/settings/profile/edit", Access: server.Dashboard, Off: s.Users == nil, Handler: s.editForm},
		{Name: "org.profile.update", Method: "POST", Path: "/org/:org/settings/profile", Access: server.Dashboard, Off: s.Users == nil, Handler: s.update},
		{Name: "org.profile.reset_password", Method: "POST", Path: "/org/:org/settings/profile/reset_password", Access: server.Dashboard, Handler: s.resetPassword},
		{Name: "org.profile.sessions.end", Method: "POST", Path: "/org/:org/settings/profile/sessions/end", Access: server.Dashboard, Handler: s.endSession},
		{Name: "org.profile.sessions.end_others", Method: "POST", Path: "/org/:org/settings/profile/sessions/end_others", Access: server.Dashboard, Handler: s.endOthers},
		// Passkeys: the island's JSON calls (the ceremony), then plain forms.
		{Name: "org.profile.passkeys.options", Method: "POST", Path: "/org/:org/settings/profile/passkeys/options", Access: server.Dashboard, Handler: s.passkeyOptions},
		{Name: "org.profile.passkeys.add", Method: "POST", Path: "/org/:org/settings/profile/passkeys", Access: server.Dashboard, Handler: s.passkeyAdd},
		{Name: "org.profile.passkeys.rename", Method: "POST", Path: "/org/:org/settings/profile/passkeys/:id", Access: server.Dashboard, Handler: s.passkeyRename},
		{Name: "org.profile.passkeys.remove", Method: "POST", Path: "/org/:org/settings/profile/passkeys/:id/remove", Access: server.Dashboard, Off: s.Users == nil, Handler: s.passkeyRemove},
	}}
}

// Words of the page: the spec's where it gives them ("Profile updated", "Reset password
// email has been sent", "Something went wrong"), ours otherwise.
const (
	pageTitle            = "My Profile"
	msgProfileUpdated    = "Profile updated"
	msgSomethingWrong    = "Something went wrong"
	msgPasswordForEmail  = "Enter your current password to change your email."
	msgSessionEnded      = "The session has been ended."
	msgSessionGone       = "That session had already ended."
	msgOthersEnded       = "Your other sessions have been ended."
	msgNoOthers          = "You have no other sessions."
	msgCurrentNotEndable = "This is the session you are using: log out to end it."
	fieldPassword        = "password"
	fieldSession         = "session"
)

// ProfileProps are the props of templates/pages/profile/Profile.tsx.
type ProfileProps struct {
	Shell server.ShellProps `json:"shell"`
	CSRF  string            `json:"csrf"`
	User  ProfileView       `json:"user"`
	// Edit is the edit link in view mode; Form is set in edit mode.
	Edit string       `json:"edit"`
	Form *ProfileForm `json:"form"`
	// ResetAction posts the Reset Password button.
	ResetAction string        `json:"resetAction"`
	Sessions    []SessionView `json:"sessions"`
	// EndAction ends one session (field session: its handle); EndOthers all others, ""
	// when there are none.
	EndAction string `json:"endAction"`
	EndOthers string `json:"endOthers"`
	// Passkeys is the passkey section; nil when passkeys are off.
	Passkeys *PasskeysProps `json:"passkeys"`
}

// ProfileView is the user as the profile shows them.
type ProfileView struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Created   string `json:"created"`
}

// ProfileForm is the edit form with what was typed and its errors by field (first_name,
// last_name, email, password).
type ProfileForm struct {
	Action    string            `json:"action"`
	FirstName string            `json:"firstName"`
	LastName  string            `json:"lastName"`
	Email     string            `json:"email"`
	Errors    map[string]string `json:"errors"`
	Base      string            `json:"base"`
	Cancel    string            `json:"cancel"`
}

// SessionView is one of the user's sessions. Handle names it (never its id).
type SessionView struct {
	Handle   string `json:"handle"`
	Device   string `json:"device"`
	Kind     string `json:"kind"`
	SignedIn string `json:"signedIn"`
	LastSeen string `json:"lastSeen"`
	Current  bool   `json:"current"`
}

const displayDateTime = "02-01-2006 15:04 UTC"

func (s area) base(orgID string) string { return s.Path("org.profile", orgID) }

// props are the page's props in view mode (form nil) or edit mode.
func (s area) props(c fiber.Ctx, form *ProfileForm) (ProfileProps, error) {
	return s.propsWith(c, form, nil)
}

// propsWith is props with a passkey's rename form come back (back nil: none).
func (s area) propsWith(c fiber.Ctx, form *ProfileForm, back *renameBack) (ProfileProps, error) {
	rq := server.Req(c)
	u, o := rq.User, rq.Org
	b := s.base(o.Org.ID)
	p := ProfileProps{CSRF: rq.CSRF(), Form: form, ResetAction: b + "/reset_password",
		EndAction: b + "/sessions/end", Sessions: []SessionView{},
		User: ProfileView{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
			Created: u.CreatedAt.UTC().Format(daterange.DisplayLayout)}}
	if form == nil {
		p.Edit = b + "/edit#profile-form"
	}
	list, err := s.Sessions.ListUser(c.Context(), u.ID)
	if err != nil {
		return ProfileProps{}, err
	}
	current := rq.Session.Handle()
	for _, ss := range list {
		v := SessionView{Handle: ss.Handle(), Device: Device(ss.UserAgent), Kind: "Browser",
			SignedIn: ss.CreatedAt.UTC().Format(displayDateTime), LastSeen: ss.LastSeen.UTC().Format(displayDateTime),
			Current: ss.Handle() == current}
		if ss.Kind == session.KindAPI {
			v.Kind = "API client"
		}
		if !v.Current {
			p.EndOthers = b + "/sessions/end_others"
		}
		p.Sessions = append(p.Sessions, v)
	}
	if p.Passkeys, err = s.passkeys(c, back); err != nil {
		return ProfileProps{}, err
	}
	return p, nil
}

func (s area) render(c fiber.Ctx, status int, p ProfileProps) error {
	return s.Render(c, server.View{Status: status, Title: pageTitle + " · " + server.Req(c).Org.Org.Name, Page: pageProfile.With(p)})
}

func (s area) view(c fiber.Ctx) error {
	p, err := s.props(c, nil)
	if err != nil {
		return err
	}
	return s.render(c, fiber.StatusOK, p)
}

func (s area) form(c fiber.Ctx, in provider.UserInput, errs map[string]string, baseErr string) *ProfileForm {
	if errs == nil {
		errs = map[string]string{}
	}
	b := s.base(server.Req(c).Org.Org.ID)
	return &ProfileForm{Action: b, FirstName: in.FirstName, LastName: in.LastName, Email: in.Email,
		Errors: errs, Base: baseErr, Cancel: b}
}

func (s area) editForm(c fiber.Ctx) error {
	u := server.Req(c).User
	p, err := s.props(c, s.form(c, provider.UserInput{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email}, nil, ""))
	if err != nil {
		return err
	}
	return s.render(c, fiber.StatusOK, p)
}

func (s area) update(c fiber.Ctx) error {
	rq := server.Req(c)
	u := rq.User
	v := func(k string) string { return strings.TrimSpace(c.FormValue(k)) }
	in := provider.UserInput{FirstName: v(provider.FieldFirstName), LastName: v(provider.FieldLastName), Email: v(provider.FieldEmail)}
	errs := users.Validate(in, true)
	status, baseErr := fiber.StatusUnprocessableEntity, ""
	emailChange := len(errs) == 0 && !strings.EqualFold(in.Email, u.Email)
	// Re-authentication before changing the e-mail (docs/security.md): the password again, unless
	// it was confirmed within the last few minutes.
	if emailChange && !auth.RecentlyAuthenticated(s.Server, rq.Session) {
		switch pw := c.FormValue(fieldPassword); {
		case pw == "":
			errs[fieldPassword] = msgPasswordForEmail
		default:
			ok, refused, err := auth.ConfirmPassword(s.Server, c, pw)
			switch {
			case err != nil:
				return err
			case refused != "":
				status, baseErr = fiber.StatusTooManyRequests, refused
			case !ok:
				errs[fieldPassword] = auth.MsgReauthWrong
			}
		}
	}
	if len(errs) == 0 && baseErr == "" {
		_, err := s.Users.UpdateProfile(c.Context(), u.ID, in)
		if err == nil {
			if emailChange {
				// The login changed: other sessions end, as on a password change.
				if _, err := s.Sessions.DestroyUser(c.Context(), u.ID, rq.Session); err != nil {
					return err
				}
			}
			return s.FlashRedirect(c, session.FlashSuccess, msgProfileUpdated, s.base(rq.Org.Org.ID))
		}
		if errs, baseErr = users.ProviderErrors(err); len(errs) == 0 && baseErr == "" {
			s.Logger.Error("update profile", "request_id", rq.ID, "err", err)
			baseErr = msgSomethingWrong
		}
	}
	p, err := s.props(c, s.form(c, in, errs, baseErr))
	if err != nil {
		return err
	}
	return s.render(c, status, p)
}

// resetPassword mails the user a reset link (the forgot form's flow and limits).
func (s area) resetPassword(c fiber.Ctx) error {
	rq := server.Req(c)
	kind, text := session.FlashSuccess, passwords.MsgResetEmailSent
	refused, err := passwords.SendResetEmail(s.Server, c, rq.User.Email)
	switch {
	case refused != "":
		kind, text = session.FlashError, refused
	case err != nil:
		// Spec 001 §8: the server's text, or "Something went wrong".
		kind, text = session.FlashError, msgSomethingWrong
		if code := provider.ErrorCode(err); code != provider.EINTERNAL {
			text = provider.ErrorMessage(err)
		} else {
			s.Logger.Error("profile password reset", "request_id", rq.ID, "err", err)
		}
	}
	return s.FlashRedirect(c, kind, text, s.base(rq.Org.Org.ID))
}

// endSession ends one other session of the user's, named by its handle.
func (s area) endSession(c fiber.Ctx) error {
	rq := server.Req(c)
	handle := strings.TrimSpace(c.FormValue(fieldSession))
	kind, text := session.FlashSuccess, msgSessionEnded
	if handle == rq.Session.Handle() {
		// Ending the session one is using is logging out, which has its own button.
		kind, text = session.FlashWarning, msgCurrentNotEndable
	} else if err := s.Sessions.DestroyByHandle(c.Context(), rq.User.ID, handle); errors.Is(err, session.ErrNotFound) {
		kind, text = session.FlashWarning, msgSessionGone
	} else if err != nil {
		return err
	} else {
		s.auditEnded(c, handle, "ended from My Profile")
	}
	return s.FlashRedirect(c, kind, text, s.base(rq.Org.Org.ID)+"#sessions")
}

// endOthers ends every session of the user's but this one.
func (s area) endOthers(c fiber.Ctx) error {
	rq := server.Req(c)
	n, err := s.Sessions.DestroyUser(c.Context(), rq.User.ID, rq.Session)
	if err != nil {
		return err
	}
	kind, text := session.FlashSuccess, msgOthersEnded
	if n == 0 {
		kind, text = session.FlashInfo, msgNoOthers
	} else {
		s.auditEnded(c, "", fmt.Sprintf("%d other sessions ended from My Profile", n))
	}
	return s.FlashRedirect(c, kind, text, s.base(rq.Org.Org.ID)+"#sessions")
}

// auditEnded records sessions ended here; a failure to record is logged (docs/areas/audit.md).
func (s area) auditEnded(c fiber.Ctx, handle, why string) {
	if len(handle) > 12 {
		handle = handle[:12]
	}
	rq := server.Req(c)
	if err := s.RecordAudit(c, provider.AuditEvent{Kind: provider.AuditSessionEnded, AboutUser: rq.User.ID,
		RecordKind: "session", RecordID: handle, Changes: []provider.AuditChange{{Field: "reason", After: why}}}); err != nil {
		s.Logger.Error("audit", "request_id", rq.ID, "err", err)
	}
}
