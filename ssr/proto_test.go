package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"testing"
)

type protoRow struct {
	ID, Date, Time, Reference, Type, Amount, Balance, Href string
	Credit                                                 bool
}

func protoRows() []protoRow {
	rows := make([]protoRow, 100)
	for i := range rows {
		rows[i] = protoRow{ID: fmt.Sprintf("TX%08d", i), Date: "2026-11-21", Time: "14:03:11", Reference: fmt.Sprintf("INV-2026-%04d & <co>", i),
			Type: "inter account transfer", Amount: "-1,250.00 EUR", Balance: "98,123.45 EUR", Href: fmt.Sprintf("/org/x/accounts/1/tx/%d", i), Credit: i%3 == 0}
	}
	return rows
}

func BenchmarkProtoGoja(b *testing.B) {
	src, err := os.ReadFile("../assets/dist/server.js")
	if err != nil {
		b.Fatal(err)
	}
	r, err := New(string(src), Config{Size: 1})
	if err != nil {
		b.Fatal(err)
	}
	rows := protoRows()
	type jr struct {
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
	var js []jr
	for _, x := range rows {
		js = append(js, jr(x2(x)))
	}
	props, _ := json.Marshal(map[string]any{"title": "Account Transactions", "rows": js})
	res, err := r.Render(context.Background(), "SyntheticTransactions", props)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("html %d bytes", len(res.HTML))
	os.WriteFile("/tmp/goja.html", res.HTML, 0644)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Render(context.Background(), "SyntheticTransactions", props); err != nil {
			b.Fatal(err)
		}
	}
}

type x2t struct {
	ID, Date, Time, Reference, Type, Amount, Balance string
	Credit                                           bool
	Href                                             string
}

func x2(p protoRow) x2t {
	return x2t{p.ID, p.Date, p.Time, p.Reference, p.Type, p.Amount, p.Balance, p.Credit, p.Href}
}

var protoTmpl = template.Must(template.New("t").Parse(`<main id="main" class="p-6"><h1 class="text-xl font-semibold">{{.Title}}</h1><table class="w-full text-sm"><caption class="sr-only">{{.Title}}</caption><thead><tr><th scope="col"><span class="sr-only">Direction</span></th><th scope="col">Date</th><th scope="col">ID/Reference</th><th scope="col">Type</th><th scope="col" class="text-right">Balance/Amount</th></tr></thead><tbody>{{range .Rows}}<tr class="border-t"><td><svg class="h-4 w-4" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="{{if .Credit}}M8 3v10M3 8l5 5 5-5{{else}}M8 13V3M3 8l5-5 5 5{{end}}" fill="none" stroke="currentColor" stroke-width="1.5"></path></svg></td><td><time datetime="{{.Date}}">{{.Date}}</time> <span class="text-gray-600">{{.Time}}</span></td><td><a href="{{.Href}}" class="font-mono">{{.ID}}</a><div class="text-gray-600">{{.Reference}}</div></td><td>{{.Type}}</td><td class="text-right"><div class="{{if .Credit}}text-green-700{{end}}">{{.Amount}}</div><div class="text-gray-600">{{.Balance}}</div></td></tr>{{end}}</tbody></table></main>`))

func BenchmarkProtoTemplate(b *testing.B) {
	data := map[string]any{"Title": "Account Transactions", "Rows": protoRows()}
	var buf bytes.Buffer
	protoTmpl.Execute(&buf, data)
	b.Logf("html %d bytes", buf.Len())
	for i := 0; i < b.N; i++ {
		buf.Reset()
		protoTmpl.Execute(&buf, data)
	}
}
