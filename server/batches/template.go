package batches

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/exports"
	"portal/statement"
)

// The CSV template (spec 001 §2 "Template dialog", §5 "Batch template"): Format (CSV,
// fixed), Transfer type, Corridor and Data required, each narrowing the next; a single
// option is chosen for the user. Without JavaScript the choices are a GET form that comes
// back narrowed; the download link shows once all three are chosen. The file's columns are
// the schema's fields, with a header row and one example row.

// BatchTemplateProps are the props of templates/pages/batches/BatchTemplate.tsx.
type BatchTemplateProps struct {
	Shell     server.ShellProps `json:"shell"`
	Action    string            `json:"action"`
	Type      string            `json:"type"`
	Types     []BatchChoice     `json:"types"`
	Product   string            `json:"product"`
	Products  []BatchChoice     `json:"products"`
	Schema    string            `json:"schema"`
	Schemas   []BatchChoice     `json:"schemas"`
	Download  string            `json:"download"`
	Columns   []string          `json:"columns"`
	Close     string            `json:"close"`
	Upload    string            `json:"upload"`
	Failure   string            `json:"failure"`
	Filename  string            `json:"filename"`
	Available bool              `json:"available"`
}

// pick is the chosen value among options: the one asked for, else the only one.
func pick(want string, options []BatchChoice) string {
	for _, o := range options {
		if o.Value == want {
			return want
		}
	}
	if len(options) == 1 {
		return options[0].Value
	}
	return ""
}

// BatchCatalogue is what a batch template may be made of: the organisation's transfer types,
// each with its corridors, each with the schemas ("Data required") it offers, as the manual
// payout catalogue has them (PayoutDrafts.ProductOptions). The template page narrows it by its
// query and the template dialog by what is chosen in it, so both offer the very same choices.
type BatchCatalogue []BatchTemplateType

// BatchTemplateType is a transfer type of the catalogue and its corridors.
type BatchTemplateType struct {
	Value     string                  `json:"value"`
	Label     string                  `json:"label"`
	Corridors []BatchTemplateCorridor `json:"corridors"`
}

// BatchTemplateCorridor is a corridor (a product) and its schemas.
type BatchTemplateCorridor struct {
	Value   string        `json:"value"`
	Label   string        `json:"label"`
	Schemas []BatchChoice `json:"schemas"`
}

// templateCatalogue is the catalogue of the organisation's products.
func templateCatalogue(fams []provider.LocalInstrumentFamily) BatchCatalogue {
	cat := BatchCatalogue{}
	for _, f := range fams {
		t := BatchTemplateType{Value: f.ID, Label: f.Name, Corridors: []BatchTemplateCorridor{}}
		for _, c := range f.Products {
			co := BatchTemplateCorridor{Value: c.ID, Label: c.Corridor.Name, Schemas: []BatchChoice{}}
			for _, sc := range c.Schemas {
				co.Schemas = append(co.Schemas, BatchChoice{sc.ID, sc.Label})
			}
			t.Corridors = append(t.Corridors, co)
		}
		cat = append(cat, t)
	}
	return cat
}

// templateChoice narrows the catalogue by the query (type, product, schema) and answers the
// schema chosen, "" until all three are.
func templateChoice(cat BatchCatalogue, q func(string) string) (p BatchTemplateProps) {
	p.Types, p.Products, p.Schemas, p.Columns = []BatchChoice{}, []BatchChoice{}, []BatchChoice{}, []string{}
	for _, t := range cat {
		p.Types = append(p.Types, BatchChoice{t.Value, t.Label})
	}
	p.Type = pick(q("type"), p.Types)
	for _, t := range cat {
		if t.Value != p.Type {
			continue
		}
		for _, c := range t.Corridors {
			p.Products = append(p.Products, BatchChoice{c.Value, c.Label})
		}
		p.Product = pick(q("product"), p.Products)
		for _, c := range t.Corridors {
			if c.Value == p.Product {
				p.Schemas = append(p.Schemas, c.Schemas...)
				p.Schema = pick(q("schema"), p.Schemas)
			}
		}
	}
	return p
}

// BatchTemplateDialogProps are the props of islands/BatchTemplateDialog.tsx: the "Create Batch
// template" link to the template page (page), which opens the dialog once hydrated; the
// catalogue to choose from, and where a schema's file is downloaded (download?schema=).
type BatchTemplateDialogProps struct {
	Page      string         `json:"page"`
	Download  string         `json:"download"`
	Catalogue BatchCatalogue `json:"catalogue"`
}

// templateDialog is the batches page's template dialog; without the catalogue (the products
// cannot be read) it is the link to the template page alone, which says why.
func (s area) templateDialog(c fiber.Ctx, org string) *BatchTemplateDialogProps {
	d := &BatchTemplateDialogProps{Page: s.base(org) + "/template", Download: s.base(org) + "/template/download"}
	if s.PayoutDrafts == nil {
		return d
	}
	fams, err := s.PayoutDrafts.ProductOptions(c.Context(), org)
	if err != nil {
		s.Logger.Error("batch products", "request_id", server.Req(c).ID, "err", err)
		return d
	}
	d.Catalogue = templateCatalogue(fams)
	return d
}

func templateName(schemaID string) string { return "batch-template-" + schemaID + ".csv" }

func (s area) templatePage(c fiber.Ctx) error {
	rq := server.Req(c)
	org := rq.Org.Org.ID
	fams, err := s.PayoutDrafts.ProductOptions(c.Context(), org)
	var p BatchTemplateProps
	if err != nil {
		s.Logger.Error("batch products", "request_id", rq.ID, "err", err)
		p = templateChoice(nil, func(string) string { return "" })
		p.Failure = msgNotFound
	} else {
		p = templateChoice(templateCatalogue(fams), func(k string) string { return strings.Clone(c.Query(k)) })
	}
	p.Action, p.Close, p.Upload, p.Available = s.base(org)+"/template", s.base(org), s.base(org)+"/upload", len(fams) > 0
	if p.Schema != "" {
		t, err := s.Batches.BatchTemplate(c.Context(), org, p.Schema)
		if err != nil {
			s.Logger.Error("batch template", "request_id", rq.ID, "err", err)
			p.Failure = msgNotFound
		} else {
			p.Download = s.base(org) + "/template/download?" + url.Values{"schema": {p.Schema}}.Encode()
			p.Filename = templateName(p.Schema)
			p.Columns = t.Columns
		}
	}
	return s.Render(c, server.View{Title: "Create batch template · " + rq.Org.Org.Name, Page: pageBatchTemplate.With(p)})
}

// templateCSV is a schema's template: its columns and one example row, RFC 4180, the
// formula guard on every cell.
func templateCSV(t provider.BatchTemplate) []byte {
	var buf bytes.Buffer
	_, _ = statement.WriteRecords(&buf, t.Columns, &oneRecord{rec: t.Example})
	return buf.Bytes()
}

type oneRecord struct {
	rec  []string
	done bool
}

func (o *oneRecord) Next() bool {
	n := !o.done
	o.done = true
	return n
}
func (o *oneRecord) Record() []string { return o.rec }
func (o *oneRecord) Err() error       { return nil }

// sendTemplate answers with the template as a download named by the server.
func sendTemplate(c fiber.Ctx, t provider.BatchTemplate) error {
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, exports.Disposition(templateName(t.Schema.ID)))
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).Send(templateCSV(t))
}

func (s area) templateDownload(c fiber.Ctx) error {
	t, err := s.Batches.BatchTemplate(c.Context(), server.Req(c).Org.Org.ID, strings.Clone(c.Query("schema")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	return sendTemplate(c, t)
}
