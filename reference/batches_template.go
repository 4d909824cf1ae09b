package reference

import (
	"context"
	"slices"
	"strings"
	"sync"

	"portal/currency"
	"portal/payoutfield"
	"portal/provider"
)

// Batches follow the manual payout catalogue (payout_catalogue.go): the organisation is
// offered the same products and schemas as in the wizard, a batch CSV has a column per
// schema field (provider.BatchColumn) in the schema's order, and each cell is checked as the
// wizard checks the field (fieldOf, payoutfield.Check).

// batchSchema is one offered schema with its product and transfer type, and the columns
// of its CSV, each with the rules payoutfield checks it by (the organisation's accounts in
// the product's currency, its business units, the countries and purpose codes).
type batchSchema struct {
	fam     *catalogueFamily
	prod    *catalogueProduct
	sch     *provider.ProductSchema
	env     draftEnv
	columns []batchColumn
}

type batchColumn struct {
	name  string
	field provider.SchemaField
	check payoutfield.Field
}

func (b *batchSchema) header() []string {
	out := make([]string, len(b.columns))
	for i, c := range b.columns {
		out[i] = c.name
	}
	return out
}

func (b *batchSchema) meta(rows int) provider.BatchUploadMeta {
	return provider.BatchUploadMeta{LocalInstrument: b.fam.id, Currency: named(currencyNames, b.prod.currency),
		Country: countryNamed(b.prod.country), TotalPayoutRequests: rows}
}

// batchSchemas are the schemas the organisation is offered (those of the products whose
// currency one of its own accounts holds, as ProductOptions), in the catalogue's order.
func (s *BatchService) batchSchemas(ctx context.Context, orgID string) ([]*batchSchema, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	owned, err := s.payouts.ownedCurrencies(ctx, orgID)
	if err != nil {
		return nil, err
	}
	var out []*batchSchema
	envs := map[string]draftEnv{}
	for i := range catalogue {
		for j := range catalogue[i].products {
			p := &catalogue[i].products[j]
			if !slices.Contains(owned, p.currency) {
				continue
			}
			env, ok := envs[p.currency]
			if !ok {
				if env, err = draftEnvOf(ctx, s.read, orgID, p.currency); err != nil {
					return nil, err
				}
				envs[p.currency] = env
			}
			for k := range p.schemas {
				b := &batchSchema{fam: &catalogue[i], prod: p, sch: &p.schemas[k], env: env}
				for _, sf := range b.sch.Fields {
					df, pf := fieldOf(sf, env, p.currency)
					sf.Options = df.Options
					b.columns = append(b.columns, batchColumn{name: provider.BatchColumn(sf), field: sf, check: pf})
				}
				out = append(out, b)
			}
		}
	}
	return out, nil
}

// BatchTemplate implements provider.Batches.
func (s *BatchService) BatchTemplate(ctx context.Context, orgID, schemaID string) (provider.BatchTemplate, error) {
	schemas, err := s.batchSchemas(ctx, orgID)
	if err != nil {
		return provider.BatchTemplate{}, err
	}
	for _, b := range schemas {
		if b.sch.ID != schemaID {
			continue
		}
		t := provider.BatchTemplate{Schema: *b.sch, Columns: b.header()}
		for _, c := range b.columns {
			t.Example = append(t.Example, b.example(c.field))
		}
		return t, nil
	}
	return provider.BatchTemplate{}, provider.Errorf(provider.ENOTFOUND, "Schema not found.")
}

// Example values of the template's row, valid for the field's rules.
var (
	exampleIBANs = map[string]string{"DE": "DE89370400440532013000", "FR": "FR1420041010050500013M02606"}
	exampleBICs  = map[string]string{"DE": "COBADEFFXXX", "FR": "BNPAFRPPXXX", "GB": "BARCGB22XXX", "SG": "DBSSSGSGXXX"}
	exampleTexts = map[string]string{"full_name": "Anna Müller", "address": "Hauptstraße 5", "city": "Berlin", "postal_code": "10115",
		"website": "https://shop.example.com", "bank_name": "Commerzbank"}
	// exampleAddresses are the address fields of the corridor's country (a UK template with
	// a sender in Berlin reads as a mistake); Germany's are exampleTexts'.
	exampleAddresses = map[string]map[string]string{
		"GB": {"full_name": "Oliver Smith", "address": "1 King Street", "city": "Manchester", "postal_code": "M2 4LQ", "bank_name": "Barclays"},
		"FR": {"full_name": "Marie Dubois", "address": "12 Rue de la République", "city": "Lyon", "postal_code": "69001", "bank_name": "BNP Paribas"},
		"SG": {"full_name": "Wei Ling Tan", "address": "1 Raffles Place", "city": "Singapore", "postal_code": "048616", "bank_name": "DBS Bank"},
	}
)

// example is the template's value of a field: one the row's check accepts, blank for an
// optional field of the payout request that needs none (the execution date, which must not
// be in the past, and the business unit).
func (b *batchSchema) example(sf provider.SchemaField) string {
	country := cmpOr(b.prod.country, "DE")
	switch sf.UIField {
	case provider.UIAccount:
		if len(b.env.accounts) > 0 {
			return b.env.accounts[0].Value
		}
		return ""
	case provider.UIAmount:
		if d := currency.Decimals(b.prod.currency); d > 0 {
			return "1250." + strings.Repeat("0", d)
		}
		return "1250"
	case provider.UIEndToEndID:
		return "INV-2026-0001"
	case provider.UIPurposeCode:
		return "SUPP"
	case provider.UICountry:
		return country
	case provider.UIDateOfBirth:
		return "1985-04-12"
	case provider.UIIBAN:
		return cmpOr(exampleIBANs[country], exampleIBANs["DE"])
	case provider.UIBIC:
		return cmpOr(exampleBICs[country], exampleBICs["DE"])
	case provider.UIEmail:
		return "payments@example.com"
	case provider.UISortCode:
		return "601613"
	case provider.UIUKAccountNumber:
		return "31926819"
	case provider.UIAccountNumber:
		return "0123456789"
	case provider.UICryptoWallet:
		return "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"
	case provider.UICreditorType, provider.UISelect:
		if len(sf.Options) > 0 {
			return sf.Options[0].Value
		}
		return ""
	case provider.UIText:
		return cmpOr(exampleAddresses[country][sf.Name], cmpOr(exampleTexts[sf.Name], sf.Label))
	}
	return ""
}

// countryNamed is a country code with its ISO 3166 name (the catalogue's country list).
func countryNamed(iso string) provider.NamedCode {
	return provider.NamedCode{ISO: iso, Name: cmpOr(countryNames()[iso], iso)}
}

var countryNames = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, c := range countryList() {
		out[c.ISO] = c.Name
	}
	return out
})

func named(codes map[string]string, iso string) provider.NamedCode {
	return provider.NamedCode{ISO: iso, Name: cmpOr(codes[iso], iso)}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
