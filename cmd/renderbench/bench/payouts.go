package bench

import (
	"html/template"
	"regexp"

	"portal/server/payouts"
)

// The html/template twin of templates/pages/payouts/Payouts.tsx, the list
// without an open payout (the benchmark's page: testdata/bench/payouts.json,
// 100 rows, captured by TestPayoutsFixture). It executes on
// payouts.PayoutsPageProps and shares the shell's templates with the
// dashboard twin (a clone of its set), so the shell is written once.
// TestPayoutsTwinVariants checks the page's other branches against goja.
var payoutsTemplate = template.Must(template.Must(dashboardTemplate.Clone()).New("Payouts").Funcs(template.FuncMap{
	"statusTone": statusTone,
	// The pager (the LoadMore island) renders before the shell, so it is island-0 and the
	// shell's islands come after it.
	"shellOf": func(v PayoutsView) shellData {
		if v.hasPager() {
			return shellData{v.Shell, 1}
		}
		return shellData{v.Shell, 0}
	},
	"loadMoreJSON": func(v PayoutsView) (template.JS, error) {
		return safeJSON(loadMoreProps{"payouts-rows", "payout requests", v.Total, len(v.Rows), v.Prev, v.Next})
	},
	"field": func(id, label string, options []payouts.PayoutChoice, value string) selectField {
		return selectField{id, label, options, value}
	},
	"input": func(id, label, value string, errs map[string]string) inputField {
		return inputField{id, label, value, errs[id]}
	},
	"summary": func(errs map[string]string) []summaryLine {
		var out []summaryLine
		for _, f := range []summaryLine{{"amountFrom", "Amount from"}, {"amountTo", "Amount to"}} {
			if m := errs[f.ID]; m != "" {
				out = append(out, summaryLine{f.ID, m})
			}
		}
		return out
	},
}).Parse(regexp.MustCompile(`\n\t*`).ReplaceAllString(`
{{define "selectField"}}<div class="mb-4"><label for="{{.ID}}" class="block font-medium">{{.Label}}</label>
	<select id="{{.ID}}" name="{{.ID}}" class="mt-1 block w-full rounded border bg-white px-3 py-2 border-gray-500">
		{{range .Options}}<option value="{{.Value}}"{{if eq .Value $.Value}} selected{{end}}>{{.Label}}</option>{{end}}
	</select>
</div>{{end}}

{{define "inputField"}}<div class="mb-4"><label for="{{.ID}}" class="block font-medium">{{.Label}}</label>
	<p id="{{.ID}}-hint" class="text-sm text-gray-700">0 or more</p>
	{{if .Error}}<p id="{{.ID}}-error" class="text-sm font-medium text-red-800"><span class="sr-only">Error: </span>{{.Error}}</p>{{end}}
	<input id="{{.ID}}" name="{{.ID}}" type="text" value="{{.Value}}" inputmode="decimal"{{if .Error}} aria-invalid="true" aria-describedby="{{.ID}}-hint {{.ID}}-error"{{else}} aria-describedby="{{.ID}}-hint"{{end}} class="mt-1 block w-full rounded border px-3 py-2 {{if .Error}}border-red-700{{else}}border-gray-500{{end}}">
</div>{{end}}

{{define "payoutRow"}}<tr id="payout-{{.Reference}}" data-status="{{.Status}}" class="border-b border-gray-200{{if .Open}} bg-blue-50{{end}}">
	<td class="whitespace-nowrap p-2">{{.Date}}<span class="block text-xs text-gray-700">{{.Time}}</span></td>
	<td class="p-2"><a href="{{.Href}}" class="whitespace-nowrap text-blue-800 underline" aria-label="Details of payout {{.Reference}}"{{if .Open}} aria-current="true"{{end}}>{{.Reference}}</a><span class="block break-all text-xs text-gray-700">{{.EndToEndID}}</span></td>
	<td class="p-2">{{.Account}}</td>
	<td class="p-2">{{.LocalInstrument}}</td>
	<td class="p-2">{{or .BusinessUnit "—"}}</td>
	<td class="whitespace-nowrap p-2 text-right tabular-nums">{{.Amount}} {{.Currency}}</td>
	<td class="p-2"><span class="{{statusTone .Status}}">{{.StatusLabel}}</span>{{if .Reason}}<span class="block text-xs text-gray-700">{{.Reason}}</span>{{end}}{{if .Note}}<span class="block text-xs text-gray-700">{{.Note}}</span>{{end}}</td>
</tr>{{end}}

{{template "shellStart" (shellOf .)}}
<div class="mb-4 flex flex-wrap items-start justify-between gap-4">
	<h1 class="text-2xl font-semibold">Payouts</h1>
	<div class="flex flex-wrap items-center gap-3">
		{{with .Create}}<a href="{{.}}" class="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Create payout</a>{{end}}
		{{with .Export}}<a href="{{.}}" class="inline-block rounded border border-gray-600 px-4 py-2">Export to CSV</a>{{end}}
	</div>
</div>
<div class="flex flex-col gap-6 xl:flex-row"><div class="min-w-0 flex-1">
	{{with .Filters}}<form method="get" action="{{.Action}}" aria-label="Filter payouts" class="mb-4 rounded border border-gray-300 p-4">
		{{with summary .Errors}}<div class="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
			<h2 id="error-summary-title" class="font-semibold text-red-800">There is a problem</h2>
			<ul class="mt-2 list-disc pl-5">{{range .}}<li><a href="#{{.ID}}" class="text-red-800 underline">{{.Message}}</a></li>{{end}}</ul>
		</div>{{end}}
		<div class="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
			{{template "selectField" (field "state" "Status" .States .State)}}
			<div class="mb-4"><label for="reasonCode" class="block font-medium">Reason code</label>
				<select id="reasonCode" name="reasonCode" class="mt-1 block w-full rounded border border-gray-500 bg-white px-3 py-2">
					<option value=""{{if not .Reason}} selected{{end}}>All</option>
					{{range .ReasonGroups}}<optgroup label="{{.Label}}">{{range .Options}}<option value="{{.Value}}"{{if .Selected}} selected{{end}}>{{.Label}}</option>{{end}}</optgroup>{{end}}
				</select>
			</div>
			{{template "selectField" (field "account" "Account" .Accounts .Account)}}
			{{template "selectField" (field "currency" "Currency" .Currencies .Currency)}}
			{{template "selectField" (field "businessUnit" "Business unit" .BusinessUnits .BusinessUnit)}}
			{{template "selectField" (field "localInstrument" "Transfer type" .LocalInstruments .LocalInstrument)}}
			{{template "inputField" (input "amountFrom" "Amount from" .AmountFrom .Errors)}}
			{{template "inputField" (input "amountTo" "Amount to" .AmountTo .Errors)}}
			{{template "selectField" (field "sort" "Sort" .Sorts .Sort)}}
		</div>
		<div class="flex flex-wrap items-center gap-4">
			<button type="submit" class="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Apply filters</button>
			{{with .Clear}}<a href="{{.}}" class="text-blue-800 underline">Clear filters</a>{{end}}
		</div>
	</form>{{end}}
	{{if .Filters.Errors}}<p class="rounded border border-gray-300 p-4">Correct the filters to see payout requests.</p>
	{{else if .Failure}}<p role="alert" class="rounded border-l-4 p-3 border-red-700 bg-red-50 text-red-900">{{.Failure}}</p>
	{{else}}<p id="payouts-count" class="mb-2 text-sm text-gray-700">{{if eq .Total 1}}1 payout request{{else}}{{.Total}} payout requests{{end}} created {{.Range}} · 100 per page, {{if eq .Filters.Sort "date"}}oldest{{else}}newest{{end}} first</p>
		{{if not .Rows}}<p class="rounded border border-gray-300 p-4">No payout requests match these filters in the selected period.</p>
		{{else}}<div role="region" aria-labelledby="payouts-caption" tabindex="0" class="w-0 min-w-full overflow-x-auto"><table class="w-full border-collapse text-sm">
			<caption id="payouts-caption" class="mb-2 text-left font-semibold">Payout requests</caption>
			<thead><tr class="border-b border-gray-400 text-left">
				<th scope="col" class="p-2">Date (UTC)</th><th scope="col" class="p-2">ID/Reference</th><th scope="col" class="p-2">Account</th>
				<th scope="col" class="p-2">Transfer type</th><th scope="col" class="p-2">Business unit</th>
				<th scope="col" class="p-2 text-right">Amount</th><th scope="col" class="p-2">Status</th>
			</tr></thead>
			<tbody id="payouts-rows">{{range .Rows}}{{template "payoutRow" .}}{{end}}</tbody>
		</table></div>{{end}}
		{{if or .Prev .Next}}<div data-island="LoadMore" data-props="island-0" data-load="visible"><nav aria-label="Pagination" data-rows="payouts-rows" class="mt-4 flex flex-wrap items-center gap-4">{{with .Prev}}<a href="{{.}}" rel="prev" class="text-blue-800 underline">Previous page</a>{{end}}{{with .Next}}<a href="{{.}}" rel="next" class="text-blue-800 underline">Next page</a>{{end}}</nav><p role="status" class="sr-only"></p></div><script type="application/json" id="island-0">{{loadMoreJSON .}}</script>{{end}}
	{{end}}
</div></div>
{{template "shellEnd"}}`, "")))

type selectField struct {
	ID, Label string
	Options   []payouts.PayoutChoice
	Value     string
}

type inputField struct{ ID, Label, Value, Error string }

type summaryLine struct{ ID, Message string }

// statusTone is islands/lib/payouts.ts's statusTone.
func statusTone(status string) string {
	tones := map[string]string{"completed": "bg-green-100 text-green-900", "rejected": "bg-red-100 text-red-900",
		"returned": "bg-red-100 text-red-900", "action_required": "bg-amber-100 text-amber-900", "cancelled": "bg-gray-200 text-gray-900"}
	t, ok := tones[status]
	if !ok {
		t = "bg-blue-100 text-blue-900"
	}
	return "inline-block rounded px-2 py-0.5 text-xs font-semibold " + t
}

// PayoutsView is the payouts page's props (payouts.PayoutsPageProps) with
// the shell's picker typed, as DashboardView is the dashboard's.
type PayoutsView struct {
	Shell ShellView `json:"shell"`
	payouts.PayoutsPageProps
}

// hasPager says whether the page shows the list's pager (islands/LoadMore.tsx).
func (v PayoutsView) hasPager() bool {
	return len(v.Filters.Errors) == 0 && v.Failure == "" && (v.Prev != "" || v.Next != "")
}

// loadMoreProps are the props Listing hands the LoadMore island, in its order.
type loadMoreProps struct {
	Rows  string `json:"rows"`
	Noun  string `json:"noun"`
	Total int    `json:"total"`
	Shown int    `json:"shown"`
	Prev  string `json:"prev"`
	Next  string `json:"next"`
}
