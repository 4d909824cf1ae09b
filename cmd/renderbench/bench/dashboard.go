package bench

import (
	"bytes"
	"encoding/json"
	"html/template"
	"regexp"
	"strconv"
	"sync"

	"portal/server"
	"portal/server/dashboard"
	"portal/server/rangepicker"
	"portal/templates/generated"
	"portal/templates/icons"
)

// The html/template twin of templates/pages/dashboard/Dashboard.tsx inside
// templates/components/Shell.tsx, as a Go-only portal would write it: it
// executes on DashboardView, the props the dashboard handler builds,
// and does per call what the TSX does per render (icon and tone lookups,
// flag glyphs, class names, the island's props JSON).
//
// The OrgSwitcher island is rendered by preact inside goja. A Go-only portal
// would hand-write its server markup, and so does the twin ("orgswitcher"
// below, the island's no-JavaScript form, rendered per call like the rest);
// TestTwinsMatchPages and TestDashboardTwinVariants check it against
// preact's output.
var dashboardTemplate = markup("Dashboard", `
{{define "icon"}}<svg class="h-5 w-5 shrink-0" aria-hidden="true" focusable="false"><use href="{{iconHref .}}"></use></svg>{{end}}

{{define "navlink"}}<a{{with .Href}} href="{{.}}"{{end}}{{if .Active}} aria-current="page"{{end}} class="flex items-center gap-2 rounded px-3 py-2 {{if .Active}}bg-blue-800 font-semibold text-white{{else}}text-gray-900 hover:bg-gray-200{{end}}">
	{{if .Icon}}{{template "icon" .Icon}}{{end}}
	{{if .Flag}}{{flag .Flag}}{{end}}
	<span>{{.Label}}{{if .Detail}}<span class="block text-xs {{if .Active}}text-white{{else}}text-gray-700{{end}}">{{.Detail}}</span>{{end}}</span>
</a>{{end}}

{{define "sidebar"}}<details id="nav-menu" class="nav-menu border-b border-gray-300 bg-gray-50 lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r">
	<summary class="flex cursor-pointer list-none items-center gap-2 px-4 py-2 font-medium [&amp;::-webkit-details-marker]:hidden"><svg aria-hidden="true" viewBox="0 0 16 16" class="h-4 w-4"><path d="M2 4h12M2 8h12M2 12h12" fill="none" stroke="currentColor" stroke-width="2"></path></svg>Menu</summary>
	<nav aria-label="Main" class="p-3"><ul class="space-y-1">
	{{range .Nav}}{{if .Children}}<li>
		<p class="mt-3 flex items-center gap-2 px-3 py-1 text-sm font-semibold uppercase tracking-wide text-gray-700">{{if .Icon}}{{template "icon" .Icon}}{{end}}{{.Label}}</p>
		<ul class="ml-3 space-y-1">{{range .Children}}<li>{{template "navlink" .}}</li>{{end}}</ul>
	</li>{{else}}<li>{{template "navlink" .}}</li>{{end}}{{end}}
	</ul></nav>
	<div data-island="ShellMenu" data-props="{{islandID (add .First 2)}}" data-load="interaction" data-on="#nav-menu > summary{{if .ShellView.Query}}, #q{{end}}"></div><script type="application/json" id="{{islandID (add .First 2)}}">{{shellMenuJSON .ShellView}}</script>
</details>{{end}}

{{define "chevron"}}<svg aria-hidden="true" viewBox="0 0 16 16" class="h-4 w-4 shrink-0"><path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2"></path></svg>{{end}}

{{define "daterange"}}<div data-island="DateRangePicker" data-props="{{.ID}}" data-load="interaction"><div><details class="relative">
	<summary class="flex max-w-full cursor-pointer list-none items-center gap-2 rounded border border-gray-500 bg-white px-3 py-1.5 [&amp;::-webkit-details-marker]:hidden"><span class="sr-only">Date range: </span><span class="font-medium whitespace-nowrap">{{.Label}}</span><span class="hidden text-sm whitespace-nowrap text-gray-700 sm:inline">{{.From}} – {{.To}}</span>{{template "chevron"}}</summary>
	<div class="absolute top-full z-20 mt-1 max-w-[calc(100vw-2rem)] rounded border border-gray-500 bg-white shadow-lg left-0 w-72 p-3 lg:right-0 lg:left-auto">
	<form method="post" action="{{.Action}}" aria-label="Date range picker" class="flex flex-wrap items-end gap-2">
		<input type="hidden" name="_csrf" value="{{.CSRF}}">
		<input type="hidden" name="return_to" value="{{.ReturnTo}}">
		<div class="w-full">
			<label for="daterange-type" class="block text-xs font-medium">Date range</label>
			<select id="daterange-type" name="type" class="w-full rounded border border-gray-500 bg-white px-2 py-1.5">
				{{range .Presets}}<option value="{{.Type}}"{{if eq .Type $.Type}} selected{{end}}>{{.Label}}</option>{{end}}
			</select>
		</div>
		<div>
			<label for="daterange-from" class="block text-xs font-medium">From</label>
			<input id="daterange-from" name="from" value="{{.From}}" inputmode="numeric" placeholder="DD-MM-YYYY" maxlength="10" aria-describedby="daterange-hint" class="w-32 rounded border px-2 py-1.5 border-gray-500">
		</div>
		<div>
			<label for="daterange-to" class="block text-xs font-medium">To</label>
			<input id="daterange-to" name="to" value="{{.To}}" inputmode="numeric" placeholder="DD-MM-YYYY" maxlength="10" aria-describedby="daterange-hint" class="w-32 rounded border px-2 py-1.5 border-gray-500">
		</div>
		<p id="daterange-hint" class="w-full text-xs text-gray-700">Dates as DD-MM-YYYY, used for Custom range.</p>
		<button type="submit" class="rounded border border-gray-600 px-3 py-1.5">Apply</button>
	</form>
	</div>
</details></div></div><script type="application/json" id="{{.ID}}">{{dateRangeJSON .ShellDateRange}}</script>{{end}}

{{define "orgswitcher"}}<div data-island="OrgSwitcher" data-props="{{islandID (add .First 1)}}" data-load="interaction"><div class="min-w-0"><details class="relative">
	<summary class="flex max-w-full cursor-pointer list-none items-center gap-2 rounded border border-gray-500 bg-white px-3 py-1.5 [&amp;::-webkit-details-marker]:hidden"><span class="sr-only">Organisation: </span><span class="min-w-0 truncate">{{.Org.Name}}</span>{{template "chevron"}}</summary>
	<div class="absolute top-full z-20 mt-1 max-w-[calc(100vw-2rem)] rounded border border-gray-500 bg-white shadow-lg right-0 w-72 p-2">
	<form method="post" action="/organisations/switch" class="flex flex-wrap items-end gap-2 px-1 pb-2">
		<input type="hidden" name="_csrf" value="{{.CSRF}}">
		<label for="organisation_id" class="w-full text-sm">Organisation</label>
		<select id="organisation_id" name="organisation_id" class="min-w-0 flex-1 rounded border border-gray-500 px-2 py-1.5">
			{{range .Orgs}}<option value="{{.ID}}"{{if eq .ID $.Org.ID}} selected{{end}}>{{.Name}}</option>{{end}}
		</select>
		<button type="submit" class="rounded border border-gray-600 px-3 py-1.5">Switch</button>
	</form>
	<div class="border-t border-gray-300 pt-1">
		<p class="px-3 py-2 text-sm text-gray-700">{{.User.Name}} · {{.Role}}</p>
		<a href="/docs" class="block rounded px-3 py-2 underline hover:bg-gray-100">API Reference</a>
		<form method="post" action="/logout">
			<input type="hidden" name="_csrf" value="{{.CSRF}}">
			<button type="submit" class="block w-full rounded px-3 py-2 text-left underline hover:bg-gray-100">Log out</button>
		</form>
	</div>
	</div>
</details></div></div><script type="application/json" id="{{islandID (add .First 1)}}">{{islandJSON .ShellProps}}</script>{{end}}

{{/* banners is Messages.tsx's BannerList. */}}
{{define "banners"}}<ul aria-label="{{.Label}}" class="space-y-1 px-4 py-2">
	{{range .Alerts}}<li class="flex items-start gap-2 rounded border-l-4 px-3 py-1.5 text-sm {{tone .Type}}"><p class="min-w-0 flex-1">
		<span class="sr-only">{{if eq .Type "error"}}Error: {{else if eq .Type "warning"}}Warning: {{else}}Information: {{end}}</span>{{.Message}}</p>
		{{if .Dismissible}}<form method="post" action="/org/{{$.OrgID}}/alerts/dismiss" class="shrink-0"><input type="hidden" name="_csrf" value="{{$.CSRF}}"><input type="hidden" name="id" value="{{.ID}}"><input type="hidden" name="back" value="{{or $.Back (print "/org/" $.OrgID)}}"><button type="submit" class="rounded px-1 underline" aria-label="Dismiss: {{.Message}}">Dismiss</button></form>{{end}}
	</li>{{end}}
</ul>{{end}}

{{/* shellStart and shellEnd wrap a page's content (Shell's children). */}}
{{define "shellStart"}}<a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2">Skip to content</a>
<header class="border-b border-gray-300 bg-white">
	{{if .Sandbox}}<p class="bg-amber-300 px-4 py-1 text-center text-sm text-black"><span class="sm:hidden">Sandbox: no effect on live data.</span><span class="hidden sm:inline">You're in a non-production environment. Any changes made here won't impact your live data.</span></p>{{end}}
	{{with alertsOf .Alerts true}}{{template "banners" (banners $.ShellView . "Alerts")}}{{end}}
	{{with alertsOf .Alerts false}}<details class="px-4 pt-1 text-sm sm:hidden"><summary class="cursor-pointer py-1 font-medium">Notices ({{len .}})</summary>{{template "banners" (banners $.ShellView . "Notices")}}</details><div class="hidden sm:block">{{template "banners" (banners $.ShellView . "Notices")}}</div>{{end}}
	{{if .MFABanner}}<p class="bg-blue-50 px-4 py-2 text-sm text-blue-900">Protect your account with a new two-factor method. <a href="/new-mfa-setup" class="underline">Set up two-factor authentication</a></p>{{end}}
	<div class="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
		<a href="/org/{{.Org.ID}}" class="text-lg font-semibold">Portal</a>
		<form role="search" method="get" action="/org/{{.Org.ID}}/search" class="flex min-w-0 flex-1 items-center gap-2 lg:max-w-md">
			<label for="q" class="sr-only">Search</label>
			<input id="q" name="q" type="search" value="{{.Query}}" placeholder="Search ref. or end-to-end id" required pattern=".*\S.*" title="Type a reference or an end-to-end id" class="w-full min-w-0 rounded border border-gray-500 px-3 py-1.5">
			<button type="submit" class="rounded border border-gray-600 px-3 py-1.5">
				<svg class="h-4 w-4" aria-hidden="true" focusable="false"><use href="{{iconHref "search"}}"></use></svg>
				<span class="sr-only">Search</span>
			</button>
		</form>
		<div class="flex w-full min-w-0 items-center justify-between gap-2 lg:ml-auto lg:w-auto lg:gap-4">
		{{template "daterange" (rangeData .DateRange .First)}}
		{{template "orgswitcher" .}}
		</div>
	</div>
</header>
<div class="lg:flex lg:min-h-screen">
	{{template "sidebar" .}}
	<main id="main" tabindex="-1" class="min-w-0 flex-1 p-4 lg:p-6">
		<div role="status" aria-live="polite" class="space-y-2">
			{{range .Flashes}}{{if eq .Kind "error"}}<p role="alert" class="rounded border-l-4 p-3 {{tone .Kind}}">{{.Text}}</p>
			{{else}}<p class="rounded border-l-4 p-3 {{tone .Kind}}">{{.Text}}</p>{{end}}{{end}}
		</div>{{end}}
{{define "shellEnd"}}</main></div><footer class="border-t border-gray-300 px-4 py-3 text-sm"><a href="/accessibility" class="text-blue-800 underline">Accessibility statement</a></footer>{{end}}

{{define "failure"}}<p role="alert" class="rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{{.}}</p>{{end}}

{{define "counttable"}}<table class="w-full border-collapse text-sm">
	<caption class="mb-1 text-left font-medium">{{.Caption}}</caption>
	<thead><tr class="border-b border-gray-400">
		<th scope="col" class="px-2 py-2 text-left sm:px-3">{{.Head}}</th>
		<th scope="col" class="px-2 py-2 text-right tabular-nums sm:px-3">Count</th>
		<th scope="col" class="px-2 py-2 text-right tabular-nums sm:px-3">Percentage</th>
	</tr></thead>
	<tbody>{{range .Rows}}<tr class="border-b border-gray-200">
		<th scope="row" class="px-2 py-2 text-left sm:px-3 font-normal"><a href="{{.Href}}" class="text-blue-800 underline">{{.Name}}</a></th>
		<td class="px-2 py-2 text-right tabular-nums sm:px-3">{{.Count}}</td>
		<td class="px-2 py-2 text-right tabular-nums sm:px-3">{{.Percentage}}%</td>
	</tr>{{end}}</tbody>
	{{if .HasTotal}}<tfoot><tr>
		<th scope="row" class="px-2 py-2 text-left sm:px-3">Total</th>
		<td class="px-2 py-2 text-right tabular-nums sm:px-3 font-semibold">{{.Total}}</td>
		<td class="px-2 py-2 text-right tabular-nums sm:px-3"></td>
	</tr></tfoot>{{end}}
</table>{{end}}

{{define "accountbody"}}<span class="flex items-center gap-1 font-semibold">{{flag .Flag}}{{.Name}}</span>
	<span class="block text-sm text-gray-700">No. {{.Number}}</span>
	<span class="mt-2 block text-right text-lg tabular-nums">{{.Balance}} {{.Currency}}</span>{{end}}

{{template "shellStart" (shellData .)}}
<h1 class="mb-2 text-2xl font-semibold">Dashboard</h1>
<section aria-labelledby="org-title" class="mb-6">
	<h2 id="org-title" class="text-lg font-semibold">{{.Shell.Org.Name}}</h2>
	<p class="text-sm text-gray-700">Your role: {{.Shell.Role}}</p>
</section>
{{if not .Current}}<section aria-labelledby="range-title" class="rounded border border-gray-300 p-3 sm:p-4 max-w-xl">
	<h2 id="range-title" class="mb-2 text-lg font-semibold">The dashboard shows the past 30 days</h2>
	<p class="mb-4">The date range is now {{.RangeLabel}}. Switch to Past 30 days to see your accounts and statistics.</p>
	<form method="post" action="{{.Shell.DateRange.Action}}">
		<input type="hidden" name="_csrf" value="{{.Shell.DateRange.CSRF}}">
		<input type="hidden" name="type" value="d30">
		<input type="hidden" name="return_to" value="/org/{{.Shell.Org.ID}}">
		<button type="submit" class="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Show past 30 days</button>
	</form>
</section>{{else}}
{{with .Crypto}}<div data-island="CryptoBanner" data-props="island-0"><section aria-labelledby="crypto-title" class="mb-6 flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-blue-700 bg-blue-50 p-4">
	<h2 id="crypto-title" class="font-semibold text-blue-900">Crypto funding now available</h2>
	<div class="flex items-center gap-3">
		<a href="{{.Href}}" class="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Add crypto funds</a>
		<form method="post" action="{{.CloseAction}}">
			<input type="hidden" name="_csrf" value="{{.CSRF}}">
			<button type="submit" class="rounded border border-gray-600 bg-white px-4 py-2">Close</button>
		</form>
	</div>
</section></div><script type="application/json" id="island-0">{{cryptoJSON .}}</script>{{end}}
<div class="grid grid-cols-1 gap-6 lg:grid-cols-2">
	{{with .Accounts}}<section aria-labelledby="accounts-title" class="rounded border border-gray-300 p-3 sm:p-4 lg:col-span-2">
		<h2 id="accounts-title" class="mb-3 text-lg font-semibold">Accounts</h2>
		{{if not .Cards}}<div><p class="font-medium">No data found</p><p>There are not yet accounts available.</p></div>
		{{else}}<ul class="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">{{range .Cards}}<li>
			{{if .Href}}<a href="{{.Href}}" class="block rounded border border-gray-300 p-3 hover:border-blue-800 hover:bg-blue-50">{{template "accountbody" .}}</a>
			{{else}}<div class="rounded border border-dashed border-gray-400 p-3">{{template "accountbody" .}}<p class="mt-2 text-sm text-gray-700">Please reach out to account owner for account information</p></div>{{end}}
		</li>{{end}}</ul>{{end}}
	</section>{{end}}
	{{with .FX}}<section aria-labelledby="fx-title" class="rounded border border-gray-300 p-3 sm:p-4">
		<h2 id="fx-title" class="mb-3 text-lg font-semibold">Your exchange rates</h2>
		{{if .Error}}{{template "failure" .Error}}
		{{else if not .Rates}}<p>There are no other currencies to compare.</p>
		{{else}}<table class="w-full border-collapse text-sm">
			<caption class="mb-1 text-left font-medium">What 1 {{.Main}} buys, markup included</caption>
			<thead><tr class="border-b border-gray-400">
				<th scope="col" class="px-2 py-2 text-left sm:px-3">Currency pair</th>
				<th scope="col" class="px-2 py-2 text-right tabular-nums sm:px-3">Exchange rate</th>
			</tr></thead>
			<tbody>{{range .Rates}}<tr class="border-b border-gray-200">
				<th scope="row" class="px-2 py-2 text-left sm:px-3 font-normal">{{.Pay}} → {{.Buy}}</th>
				{{if .Rate}}<td class="px-2 py-2 text-right tabular-nums sm:px-3">{{.Rate}} {{.Buy}}</td>{{else}}<td class="px-2 py-2 text-right tabular-nums sm:px-3">{{.Error}}</td>{{end}}
			</tr>{{end}}</tbody>
		</table>{{end}}
	</section>{{end}}
	{{with .Payouts}}<section aria-labelledby="payouts-title" class="rounded border border-gray-300 p-3 sm:p-4">
		<h2 id="payouts-title" class="mb-3 text-lg font-semibold">Payout requests</h2>
		{{if .Error}}{{template "failure" .Error}}
		{{else}}{{template "counttable" (countTable "Payout requests by state, past 30 days" "State" .Categories true .Total)}}
		<h3 class="mb-2 mt-6 font-semibold">Reason codes</h3>
		{{if not .Reasons}}<p>No payout requests with reason codes in the past 30 days.</p>
		{{else}}<div class="space-y-4">{{range .Reasons}}{{template "counttable" (reasonTable .)}}{{end}}</div>{{end}}{{end}}
	</section>{{end}}
	{{with .Collections}}<section aria-labelledby="collections-title" class="rounded border border-gray-300 p-3 sm:p-4">
		<h2 id="collections-title" class="mb-3 text-lg font-semibold">Collection orders</h2>
		{{if .Error}}{{template "failure" .Error}}
		{{else if not .Statuses}}<p>No collection orders in the past 30 days.</p>
		{{else}}{{template "counttable" (countTable "Collection orders by status, past 30 days" "Status" .Statuses true .Total)}}{{end}}
		<p class="mt-3"><a href="{{.AllHref}}" class="text-blue-800 underline">View all orders</a></p>
	</section>{{end}}
</div>{{end}}
{{template "shellEnd"}}`, template.FuncMap{
	"iconHref": icons.Href,
	"tone":     tone,
	// AlertBanners: error banners apart, info and warning banners folded on a phone.
	"alertsOf": func(all []server.ShellAlert, errors bool) []server.ShellAlert {
		var out []server.ShellAlert
		for _, a := range all {
			if (a.Type == "error") == errors {
				out = append(out, a)
			}
		}
		return out
	},
	"banners": func(sh ShellView, alerts []server.ShellAlert, label string) bannerList {
		return bannerList{Alerts: alerts, Label: label, OrgID: sh.Org.ID, CSRF: sh.CSRF, Back: sh.Here}
	},
	"flag":          flagGlyph,
	"islandJSON":    islandJSON,
	"dateRangeJSON": func(d rangepicker.ShellDateRange) (template.JS, error) { return safeJSON(d) },
	// Shell.tsx's ShellMenu props: the menu, and the search box when it holds a search.
	"shellMenuJSON": func(sh ShellView) (template.JS, error) {
		type search struct {
			Input string `json:"input"`
			Home  string `json:"home"`
		}
		p := struct {
			Menu   string  `json:"menu"`
			Search *search `json:"search,omitempty"`
		}{Menu: "nav-menu"}
		if sh.Query != "" {
			p.Search = &search{"q", "/org/" + sh.Org.ID}
		}
		return safeJSON(p)
	},
	"countTable": countTable,
	"islandID":   func(n int) string { return "island-" + strconv.Itoa(n) },
	"add":        func(a, b int) int { return a + b },
	// Islands are numbered in render order: the page's own (the crypto
	// banner) come before the shell's.
	"shellData": func(p DashboardView) shellData {
		first := 0
		if p.Current && p.Crypto != nil {
			first = 1
		}
		return shellData{p.Shell, first}
	},
	"rangeData": func(d rangepicker.ShellDateRange, first int) rangeData {
		return rangeData{d, "island-" + strconv.Itoa(first)}
	},
	"cryptoJSON": func(c *dashboard.CryptoBanner) (template.JS, error) { return safeJSON(c) },
	"reasonTable": func(t dashboard.ReasonTable) countTableData {
		return countTable(t.State.Name+": "+strconv.Itoa(t.State.Count)+" payout requests ("+t.State.Percentage+"%)", "Reason code", t.Reasons, false, 0)
	},
})

// DashboardView is the dashboard's props (dashboard.DashboardProps) as the
// twin executes on them: the layout gets the date range picker's part from
// its area untyped (server.ShellProps.DateRange), and a Go-only portal would
// hold it typed. The fields keep the order of the handler's JSON.
type DashboardView struct {
	Shell ShellView `json:"shell"`
	dashboard.DashboardProps
}

// ShellView is the layout's props with the picker's part typed.
type ShellView struct {
	server.ShellProps
	DateRange rangepicker.ShellDateRange `json:"dateRange"`
}

// shellData is the shell's props and the number of its first island.
type shellData struct {
	ShellView
	First int
}

// rangeData is the date range picker's props and its island id.
type rangeData struct {
	rangepicker.ShellDateRange
	ID string
}

// countTableData is what Dashboard.tsx's CountTable gets.
type countTableData struct {
	Caption, Head string
	Rows          []dashboard.StatLink
	HasTotal      bool
	Total         int
}

func countTable(caption, head string, rows []dashboard.StatLink, hasTotal bool, total int) countTableData {
	return countTableData{caption, head, rows, hasTotal, total}
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

// flags is the data file Icon.tsx's Flag imports, so the twin cannot draw other flags.
var flags = sync.OnceValue(func() map[string]struct{ Name, File string } {
	var m map[string]struct{ Name, File string }
	if err := json.Unmarshal(generated.FlagsJSON, &m); err != nil {
		panic(err)
	}
	return m
})

// flagGlyph is Icon.tsx's Flag: the flag's image named by its country, a globe for "XX" and
// anything that is not a country code, the code in a badge for a flag without an image.
func flagGlyph(country string) template.HTML {
	cc := country
	if !countryCode.MatchString(cc) {
		cc = "XX"
	}
	label := cc
	if f, ok := flags()[cc]; ok {
		if f.File != "" {
			return template.HTML(`<img src="/assets/` + template.HTMLEscapeString(f.File) + `" alt="` + template.HTMLEscapeString(f.Name) + `" class="flag"/>`)
		}
		label = f.Name
	}
	return template.HTML(`<span role="img" aria-label="` + template.HTMLEscapeString(label) + `" class="mr-1 inline-flex">` +
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 15" width="1.25em" height="0.9375em">` +
		`<rect width="20" height="15" rx="2" fill="#e5e7eb"></rect>` +
		`<text x="10" y="10.5" text-anchor="middle" font-size="8" font-weight="600" font-family="sans-serif" fill="#111827">` + cc + `</text></svg></span>`)
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
	return safeJSON(switcherProps{Orgs: sh.Orgs, Current: sh.Org, CSRF: sh.CSRF, User: sh.User, Role: sh.Role})
}

// safeJSON is island.js's safeJSON of an island's props.
func safeJSON(v any) (template.JS, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // like JSON.stringify; only "<" needs escaping
	err := enc.Encode(v)
	b := bytes.ReplaceAll(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("<"), []byte(`\u003c`))
	return template.JS(b), err // #nosec G203: JSON with "<" escaped, as island.js writes it
}

// bannerList is what the banners template needs of the shell.
type bannerList struct {
	Alerts                   []server.ShellAlert
	Label, OrgID, CSRF, Back string
}
