package api

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// Reference is the API Reference made once from the document: the
// index's props and each operation's page, by operation id.
type Reference struct {
	Index DocsProps
	Ops   map[string]DocsOperationProps
}

// docsHref is an operation's page.
func docsHref(id string) string { return DocsIndex + "/" + url.PathEscape(id) }

// BuildDocs turns the document into the reference's props, operations in
// the operation table's order within their tag.
func BuildDocs(doc *Document, ops []Op) *Reference {
	p := DocsProps{Home: "/", Intro: doc.Info.Description, SpecURL: "/api/openapi.json",
		Errors: docsFields(doc, doc.Components.Schemas["Error"], "")}
	for _, sv := range doc.Servers {
		p.Bases = append(p.Bases, sv.URL)
	}
	for _, name := range slices.Sorted(maps.Keys(doc.Components.SecuritySchemes)) {
		sc := doc.Components.SecuritySchemes[name]
		p.Schemes = append(p.Schemes, DocsScheme{Name: schemeLabel(name, sc), Text: sc.Description})
	}
	groupAt := map[string]int{}
	for _, t := range doc.Tags {
		groupAt[t.Name] = len(p.Groups)
		p.Groups = append(p.Groups, DocsGroup{ID: "tag-" + docsSlug(t.Name), Title: t.Name, Endpoints: []DocsEntry{}})
	}
	endpoints := map[string]DocsEndpoint{}
	base := doc.Servers[0].URL
	for i := range ops {
		item := doc.Paths[ops[i].Path]
		if item == nil {
			continue
		}
		o := item.Operations()[ops[i].Method]
		if o == nil {
			continue
		}
		ep := docsEndpoint(doc, o, ops[i].Method, base+ops[i].Path)
		endpoints[ep.ID] = ep
		g := &p.Groups[groupAt[o.Tags[0]]]
		g.Endpoints = append(g.Endpoints, DocsEntry{ID: ep.ID, Href: docsHref(ep.ID), Method: ep.Method, Path: ep.Path, Summary: ep.Summary})
	}
	ref := &Reference{Index: p, Ops: map[string]DocsOperationProps{}}
	// Previous and next run through the index's order, across tags.
	var order []DocsEntry
	var groupOf []DocsLink
	for _, g := range p.Groups {
		for _, e := range g.Endpoints {
			order = append(order, e)
			groupOf = append(groupOf, DocsLink{Title: g.Title, Href: DocsIndex + "#" + g.ID})
		}
	}
	for i, e := range order {
		op := DocsOperationProps{Home: p.Home, Index: DocsIndex, Group: groupOf[i], Errors: DocsIndex + "#errors",
			Credentials: DocsIndex + "#credentials", Endpoint: endpoints[e.ID]}
		if i > 0 {
			op.Prev = &order[i-1]
		}
		if i+1 < len(order) {
			op.Next = &order[i+1]
		}
		ref.Ops[e.ID] = op
	}
	return ref
}

// docsEndpoint is one operation's page content.
func docsEndpoint(doc *Document, o *oaOperation, method, path string) DocsEndpoint {
	ep := DocsEndpoint{ID: o.OperationID, Method: method, Path: path, Summary: o.Summary,
		Description: o.Description, Auth: docsAuth(doc, o.Security), Params: []DocsParam{}, Body: []DocsField{}}
	for _, prm := range o.Parameters {
		ep.Params = append(ep.Params, DocsParam{Name: prm.Name, In: prm.In, Type: docsType(doc, prm.Schema),
			Required: prm.Required, Description: prm.Description})
	}
	if o.RequestBody != nil {
		ep.Body = docsFields(doc, o.RequestBody.Content[fiber.MIMEApplicationJSON].Schema, "")
	}
	codes := make([]string, 0, len(o.Responses))
	for code := range o.Responses {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	for _, code := range codes {
		r := o.Responses[code]
		n, _ := strconv.Atoi(code)
		dr := DocsResponse{Status: code, Reason: http.StatusText(n), Description: r.Description, Body: "none"}
		for _, h := range slices.Sorted(maps.Keys(r.Headers)) {
			dr.Headers = append(dr.Headers, DocsParam{Name: h, In: "header", Type: docsType(doc, r.Headers[h].Schema),
				Description: r.Headers[h].Description})
		}
		if m, ok := r.Content[fiber.MIMEApplicationJSON]; ok {
			if m.Schema.Ref == oaRefPrefix+"Errors" {
				dr.Body = "error list"
			} else {
				dr.Body = "JSON"
				dr.Fields = docsFields(doc, m.Schema, "")
			}
		}
		ep.Responses = append(ep.Responses, dr)
	}
	return ep
}

func schemeLabel(name string, sc oaSecurityScheme) string {
	switch {
	case sc.Type == "http" && sc.Scheme == "bearer":
		return "Bearer token (" + name + ")"
	case sc.In == "cookie":
		return "Cookie " + sc.Name + " (" + name + ")"
	case sc.In == "header":
		return "Header " + sc.Name + " (" + name + ")"
	}
	return name
}

// docsAuth says in words what an operation's security requirements ask.
func docsAuth(doc *Document, reqs []oaSecurityRequirement) string {
	if len(reqs) == 0 {
		return "None."
	}
	var alts []string
	for _, r := range reqs {
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(r)) {
			// The token or cookie first, the CSRF header after it.
			sc := doc.Components.SecuritySchemes[name]
			var t string
			switch {
			case sc.Type == "http":
				t = "a bearer token"
			case sc.In == "cookie":
				t = "the " + sc.Name + " cookie"
			default:
				t = "the " + sc.Name + " header"
			}
			if len(r[name]) > 0 {
				t += " with scope " + strings.Join(r[name], " or ")
			}
			if sc.In == "header" {
				parts = append(parts, t)
			} else {
				parts = append([]string{t}, parts...)
			}
		}
		alts = append(alts, strings.Join(parts, " and "))
	}
	out := strings.Join(alts, "; or ")
	return strings.ToUpper(out[:1]) + out[1:] + "."
}

// docsType names a schema's type for a reader.
func docsType(doc *Document, s *Schema) string {
	s = doc.resolve(s)
	if s == nil {
		return ""
	}
	t := s.Type
	switch {
	case t == "array" && s.Items == nil:
		return "array" // a tuple (prefixItems): its description says what is where
	case t == "array":
		inner := doc.resolve(s.Items)
		if inner != nil && inner.Type == "object" {
			return "array of objects"
		}
		return "array of " + docsType(doc, s.Items)
	case s.Format != "" && s.Format != "password":
		t += " (" + s.Format + ")"
	}
	return t
}

// docsFields flattens an object schema into rows: nested objects by dotted
// names, array items as name[].
func docsFields(doc *Document, s *Schema, prefix string) []DocsField {
	s = doc.resolve(s)
	out := []DocsField{}
	if s == nil || s.Type != "object" {
		return out
	}
	for _, name := range s.PropertyNames() {
		ps := doc.resolve(s.Properties[name])
		f := DocsField{Name: prefix + name, Type: docsType(doc, ps), Required: slices.Contains(s.Required, name),
			Description: ps.Description}
		if d := s.Properties[name].Description; d != "" {
			f.Description = d // the field's own words, beside a $ref
		}
		if len(ps.Enum) > 0 {
			f.Description = strings.TrimSpace(f.Description + " One of: " + strings.Join(ps.Enum, ", ") + ".")
		}
		out = append(out, f)
		switch {
		case ps.Type == "object":
			out = append(out, docsFields(doc, ps, f.Name+".")...)
		case ps.Type == "array" && doc.resolve(ps.Items) != nil && doc.resolve(ps.Items).Type == "object":
			out = append(out, docsFields(doc, ps.Items, f.Name+"[].")...)
		}
	}
	return out
}

func docsSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
