package bench

import (
	"encoding/json"
	"fmt"
)

// SyntheticRow and SyntheticProps are the props of
// pages/SyntheticTransactions.tsx (its Props).
type SyntheticRow struct {
	ID        string `json:"id"`
	Date      string `json:"date"`
	Time      string `json:"time"`
	Reference string `json:"reference"`
	Type      string `json:"type"`
	Amount    string `json:"amount"`
	Balance   string `json:"balance"`
	Credit    bool   `json:"credit"`
	Href      string `json:"href"`
}

type SyntheticProps struct {
	Title string         `json:"title"`
	Rows  []SyntheticRow `json:"rows"`
}

// Synthetic returns the calibration page's props with n rows. References
// hold "&" and "<" so escaping is part of the work measured.
func Synthetic(n int) SyntheticProps {
	p := SyntheticProps{Title: "Account Transactions", Rows: make([]SyntheticRow, n)}
	for i := range p.Rows {
		p.Rows[i] = SyntheticRow{
			ID:        fmt.Sprintf("TX%08d", i),
			Date:      "2026-11-21",
			Time:      "14:03:11",
			Reference: fmt.Sprintf("INV-2026-%04d & <co>", i),
			Type:      "inter account transfer",
			Amount:    "-1,250.00 EUR",
			Balance:   "98,123.45 EUR",
			Credit:    i%3 == 0,
			Href:      fmt.Sprintf("/org/x/accounts/1/tx/%d", i),
		}
	}
	return p
}

// SyntheticJSON is Synthetic(n) as the props JSON a handler passes to Render.
func SyntheticJSON(n int) []byte {
	b, err := json.Marshal(Synthetic(n))
	if err != nil {
		panic(err) // plain strings and bools always marshal
	}
	return b
}

var syntheticTemplate = markup("SyntheticTransactions", `<main id="main" class="p-6">
	<h1 class="text-xl font-semibold">{{.Title}}</h1>
	<table class="w-full text-sm">
		<caption class="sr-only">{{.Title}}</caption>
		<thead><tr>
			<th scope="col"><span class="sr-only">Direction</span></th>
			<th scope="col">Date</th>
			<th scope="col">ID/Reference</th>
			<th scope="col">Type</th>
			<th scope="col" class="text-right">Balance/Amount</th>
		</tr></thead>
		<tbody>
		{{range .Rows}}
			<tr class="border-t">
				<td><svg class="h-4 w-4" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
					<path d="{{if .Credit}}M8 3v10M3 8l5 5 5-5{{else}}M8 13V3M3 8l5-5 5 5{{end}}" fill="none" stroke="currentColor" stroke-width="1.5"></path>
				</svg></td>
				<td><time datetime="{{.Date}}">{{.Date}}</time> <span class="text-gray-600">{{.Time}}</span></td>
				<td><a href="{{.Href}}" class="font-mono">{{.ID}}</a><div class="text-gray-600">{{.Reference}}</div></td>
				<td>{{.Type}}</td>
				<td class="text-right"><div class="{{if .Credit}}text-green-700{{end}}">{{.Amount}}</div><div class="text-gray-600">{{.Balance}}</div></td>
			</tr>
		{{end}}
		</tbody>
	</table>
</main>`)
