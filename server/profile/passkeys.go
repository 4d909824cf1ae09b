package profile

import (
	"encoding/json"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/auth"
	"portal/session"
)

// Passkeys in My Profile: registered, renamed and removed after re-authentication, the
// rule of every change to how one signs in (auth.RecentlyAuthenticated: the password
// within the last 5 minutes at /reauth). The list shows without it.
const (
	msgPasskeyAdded       = "Passkey added. Your other sessions have been ended."
	msgPasskeyRenamed     = "Passkey renamed"
	msgPasskeyRemoved     = "Passkey removed"
	msgPasskeyGone        = "That passkey had already been removed."
	msgPasskeyNotVerified = "The passkey could not be registered. Try again."
	valPasskeyReg         = "passkey_registration" // the registration ceremony's state
	fieldPasskeyName      = "name"
)

// PasskeysProps is the profile's passkey section (nil when passkeys are off).
type PasskeysProps struct {
	// Reauth is the link to confirm the password first; "" while the confirmation holds,
	// when the forms and the island are shown.
	Reauth string        `json:"reauth"`
	List   []PasskeyView `json:"list"`
	// Register is the Passkey island's props (mode "register"), set with the forms.
	Register *auth.PasskeyIslandProps `json:"register"`
}

// PasskeyView is one passkey, with its rename form's typed value and error when that form
// came back.
type PasskeyView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Added    string `json:"added"`
	LastUsed string `json:"lastUsed"`
	Rename   string `json:"rename"`
	Remove   string `json:"remove"`
	Typed    string `json:"typed"`
	Error    string `json:"error"`
}

// renameBack is a rename form that comes back with an error.
type renameBack struct{ id, typed, err string }

func (s area) passkeysOn() bool { return auth.RelyingParty(s.Server) != nil }

// passkeys is the section's props.
func (s area) passkeys(c fiber.Ctx, back *renameBack) (*PasskeysProps, error) {
	if !s.passkeysOn() {
		return nil, nil
	}
	rq := server.Req(c)
	b := s.base(rq.Org.Org.ID)
	keys, err := s.Passkeys.Passkeys(c.Context(), rq.User.ID)
	if err != nil {
		return nil, err
	}
	p := &PasskeysProps{List: []PasskeyView{}}
	if auth.RecentlyAuthenticated(s.Server, rq.Session) {
		p.Register = &auth.PasskeyIslandProps{Mode: "register", CSRF: rq.CSRF(),
			OptionsURL: b + "/passkeys/options", FinishURL: b + "/passkeys"}
	} else {
		p.Reauth = "/reauth?" + url.Values{"next": {b + "#passkeys"}}.Encode()
	}
	for _, k := range keys {
		v := PasskeyView{ID: k.ID, Name: k.Name, Added: k.CreatedAt.UTC().Format(daterange.DisplayLayout),
			Rename: b + "/passkeys/" + k.ID, Remove: b + "/passkeys/" + k.ID + "/remove", Typed: k.Name}
		if k.LastUsedAt != nil {
			v.LastUsed = k.LastUsedAt.UTC().Format(displayDateTime)
		}
		if back != nil && back.id == k.ID {
			v.Typed, v.Error = back.typed, back.err
		}
		p.List = append(p.List, v)
	}
	return p, nil
}

// passkeyGuard answers when a passkey change cannot go on: off (not found), or the
// password not confirmed recently (a form goes to /reauth and back to the section; the
// island's JSON call gets 403 with that link). ok means go on.
func (s area) passkeyGuard(c fiber.Ctx, isJSON bool) (ok bool, err error) {
	if !s.passkeysOn() {
		return false, s.NotFound(c)
	}
	rq := server.Req(c)
	if auth.RecentlyAuthenticated(s.Server, rq.Session) {
		return true, nil
	}
	to := "/reauth?" + url.Values{"next": {s.base(rq.Org.Org.ID) + "#passkeys"}}.Encode()
	if isJSON {
		return false, reply(c, fiber.StatusForbidden, fiber.Map{"status": "reauthentication_required", "redirect": to})
	}
	return false, server.Redirect(c, to)
}

func reply(c fiber.Ctx, status int, body any) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(status).JSON(body)
}

// passkeyRequest is the island's body: the name typed, and (finishing) the browser's
// PublicKeyCredential as JSON.
type passkeyRequest struct {
	Name       string          `json:"name"`
	Credential json.RawMessage `json:"credential"`
}

func readPasskeyRequest(c fiber.Ctx) (passkeyRequest, string, bool) {
	var in passkeyRequest
	if err := json.Unmarshal(c.Body(), &in); err != nil {
		return in, "", false
	}
	name, problem := provider.PasskeyName(in.Name)
	in.Name = name
	return in, problem, true
}

// passkeyInput is the guard and the named request both registration steps begin with; ok
// is false when it has answered (refused, or the name sent back with its problem).
func (s area) passkeyInput(c fiber.Ctx) (passkeyRequest, bool, error) {
	if ok, err := s.passkeyGuard(c, true); !ok {
		return passkeyRequest{}, false, err
	}
	in, problem, ok := readPasskeyRequest(c)
	if !ok {
		return in, false, reply(c, fiber.StatusBadRequest, fiber.Map{"error": msgSomethingWrong})
	}
	if problem != "" {
		return in, false, reply(c, fiber.StatusUnprocessableEntity, fiber.Map{"errors": fiber.Map{fieldPasskeyName: problem}})
	}
	return in, true, nil
}

// passkeyOptions begins a registration: the name is checked first, so the authenticator
// is not asked for a key the form would refuse.
func (s area) passkeyOptions(c fiber.Ctx) error {
	if _, ok, err := s.passkeyInput(c); !ok {
		return err
	}
	rq := server.Req(c)
	acct, err := auth.PasskeyAccount(s.Server, c, rq.User)
	if err != nil {
		return err
	}
	opts, state, err := auth.RelyingParty(s.Server).BeginRegistration(acct)
	if err != nil {
		return err
	}
	return auth.SendCeremony(s.Server, c, valPasskeyReg, state, opts)
}

// passkeyAdd finishes a registration and stores the passkey under its name. Like
// confirming any new sign-in method, it ends the user's other sessions.
func (s area) passkeyAdd(c fiber.Ctx) error {
	in, ok, err := s.passkeyInput(c)
	if !ok {
		return err
	}
	rq := server.Req(c)
	state := rq.Session.Values[valPasskeyReg]
	delete(rq.Session.Values, valPasskeyReg) // one answer per challenge
	if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
		return err
	}
	acct, err := auth.PasskeyAccount(s.Server, c, rq.User)
	if err != nil {
		return err
	}
	np, err := auth.RelyingParty(s.Server).FinishRegistration(acct, state, in.Credential)
	if err != nil {
		s.Logger.Info("passkey registration refused", "request_id", rq.ID, "user_id", rq.User.ID, "err", err)
		return reply(c, fiber.StatusUnprocessableEntity, fiber.Map{"error": msgPasskeyNotVerified})
	}
	np.Name = in.Name
	if _, err := s.Passkeys.AddPasskey(c.Context(), rq.User.ID, np); err != nil {
		switch provider.ErrorCode(err) {
		case provider.ECONFLICT:
			return reply(c, fiber.StatusConflict, fiber.Map{"error": provider.ErrorMessage(err)})
		case provider.EINVALID:
			return reply(c, fiber.StatusUnprocessableEntity, fiber.Map{"errors": fiber.Map{fieldPasskeyName: provider.ErrorMessage(err)}})
		}
		return err
	}
	if _, err := s.Sessions.DestroyUser(c.Context(), rq.User.ID, rq.Session); err != nil {
		return err
	}
	if err := s.Flash(c, session.FlashSuccess, msgPasskeyAdded); err != nil {
		return err
	}
	return reply(c, fiber.StatusOK, fiber.Map{"redirect": s.base(rq.Org.Org.ID) + "#passkeys"})
}

// passkeyRename is the rename form; a bad name comes back beside its field, as typed.
func (s area) passkeyRename(c fiber.Ctx) error {
	if ok, err := s.passkeyGuard(c, false); !ok {
		return err
	}
	rq := server.Req(c)
	id, typed := c.Params("id"), c.FormValue(fieldPasskeyName)
	err := s.Passkeys.RenamePasskey(c.Context(), rq.User.ID, id, typed)
	switch provider.ErrorCode(err) {
	case "":
		return s.FlashRedirect(c, session.FlashSuccess, msgPasskeyRenamed, s.base(rq.Org.Org.ID)+"#passkeys")
	case provider.ENOTFOUND:
		return s.FlashRedirect(c, session.FlashWarning, msgPasskeyGone, s.base(rq.Org.Org.ID)+"#passkeys")
	case provider.EINVALID:
		p, perr := s.propsWith(c, nil, &renameBack{id: id, typed: typed, err: provider.ErrorMessage(err)})
		if perr != nil {
			return perr
		}
		return s.render(c, fiber.StatusUnprocessableEntity, p)
	}
	return err
}

// passkeyRemove deletes one of the user's passkeys (another user's id is not found).
func (s area) passkeyRemove(c fiber.Ctx) error {
	if ok, err := s.passkeyGuard(c, false); !ok {
		return err
	}
	rq := server.Req(c)
	err := s.Passkeys.RemovePasskey(c.Context(), rq.User.ID, c.Params("id"))
	switch provider.ErrorCode(err) {
	case "":
		return s.FlashRedirect(c, session.FlashSuccess, msgPasskeyRemoved, s.base(rq.Org.Org.ID)+"#passkeys")
	case provider.ENOTFOUND:
		return s.FlashRedirect(c, session.FlashWarning, msgPasskeyGone, s.base(rq.Org.Org.ID)+"#passkeys")
	}
	return err
}
