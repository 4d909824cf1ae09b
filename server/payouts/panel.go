package payouts

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/country"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// The details panel (spec 001 §2): tabs Summary, Payout Request, Sender, History, Receiver
// Bank, Receiver, and the intermediary agent's two when all four of their fields exist.
// Go decides everything (which tabs, which fields, error counts, where each badge leads);
// the PayoutDetails island lays it out: without JavaScript the tabs are links (?tab=), with
// it a tablist.

// Tab ids: the section names of the payout's errors (provider.Section…), plus these.
const (
	tabSummary = "summary"
	tabHistory = "history"
)

// PayoutTab is one tab; Errors counts the error pointers of its section.
type PayoutTab struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Href   string `json:"href"`
	Errors int    `json:"errors"`
}

// PayoutField is one field of a section; Error is the details of the errors pointing at it.
// Copy marks a value people paste elsewhere (issue 27 item 10), which gets a copy button.
type PayoutField struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Error string `json:"error,omitempty"`
	Copy  bool   `json:"copy,omitempty"`
}

// copied are the field keys whose values get a copy button: references, ids and account
// numbers, never names or amounts.
var copied = map[string]bool{provider.UniqueReferenceField: true, "end_to_end_id": true, "iban": true,
	"account_number": true, "batch_id": true}

// PayoutSection is a tab of fields; Messages are errors about the section as a whole (no
// field named), shown as the section's message, never as a field.
type PayoutSection struct {
	ID       string        `json:"id"`
	Fields   []PayoutField `json:"fields"`
	Messages []string      `json:"messages"`
}

// PayoutReasonBadge is a reason code; Section is the tab it opens ("" for none).
type PayoutReasonBadge struct {
	Code    string `json:"code"`
	Symbol  string `json:"symbol"`
	Label   string `json:"label"`
	Message string `json:"message"`
	Section string `json:"section"`
}

// PayoutFinding is an error of the payout's data as Summary lists it.
type PayoutFinding struct {
	Section      string `json:"section"`
	SectionLabel string `json:"sectionLabel"`
	Field        string `json:"field"`
	Details      string `json:"details"`
}

// PayoutEvent is one line of the history.
type PayoutEvent struct {
	Label  string `json:"label"`
	Detail string `json:"detail"`
	When   string `json:"when"`
}

// PayoutHistoryView is the History tab.
type PayoutHistoryView struct {
	Transitions   []PayoutEvent `json:"transitions"`
	Cancellations []PayoutEvent `json:"cancellations"`
	Reviews       []PayoutEvent `json:"reviews"`
}

// PayoutConfirm is a confirmation: the dialog of the island and the page without
// JavaScript, posting Fields (hidden) with the CSRF token to Action.
type PayoutConfirm struct {
	Title    string         `json:"title"`
	Text     string         `json:"text"`
	Action   string         `json:"action"`
	CSRF     string         `json:"csrf"`
	ReturnTo string         `json:"returnTo"`
	Submit   string         `json:"submit"`
	Back     string         `json:"back"`
	Fields   []PayoutHidden `json:"fields"`
}

// PayoutHidden is a hidden field of a form.
type PayoutHidden struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PayoutCancelAction is "Cancel payout": Href is the confirmation page.
type PayoutCancelAction struct {
	Href   string        `json:"href"`
	Dialog PayoutConfirm `json:"dialog"`
}

// PayoutTestCaseAction is the sandbox test case selector: a GET form to Href (the
// confirmation page) with the test cases the payout may take; the dialog adds the chosen one.
type PayoutTestCaseAction struct {
	Href    string         `json:"href"`
	Options []PayoutChoice `json:"options"`
	// Keep are the list's query, so the page's way back returns to the same list.
	Keep   []PayoutHidden `json:"keep"`
	Dialog PayoutConfirm  `json:"dialog"`
}

// PayoutDetailsProps are the PayoutDetails island's: one payout request.
type PayoutDetailsProps struct {
	Reference   string              `json:"reference"`
	EndToEndID  string              `json:"endToEndId"`
	Amount      string              `json:"amount"`
	Status      string              `json:"status"`
	StatusLabel string              `json:"statusLabel"`
	Message     string              `json:"message"`
	Note        string              `json:"note"`
	Reasons     []PayoutReasonBadge `json:"reasons"`
	Tabs        []PayoutTab         `json:"tabs"`
	Active      string              `json:"active"`
	Sections    []PayoutSection     `json:"sections"`
	Findings    []PayoutFinding     `json:"findings"`
	History     PayoutHistoryView   `json:"history"`
	Close       string              `json:"close"`
	// Actions, nil or "" when not offered.
	Cancel   *PayoutCancelAction   `json:"cancel"`
	Document string                `json:"document"`
	TestCase *PayoutTestCaseAction `json:"testCase"`
}

// tabLabels name the tabs.
var tabLabels = map[string]string{
	tabSummary: "Summary", provider.SectionPayoutRequest: "Payout Request", provider.SectionSender: "Sender", tabHistory: "History",
	provider.SectionReceiverBank: "Receiver Bank", provider.SectionReceiver: "Receiver",
	provider.SectionIntermediaryAgent: "Intermediary Agent", provider.SectionIntermediaryAgentAccount: "Intermediary Agent Account",
}

// errorSections are the sections of a payout's errors each tab counts: the debtor's website
// is shown with the payout request.
var errorSections = map[string][]string{
	provider.SectionPayoutRequest: {provider.SectionPayoutRequest, provider.SectionDebtor},
	provider.SectionSender:        {provider.SectionSender}, provider.SectionReceiverBank: {provider.SectionReceiverBank},
	provider.SectionReceiver: {provider.SectionReceiver}, provider.SectionIntermediaryAgent: {provider.SectionIntermediaryAgent},
	provider.SectionIntermediaryAgentAccount: {provider.SectionIntermediaryAgentAccount},
}

// mappedStatuses are the statuses with a status message (spec 001 §4), the ones whose
// reason codes Summary explains.
var mappedStatuses = []string{provider.PayoutRejected, provider.PayoutPending, provider.PayoutReturned, provider.PayoutActionRequired}

// summaryShown is spec 001 §2's rule: reason codes exist, not only requested_by_customer
// or requested_by_merchant, and the status is one of the mapped ones.
func summaryShown(p provider.PayoutRequest) bool {
	if !slices.Contains(mappedStatuses, p.Status) {
		return false
	}
	for _, rc := range p.ReasonCodes {
		if rc.ID != provider.ReasonRequestedByCustomer && rc.ID != provider.ReasonRequestedByMerchant {
			return true
		}
	}
	return false
}

// tabIDs are the payout's tabs in the spec's order.
func tabIDs(p provider.PayoutRequest) []string {
	var out []string
	if summaryShown(p) {
		out = append(out, tabSummary)
	}
	out = append(out, provider.SectionPayoutRequest, provider.SectionSender, tabHistory, provider.SectionReceiverBank, provider.SectionReceiver)
	if p.HasIntermediary() {
		out = append(out, provider.SectionIntermediaryAgent, provider.SectionIntermediaryAgentAccount)
	}
	return out
}

// field is a section's field: its error section and JSON name (what an error's pointer
// names), its label and its value as shown.
type field struct {
	section, key, label, value string
}

func partyFields(section string, p provider.Party, sender bool) []field {
	f := []field{{section, "type", "Type", provider.PartyWords(p.Type)}, {section, "full_name", "Full name", p.FullName}, {section, "name", "Name", p.Name},
		{section, "email", "Email", p.Email}, {section, "mobile_number", "Mobile number", p.MobileNumber},
		{section, "birthdate", "Date of birth", listpage.Day(p.Birthdate)}, {section, "address", "Address", p.Address}}
	if sender {
		f = append(f, field{section, "address_lines", "Address lines", strings.Join(slices.DeleteFunc(slices.Clone(p.AddressLines),
			func(s string) bool { return s == "" }), ", ")}, field{section, "street_name", "Street name", p.StreetName})
	}
	f = append(f, field{section, "postal_code", "Postal code", p.PostalCode}, field{section, "city", "City", p.City},
		field{section, "country_code", "Country", country.Shown(p.CountryCode)}, field{section, "state", "State", p.State})
	if sender {
		f = append(f, field{section, "country_of_birth_code", "Country of birth", p.CountryOfBirthCode},
			field{section, "country_of_residence_code", "Country of residence", country.Shown(p.CountryOfResidenceCode)},
			field{section, "id_number", "ID number", p.IDNumber}, field{section, "id_type", "ID type", p.IDType})
	}
	return f
}

// sectionFields are the fields of each tab that shows fields.
func sectionFields(p provider.PayoutRequest, o *server.OrgContext) map[string][]field {
	pr := provider.SectionPayoutRequest
	account := p.DebtorAccount
	for _, a := range o.Accounts {
		if a.AccountNumber == p.DebtorAccount {
			account = a.Name + " · No. " + a.AccountNumber
		}
	}
	_, label := statusLabel(p)
	state := provider.StateWords(p.CurrentStateName)
	if n := stateNote(p); n != "" {
		state = n
	}
	reason := ""
	if rc := p.ReasonCode(); rc != "" {
		reason = provider.ReasonName(rc)
	}
	ca, ia, iaa := p.CreditorAccount, p.IntermediaryAgent, p.IntermediaryAgentAccount
	rb, ag, aa := provider.SectionReceiverBank, provider.SectionIntermediaryAgent, provider.SectionIntermediaryAgentAccount
	return map[string][]field{
		pr: {{pr, provider.UniqueReferenceField, strings.ToUpper(provider.ProductName[:1]) + provider.ProductName[1:] + " unique reference", p.UniqueReference},
			{pr, "end_to_end_id", "End-to-end ID", p.EndToEndID}, {pr, "status", "Status", label}, {pr, "current_state_name", "Current state", state},
			{pr, "reason_codes", "Reason code", reason},
			{pr, "amount", "Amount", listpage.AmountCode(p.Amount, p.Currency)},
			{pr, "fee", "Fee", listpage.AmountCode(p.Fee, p.Currency)},
			{pr, "requested_execution_date", "Requested execution date", listpage.Day(p.RequestedExecutionDate)},
			{pr, "purpose_code", "Purpose code", p.PurposeCode}, {pr, "local_instrument", "Transfer type", p.LocalInstrument},
			{pr, "business_unit", "Business unit", p.BusinessUnitName}, {pr, "debtor_account", "Debtor account", account},
			{provider.SectionDebtor, "website", "Website", p.Debtor.Website}, {pr, "source", "Source", provider.SourceWords(p.Source)},
			{pr, "batch_id", "Batch ID", p.BatchID}, {pr, "created_at", "Created", listpage.Moment(p.CreatedAt)},
			{pr, "creator_name", "Created by", p.CreatorName}, {pr, "timestamp", "Last updated", listpage.Moment(p.Timestamp)}},
		provider.SectionSender:   partyFields(provider.SectionSender, p.UltimateDebtor, true),
		provider.SectionReceiver: partyFields(provider.SectionReceiver, p.Creditor, false),
		rb: {{rb, "type", "Type", provider.AccountWords(ca.Type)}, {rb, "iban", "IBAN", ca.IBAN}, {rb, "account_number", "Account number", ca.AccountNumber},
			{rb, "bank_clearing_system_id", "Bank clearing system ID", ca.BankClearingSystemID},
			{rb, "bank_clearing_system_code", "Bank clearing system code", ca.BankClearingSystemCode},
			{rb, "bank_bic", "BIC", ca.BankBIC}, {rb, "bank_branch_id", "Bank branch ID", ca.BankBranchID},
			{rb, "bank_name", "Bank name", ca.BankName}, {rb, "country_code", "Country", country.Shown(ca.CountryCode)}},
		ag: {{ag, "bank_bic", "BIC", ia.BankBIC}, {ag, "bank_name", "Bank name", ia.BankName}},
		aa: {{aa, "account_number", "Account number", iaa.AccountNumber}, {aa, "iban", "IBAN", iaa.IBAN}},
	}
}

// pointerKey is the field an error's pointer names ("/iban" → "iban").
func pointerKey(pointer string) string {
	k := strings.TrimPrefix(pointer, "/")
	if i := strings.IndexByte(k, '/'); i >= 0 {
		k = k[:i]
	}
	return k
}

// panel builds the details of p for the page at here (the list's query); tab is the tab
// asked for, the first one when it is not among p's.
func (s area) panel(c fiber.Ctx, p provider.PayoutRequest, here url.Values, tab string) PayoutDetailsProps {
	orgID := server.Req(c).Org.Org.ID
	return s.panelOn(c, p, s.base(orgID)+"/"+url.PathEscape(p.UniqueReference), here, server.Link(s.base(orgID), here, "#payout-"+p.UniqueReference), tab)
}

// Panel is the details panel of p on another area's page (the global search's
// payouts/{ref}): its tabs link to at with here and ?tab=, Close to closeHref; its actions
// stay the payout's own pages.
func Panel(srv *server.Server, c fiber.Ctx, p provider.PayoutRequest, at string, here url.Values, closeHref string) PayoutDetailsProps {
	return area{srv}.panelOn(c, p, at, here, closeHref, c.Query(qTab))
}

// StatusLabel is p's status as the list and the panel name it.
func StatusLabel(p provider.PayoutRequest) string {
	_, label := statusLabel(p)
	return label
}

// panelOn builds the details of p shown at the page at (here its query).
func (s area) panelOn(c fiber.Ctx, p provider.PayoutRequest, at string, here url.Values, closeHref, tab string) PayoutDetailsProps {
	rq := server.Req(c)
	o := rq.Org
	detail := s.base(o.Org.ID) + "/" + url.PathEscape(p.UniqueReference)
	code, label := statusLabel(p)
	d := PayoutDetailsProps{Reference: p.UniqueReference, EndToEndID: p.EndToEndID, Amount: listpage.AmountCode(p.Amount, p.Currency),
		Status: code, StatusLabel: label, Message: provider.PayoutStatusMessage(p.Status, p.ReasonCode()), Note: stateNote(p),
		Reasons: []PayoutReasonBadge{}, Findings: []PayoutFinding{}, Sections: []PayoutSection{}, Close: closeHref}
	ids := tabIDs(p)
	d.Active = ids[0]
	if slices.Contains(ids, tab) {
		d.Active = tab
	}
	fields := sectionFields(p, o)
	covered := map[string]bool{}
	for _, id := range ids {
		t := PayoutTab{ID: id, Label: tabLabels[id], Href: server.Link(at, server.WithQuery(here, qTab, id), "#payout-panel")}
		if fl, ok := fields[id]; ok {
			fields, msgs := shownFields(fl, p.Errors)
			d.Sections = append(d.Sections, PayoutSection{ID: id, Fields: fields, Messages: msgs})
		}
		for _, sec := range errorSections[id] {
			covered[sec] = true
			t.Errors += len(p.Errors[sec])
			for _, e := range p.Errors[sec] {
				d.Findings = append(d.Findings, PayoutFinding{Section: id, SectionLabel: tabLabels[id],
					Field: fieldLabel(fields[id], sec, e.Pointer), Details: e.Details})
			}
		}
		d.Tabs = append(d.Tabs, t)
	}
	// Errors of a section without a tab (intermediary details only partly given) are
	// still listed in Summary.
	for _, sec := range slices.Sorted(maps.Keys(p.Errors)) {
		if !covered[sec] {
			for _, e := range p.Errors[sec] {
				d.Findings = append(d.Findings, PayoutFinding{SectionLabel: cmp.Or(tabLabels[sec], provider.Sentence(sec)),
					Field: fieldLabel(nil, sec, e.Pointer), Details: e.Details})
			}
		}
	}
	for _, rc := range p.ReasonCodes {
		b := PayoutReasonBadge{Code: rc.ID, Symbol: rc.Symbol, Label: rc.Reason, Message: rc.ExternalMessage}
		if sec := provider.ReasonSection(rc.ID); slices.Contains(ids, sec) {
			b.Section = sec
		}
		d.Reasons = append(d.Reasons, b)
	}
	d.History = history(p)

	csrf := rq.CSRF()
	returnTo := server.Link(detail, here, "#payout-panel")
	if o.Can(access.PayoutsManage) && p.Cancellable() && !p.CancellationPending {
		d.Cancel = &PayoutCancelAction{Href: server.Link(detail+"/cancel", here, ""), Dialog: cancelConfirm(detail, csrf, returnTo)}
	}
	if p.Status == provider.PayoutCompleted && o.Can(access.ExportsDownload) {
		d.Document = detail + "/document/preview"
	}
	if cases := provider.PayoutTestCasesFor(p.CurrentStateName); len(cases) > 0 && s.TestCasesOn(o) && o.Can(access.PayoutsManage) &&
		!p.CancellationPending {
		tc := &PayoutTestCaseAction{Href: detail + "/test_case", Dialog: testCaseConfirm(detail, csrf, returnTo, ""), Keep: []PayoutHidden{}}
		for _, k := range slices.Sorted(maps.Keys(here)) {
			for _, v := range here[k] {
				tc.Keep = append(tc.Keep, PayoutHidden{Name: k, Value: v})
			}
		}
		for _, c := range cases {
			tc.Options = append(tc.Options, PayoutChoice{Value: c.Code, Label: c.Name})
		}
		d.TestCase = tc
	}
	return d
}

// shownFields are the fields with a value or an error, each with its errors' details.
func shownFields(fs []field, errs map[string][]provider.PayoutError) (out []PayoutField, messages []string) {
	out, messages = []PayoutField{}, []string{}
	seen := map[[2]string]bool{}
	for _, f := range fs {
		var details []string
		for _, e := range errs[f.section] {
			if pointerKey(e.Pointer) == f.key {
				details = append(details, e.Details)
			}
		}
		seen[[2]string{f.section, f.key}] = true
		if f.value == "" && len(details) == 0 {
			continue
		}
		out = append(out, PayoutField{Label: f.label, Value: f.value, Error: strings.Join(details, " "), Copy: copied[f.key] && f.value != ""})
	}
	// An error about a field the section does not show still shows, under its pointer.
	var sections []string
	for _, f := range fs {
		if !slices.Contains(sections, f.section) {
			sections = append(sections, f.section)
		}
	}
	for _, sec := range sections {
		for _, e := range errs[sec] {
			if pointerKey(e.Pointer) == "" {
				messages = append(messages, e.Details)
				continue
			}
			if k := [2]string{sec, pointerKey(e.Pointer)}; !seen[k] {
				seen[k] = true
				out = append(out, PayoutField{Label: e.Pointer, Error: e.Details})
			}
		}
	}
	return out, messages
}

// fieldLabel is the label of the field pointer names in section, or the pointer itself;
// "" for an error about the section as a whole.
func fieldLabel(fs []field, section, pointer string) string {
	if pointerKey(pointer) == "" {
		return ""
	}
	for _, f := range fs {
		if f.section == section && f.key == pointerKey(pointer) {
			return f.label
		}
	}
	return pointer
}

func history(p provider.PayoutRequest) PayoutHistoryView {
	h := PayoutHistoryView{Transitions: []PayoutEvent{}, Cancellations: []PayoutEvent{}, Reviews: []PayoutEvent{}}
	for _, t := range p.StatusTransitions {
		h.Transitions = append(h.Transitions, PayoutEvent{Label: provider.StateWords(t.Name), When: listpage.Moment(t.Timestamp)})
	}
	for _, x := range p.Cancellations {
		h.Cancellations = append(h.Cancellations, PayoutEvent{Label: x.InitiatorName, Detail: provider.InitiatorWords(x.InitiatorType), When: listpage.Moment(x.CreatedAt)})
	}
	for _, r := range p.Reviews {
		h.Reviews = append(h.Reviews, PayoutEvent{Label: r.ReviewerName, When: listpage.Moment(r.CreatedAt)})
	}
	return h
}
