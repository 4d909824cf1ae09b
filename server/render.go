package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"
)

// The document around every page. The body comes from goja; this shell
// adds what needs the server's knowledge per response: the stylesheet's
// hashed name, the CSP nonce, and the one module script, the loader
// (ssr/runtime/boot.js), which imports the module of an island present on
// the page once the island is needed; the modules it may import sit beside
// it as inert JSON (a page without islands gets neither: no JavaScript). The browser
// paints nothing until the whole body is parsed (the render-blocking
// "expect" link and its #document-end target): a frame painted from half a
// parsed page moves what the rest then pushes aside (a layout shift), such
// as a <details> drawn with its default "Details" summary before its own
// summary arrives. Pages are small, so it costs next to nothing.
var documentTmpl = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Portal</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/{{.CSS}}">
<link rel="expect" href="#document-end" blocking="render">
{{- if .Refresh}}
<meta http-equiv="refresh" content="0;url={{.Refresh}}">{{end}}
{{- range .Preload}}
<link rel="modulepreload" href="/assets/{{.}}">{{end}}
</head><body>{{.Body}}<template id="document-end"></template>
{{- if .Modules}}
<script type="application/json" id="island-modules">{{.Modules}}</script>
<script type="module" nonce="{{.Nonce}}">import "/assets/{{.Boot}}";</script>{{end}}
</body></html>`))

type document struct {
	Title   string
	CSS     string
	Refresh string
	Nonce   string
	Body    template.HTML
	// Modules maps each island of the page to its module's URL, as JSON.
	Modules template.JS
	Boot    string
	Preload []string
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// View is one page response.
type View struct {
	Status int
	// Page is the page and its props, from the page's declaration
	// (Page.With, page.go), which holds them to one type.
	Page  PageWith
	Title string
	// Refresh, when set, moves the browser on without JavaScript (splash).
	Refresh string
}

// Render turns a page's props into a complete HTML response.
func (s *Server) Render(c fiber.Ctx, v View) error {
	page := v.Page.name
	if page == "" {
		return errors.New("render: the view names no page")
	}
	data := v.Page.props
	if rq := Req(c); v.Page.shell != nil && rq != nil && rq.Org != nil {
		// An organisation route's page is laid out in the shell: its props carry it.
		sh, err := s.shell(c)
		if err != nil {
			return fmt.Errorf("render %s: shell: %w", page, err)
		}
		data = v.Page.shell(sh)
	}
	props, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("render %s: props: %w", page, err)
	}
	res, err := s.Renderer.Render(c.Context(), page, props)
	if err != nil {
		return fmt.Errorf("render %s: %w", page, err)
	}
	body, islands := res.HTML, res.Islands
	if cp, ok := s.consentBanner(c); ok && v.Refresh == "" {
		// The banner comes first in the body, as a region of its own, until a choice is made.
		bp, _ := json.Marshal(cp)
		banner, err := s.Renderer.Render(c.Context(), pageCookieBanner.Name(), bp)
		if err != nil {
			return fmt.Errorf("render cookie banner: %w", err)
		}
		// A render numbers its islands from island-0, the page's as well as the banner's: the
		// banner's props take ids of their own, or an island of the page would read the banner's.
		own := bytes.ReplaceAll(banner.HTML, []byte(`="island-`), []byte(`="consent-island-`))
		body, islands = append(own, body...), append(banner.Islands, islands...)
	}
	doc := document{Title: v.Title, CSS: s.Assets.Manifest.CSS, Refresh: v.Refresh, Nonce: Req(c).Nonce,
		Body: template.HTML(body)} // #nosec: the renderer escapes every text and attribute
	modules := map[string]string{}
	for _, name := range islands {
		if f := s.Assets.Manifest.Islands[name]; f != "" {
			modules[name] = "/assets/" + f
		}
	}
	if len(modules) > 0 && s.Assets.Manifest.Boot != "" {
		// json.Marshal escapes <, > and &, so the JSON cannot close its script element.
		b, _ := json.Marshal(modules)
		doc.Modules, doc.Boot = template.JS(b), s.Assets.Manifest.Boot // #nosec: JSON of manifest paths
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := documentTmpl.Execute(buf, doc); err != nil {
		return err
	}
	status := v.Status
	if status == 0 {
		status = fiber.StatusOK
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	// Pages carry personal and financial data: never cache them.
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(status).Send(append([]byte(nil), buf.Bytes()...))
}

// SafeRedirect accepts only a local path, so redirect_url cannot send a
// user to another site after login (open redirect).
func SafeRedirect(target string) (string, bool) {
	if target == "" || !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") ||
		strings.HasPrefix(target, "/\\") || strings.ContainsAny(target, "\r\n\t") {
		return "", false
	}
	return target, true
}
