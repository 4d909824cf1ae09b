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

// templateChoice narrows the organisation's products (the manual payout catalogue) by the
// query (type, product, schema) and answers the schema chosen, "" until all three are.
func templateChoice(fams []provider.LocalInstrumentFamily, q func(string) string) (p BatchTemplateProps) {
	p.Types, p.Products, p.Schemas, p.Columns = []BatchChoice{}, []BatchChoice{}, []BatchChoice{}, []string{}
	for _, f := range fams {
		p.Types = append(p.Types, BatchChoice{f.ID, f.Name})
	}
	p.Type = pick(q("type"), p.Types)
	for _, f := range fams {
		if f.ID != p.Type {
			continue
		}
		for _, c := range f.Products {
			p.Products = append(p.Products, BatchChoice{c.ID, c.Corridor.Name})
		}
		p.Product = pick(q("product"), p.Products)
		for _, c := range f.Products {
			if c.ID != p.Product {
				continue
			}
			for _, sc := range c.Schemas {
				p.Schemas = append(p.Schemas, BatchChoice{sc.ID, sc.Label})
			}
			p.Schema = pick(q("schema"), p.Schemas)
		}
	}
	return p
}

func templateName(schemaID string) string { return "batch-template-" + schemaID + ".csv" }

func (s area) templatePage(c fiber.Ctx) error {
	if s.Batches == nil || s.PayoutDrafts == nil {
		return s.NotFound(c)
	}
	rq := server.Req(c)
	org := rq.Org.Org.ID
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	fams, err := s.PayoutDrafts.ProductOptions(c.Context(), org)
	var p BatchTemplateProps
	if err != nil {
		s.Logger.Error("batch products", "request_id", rq.ID, "err", err)
		p = templateChoice(nil, func(string) string { return "" })
		p.Failure = msgNotFound
	} else {
		p = templateChoice(fams, func(k string) string { return strings.Clone(c.Query(k)) })
	}
	p.Shell, p.Action, p.Close, p.Upload, p.Available = sh, base(org)+"/template", base(org), base(org)+"/upload", len(fams) > 0
	if p.Schema != "" {
		t, err := s.Batches.BatchTemplate(c.Context(), org, p.Schema)
		if err != nil {
			s.Logger.Error("batch template", "request_id", rq.ID, "err", err)
			p.Failure = msgNotFound
		} else {
			p.Download = base(org) + "/template/download?" + url.Values{"schema": {p.Schema}}.Encode()
			p.Filename = templateName(p.Schema)
			p.Columns = t.Columns
		}
	}
	return s.Render(c, server.View{Page: "BatchTemplate", Title: "Create batch template · " + rq.Org.Org.Name, Props: p})
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
	if s.Batches == nil {
		return s.NotFound(c)
	}
	t, err := s.Batches.BatchTemplate(c.Context(), server.Req(c).Org.Org.ID, strings.Clone(c.Query("schema")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	return sendTemplate(c, t)
}
