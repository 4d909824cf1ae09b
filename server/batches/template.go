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

// templateChoice narrows the organisation's products by the query (type, product, schema).
func templateChoice(fams []provider.ProductFamily, q func(string) string) (p BatchTemplateProps, schema *provider.BatchSchema) {
	p.Types, p.Products, p.Schemas, p.Columns = []BatchChoice{}, []BatchChoice{}, []BatchChoice{}, []string{}
	for _, f := range fams {
		p.Types = append(p.Types, BatchChoice{f.LocalInstrument, f.Name})
	}
	p.Type = pick(q("type"), p.Types)
	for _, f := range fams {
		if f.LocalInstrument != p.Type {
			continue
		}
		for _, c := range f.Products {
			p.Products = append(p.Products, BatchChoice{c.ID, c.Corridor})
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
			for i := range c.Schemas {
				if c.Schemas[i].ID == p.Schema {
					schema = &c.Schemas[i]
				}
			}
		}
	}
	return p, schema
}

func templateName(sc provider.BatchSchema) string { return "batch-template-" + sc.ID + ".csv" }

func (s area) templatePage(c fiber.Ctx) error {
	if s.Batches == nil {
		return s.NotFound(c)
	}
	rq := server.Req(c)
	org := rq.Org.Org.ID
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	fams, err := s.Batches.BatchProducts(c.Context(), org)
	var p BatchTemplateProps
	var sc *provider.BatchSchema
	if err != nil {
		s.Logger.Error("batch products", "request_id", rq.ID, "err", err)
		p, _ = templateChoice(nil, func(string) string { return "" })
		p.Failure = msgNotFound
	} else {
		p, sc = templateChoice(fams, func(k string) string { return strings.Clone(c.Query(k)) })
	}
	p.Shell, p.Action, p.Close, p.Upload, p.Available = sh, base(org)+"/template", base(org), base(org)+"/upload", len(fams) > 0
	if sc != nil {
		p.Download = base(org) + "/template/download?" + url.Values{"schema": {sc.ID}}.Encode()
		p.Filename = templateName(*sc)
		for _, f := range sc.Fields {
			p.Columns = append(p.Columns, f.Name)
		}
	}
	return s.Render(c, server.View{Page: "BatchTemplate", Title: "Create batch template · " + rq.Org.Org.Name, Props: p})
}

// templateCSV is a schema's template: its columns and one example row, RFC 4180, the
// formula guard on every cell.
func templateCSV(sc provider.BatchSchema) []byte {
	var header, example []string
	for _, f := range sc.Fields {
		header, example = append(header, f.Name), append(example, f.Example)
	}
	var buf bytes.Buffer
	_, _ = statement.WriteRecords(&buf, header, &oneRecord{rec: example})
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
func sendTemplate(c fiber.Ctx, sc provider.BatchSchema) error {
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, exports.Disposition(templateName(sc)))
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).Send(templateCSV(sc))
}

func (s area) templateDownload(c fiber.Ctx) error {
	if s.Batches == nil {
		return s.NotFound(c)
	}
	sc, err := s.Batches.BatchSchema(c.Context(), server.Req(c).Org.Org.ID, strings.Clone(c.Query("schema")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	return sendTemplate(c, sc)
}
