package users

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/auth"
	"portal/session"
)

// Adding and editing a user (spec 001 §5, §8): a form in the side panel, posted with the CSRF
// token; errors come back beside their fields with what was typed (422), success goes back
// to the user with "Profile created" or "Profile updated".

// Messages of spec 001 §5.
const (
	MsgFirstNameRequired = "Please enter first name"
	MsgLastNameRequired  = "Please enter last name"
	MsgEmailRequired     = "Please enter email"
	MsgEmailInvalid      = "Please enter valid email"
	MsgRoleRequired      = "Please select a role"
)

// Validate checks a user's names and (withEmail) e-mail in the spec's words, by field
// (provider.FieldFirstName …): the user forms' rules, which the profile form shares.
func Validate(in provider.UserInput, withEmail bool) map[string]string {
	errs := map[string]string{}
	if strings.TrimSpace(in.FirstName) == "" {
		errs[provider.FieldFirstName] = MsgFirstNameRequired
	}
	if strings.TrimSpace(in.LastName) == "" {
		errs[provider.FieldLastName] = MsgLastNameRequired
	}
	if withEmail {
		switch {
		case strings.TrimSpace(in.Email) == "":
			errs[provider.FieldEmail] = MsgEmailRequired
		case !auth.ValidEmail(in.Email):
			errs[provider.FieldEmail] = MsgEmailInvalid
		}
	}
	return errs
}

// ProviderErrors puts a provider's refusal of a user or profile change beside its field; a
// refusal of no field, or another error, is base ("" when internal: log and say the
// generic words).
func ProviderErrors(err error) (fields map[string]string, base string) {
	fields = map[string]string{}
	if fe, ok := errors.AsType[*provider.FieldError](err); ok {
		fields[fe.Field] = fe.Err.Message
		return fields, ""
	}
	if code := provider.ErrorCode(err); code == provider.EINVALID || code == provider.ECONFLICT || code == provider.EFORBIDDEN {
		return fields, provider.ErrorMessage(err)
	}
	return fields, ""
}

// refusalStatus is the status of a form sent back with a provider's refusal: 403 for what
// the caller may not change whatever they send, else 422.
func refusalStatus(err error) int {
	if provider.ErrorCode(err) == provider.EFORBIDDEN {
		return fiber.StatusForbidden
	}
	return fiber.StatusUnprocessableEntity
}

// readForm is the posted user, trimmed.
func readForm(c fiber.Ctx) provider.UserInput {
	v := func(k string) string { return strings.TrimSpace(c.FormValue(k)) }
	return provider.UserInput{FirstName: v(provider.FieldFirstName), LastName: v(provider.FieldLastName),
		Email: v(provider.FieldEmail), Role: v(provider.FieldRole)}
}

// form is the panel's form for in; current is the member's role ("" for a new user).
func (s area) form(c fiber.Ctx, rules roleRules, action string, in provider.UserInput, current string, errs map[string]string) *UserForm {
	rq := server.Req(c)
	if errs == nil {
		errs = map[string]string{}
	}
	roles, selected := rules.Choices(current)
	if in.Role != "" && rules.Accepts(in.Role, current) {
		selected = in.Role
	}
	f := &UserForm{Action: action, CSRF: rq.CSRF(), FirstName: in.FirstName, LastName: in.LastName,
		Email: in.Email, Role: selected, Roles: roles, Errors: errs}
	if current != "" && rules.Unavailable(selected) {
		f.RoleHint = MsgRoleUnavailableNote
	}
	return f
}

func (s area) newPanel(c fiber.Ctx, in provider.UserInput, errs map[string]string, base string) (*UserPanel, error) {
	o := server.Req(c).Org
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return nil, err
	}
	f := s.form(c, rules, withQuery(s.listPath(o.Org.ID), listQuery(c)), in, "", errs)
	f.EmailEdit, f.NamesEdit, f.Base, f.Submit = true, true, base, "Add user"
	f.Cancel = withQuery(s.listPath(o.Org.ID), listQuery(c))
	return &UserPanel{Mode: "new", Title: "Add New User", Form: f}, nil
}

func (s area) editPanel(c fiber.Ctx, u *provider.OrgUser, in provider.UserInput, errs map[string]string, base string) (*UserPanel, error) {
	rq := server.Req(c)
	o := rq.Org
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return nil, err
	}
	f := s.form(c, rules, withQuery(s.userPath(o.Org.ID, u.ID), listQuery(c)), in, u.Role, errs)
	f.Email, f.Base, f.Submit = u.Email, base, "Save"
	if f.NamesEdit = u.Invited; !u.Invited {
		f.FirstName, f.LastName, f.NamesHint = u.FirstName, u.LastName, provider.MsgNamesOwn
	}
	f.Cancel = withQuery(s.userPath(o.Org.ID, u.ID), listQuery(c)) + "#user-panel"
	if u.ID == rq.User.ID {
		f.RoleLocked, f.RoleHint = true, MsgOwnRole
	}
	return &UserPanel{Mode: "edit", Title: "Edit " + fullName(u.FirstName, u.LastName), Form: f}, nil
}

func (s area) newForm(c fiber.Ctx) error {
	panel, err := s.newPanel(c, provider.UserInput{}, nil, "")
	if err != nil {
		return err
	}
	return s.page(c, fiber.StatusOK, panel, "")
}

func (s area) editForm(c fiber.Ctx) error {
	u, err := s.member(c)
	if u == nil {
		return err
	}
	panel, err := s.editPanel(c, u, provider.UserInput{FirstName: u.FirstName, LastName: u.LastName, Role: u.Role}, nil, "")
	if err != nil {
		return err
	}
	return s.page(c, fiber.StatusOK, panel, u.ID)
}

// failed is the base text of an error the provider did not explain.
func (s area) failed(c fiber.Ctx, what string, err error) string {
	s.Logger.Error(what, "request_id", server.Req(c).ID, "err", err)
	return msgSomethingWrong
}

func (s area) create(c fiber.Ctx) error {
	o := server.Req(c).Org
	in := readForm(c)
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return err
	}
	errs := Validate(in, true)
	if !rules.Accepts(in.Role, "") {
		errs[provider.FieldRole] = MsgRoleRequired
	}
	base := ""
	if len(errs) == 0 {
		u, err := s.Users.CreateUser(c.Context(), o.Org.ID, in)
		if err == nil {
			if err := s.Flash(c, session.FlashSuccess, msgProfileCreated); err != nil {
				return err
			}
			return server.Redirect(c, withQuery(s.userPath(o.Org.ID, u.ID), listQuery(c))+"#user-panel")
		}
		if errs, base = ProviderErrors(err); len(errs) == 0 && base == "" {
			base = s.failed(c, "create user", err)
		}
	}
	panel, err := s.newPanel(c, in, errs, base)
	if err != nil {
		return err
	}
	return s.page(c, fiber.StatusUnprocessableEntity, panel, "")
}

func (s area) update(c fiber.Ctx) error {
	u, err := s.member(c)
	if u == nil {
		return err
	}
	rq := server.Req(c)
	o := rq.Org
	in := readForm(c)
	in.Email = u.Email
	rules, err := s.rules(c.Context(), o)
	if err != nil {
		return err
	}
	// A member's names are the person's: the form shows them as text and the store refuses
	// others. A pending invitation's are checked like a new user's.
	errs := map[string]string{}
	if u.Invited {
		errs = Validate(in, false)
	}
	status, base := fiber.StatusUnprocessableEntity, ""
	switch {
	case u.ID == rq.User.ID:
		// The select is disabled for oneself and sends nothing; anything else is refused.
		if in.Role != "" && in.Role != u.Role {
			errs[provider.FieldRole] = MsgOwnRole
		}
		in.Role = u.Role
	case !rules.Accepts(in.Role, u.Role):
		errs[provider.FieldRole] = MsgRoleRequired
	}
	if len(errs) == 0 {
		_, err := s.Users.UpdateUser(c.Context(), o.Org.ID, u.ID, in)
		if err == nil {
			if err := s.Flash(c, session.FlashSuccess, msgProfileUpdated); err != nil {
				return err
			}
			return server.Redirect(c, withQuery(s.userPath(o.Org.ID, u.ID), listQuery(c))+"#user-panel")
		}
		if provider.ErrorCode(err) == provider.ENOTFOUND {
			return s.page(c, fiber.StatusNotFound, &UserPanel{Mode: "view", Title: "User details", Error: msgNotFound}, "")
		}
		status = refusalStatus(err)
		if errs, base = ProviderErrors(err); len(errs) == 0 && base == "" {
			base = s.failed(c, "update user", err)
		}
		if !u.Invited {
			// The names are no fields of a member's form: their refusal is the form's.
			for _, f := range []string{provider.FieldFirstName, provider.FieldLastName} {
				if msg, ok := errs[f]; ok {
					base = msg
					delete(errs, f)
				}
			}
		}
	}
	panel, err := s.editPanel(c, u, in, errs, base)
	if err != nil {
		return err
	}
	return s.page(c, status, panel, u.ID)
}
