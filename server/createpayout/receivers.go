package createpayout

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// Saved receivers in the wizard (spec 001 §2 "Receivers", §3 "Saved receiver", §6
// receivers:read "also the recent receivers picker", receivers:manage "save receiver"):
// the Receiver step offers the receivers saved for the draft's product and schema, and
// choosing one saves its values into the draft's receiver sections through the draft's own
// validation; the summary and the done page offer to save the draft's receiver.

// Form field names and words of the receiver parts (the spec gives none).
const (
	fReceiver      = "receiver_id"
	fReturn        = "return_to"
	msgPickReq     = "Select a receiver"
	msgReceiverSet = "The receiver's details are filled in. Check them and go on."
	// msgReceiverSaved is said whether the receiver is new or was saved before (saving the
	// same one again keeps the one stored): %s is its name.
	msgReceiverSaved   = "%s is saved as a receiver"
	msgReceiverFailed  = "Error while saving the receiver - %s"
	msgReceiverUnready = "Finish the Receiver and Receiver Bank steps before saving the receiver"
)

// receiverSections are the draft sections a saved receiver holds: the creditor's own fields
// and, as creditor_details, its bank and intermediary.
var receiverSections = []string{provider.StepCreditor, provider.StepCreditorAccount, provider.StepIntermediaryAgent,
	provider.StepIntermediaryAgentAccount}

// ReceiverNames maps the Receiver step's field names to a saved receiver's JSON names (the
// draft names the creditor as a payout does, spec 001 §3; the saved receiver as §3 "Saved
// receiver"). The other sections' fields are creditor_details keys "<section>.<field>".
// The island reads this table from its props, so both sides map alike.
var ReceiverNames = map[string]string{
	"full_name": "full_name", "name": "full_name", "email": "email", "birthdate": "birthdate", "address": "address_lines",
	"street_name": "street_name", "postal_code": "postcode", "city": "city", "state": "state", "country_code": "country_code",
	"mobile_number": "mobile_number", "type": "creditor_type", "country_of_birth_code": "country_of_birth_code",
	"country_of_residence_code": "country_of_residence_code", "id_number": "id_number", "id_type": "id_type",
}

// receiverJSON is a saved receiver's fields by JSON name, lists joined as one line.
func receiverJSON(r provider.Receiver) map[string]string {
	raw := map[string]any{}
	b, _ := json.Marshal(r.ReceiverFields)
	_ = json.Unmarshal(b, &raw)
	out := map[string]string{}
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			out[k] = v
		case []any:
			var parts []string
			for _, p := range v {
				if s, ok := p.(string); ok && s != "" {
					parts = append(parts, s)
				}
			}
			out[k] = strings.Join(parts, ", ")
		}
	}
	return out
}

// receiverValues are what a saved receiver fills into the draft: per section present in the
// draft, a value for each of its changeable fields ("" for what the receiver lacks, so the
// draft's checks say what is missing).
func receiverValues(r provider.Receiver, d provider.PayoutDraft) map[string]map[string]string {
	own := receiverJSON(r)
	out := map[string]map[string]string{}
	for _, name := range receiverSections {
		sec := d.Section(name)
		if sec == nil {
			continue
		}
		vals := map[string]string{}
		for _, f := range sec.Fields {
			if f.Disabled {
				continue
			}
			if name == provider.StepCreditor {
				vals[f.Name] = own[ReceiverNames[f.Name]]
			} else {
				vals[f.Name] = r.Detail(name + "." + f.Name)
			}
		}
		out[name] = vals
	}
	return out
}

// receiverFromDraft is the receiver the draft's saved receiver sections describe, to save;
// ok false when the Receiver or Receiver Bank step is not finished.
func receiverFromDraft(d provider.PayoutDraft, by string) (provider.ReceiverCreate, bool) {
	in := provider.ReceiverCreate{Currency: d.CurrencyCode, CreatedBy: by}
	own := map[string]any{}
	details := []provider.ReceiverDetail{}
	for _, name := range receiverSections {
		sec := d.Section(name)
		if sec == nil {
			continue
		}
		if !sec.Saved && (name == provider.StepCreditor || name == provider.StepCreditorAccount) {
			return in, false
		}
		for _, f := range sec.Fields {
			switch {
			case f.Value == "":
			case name != provider.StepCreditor:
				details = append(details, provider.ReceiverDetail{Key: name + "." + f.Name, Value: f.Value})
			case ReceiverNames[f.Name] == "address_lines":
				own["address_lines"] = []string{f.Value}
			case ReceiverNames[f.Name] != "":
				if _, set := own[ReceiverNames[f.Name]]; !set {
					own[ReceiverNames[f.Name]] = f.Value
				}
			}
		}
	}
	b, _ := json.Marshal(own)
	_ = json.Unmarshal(b, &in.ReceiverFields)
	in.CreditorDetails, in.ProductID, in.SchemaID = details, d.ProductID, d.SchemaID
	if in.CreditorType == "" {
		// A schema that does not ask pays a person (a saved receiver always has a type).
		in.CreditorType = provider.CreditorPrivate
	}
	return in, true
}

// withReceivers puts the recent receivers of the draft's product and schema into the props
// of the Receiver step, when the picker is offered.
func (s area) withReceivers(c fiber.Ctx, p *WizardProps, d provider.PayoutDraft) {
	o := server.Req(c).Org
	if !p.CanPick || p.Step != provider.StepCreditor || d.Section(provider.StepCreditor) == nil {
		return
	}
	list, err := s.Receivers.RecentReceivers(c.Context(), o.Org.ID, d.ProductID, d.SchemaID, 0)
	if err != nil {
		// The picker is a shortcut: the step works without it.
		s.logFailure(c, "recent receivers", err)
		return
	}
	if list == nil {
		list = []provider.Receiver{}
	}
	p.Receivers = &list
}

// useReceiver fills the draft's receiver sections from the saved receiver chosen on the
// Receiver step, each saved as a Next would save it, and shows the Receiver step again with
// what was filled in (and what the draft refused, beside its field).
func (s area) useReceiver(c fiber.Ctx) error {
	d, ok, err := s.draft(c)
	if !ok {
		return err
	}
	o := server.Req(c).Org
	if d.Section(provider.StepCreditor) == nil {
		return s.NotFound(c)
	}
	id := c.FormValue(fReceiver)
	if id == "" {
		p, err := s.stepProps(c, d, provider.StepCreditor)
		if err != nil {
			return err
		}
		p.Errors[fReceiver] = msgPickReq
		return s.render(c, fiber.StatusUnprocessableEntity, p)
	}
	r, err := s.Receivers.Receiver(c.Context(), o.Org.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	vals := receiverValues(r, d)
	for _, name := range receiverSections {
		if v, ok := vals[name]; ok {
			if _, err := s.PayoutDrafts.SaveDraftSection(c.Context(), o.Org.ID, d.DraftID, actor(c), name, v); err != nil {
				s.logFailure(c, "use receiver", err)
				p, perr := s.stepProps(c, d, provider.StepCreditor)
				if perr != nil {
					return perr
				}
				p.Alert = provider.MsgDraftSaveFailed
				return s.render(c, failStatus(err), p)
			}
		}
	}
	return s.FlashRedirect(c, session.FlashSuccess, msgReceiverSet, stepPath(s.Server, o.Org.ID, d.DraftID, provider.StepCreditor)+"#pw-step-title")
}

// saveReceiver stores the draft's receiver (its saved Receiver and Receiver Bank steps) for
// reuse, from the summary or from the done page (a published draft's receiver may be saved
// too), and goes back there with what happened.
func (s area) saveReceiver(c fiber.Ctx) error {
	o := server.Req(c).Org
	d, ok, err := s.ownDraft(c)
	if !ok {
		return err
	}
	back := c.FormValue(fReturn)
	if back != "done" && !slices.Contains(d.Steps(), back) {
		back = provider.StepSummary
	}
	if d.Status != provider.DraftStatusDraft {
		back = "done"
	}
	kind, msg := s.saveDraftReceiver(c, d)
	return s.FlashRedirect(c, kind, msg, stepPath(s.Server, o.Org.ID, d.DraftID, back))
}

// saveDraftReceiver saves d's receiver and answers the flash to show.
func (s area) saveDraftReceiver(c fiber.Ctx, d provider.PayoutDraft) (kind, msg string) {
	in, ready := receiverFromDraft(d, actor(c).Name)
	if !ready {
		return session.FlashError, msgReceiverUnready
	}
	r, err := s.Receivers.SaveReceiver(c.Context(), server.Req(c).Org.Org.ID, in)
	var fe *provider.FieldError
	switch {
	case errors.As(err, &fe):
		return session.FlashError, fmt.Sprintf(msgReceiverFailed, fe.Err.Message)
	case err != nil:
		s.logFailure(c, "save receiver", err)
		return session.FlashError, fmt.Sprintf(msgReceiverFailed, provider.ErrorMessage(err))
	}
	return session.FlashSuccess, fmt.Sprintf(msgReceiverSaved, r.FullName)
}
