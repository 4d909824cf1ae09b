package receivers

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// Deleting a receiver (spec 001 §2, §8): the ReceiverDelete island's dialog, or without
// JavaScript the confirmation page, and a form POST with the CSRF token answered by a
// redirect to the list with the outcome as a flash message.

// Texts of the spec (001 §8 "Delete receiver?"); the sentence is ours, saying what the
// spec says it states.
const (
	msgDeleteTitle  = "Delete receiver?"
	msgDeleteText   = "%s will be removed from your contact list. A deleted receiver cannot be restored."
	msgDeleteSubmit = "Yes, delete receiver"
	msgDeleteKeep   = "No, keep it"
	fieldReturnTo   = "return_to"
)

// ReceiverConfirmProps are the props of templates/pages/receivers/ReceiverDeleteConfirm.tsx: the
// confirmation without JavaScript.
type ReceiverConfirmProps struct {
	Shell    server.ShellProps   `json:"shell"`
	Confirm  ReceiverDeleteProps `json:"confirm"`
	Type     string              `json:"type"`
	Account  string              `json:"account"`
	BackHref string              `json:"backHref"`
}

// deleteConfirm is the confirmation of deleting r from the list at path; returnTo is the
// list page to come back to.
func deleteConfirm(path string, r provider.Receiver, csrf, returnTo string) ReceiverDeleteProps {
	del := path + "/" + url.PathEscape(r.ID) + "/delete"
	href := del
	if _, q, ok := strings.Cut(returnTo, "?"); ok {
		href += "?" + q
	}
	return ReceiverDeleteProps{Href: href, Action: del, CSRF: csrf, ReturnTo: returnTo, Name: r.FullName, Title: msgDeleteTitle,
		Text: fmt.Sprintf(msgDeleteText, r.FullName), Submit: msgDeleteSubmit, Back: msgDeleteKeep}
}

// returnTo is where the POST goes back to: the form's return_to when it is the list (with
// any query), else the list.
func returnTo(c fiber.Ctx, path string) string { return server.ReturnTo(c, path, path) }

func (s area) deletePage(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	r, err := s.Receivers.Receiver(c.Context(), o.Org.ID, strings.Clone(c.Params("receiver")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	path := s.base(o.Org.ID)
	q := readQuery(c)
	label, account := accountOf(r)
	if account != "" {
		account = label + " " + account + " " + r.Currency
	}
	props := ReceiverConfirmProps{Confirm: deleteConfirm(path, r, rq.CSRF(), server.Link(path, q.here, "")),
		Type: creditorTypes[r.CreditorType], Account: strings.TrimSpace(account),
		BackHref: server.Link(path, server.WithQuery(q.here, qReceiver, r.ID), "#receiver-panel")}
	return s.Render(c, server.View{Title: msgDeleteTitle + " · " + o.Org.Name, Page: pageReceiverDeleteConfirm.With(props)})
}

func (s area) deleteSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	path := s.base(rq.Org.Org.ID)
	r, err := s.Receivers.DeleteReceiver(c.Context(), rq.Org.Org.ID, strings.Clone(c.Params("receiver")))
	kind, text := session.FlashSuccess, fmt.Sprintf(provider.MsgReceiverRemoved, r.FullName)
	switch provider.ErrorCode(err) {
	case "":
	case provider.ENOTFOUND:
		// Unknown, already deleted and another organisation's answer alike.
		return s.NotFound(c)
	default:
		s.Logger.Error("delete receiver", "request_id", rq.ID, "err", err)
		kind, text = session.FlashError, provider.MsgReceiverDeleteFailed+msgPanelFailed
		if provider.ErrorCode(err) != provider.EINTERNAL {
			kind, text = session.FlashError, provider.MsgReceiverDeleteFailed+provider.ErrorMessage(err)
		}
	}
	return s.FlashRedirect(c, kind, text, returnTo(c, path))
}
