package reference

import (
	"context"
	"slices"
	"strings"

	"portal/provider"
)

// The products and schemas a batch CSV follows (spec 001 §3 "Product options"): transfer
// types (local instrument families) → products (a currency to a country) → schemas (which
// fields a payout of that product needs). An organisation offers the families of its
// contracted payout products. Kept as a table in code: the schemas change with a release of
// the provider, not per organisation.
//
// Merge note: the manual payout wizard needs the same catalogue with more field metadata
// (steps, rules); when both exist, this table should be that one's.

type batchFamily struct {
	instrument, name string
	products         []batchProduct
}

type batchProduct struct {
	id, currency, country string
	schemas               []batchSchemaDef
}

type batchSchemaDef struct {
	id, label, creditorType string
	fields                  []provider.BatchSchemaField
}

var countryNames = map[string]string{"DE": "Germany", "FR": "France", "NL": "Netherlands", "GB": "United Kingdom",
	"DK": "Denmark", "US": "United States", "ES": "Spain", "IT": "Italy", "SG": "Singapore", "JP": "Japan", "BR": "Brazil"}

func named(codes map[string]string, iso string) provider.NamedCode {
	return provider.NamedCode{ISO: iso, Name: cmpOr(codes[iso], iso)}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// UI field kinds a batch column is checked as (batches_csv.go checkField).
const (
	uiText          = "text"
	uiEndToEndID    = "end_to_end_id"
	uiAccount       = "virtual_account"
	uiAmount        = "amount"
	uiCurrency      = "currency"
	uiDate          = "date"
	uiDateOfBirth   = "date_of_birth"
	uiPurposeCode   = "purpose_code"
	uiCountry       = "country"
	uiIBAN          = "iban"
	uiBIC           = "bic"
	uiEmail         = "email"
	uiAccountNumber = "account_number"
	uiSortCode      = "sort_code"
	uiCreditorType  = "creditor_type"
)

func req(name, label, ui, example string) provider.BatchSchemaField {
	return provider.BatchSchemaField{Name: name, Label: label, AccessType: provider.FieldRequired, UIField: ui, Example: example}
}

func batchOpt(name, label, ui, example string) provider.BatchSchemaField {
	return provider.BatchSchemaField{Name: name, Label: label, AccessType: provider.FieldOptional, UIField: ui, Example: example}
}

// batchRequestFields open every schema: the payout itself. The debtor account's example is
// filled per organisation.
func batchRequestFields(code string, example string) []provider.BatchSchemaField {
	return []provider.BatchSchemaField{
		req("end_to_end_id", "End-to-end ID", uiEndToEndID, "INV-2026-0001"),
		req("debtor_account", "Account", uiAccount, ""),
		req("amount", "Amount", uiAmount, example),
		req("currency", "Currency", uiCurrency, code),
		batchOpt("requested_execution_date", "Execution date", uiDate, ""),
		batchOpt("purpose_code", "Purpose code", uiPurposeCode, "SUPP"),
	}
}

func sepaSchema(productID, country, kind string) batchSchemaDef {
	name, label := "Anna Müller", "IBAN, private receiver"
	fields := batchRequestFields("EUR", "1250.00")
	if kind == provider.CreditorOrganization {
		name, label = "Baltic Timber GmbH", "IBAN, business receiver"
	}
	fields = append(fields, req("creditor.full_name", "Receiver name", uiText, name),
		batchOpt("creditor.email", "Receiver e-mail", uiEmail, "payments@example.com"))
	if kind == provider.CreditorPrivate {
		fields = append(fields, batchOpt("creditor.birthdate", "Receiver date of birth", uiDateOfBirth, "1985-04-12"))
	}
	ibans := map[string]string{"DE": "DE89370400440532013000", "FR": "FR1420041010050500013M02606", "NL": "NL91ABNA0417164300"}
	fields = append(fields,
		batchOpt("creditor.address_line", "Receiver address", uiText, "Hauptstraße 5"),
		batchOpt("creditor.city", "Receiver city", uiText, "Berlin"),
		batchOpt("creditor.postal_code", "Receiver postal code", uiText, "10115"),
		req("creditor.country_code", "Receiver country", uiCountry, country),
		req("creditor_account.iban", "IBAN", uiIBAN, ibans[country]),
		batchOpt("creditor_account.bank_bic", "BIC", uiBIC, "COBADEFFXXX"),
		batchOpt("creditor_account.bank_name", "Bank name", uiText, "Commerzbank"))
	return batchSchemaDef{id: productID + "-" + kind, label: label, creditorType: kind, fields: fields}
}

func fpsSchema(productID string) batchSchemaDef {
	fields := append(batchRequestFields("GBP", "980.50"),
		req("creditor.type", "Receiver type", uiCreditorType, provider.CreditorPrivate),
		req("creditor.full_name", "Receiver name", uiText, "Oliver Smith"),
		batchOpt("creditor.email", "Receiver e-mail", uiEmail, "oliver@example.co.uk"),
		batchOpt("creditor.address_line", "Receiver address", uiText, "1 Market Street"),
		batchOpt("creditor.city", "Receiver city", uiText, "Manchester"),
		batchOpt("creditor.postal_code", "Receiver postal code", uiText, "M1 1AE"),
		req("creditor.country_code", "Receiver country", uiCountry, "GB"),
		req("creditor_account.account_number", "Account number", uiAccountNumber, "31926819"),
		req("creditor_account.bank_clearing_system_id", "Sort code", uiSortCode, "601613"),
		batchOpt("creditor_account.bank_name", "Bank name", uiText, "Barclays"))
	return batchSchemaDef{id: productID + "-account", label: "Sort code and account number", fields: fields}
}

var batchCatalogue = []batchFamily{
	{instrument: "FPS", name: "UK Faster Payments", products: []batchProduct{
		{id: "fps-gbp-gb", currency: "GBP", country: "GB", schemas: []batchSchemaDef{fpsSchema("fps-gbp-gb")}},
	}},
	{instrument: "SEPA", name: "SEPA Credit Transfer", products: func() []batchProduct {
		var out []batchProduct
		for _, c := range []string{"DE", "FR", "NL"} {
			id := "sepa-eur-" + strings.ToLower(c)
			out = append(out, batchProduct{id: id, currency: "EUR", country: c, schemas: []batchSchemaDef{
				sepaSchema(id, c, provider.CreditorPrivate), sepaSchema(id, c, provider.CreditorOrganization)}})
		}
		return out
	}()},
}

// schemaOf builds the provider's view of a schema, with the organisation's first account of
// the currency as the example debtor account.
func schemaOf(f batchFamily, p batchProduct, d batchSchemaDef, account string) provider.BatchSchema {
	fields := slices.Clone(d.fields)
	for i := range fields {
		if fields[i].UIField == uiAccount {
			fields[i].Example = account
		}
	}
	return provider.BatchSchema{ID: d.id, Label: d.label, ProductID: p.id, LocalInstrument: f.instrument,
		Currency: named(currencyNames, p.currency), Country: named(countryNames, p.country), CreditorType: d.creditorType,
		Fields: fields}
}

// orgCatalogue is the part of the catalogue the organisation offers (its contracted payout
// products' transfer types) and its first account per currency.
func (s *Store) orgCatalogue(ctx context.Context, orgID string) ([]batchFamily, map[string]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT DISTINCT local_instrument FROM contracted_products
		WHERE organisation_id = ? AND kind = 'payout' AND local_instrument <> ''`, orgID)
	if err != nil {
		return nil, nil, err
	}
	var instruments []string
	for rows.Next() {
		var i string
		if err := rows.Scan(&i); err != nil {
			rows.Close()
			return nil, nil, err
		}
		instruments = append(instruments, i)
	}
	rows.Close()
	var out []batchFamily
	for _, f := range batchCatalogue {
		if slices.Contains(instruments, f.instrument) {
			out = append(out, f)
		}
	}
	accounts := map[string]string{}
	arows, err := s.read.QueryContext(ctx, `SELECT account_number, currency_code FROM accounts
		WHERE owner_organisation_id = ? AND kind = 'customer' ORDER BY account_number`, orgID)
	if err != nil {
		return nil, nil, err
	}
	defer arows.Close()
	for arows.Next() {
		var n, c string
		if err := arows.Scan(&n, &c); err != nil {
			return nil, nil, err
		}
		if _, ok := accounts[c]; !ok {
			accounts[c] = n
		}
	}
	return out, accounts, arows.Err()
}

// BatchProducts implements provider.Batches.
func (s *Store) BatchProducts(ctx context.Context, orgID string) ([]provider.ProductFamily, error) {
	fams, accounts, err := s.orgCatalogue(ctx, orgID)
	if err != nil {
		return nil, err
	}
	out := []provider.ProductFamily{}
	for _, f := range fams {
		pf := provider.ProductFamily{LocalInstrument: f.instrument, Name: f.name, Products: []provider.PayoutCorridor{}}
		for _, p := range f.products {
			c := provider.PayoutCorridor{ID: p.id, Currency: named(currencyNames, p.currency), Country: named(countryNames, p.country),
				Schemas: []provider.BatchSchema{}}
			c.Corridor = p.currency + " → " + c.Country.Name
			for _, d := range p.schemas {
				c.Schemas = append(c.Schemas, schemaOf(f, p, d, accounts[p.currency]))
			}
			pf.Products = append(pf.Products, c)
		}
		out = append(out, pf)
	}
	return out, nil
}

// ProductSchemas implements provider.Batches.
func (s *Store) BatchSchemas(ctx context.Context, orgID, productID string) ([]provider.BatchSchema, error) {
	fams, err := s.BatchProducts(ctx, orgID)
	if err != nil {
		return nil, err
	}
	for _, f := range fams {
		for _, p := range f.Products {
			if p.ID == productID {
				return p.Schemas, nil
			}
		}
	}
	return nil, provider.Errorf(provider.ENOTFOUND, "Product not found.")
}

// BatchSchema implements provider.Batches.
func (s *Store) BatchSchema(ctx context.Context, orgID, schemaID string) (provider.BatchSchema, error) {
	fams, err := s.BatchProducts(ctx, orgID)
	if err != nil {
		return provider.BatchSchema{}, err
	}
	for _, f := range fams {
		for _, p := range f.Products {
			for _, sc := range p.Schemas {
				if sc.ID == schemaID {
					return sc, nil
				}
			}
		}
	}
	return provider.BatchSchema{}, provider.Errorf(provider.ENOTFOUND, "Schema not found.")
}

// schemasByHeader are the organisation's schemas whose columns are exactly header (the
// corridors of one transfer type share their columns; the rows' country picks one).
func schemasByHeader(fams []provider.ProductFamily, header []string) []provider.BatchSchema {
	var out []provider.BatchSchema
	for _, f := range fams {
		for _, p := range f.Products {
			for _, sc := range p.Schemas {
				if slices.EqualFunc(sc.Fields, header, func(fl provider.BatchSchemaField, h string) bool { return fl.Name == h }) {
					out = append(out, sc)
				}
			}
		}
	}
	return out
}
