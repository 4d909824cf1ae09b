package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/payoutfield"
	"portal/provider"
	"portal/reference/db"
)

var (
	qDraftReviews          = sq("draft-reviews")
	qDraftByID             = sq("draft-by-id")
	qDraftInsert           = sq("draft-insert")
	qDraftTakenEndToEndIDs = sq("draft-taken-end-to-end-ids")
	qDraftSave             = sq("draft-save")
	qDraftPublished        = sq("draft-published")
	qDraftSubmit           = sq("draft-submit")
	qDraftDelete           = sq("draft-delete")
	qDraftReviewInsert     = sq("draft-review-insert")
	qDraftRejected         = sq("draft-rejected")
	qDraftTouch            = sq("draft-touch")
	qDraftCount            = sq("draft-count")
	qDraftPage             = sq("draft-page")
)

var _ provider.PayoutDrafts = (*Store)(nil)

// DraftService owns payout drafts: sections saved one by one, review,
// approval and publication as a payout, and the cleanup of abandoned drafts. Its files:
// payout_drafts.go, payout_drafts_cleanup.go.
type DraftService struct{ *core }

// draftRow is a payout_drafts row with its reviews.
type draftRow struct {
	seq                                                int64
	id, org, createdBy, creatorName, productID, schema string
	status                                             string
	values                                             map[string]map[string]string
	errs                                               map[string]map[string][]string
	saved                                              []string
	debtorAccount, amount, currency, e2e               string
	approvalsRequired                                  int
	payoutRef, payoutState                             string
	createdAt, updatedAt                               time.Time
	approvals, rejections                              []provider.DraftReview
}

func scanDraft(r scanner, d *draftRow) error {
	var values, errs, saved, created, updated string
	if err := r.Scan(&d.seq, &d.id, &d.org, &d.createdBy, &d.creatorName, &d.productID, &d.schema, &d.status, &values, &errs,
		&saved, &d.debtorAccount, &d.amount, &d.currency, &d.e2e, &d.approvalsRequired, &d.payoutRef, &d.payoutState,
		&created, &updated); err != nil {
		return err
	}
	if err := errors.Join(json.Unmarshal([]byte(values), &d.values), json.Unmarshal([]byte(errs), &d.errs),
		json.Unmarshal([]byte(saved), &d.saved)); err != nil {
		return fmt.Errorf("reference: draft %s: %w", d.id, err)
	}
	var err error
	if d.createdAt, err = parseTime(created); err != nil {
		return err
	}
	d.updatedAt, err = parseTime(updated)
	return err
}

// loadReviews fills the approvals and rejections of the drafts, oldest first.
func loadReviews(ctx context.Context, q db.DBTX, drafts ...*draftRow) error {
	for _, d := range drafts {
		d.approvals, d.rejections = []provider.DraftReview{}, []provider.DraftReview{}
		rows, err := q.QueryContext(ctx, qDraftReviews, d.id)
		if err != nil {
			return fmt.Errorf("reference: draft reviews: %w", err)
		}
		for rows.Next() {
			var r provider.DraftReview
			var kind, at string
			if err := rows.Scan(&r.UserID, &r.UserName, &kind, &at); err != nil {
				rows.Close()
				return fmt.Errorf("reference: draft reviews: %w", err)
			}
			if r.CreatedAt, err = parseTime(at); err != nil {
				rows.Close()
				return err
			}
			if kind == "approve" {
				d.approvals = append(d.approvals, r)
			} else {
				d.rejections = append(d.rejections, r)
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return nil
}

func errDraftNotFound() error { return provider.Errorf(provider.ENOTFOUND, "Unknown draft.") }

// loadDraft reads one draft of the organisation as by may see it: a draft still being built
// is its creator's alone (ENOTFOUND for anyone else, as for an unknown draft).
func loadDraft(ctx context.Context, q db.DBTX, orgID, id string, by provider.DraftActor) (*draftRow, error) {
	var d draftRow
	err := scanDraft(q.QueryRowContext(ctx, qDraftByID,
		orgID, id), &d)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && d.status == provider.DraftStatusDraft && d.createdBy != by.UserID) {
		return nil, errDraftNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("reference: draft: %w", err)
	}
	return &d, loadReviews(ctx, q, &d)
}

// lockDraft locks one draft of the organisation for the rest of tx and reads it as by may see
// it (loadDraft).
func lockDraft(ctx context.Context, tx *sql.Tx, orgID, id string, by provider.DraftActor) (*draftRow, error) {
	if err := lockRow(ctx, tx, qDraftLock, orgID, id); err != nil {
		return nil, err
	}
	return loadDraft(ctx, tx, orgID, id, by)
}

// lockOwnDraft is lockDraft for what only the draft's creator may do (change it, publish it):
// to anyone else the draft is unknown, whatever its status.
func lockOwnDraft(ctx context.Context, tx *sql.Tx, orgID, id string, by provider.DraftActor) (*draftRow, error) {
	d, err := lockDraft(ctx, tx, orgID, id, by)
	if err == nil && d.createdBy != by.UserID {
		return nil, errDraftNotFound()
	}
	return d, err
}

// draftEnv is what a draft's fields are offered from: the organisation's accounts in the
// corridor's currency and its business units.
type draftEnv struct {
	accounts []provider.FieldOption
	units    []provider.FieldOption
}

// draftEnvOf reads through q: inside a write, the transaction's.
func draftEnvOf(ctx context.Context, q db.DBTX, orgID, code string) (draftEnv, error) {
	env := draftEnv{accounts: []provider.FieldOption{}, units: []provider.FieldOption{}}
	accts, err := accounts(ctx, q, orgID)
	if err != nil {
		return env, err
	}
	for _, a := range accts {
		if a.Owner && a.CurrencyCode == code {
			env.accounts = append(env.accounts, provider.FieldOption{Value: a.AccountNumber, Label: a.Name + " · " + a.AccountNumber})
		}
	}
	units, err := businessUnits(ctx, q, orgID)
	if err != nil {
		return env, err
	}
	for _, u := range units {
		env.units = append(env.units, provider.FieldOption{Value: u.UUID, Label: u.Name})
	}
	return env, nil
}

func optionValues(opts []provider.FieldOption) []string {
	out := []string{}
	for _, o := range opts {
		out = append(out, o.Value)
	}
	return out
}

// fieldOf is a schema field as the draft offers it (options, disabled) and as payoutfield
// checks it (allowed values, decimals).
func fieldOf(sf provider.SchemaField, env draftEnv, code string) (provider.DraftField, payoutfield.Field) {
	df := provider.DraftField{Name: sf.Name, Label: sf.Label, AccessType: sf.AccessType, UIField: sf.UIField, Rules: sf.Rules,
		Step: sf.Step, Options: sf.Options, Errors: []string{}}
	pf := payoutfield.Field{Label: sf.Label, UIField: sf.UIField, AccessType: sf.AccessType, Step: sf.Step,
		Decimals: currency.Decimals(code)}
	switch sf.UIField {
	case provider.UIAccount:
		df.Options = env.accounts
	case provider.UIBusinessUnit:
		df.Options = env.units
		_, df.Disabled = payoutfield.BusinessUnitChoice(len(env.units))
	case provider.UICountry:
		pf.Allowed = countryCodes()
	case provider.UIPurposeCode:
		if sf.Rules.ExternalCode != "" {
			pf.Allowed = purposeCodeList(sf.Rules.ExternalCode == provider.ExternalCodeB2BPurpose)
		}
	}
	if df.Options != nil {
		pf.Allowed = optionValues(df.Options)
	}
	return df, pf
}

// build is the draft as the provider answers it.
func (d *draftRow) build(env draftEnv) provider.PayoutDraft {
	fam, prod, sch := catalogueLookup(d.productID, d.schema)
	out := provider.PayoutDraft{DraftID: d.id, Status: d.status, UserID: d.createdBy, CreatorName: d.creatorName,
		CreatedAt: d.createdAt, UpdatedAt: d.updatedAt, ProductID: d.productID, SchemaID: d.schema,
		DebtorAccount: d.debtorAccount, Amount: d.amount, CurrencyCode: d.currency, EndToEndID: d.e2e,
		UniqueReference: d.payoutRef, Approvals: d.approvals, Rejections: d.rejections, ApprovalsRequired: d.approvalsRequired,
		Sections: []provider.DraftSection{}}
	if sch == nil {
		return out // a schema the catalogue no longer has: the facts only
	}
	out.SchemaLabel, out.LocalInstrument = sch.Label, fam.id
	out.Corridor = provider.Corridor{CurrencyISO: prod.currency, CountryISO: prod.country, Name: prod.corridor}
	product := provider.DraftSection{Name: provider.DraftSectionProduct, Label: provider.DraftStepLabel(provider.StepSelectProduct), Saved: true}
	for _, x := range []struct{ name, label, value string }{
		{"local_instrument", "Transfer type", fam.id}, {"product_id", "Corridor", prod.id}, {"schema_id", "Data required", sch.ID},
	} {
		product.Fields = append(product.Fields, provider.DraftField{Name: x.name, Label: x.label, Value: x.value, Errors: []string{},
			AccessType: provider.AccessRequired, UIField: provider.UISelect, Step: provider.StepSelectProduct})
	}
	out.Sections = append(out.Sections, product)
	for _, name := range provider.DraftSections() {
		sec := provider.DraftSection{Name: name, Label: provider.DraftStepLabel(name), Saved: slices.Contains(d.saved, name),
			Fields: []provider.DraftField{}}
		for _, sf := range sch.Fields {
			if sf.Section != name {
				continue
			}
			df, _ := fieldOf(sf, env, prod.currency)
			df.Value = d.values[name][sf.Name]
			if df.Value != "" {
				df.Display = draftDisplayValue(df, prod.currency)
			}
			if e := d.errs[name][sf.Name]; len(e) > 0 {
				df.Errors = e
			}
			sec.Fields = append(sec.Fields, df)
		}
		if len(sec.Fields) > 0 {
			out.Sections = append(out.Sections, sec)
		}
	}
	return out
}

func (s *DraftService) buildDraft(ctx context.Context, d *draftRow) (provider.PayoutDraft, error) {
	env, err := draftEnvOf(ctx, s.read, d.org, d.currency)
	if err != nil {
		return provider.PayoutDraft{}, err
	}
	return d.build(env), nil
}

func draftField(field, msg string) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, "%s", msg)}
}

func marshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// CreateDraft implements provider.PayoutDrafts.
func (s *DraftService) CreateDraft(ctx context.Context, orgID string, by provider.DraftActor, productID, schemaID string) (provider.PayoutDraft, error) {
	if productID == "" {
		return provider.PayoutDraft{}, draftField("product_id", payoutfield.Required("Corridor"))
	}
	if schemaID == "" {
		return provider.PayoutDraft{}, draftField("schema_id", payoutfield.Required("Data required"))
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return provider.PayoutDraft{}, err
	}
	_, prod, sch := catalogueLookup(productID, schemaID)
	owned, err := s.payouts.ownedCurrencies(ctx, orgID)
	if err != nil {
		return provider.PayoutDraft{}, err
	}
	if prod == nil || !slices.Contains(owned, prod.currency) {
		return provider.PayoutDraft{}, draftField("product_id", payoutfield.MsgSelect)
	}
	if sch == nil {
		return provider.PayoutDraft{}, draftField("schema_id", payoutfield.MsgSelect)
	}
	env, err := draftEnvOf(ctx, s.read, orgID, prod.currency)
	if err != nil {
		return provider.PayoutDraft{}, err
	}
	// A field with one possible value starts with it (spec 001 §5: the only business unit
	// is selected); it still has to be saved with its step.
	pr := map[string]string{}
	if auto, _ := payoutfield.BusinessUnitChoice(len(env.units)); auto {
		pr["business_unit"] = env.units[0].Value
	}
	if len(env.accounts) == 1 {
		pr["virtual_account_number"] = env.accounts[0].Value
	}
	now := s.now()
	d := draftRow{id: uuid.NewString(), org: orgID, createdBy: by.UserID, creatorName: by.Name, productID: productID,
		schema: schemaID, status: provider.DraftStatusDraft, values: map[string]map[string]string{provider.StepPayoutRequest: pr},
		errs: map[string]map[string][]string{}, saved: []string{}, currency: prod.currency, createdAt: now, updatedAt: now,
		approvals: []provider.DraftReview{}, rejections: []provider.DraftReview{}}
	_, err = s.write.ExecContext(ctx, qDraftInsert,
		d.id, orgID, by.UserID, by.Name, productID, schemaID, marshal(d.values), prod.currency, formatTime(now), formatTime(now))
	if err != nil {
		return provider.PayoutDraft{}, fmt.Errorf("reference: create draft: %w", err)
	}
	return d.build(env), nil
}

// Draft implements provider.PayoutDrafts.
func (s *DraftService) Draft(ctx context.Context, orgID, draftID string, by provider.DraftActor) (provider.PayoutDraft, error) {
	d, err := loadDraft(ctx, s.read, orgID, draftID, by)
	if err != nil {
		return provider.PayoutDraft{}, err
	}
	return s.buildDraft(ctx, d)
}

// e2eTaken says whether an end-to-end id is already the organisation's (takenEndToEndIDs),
// other than draft draftID's own.
func e2eTaken(ctx context.Context, q db.DBTX, orgID, draftID, e2e string) (bool, error) {
	taken, err := takenEndToEndIDs(ctx, q, orgID, draftID, []string{e2e})
	return taken[e2e], err
}

// takenEndToEndIDs are those of ids the organisation has already used, the one uniqueness
// rule of the wizard and of batch rows: a payout request's, or that of a draft (other than
// exceptDraft) or of a batch row waiting for review, which will become one (a published
// draft's or approved batch's id is its payout's).
func takenEndToEndIDs(ctx context.Context, q db.DBTX, orgID, exceptDraft string, ids []string) (map[string]bool, error) {
	list, _ := json.Marshal(ids)
	rows, err := q.QueryContext(ctx, qDraftTakenEndToEndIDs,
		orgID, string(list), orgID, exceptDraft, string(list), orgID, string(list))
	if err != nil {
		return nil, fmt.Errorf("reference: end-to-end ids: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("reference: end-to-end ids: %w", err)
		}
		out[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: end-to-end ids: %w", err)
	}
	return out, nil
}

// checkSection validates a section's values against the schema: the values to store and
// the errors by field.
func (s *DraftService) checkSection(ctx context.Context, q db.DBTX, d *draftRow, env draftEnv, section string,
	values map[string]string) (map[string]string, map[string][]string, error) {
	_, prod, sch := catalogueLookup(d.productID, d.schema)
	if sch == nil {
		return nil, nil, provider.Errorf(provider.ECONFLICT, "The draft's product schema is no longer offered.")
	}
	stored, errs := map[string]string{}, map[string][]string{}
	today := s.now()
	for _, sf := range sch.Fields {
		if sf.Section != section {
			continue
		}
		_, pf := fieldOf(sf, env, prod.currency)
		v, msg := payoutfield.Check(pf, values[sf.Name], today)
		if msg == "" && sf.UIField == provider.UIEndToEndID && v != "" {
			taken, err := e2eTaken(ctx, q, d.org, d.id, v)
			if err != nil {
				return nil, nil, fmt.Errorf("reference: draft: %w", err)
			}
			if taken {
				msg = payoutfield.MsgE2EUnique
			}
		}
		stored[sf.Name] = v
		if msg != "" {
			errs[sf.Name] = []string{msg}
		}
	}
	return stored, errs, nil
}

func hasFields(sch *provider.ProductSchema, section string) bool {
	return sch != nil && slices.ContainsFunc(sch.Fields, func(f provider.SchemaField) bool { return f.Section == section })
}

// SaveDraftSection implements provider.PayoutDrafts.
func (s *DraftService) SaveDraftSection(ctx context.Context, orgID, draftID string, by provider.DraftActor, section string,
	values map[string]string) (provider.PayoutDraft, error) {
	var out provider.PayoutDraft
	err := s.inTx(ctx, "save draft", func(tx *sql.Tx) error {
		d, err := lockOwnDraft(ctx, tx, orgID, draftID, by)
		if err != nil {
			return err
		}
		if d.status != provider.DraftStatusDraft {
			return provider.Errorf(provider.ECONFLICT, "The draft can no longer be changed.")
		}
		_, _, sch := catalogueLookup(d.productID, d.schema)
		if !hasFields(sch, section) {
			return draftField("section", "The draft has no section "+strconv.Quote(section)+".")
		}
		for k := range values {
			if !slices.ContainsFunc(sch.Fields, func(f provider.SchemaField) bool { return f.Section == section && f.Name == k }) {
				return draftField(section+"."+k, "Unknown field.")
			}
		}
		env, err := draftEnvOf(ctx, tx, orgID, d.currency)
		if err != nil {
			return err
		}
		stored, errs, err := s.checkSection(ctx, tx, d, env, section, values)
		if err != nil {
			return err
		}
		d.values[section], d.errs[section] = stored, errs
		d.saved = slices.DeleteFunc(d.saved, func(x string) bool { return x == section })
		if len(errs) == 0 {
			d.saved = append(d.saved, section)
		}
		if section == provider.StepPayoutRequest {
			// The list's columns hold only accepted values.
			d.debtorAccount, d.amount, d.e2e = "", "", ""
			if errs["virtual_account_number"] == nil {
				d.debtorAccount = stored["virtual_account_number"]
			}
			if errs["amount"] == nil {
				d.amount = stored["amount"]
			}
			if errs["end_to_end_id"] == nil {
				d.e2e = stored["end_to_end_id"]
			}
		}
		d.updatedAt = s.now()
		if _, err := tx.ExecContext(ctx, qDraftSave,
			marshal(d.values), marshal(d.errs), marshal(d.saved), d.debtorAccount, d.amount, d.e2e, formatTime(d.updatedAt), d.id); err != nil {
			return fmt.Errorf("reference: save draft: %w", err)
		}
		out = d.build(env)
		return nil
	})
	return out, err
}

// problems re-checks every field of the draft: what stops publishing (unsaved sections show
// as their required fields missing).
func (s *DraftService) problems(ctx context.Context, q db.DBTX, d *draftRow, env draftEnv) ([]provider.DraftProblem, error) {
	out := []provider.DraftProblem{}
	_, _, sch := catalogueLookup(d.productID, d.schema)
	for _, section := range provider.DraftSections() {
		if !hasFields(sch, section) {
			continue
		}
		_, errs, err := s.checkSection(ctx, q, d, env, section, d.values[section])
		if err != nil {
			return nil, err
		}
		for _, sf := range sch.Fields {
			if sf.Section != section {
				continue
			}
			for _, m := range errs[sf.Name] {
				out = append(out, provider.DraftProblem{Section: section, Field: sf.Name, Label: sf.Label, Message: m})
			}
		}
	}
	return out, nil
}

// DraftSummary implements provider.PayoutDrafts.
func (s *DraftService) DraftSummary(ctx context.Context, orgID, draftID string, by provider.DraftActor) (provider.DraftSummary, error) {
	d, err := loadDraft(ctx, s.read, orgID, draftID, by)
	if err != nil {
		return provider.DraftSummary{}, err
	}
	env, err := draftEnvOf(ctx, s.read, orgID, d.currency)
	if err != nil {
		return provider.DraftSummary{}, err
	}
	built := d.build(env)
	sum := provider.DraftSummary{DraftID: d.id, Amount: d.amount, CurrencyCode: d.currency, EndToEndID: d.e2e,
		SchemaLabel: built.SchemaLabel, Sections: []provider.DraftSummarySection{}}
	if fam, prod, _ := catalogueLookup(d.productID, d.schema); prod != nil {
		sum.ProductName = fam.name + " · " + prod.corridor
	}
	for _, sec := range built.Sections {
		if sec.Name == provider.DraftSectionProduct {
			continue
		}
		ss := provider.DraftSummarySection{Name: sec.Name, Label: sec.Label, Lines: []provider.DraftLine{}}
		for _, f := range sec.Fields {
			if f.Value != "" {
				ss.Lines = append(ss.Lines, provider.DraftLine{Label: f.Label, Value: f.Display})
			}
		}
		sum.Sections = append(sum.Sections, ss)
	}
	if d.status == provider.DraftStatusDraft {
		if sum.Preconditions, err = s.problems(ctx, s.read, d, env); err != nil {
			return sum, err
		}
	} else {
		sum.Preconditions = []provider.DraftProblem{}
	}
	cfg, flags, err := draftFlow(ctx, s.read, orgID)
	if err != nil {
		return sum, err
	}
	sum.ApprovalNeeded = provider.DraftApprovalOn(cfg, flags)
	return sum, nil
}

// draftDisplayValue is a field's value as people read it: amounts grouped with the
// currency, IBANs in blocks of 4, countries and options by name.
func draftDisplayValue(f provider.DraftField, code string) string {
	switch f.UIField {
	case provider.UIAmount:
		return money.Group(f.Value) + " " + code
	case provider.UIIBAN:
		return payoutfield.FormatIBAN(f.Value)
	case provider.UICountry:
		for _, c := range countryList() {
			if c.ISO == f.Value {
				return c.Name
			}
		}
	}
	for _, o := range f.Options {
		if o.Value == f.Value {
			return o.Label
		}
	}
	return f.Value
}

// draftFlow is whether drafts need approval and by how many: inside a write, read through
// its transaction, so the decision rests on the settings it commits with.
func draftFlow(ctx context.Context, q db.DBTX, orgID string) (provider.Configuration, provider.FeatureFlags, error) {
	cfg, err := configuration(ctx, q, orgID)
	if err != nil {
		return cfg, nil, err
	}
	flags, err := featureFlags(ctx, q, orgID)
	return cfg, flags, err
}

// payoutCreate is the payout request a draft becomes.
func (d *draftRow) payoutCreate() provider.PayoutCreate {
	fam, prod, _ := catalogueLookup(d.productID, d.schema)
	instrument, country := "", ""
	if fam != nil {
		instrument, country = fam.id, prod.country
	}
	req := payoutOfSections(d.values, instrument, d.currency, country)
	req.Source, req.CreatedBy, req.CreatorName, req.Reviews = provider.SourceManual, d.createdBy, d.creatorName, []provider.PayoutReview{}
	for _, a := range d.approvals {
		req.Reviews = append(req.Reviews, provider.PayoutReview{ReviewerName: a.UserName, CreatedAt: a.CreatedAt})
	}
	return req
}

// payoutOfSections is the payout request that a schema's values stand for (by section, then
// field name, as the catalogue names them): a published draft's, and a batch row's. The
// receiver's bank is in the product's country (a SEPA product to Germany pays a German
// account) unless the schema asks for the bank's country; the payout's lifecycle needs it
// to choose the corridor.
func payoutOfSections(values map[string]map[string]string, instrument, code, country string) provider.PayoutCreate {
	pr := values[provider.StepPayoutRequest]
	req := provider.PayoutCreate{AccountNumber: pr["virtual_account_number"], Amount: pr["amount"], Currency: code,
		EndToEndID: pr["end_to_end_id"], PurposeCode: pr["purpose_code"], BusinessUnit: pr["business_unit"],
		RequestedExecutionDate: pr["requested_execution_date"], LocalInstrument: instrument}
	sections := reflect.ValueOf(&req.PayoutSections).Elem()
	where := sectionFields()
	for _, sec := range provider.DraftSections()[1:] {
		for k, v := range values[sec] {
			// The sections' keys are the payout's JSON names, except the wallet address,
			// which the payout model keeps as the account number.
			if sec == provider.StepCreditorAccount && k == "crypto_wallet_address" {
				k = "account_number"
			}
			if at, ok := where[[2]string{sec, k}]; ok && v != "" {
				sections.FieldByIndex(at).SetString(v)
			}
		}
	}
	if c := &req.Creditor; c.Name == "" {
		c.Name = c.FullName
	}
	if req.CreditorAccount.CountryCode == "" {
		req.CreditorAccount.CountryCode = country
	}
	return req
}

// sectionFields are where PayoutSections keeps each text field, by section and field JSON
// name: a batch of 10,000 rows sets them directly rather than through JSON.
var sectionFields = sync.OnceValue(func() map[[2]string][]int {
	out := map[[2]string][]int{}
	name := func(f reflect.StructField) string { n, _, _ := strings.Cut(f.Tag.Get("json"), ","); return n }
	t := reflect.TypeFor[provider.PayoutSections]()
	for i := range t.NumField() {
		sec := t.Field(i)
		for j := range sec.Type.NumField() {
			if f := sec.Type.Field(j); f.Type.Kind() == reflect.String {
				out[[2]string{name(sec), name(f)}] = []int{i, j}
			}
		}
	}
	return out
})

// publishIn turns the draft into its payout request inside tx.
func (s *DraftService) publishIn(ctx context.Context, tx *sql.Tx, d *draftRow) (provider.DraftPublished, error) {
	req := d.payoutCreate()
	if err := senderIsOrganisation(ctx, tx, d.org, &req); err != nil {
		return provider.DraftPublished{}, err
	}
	p, err := s.payouts.createPayoutIn(ctx, tx, d.org, req)
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return provider.DraftPublished{}, &provider.DraftPreconditionError{Problems: []provider.DraftProblem{{
			Section: provider.StepPayoutRequest, Field: fe.Field, Label: fe.Field, Message: fe.Err.Message}}}
	}
	if err != nil {
		return provider.DraftPublished{}, err
	}
	d.status, d.payoutRef, d.payoutState = provider.DraftStatusPublished, p.UniqueReference, p.CurrentStateName
	d.updatedAt = s.now()
	if _, err := tx.ExecContext(ctx, qDraftPublished, p.UniqueReference, p.CurrentStateName, formatTime(d.updatedAt), d.id); err != nil {
		return provider.DraftPublished{}, fmt.Errorf("reference: publish draft: %w", err)
	}
	return d.published(), nil
}

func (d *draftRow) published() provider.DraftPublished {
	out := provider.DraftPublished{DraftID: d.id, State: d.status, Amount: d.amount, CurrencyCode: d.currency, EndToEndID: d.e2e,
		UniqueReference: d.payoutRef}
	if d.status == provider.DraftStatusPublished {
		out.State = d.payoutState
	}
	return out
}

// PublishDraft implements provider.PayoutDrafts.
func (s *DraftService) PublishDraft(ctx context.Context, orgID, draftID string, by provider.DraftActor) (provider.DraftPublished, error) {
	var out provider.DraftPublished
	published := false
	err := s.inTx(ctx, "publish draft", func(tx *sql.Tx) error {
		d, err := lockOwnDraft(ctx, tx, orgID, draftID, by)
		if err != nil {
			return err
		}
		switch d.status {
		case provider.DraftStatusPublished, provider.DraftStatusWaitingReview:
			out = d.published() // a repeated publish answers what the first did
			return nil
		case provider.DraftStatusRejected:
			return provider.Errorf(provider.ECONFLICT, "The draft was declined.")
		}
		env, err := draftEnvOf(ctx, tx, orgID, d.currency)
		if err != nil {
			return err
		}
		probs, err := s.problems(ctx, tx, d, env)
		if err != nil {
			return err
		}
		if len(probs) > 0 {
			return &provider.DraftPreconditionError{Problems: probs}
		}
		cfg, flags, err := draftFlow(ctx, tx, orgID)
		if err != nil {
			return err
		}
		if provider.DraftApprovalOn(cfg, flags) {
			d.status, d.approvalsRequired = provider.DraftStatusWaitingReview, cfg.ManualPayoutNumberOfApprovers
			if _, err := tx.ExecContext(ctx, qDraftSubmit, d.approvalsRequired, formatTime(s.now()), d.id); err != nil {
				return fmt.Errorf("reference: publish draft: %w", err)
			}
			out = d.published()
			return nil
		}
		out, err = s.publishIn(ctx, tx, d)
		published = err == nil
		return err
	})
	if published {
		s.payouts.wakePayouts()
	}
	return out, err
}

// DeleteDraft implements provider.PayoutDrafts.
func (s *DraftService) DeleteDraft(ctx context.Context, orgID, draftID string, by provider.DraftActor) error {
	return s.inTx(ctx, "delete draft", func(tx *sql.Tx) error {
		d, err := lockDraft(ctx, tx, orgID, draftID, by)
		if err != nil {
			return err
		}
		if why := provider.DraftDeleteBlock(d.build(draftEnv{}), by.UserID); why != "" {
			return provider.Errorf(provider.ECONFLICT, "%s", why)
		}
		if _, err := tx.ExecContext(ctx, qDraftDelete, d.id); err != nil {
			return fmt.Errorf("reference: delete draft: %w", err)
		}
		return nil
	})
}

// review records an approval or a rejection under the rules of DraftReviewBlock; an approval
// that completes the approvals publishes the draft in the same transaction.
func (s *DraftService) review(ctx context.Context, orgID, draftID string, by provider.DraftActor, kind string) (provider.DraftReviewResult, error) {
	var out provider.DraftReviewResult
	published := false
	err := s.inTx(ctx, kind+" draft", func(tx *sql.Tx) error {
		d, err := lockDraft(ctx, tx, orgID, draftID, by)
		if err != nil {
			return err
		}
		cfg, flags, err := draftFlow(ctx, tx, orgID)
		if err != nil {
			return err
		}
		if why := provider.DraftReviewBlock(d.build(draftEnv{}), by.UserID, provider.DraftApprovalOn(cfg, flags)); why != "" {
			return provider.Errorf(provider.ECONFLICT, "%s", why)
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, qDraftReviewInsert, d.id, by.UserID, by.Name, kind, formatTime(now)); err != nil {
			return fmt.Errorf("reference: review draft: %w", err)
		}
		r := provider.DraftReview{UserID: by.UserID, UserName: by.Name, CreatedAt: now}
		if kind == "reject" {
			d.rejections = append(d.rejections, r)
			d.status = provider.DraftStatusRejected
			if _, err := tx.ExecContext(ctx, qDraftRejected,
				formatTime(now), d.id); err != nil {
				return fmt.Errorf("reference: reject draft: %w", err)
			}
		} else {
			d.approvals = append(d.approvals, r)
			if len(d.approvals) >= max(d.approvalsRequired, 1) {
				p, err := s.publishIn(ctx, tx, d)
				if err != nil {
					return err
				}
				out.Published, published = &p, true
			} else if _, err := tx.ExecContext(ctx, qDraftTouch, formatTime(now), d.id); err != nil {
				return fmt.Errorf("reference: approve draft: %w", err)
			}
		}
		d.updatedAt = now
		env, err := draftEnvOf(ctx, tx, orgID, d.currency)
		if err != nil {
			return err
		}
		out.Draft = d.build(env)
		ev := provider.AuditEvent{OrgID: orgID, Kind: provider.AuditDraftApproved, RecordKind: "payout draft", RecordID: draftID,
			Changes: []provider.AuditChange{{Field: "approvals", After: fmt.Sprint(len(d.approvals))}, {Field: "status", After: string(out.Draft.Status)}}}
		if kind == "reject" {
			ev.Kind = provider.AuditDraftDeclined
		}
		return s.audits.audit(ctx, tx, ev)
	})
	if published {
		s.payouts.wakePayouts()
	}
	return out, err
}

// ApproveDraft implements provider.PayoutDrafts.
func (s *DraftService) ApproveDraft(ctx context.Context, orgID, draftID string, by provider.DraftActor) (provider.DraftReviewResult, error) {
	return s.review(ctx, orgID, draftID, by, "approve")
}

// RejectDraft implements provider.PayoutDrafts.
func (s *DraftService) RejectDraft(ctx context.Context, orgID, draftID string, by provider.DraftActor) (provider.DraftReviewResult, error) {
	return s.review(ctx, orgID, draftID, by, "reject")
}

// Drafts implements provider.PayoutDrafts.
func (s *DraftService) Drafts(ctx context.Context, orgID string, f provider.DraftFilter) (provider.DraftPage, error) {
	page := provider.DraftPage{Drafts: []provider.PayoutDraft{}}
	switch f.Status {
	case "":
		f.Status = provider.DraftStatusWaitingReview
	case provider.DraftStatusWaitingReview, provider.DraftStatusRejected:
	case provider.DraftStatusDraft:
		// Work in progress is its creator's alone: never listed for anyone else.
		if f.CreatedBy == "" {
			return page, &provider.FieldError{Field: "status", Err: provider.Errorf(provider.EINVALID, "Unfinished drafts are listed for their creator only.")}
		}
	default:
		return page, &provider.FieldError{Field: "status", Err: provider.Errorf(provider.EINVALID, "Status is waiting_review, rejected or draft.")}
	}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultDraftLimit, provider.MaxDraftLimit)
	if err == nil {
		k, err = k.including(f.IncludeCursor)
	}
	if err != nil {
		return page, err
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	w := whereFirst("p.organisation_id = ?", orgID)
	w.equal("p.status", f.Status)
	w.equal("p.created_by", f.CreatedBy)
	w.period("p.created_at", f.CreatedAfter, f.CreatedBefore)
	total, got, err := readList(ctx, s.read, k, w, "drafts", qDraftCount, qDraftPage, "p.",
		func(rows *sql.Rows) (*draftRow, time.Time, int64, error) {
			var d draftRow
			err := scanDraft(rows, &d)
			return &d, d.createdAt, d.seq, err
		})
	if err != nil {
		return page, err
	}
	page.Total = total
	// Only the page's own drafts: the extra row read to tell whether there is more is gone.
	if err := loadReviews(ctx, s.read, got.rows...); err != nil {
		return page, err
	}
	envs := map[string]draftEnv{}
	for _, d := range got.rows {
		env, ok := envs[d.currency]
		if !ok {
			if env, err = draftEnvOf(ctx, s.read, orgID, d.currency); err != nil {
				return page, err
			}
			envs[d.currency] = env
		}
		page.Drafts = append(page.Drafts, d.build(env))
	}
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}
