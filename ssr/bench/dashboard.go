package bench

import (
	"bytes"
	"encoding/json"
	"html/template"
	"regexp"

	"portal/server"
)

// The html/template twin of templates/pages/Dashboard.tsx inside
// templates/components/Shell.tsx, as a Go-only portal would write it: it
// executes on server.DashboardProps, the struct the dashboard handler builds,
// and does per call what the TSX does per render (icon and tone lookups,
// flag glyphs, class names, the island's props JSON).
//
// The OrgSwitcher island is rendered by preact inside goja. A Go-only portal
// would hand-write its server markup, and so does the twin ("orgswitcher"
// below, the island's no-JavaScript form, rendered per call like the rest);
// TestTwinsMatchPages and TestDashboardTwinVariants check it against
// preact's output.
var dashboardTemplate = markup("Dashboard", `
{{define "icon"}}{{with iconPath .}}<svg class="h-5 w-5 shrink-0" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
	<path d="{{.}}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"></path>
</svg>{{end}}{{end}}

{{define "navlink"}}<a{{with .Href}} href="{{.}}"{{end}}{{if .Active}} aria-current="page"{{end}} class="flex items-center gap-2 rounded px-3 py-2 {{if .Active}}bg-blue-800 font-semibold text-white{{else}}text-gray-900 hover:bg-gray-200{{end}}">
	{{if .Icon}}{{template "icon" .Icon}}{{end}}
	{{if .Flag}}<span aria-hidden="true" class="mr-1">{{flag .Flag}}</span>{{end}}
	<span>{{.Label}}{{if .Detail}}<span class="block text-xs {{if .Active}}text-white{{else}}text-gray-700{{end}}">{{.Detail}}</span>{{end}}</span>
</a>{{end}}

{{define "sidebar"}}<nav aria-label="Main" class="w-64 shrink-0 border-r border-gray-300 bg-gray-50 p-3"><ul class="space-y-1">
	{{range .}}{{if .Children}}<li>
		<p class="mt-3 flex items-center gap-2 px-3 py-1 text-sm font-semibold uppercase tracking-wide text-gray-700">{{if .Icon}}{{template "icon" .Icon}}{{end}}{{.Label}}</p>
		<ul class="ml-3 space-y-1">{{range .Children}}<li>{{template "navlink" .}}</li>{{end}}</ul>
	</li>{{else}}<li>{{template "navlink" .}}</li>{{end}}{{end}}
</ul></nav>{{end}}

{{define "orgswitcher"}}<div data-island="OrgSwitcher" data-props="island-0"><div class="flex items-center gap-3">
	<form method="post" action="/organisations/switch" class="flex items-center gap-2">
		<input type="hidden" name="_csrf" value="{{.CSRF}}">
		<label for="organisation_id" class="text-sm">Organisation</label>
		<select id="organisation_id" name="organisation_id" class="rounded border border-gray-500 px-2 py-1.5">
			{{range .Orgs}}<option value="{{.ID}}"{{if eq .ID $.Org.ID}} selected{{end}}>{{.Name}}</option>{{end}}
		</select>
		<button type="submit" class="rounded border border-gray-600 px-3 py-1.5">Switch</button>
	</form>
	<span class="text-sm text-gray-700">{{.User.Name}} · {{.Role}}</span>
	<a href="/docs" class="text-sm underline">API Reference</a>
	<form method="post" action="/logout">
		<input type="hidden" name="_csrf" value="{{.CSRF}}">
		<button type="submit" class="text-sm underline">Log out</button>
	</form>
</div></div><script type="application/json" id="island-0">{{islandJSON .}}</script>{{end}}

{{/* shellStart and shellEnd wrap a page's content (Shell's children). */}}
{{define "shellStart"}}<a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2">Skip to content</a>
<header class="border-b border-gray-300 bg-white">
	{{if .Sandbox}}<p class="bg-amber-300 px-4 py-1 text-center text-sm text-black">You're in a non-production environment. Any changes made here won't impact your live data.</p>{{end}}
	{{if .Alerts}}<ul aria-label="Alerts" class="space-y-1 px-4 py-2">
		{{range .Alerts}}<li class="rounded border-l-4 px-3 py-2 text-sm {{tone .Type}}">
			<span class="sr-only">{{if eq .Type "error"}}Error: {{else if eq .Type "warning"}}Warning: {{else}}Information: {{end}}</span>{{.Message}}
		</li>{{end}}
	</ul>{{end}}
	{{if .MFABanner}}<p class="bg-blue-50 px-4 py-2 text-sm text-blue-900">Protect your account with a new two-factor method. <a href="/new-mfa-setup" class="underline">Set up two-factor authentication</a></p>{{end}}
	<div class="flex flex-wrap items-center justify-between gap-4 px-4 py-2">
		<a href="/org/{{.Org.ID}}" class="text-lg font-semibold">Portal</a>
		<form role="search" method="get" action="/org/{{.Org.ID}}/search" class="flex items-center gap-2">
			<label for="q" class="sr-only">Search</label>
			<input id="q" name="q" type="search" value="{{.Query}}" placeholder="Search ref. or end-to-end id" required pattern=".*\S.*" title="Type a reference or an end-to-end id" class="w-80 rounded border border-gray-500 px-3 py-1.5">
			<button type="submit" class="rounded border border-gray-600 px-3 py-1.5">
				<svg class="h-4 w-4" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
					<path d="{{iconPath "search"}}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"></path>
				</svg>
				<span class="sr-only">Search</span>
			</button>
		</form>
		{{template "orgswitcher" .}}
	</div>
</header>
<div class="flex min-h-screen">
	{{template "sidebar" .Nav}}
	<main id="main" tabindex="-1" class="flex-1 p-6">
		<div role="status" aria-live="polite" class="space-y-2">
			{{range .Flashes}}{{if eq .Kind "error"}}<p role="alert" class="rounded border-l-4 p-3 {{tone .Kind}}">{{.Text}}</p>
			{{else}}<p class="rounded border-l-4 p-3 {{tone .Kind}}">{{.Text}}</p>{{end}}{{end}}
		</div>{{end}}
{{define "shellEnd"}}</main></div>{{end}}

{{template "shellStart" .Shell}}
<h1 class="mb-6 text-2xl font-semibold">Dashboard</h1>
<section aria-labelledby="org-title" class="max-w-xl rounded border border-gray-300 p-4">
	<h2 id="org-title" class="mb-2 text-lg font-semibold">{{.Shell.Org.Name}}</h2>
	<address class="not-italic">{{range .Address}}<span class="block">{{.}}</span>{{end}}<span class="block">{{.Country}}</span></address>
	<dl class="mt-4 grid grid-cols-2 gap-2 text-sm">
		<dt class="text-gray-700">Your role</dt>
		<dd>{{.Shell.Role}}</dd>
		<dt class="text-gray-700">Accounts</dt>
		<dd>{{.Owned}} owned, {{.Shared}} shared</dd>
		<dt class="text-gray-700">Contracted products</dt>
		<dd>{{.Products.Payouts}} payout, {{.Products.Collections}} collection</dd>
	</dl>
</section>
{{template "shellEnd"}}`, template.FuncMap{
	"iconPath":   func(name string) string { return iconPaths[name] },
	"tone":       tone,
	"flag":       flagGlyph,
	"islandJSON": islandJSON,
})

// iconPaths are templates/components/Icon.tsx's paths.
var iconPaths = map[string]string{
	"home":        "M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z",
	"crypto":      "M12 2 3 7v10l9 5 9-5V7zm0 4 5 3v6l-5 3-5-3V9z",
	"payouts":     "M4 12h13m-4-5 5 5-5 5M4 5v14",
	"collections": "M20 12H7m4 5-5-5 5-5m9-2v14",
	"accounts":    "M3 6h18v12H3zM3 10h18",
	"exports":     "M12 3v12m-5-5 5 5 5-5M4 21h16",
	"users":       "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6m5 16a6 6 0 0 0-4-5.6",
	"settings":    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3 1.6-1.2-2-3.4-1.9.6a7 7 0 0 0-1.7-1L15 5h-4l-.4 2a7 7 0 0 0-1.7 1l-1.9-.6-2 3.4L6.6 12 5 13.2l2 3.4 1.9-.6a7 7 0 0 0 1.7 1l.4 2h4l.4-2a7 7 0 0 0 1.7-1l1.9.6 2-3.4z",
	"search":      "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3-5-5",
}

// tones are templates/components/Messages.tsx's classes by kind.
var tones = map[string]string{
	"success": "border-green-700 bg-green-50 text-green-900",
	"info":    "border-blue-700 bg-blue-50 text-blue-900",
	"warning": "border-amber-700 bg-amber-50 text-amber-900",
	"error":   "border-red-700 bg-red-50 text-red-900",
}

func tone(kind string) string {
	if t, ok := tones[kind]; ok {
		return t
	}
	return tones["info"]
}

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// flagGlyph is Icon.tsx's Flag: two regional indicators, or a globe for
// "XX" and anything that is not a country code.
func flagGlyph(country string) string {
	if country == "XX" || !countryCode.MatchString(country) {
		return "\U0001F310"
	}
	return string([]rune{0x1F1E6 + rune(country[0]-'A'), 0x1F1E6 + rune(country[1]-'A')})
}

// switcherProps are the props Shell.tsx hands the OrgSwitcher island.
type switcherProps struct {
	Orgs    []server.ShellOrg `json:"orgs"`
	Current server.ShellOrg   `json:"current"`
	CSRF    string            `json:"csrf"`
	User    server.ShellUser  `json:"user"`
	Role    string            `json:"role"`
}

// islandJSON is ssr/runtime/island.js's safeJSON of the island's props:
// JSON that cannot close the <script> it sits in.
func islandJSON(sh server.ShellProps) (template.JS, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // like JSON.stringify; only "<" needs escaping
	err := enc.Encode(switcherProps{Orgs: sh.Orgs, Current: sh.Org, CSRF: sh.CSRF, User: sh.User, Role: sh.Role})
	b := bytes.ReplaceAll(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("<"), []byte(`\u003c`))
	return template.JS(b), err // #nosec G203: JSON with "<" escaped, as island.js writes it
}
