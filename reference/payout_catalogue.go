package reference

import (
	"context"
	"slices"
	"sync"

	"golang.org/x/text/language"

	"portal/collation"
	"portal/country"
	"portal/provider"
)

// The reference provider's manual payout catalogue (spec 001 §3 "Product options"): local
// instrument families → products (a corridor) → product schemas with their fields. It is
// the provider's own product definition, the same for every organisation; an organisation
// is offered the products whose currency one of its own accounts holds. Seeded as issue 12
// lists: SEPA EUR by IBAN, UK Faster Payments GBP by sort code and account number, SWIFT USD
// with and without an intermediary bank, USDT to a wallet, and a SEPA schema whose receiver
// is a private person or an organization.

type catalogueFamily struct {
	id, name string
	products []catalogueProduct
}

type catalogueProduct struct {
	id, name, currency, country, corridor string
	schemas                               []provider.ProductSchema
}

// Field builders: f is a required field of section, opt an optional one (honoured in the
// payout_request step only, spec 001 §5).
func f(section, name, label, ui string) provider.SchemaField {
	return provider.SchemaField{Section: section, Name: name, Label: label, UIField: ui, AccessType: provider.AccessRequired, Step: section}
}

func opt(section, name, label, ui string) provider.SchemaField {
	x := f(section, name, label, ui)
	x.AccessType = provider.AccessOptional
	return x
}

// payoutRequestFields are the payout_request step of every schema. The purpose code is a
// dropdown of the B2B purpose codes when b2b, else free text (spec 001 §5).
func payoutRequestFields(b2b bool) []provider.SchemaField {
	const s = provider.StepPayoutRequest
	purpose := opt(s, "purpose_code", "Purpose code", provider.UIPurposeCode)
	if b2b {
		purpose = f(s, "purpose_code", "Purpose code", provider.UIPurposeCode)
		purpose.Rules.ExternalCode = provider.ExternalCodeB2BPurpose
	}
	return []provider.SchemaField{
		f(s, "virtual_account_number", "Account", provider.UIAccount),
		f(s, "amount", "Amount", provider.UIAmount),
		f(s, "end_to_end_id", "End-to-end ID", provider.UIEndToEndID),
		purpose,
		opt(s, "business_unit", "Business unit", provider.UIBusinessUnit),
		opt(s, "requested_execution_date", "Execution date", provider.UIDate),
	}
}

func senderFields(dob bool) []provider.SchemaField {
	const s = provider.StepUltimateDebtor
	return append([]provider.SchemaField{f(s, "full_name", "Full name", provider.UIText)}, addressFields(s, dob)...)
}

func receiverFields(withType, dob bool) []provider.SchemaField {
	const s = provider.StepCreditor
	var out []provider.SchemaField
	if withType {
		t := f(s, "type", "Receiver type", provider.UICreditorType)
		t.Options = []provider.FieldOption{{Value: provider.CreditorPrivate, Label: "Private person"},
			{Value: provider.CreditorOrganization, Label: "Organization"}}
		out = append(out, t)
	}
	out = append(out,
		f(s, "full_name", "Full name", provider.UIText),
		f(s, "email", "Email", provider.UIEmail),
	)
	return append(out, addressFields(s, dob)...)
}

// addressFields are the end of a party's step, the sender's and the receiver's alike: its
// postal address and, when the corridor asks for it, the date of birth.
func addressFields(s string, dob bool) []provider.SchemaField {
	out := []provider.SchemaField{
		f(s, "address", "Address", provider.UIText),
		f(s, "city", "City", provider.UIText),
		f(s, "postal_code", "Postal code", provider.UIText),
		f(s, "country_code", "Country", provider.UICountry),
	}
	if dob {
		out = append(out, f(s, "birthdate", "Date of birth", provider.UIDateOfBirth))
	}
	return out
}

func schema(id, label string, groups ...[]provider.SchemaField) provider.ProductSchema {
	var fields []provider.SchemaField
	for _, g := range groups {
		fields = append(fields, g...)
	}
	return provider.ProductSchema{ID: id, Label: label, Fields: fields}
}

const ca = provider.StepCreditorAccount

var catalogue = []catalogueFamily{
	{id: "SEPA", name: "SEPA Credit Transfer", products: []catalogueProduct{
		{id: "sepa-eur-de", name: "SEPA Credit Transfer to Germany", currency: "EUR", country: "DE", corridor: "EUR to Germany",
			schemas: []provider.ProductSchema{
				schema("sepa-eur-de-iban", "Bank account (IBAN)", payoutRequestFields(false), receiverFields(false, false),
					[]provider.SchemaField{f(ca, "iban", "IBAN", provider.UIIBAN)}),
				schema("sepa-eur-de-iban-typed", "Bank account (IBAN), private person or organization", payoutRequestFields(true),
					senderFields(false), receiverFields(true, true),
					[]provider.SchemaField{f(ca, "iban", "IBAN", provider.UIIBAN), f(ca, "bank_bic", "BIC", provider.UIBIC)}),
			}},
		{id: "sepa-eur-fr", name: "SEPA Credit Transfer to France", currency: "EUR", country: "FR", corridor: "EUR to France",
			schemas: []provider.ProductSchema{
				schema("sepa-eur-fr-iban", "Bank account (IBAN)", payoutRequestFields(false), receiverFields(false, false),
					[]provider.SchemaField{f(ca, "iban", "IBAN", provider.UIIBAN)}),
			}},
	}},
	{id: "FPS", name: "UK Faster Payments", products: []catalogueProduct{
		{id: "fps-gbp-gb", name: "UK Faster Payments", currency: "GBP", country: "GB", corridor: "GBP to United Kingdom",
			schemas: []provider.ProductSchema{
				schema("fps-gbp-gb-scan", "Sort code and account number", payoutRequestFields(false), senderFields(false),
					receiverFields(false, false),
					[]provider.SchemaField{f(ca, "bank_clearing_system_id", "Sort code", provider.UISortCode),
						f(ca, "account_number", "Account number", provider.UIUKAccountNumber)}),
			}},
	}},
	{id: "SWIFT", name: "SWIFT international transfer", products: []catalogueProduct{
		{id: "swift-usd-sg", name: "SWIFT USD to Singapore", currency: "USD", country: "SG", corridor: "USD to Singapore",
			schemas: []provider.ProductSchema{
				schema("swift-usd-sg-bank", "Bank account (SWIFT)", payoutRequestFields(true),
					[]provider.SchemaField{f(provider.StepDebtor, "website", "Website", provider.UIText)},
					senderFields(true), receiverFields(false, false),
					[]provider.SchemaField{f(ca, "bank_bic", "BIC", provider.UIBIC), f(ca, "bank_name", "Bank name", provider.UIText),
						f(ca, "account_number", "Account number", provider.UIAccountNumber), f(ca, "country_code", "Bank country", provider.UICountry)}),
				schema("swift-usd-sg-intermediary", "Bank account through an intermediary bank (SWIFT)", payoutRequestFields(true),
					[]provider.SchemaField{f(provider.StepDebtor, "website", "Website", provider.UIText)},
					senderFields(true), receiverFields(false, false),
					[]provider.SchemaField{f(ca, "bank_bic", "BIC", provider.UIBIC), f(ca, "bank_name", "Bank name", provider.UIText),
						f(ca, "account_number", "Account number", provider.UIAccountNumber), f(ca, "country_code", "Bank country", provider.UICountry)},
					[]provider.SchemaField{f(provider.StepIntermediaryAgent, "bank_bic", "Intermediary BIC", provider.UIBIC),
						f(provider.StepIntermediaryAgent, "bank_name", "Intermediary bank name", provider.UIText)},
					[]provider.SchemaField{f(provider.StepIntermediaryAgentAccount, "account_number", "Account number at the intermediary", provider.UIAccountNumber),
						f(provider.StepIntermediaryAgentAccount, "iban", "IBAN at the intermediary", provider.UIIBAN)}),
			}},
	}},
	{id: "CRYPTO", name: "Crypto transfer", products: []catalogueProduct{
		{id: "usdt-tron", name: "USDT on Tron (TRC-20)", currency: "USDT", corridor: "USDT on the Tron network",
			schemas: []provider.ProductSchema{
				schema("usdt-tron-wallet", "Wallet address", payoutRequestFields(false), receiverFields(false, false)[:1],
					[]provider.SchemaField{f(ca, "crypto_wallet_address", "Wallet address", provider.UICryptoWallet)}),
			}},
	}},
}

func init() {
	for i := range catalogue {
		for j := range catalogue[i].products {
			p := &catalogue[i].products[j]
			for k := range p.schemas {
				p.schemas[k].ProductID = p.id
			}
		}
	}
}

// catalogueLookup finds a product and one of its schemas (schemaID "": the product only).
func catalogueLookup(productID, schemaID string) (*catalogueFamily, *catalogueProduct, *provider.ProductSchema) {
	for i := range catalogue {
		for j := range catalogue[i].products {
			p := &catalogue[i].products[j]
			if p.id != productID {
				continue
			}
			for k := range p.schemas {
				if p.schemas[k].ID == schemaID {
					return &catalogue[i], p, &p.schemas[k]
				}
			}
			return &catalogue[i], p, nil
		}
	}
	return nil, nil, nil
}

func (p *catalogueProduct) option(family string, withFields bool) provider.PayoutProductOption {
	o := provider.PayoutProductOption{ID: p.id, Name: p.name, LocalInstrument: family,
		Corridor: provider.Corridor{CurrencyISO: p.currency, CountryISO: p.country, Name: p.corridor}}
	for _, s := range p.schemas {
		if !withFields {
			s.Fields = nil
		}
		o.Schemas = append(o.Schemas, s)
	}
	return o
}

// ownedCurrencies are the currencies of the organisation's own accounts.
func (s *PayoutService) ownedCurrencies(ctx context.Context, orgID string) ([]string, error) {
	accts, err := s.orgs.Accounts(ctx, orgID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, a := range accts {
		if a.Owner && !slices.Contains(out, a.CurrencyCode) {
			out = append(out, a.CurrencyCode)
		}
	}
	return out, nil
}

// ProductOptions implements provider.PayoutDrafts.
func (s *PayoutService) ProductOptions(ctx context.Context, orgID string) ([]provider.LocalInstrumentFamily, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	owned, err := s.ownedCurrencies(ctx, orgID)
	if err != nil {
		return nil, err
	}
	out := []provider.LocalInstrumentFamily{}
	for _, fam := range catalogue {
		lf := provider.LocalInstrumentFamily{ID: fam.id, Name: fam.name, Products: []provider.PayoutProductOption{}}
		for i := range fam.products {
			if slices.Contains(owned, fam.products[i].currency) {
				lf.Products = append(lf.Products, fam.products[i].option(fam.id, false))
			}
		}
		if len(lf.Products) > 0 {
			out = append(out, lf)
		}
	}
	return out, nil
}

// ProductSchemas implements provider.PayoutDrafts.
func (s *PayoutService) ProductSchemas(ctx context.Context, orgID, productID string) ([]provider.ProductSchema, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	fam, p, _ := catalogueLookup(productID, "")
	owned, err := s.ownedCurrencies(ctx, orgID)
	if err != nil {
		return nil, err
	}
	if p == nil || !slices.Contains(owned, p.currency) {
		return nil, provider.Errorf(provider.ENOTFOUND, "Unknown product.")
	}
	return p.option(fam.id, true).Schemas, nil
}

// PaymentInstruments implements provider.PayoutDrafts.
func (s *PayoutService) PaymentInstruments(ctx context.Context, orgID string) ([]provider.PaymentInstrument, error) {
	accts, err := s.orgs.Accounts(ctx, orgID)
	if err != nil {
		return nil, err
	}
	out := []provider.PaymentInstrument{}
	for _, a := range accts {
		if !a.Owner {
			continue
		}
		pi := provider.PaymentInstrument{VirtualAccountNumber: a.AccountNumber, Name: a.Name, CurrencyISO: a.CurrencyCode, LocalInstruments: []string{}}
		for _, c := range payoutCorridors[a.CurrencyCode] {
			pi.LocalInstruments = append(pi.LocalInstruments, c.instrument)
		}
		out = append(out, pi)
	}
	return out, nil
}

// ExternalCodes implements provider.PayoutDrafts.
func (s *PayoutService) ExternalCodes(_ context.Context, filter string) ([]provider.ExternalCode, error) {
	switch filter {
	case provider.ExternalCodeB2BPurpose:
		out := []provider.ExternalCode{}
		for _, c := range purposeCodes {
			if c.b2b {
				out = append(out, provider.ExternalCode{Code: c.code, Name: c.name})
			}
		}
		return out, nil
	case provider.ExternalCodePurpose:
		out := make([]provider.ExternalCode, len(purposeCodes))
		for i, c := range purposeCodes {
			out[i] = provider.ExternalCode{Code: c.code, Name: c.name}
		}
		return out, nil
	}
	return nil, provider.Errorf(provider.EINVALID, "Unknown external code list.")
}

// Countries implements provider.PayoutDrafts.
func (s *PayoutService) Countries(context.Context) ([]provider.Country, error) {
	return slices.Clone(countryList()), nil
}

// countryList is ISO 3166-1 from the CLDR data of golang.org/x/text: the two-letter
// regions that are countries with an M49 code, in canonical form (deprecated codes such
// as UK, DD or BU canonicalise to others and are left out), named in English. 249 entries.
var countryList = sync.OnceValue(func() []provider.Country {
	var out []provider.Country
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			r, err := language.ParseRegion(code)
			if err != nil || !r.IsCountry() || r.M49() <= 0 || r.M49() >= 900 || r.Canonicalize().String() != code {
				continue
			}
			name := country.Name(code)
			if name == "" {
				continue
			}
			out = append(out, provider.Country{ISO: code, Name: name, ID: r.M49()})
		}
	}
	collation.SortFunc(out, func(c provider.Country) string { return c.Name })
	return out
})

func countryCodes() []string {
	var out []string
	for _, c := range countryList() {
		out = append(out, c.ISO)
	}
	return out
}

// purposeCodes is a part of ISO 20022 ExternalPurpose1Code (code and name as the code set
// publishes them); b2b marks those offered as the 'B2B Purpose Codes' list.
var purposeCodes = []struct {
	code, name string
	b2b        bool
}{
	{"ACCT", "Account Management", false},
	{"ADVA", "Advance Payment", true},
	{"AGRT", "Agricultural Transfer", true},
	{"BENE", "Unemployment Disability Benefit", false},
	{"BONU", "Bonus Payment", false},
	{"CASH", "Cash Management Transfer", false},
	{"CBFF", "Capital Building", false},
	{"CHAR", "Charity Payment", false},
	{"CMDT", "Commodity Transfer", true},
	{"COLL", "Collection Payment", false},
	{"COMC", "Commercial Payment", true},
	{"COMM", "Commission", true},
	{"CONS", "Consumer Third Party Consolidated Payment", false},
	{"COST", "Costs", true},
	{"DIVI", "Dividend", true},
	{"EDUC", "Education", false},
	{"FEES", "Payment of Fees", true},
	{"GDDS", "Purchase Sale Of Goods", true},
	{"GOVT", "Government Payment", false},
	{"GSCB", "Purchase Sale Of Goods And Services With Cash Back", false},
	{"ICCP", "Irrevocable Credit Card Payment", false},
	{"IDCP", "Irrevocable Debit Card Payment", false},
	{"INSU", "Insurance Premium", true},
	{"INTC", "Intra Company Payment", true},
	{"INTE", "Interest", true},
	{"INVS", "Investment And Securities", true},
	{"LICF", "License Fee", true},
	{"LOAN", "Loan", true},
	{"OTHR", "Other", false},
	{"PENS", "Pension Payment", false},
	{"RENT", "Rent", true},
	{"ROYA", "Royalties", true},
	{"SALA", "Salary Payment", false},
	{"SCVE", "Purchase Sale Of Services", true},
	{"SECU", "Securities", true},
	{"SSBE", "Social Security Benefit", false},
	{"SUBS", "Subscription", true},
	{"SUPP", "Supplier Payment", true},
	{"TAXS", "Tax Payment", false},
	{"TRAD", "Trade Services", true},
	{"TREA", "Treasury Payment", true},
	{"VATX", "Value Added Tax Payment", false},
	{"WHLD", "With Holding", false},
}

func purposeCodeList(b2b bool) []string {
	var out []string
	for _, c := range purposeCodes {
		if c.b2b || !b2b {
			out = append(out, c.code)
		}
	}
	return out
}

// CatalogueCountries are the countries the catalogue's products pay out to, sorted: a batch
// shows its product's country, so these are the flags the batches page needs.
func CatalogueCountries() []string {
	var out []string
	for _, fam := range catalogue {
		for _, p := range fam.products {
			if p.country != "" && !slices.Contains(out, p.country) {
				out = append(out, p.country)
			}
		}
	}
	slices.Sort(out)
	return out
}
