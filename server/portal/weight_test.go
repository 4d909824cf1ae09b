package portal

import (
	"io/fs"
	"sort"
	"strings"
	"testing"

	"portal/server"
	"portal/server/internal/testkit"
	"portal/server/servertest"
)

// Every island in the built manifest stays within the 10 KB gzip budget with its share of
// the runtime: one test over the manifest, so an island added tomorrow is held to it too.
func TestIslandWeights(t *testing.T) {
	as, err := server.LoadAssets(testkit.Dist(t))
	if err != nil {
		t.Fatal(err)
	}
	var islands []string
	for name := range as.Manifest.Islands {
		islands = append(islands, name)
	}
	sort.Strings(islands)
	if len(islands) < 20 {
		t.Fatalf("only %d islands in the manifest: %v", len(islands), islands)
	}
	for _, island := range islands {
		t.Run(island, func(t *testing.T) { servertest.CheckIslandWeight(t, island) })
	}
}

// An island's server-only part (islands/lib/*.server.tsx) is in none of the files the
// browser loads with the island: the payout export's form on the page is the server's
// markup, which the island keeps as it came, while the same form still comes with the
// dialog (by import()) and the server's bundle still draws it.
func TestServerOnlyMarkupNotShipped(t *testing.T) {
	dist := testkit.Dist(t)
	as, err := server.LoadAssets(dist)
	if err != nil {
		t.Fatal(err)
	}
	const text = "None chosen: every status." // the status hint of the payout export's form
	read := func(f string) string {
		b, err := fs.ReadFile(dist, f)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	island := as.Manifest.Islands["PayoutExport"]
	first := []string{island}
	for dep := range as.StaticClosure(island) {
		first = append(first, dep)
	}
	for _, f := range first {
		if strings.Contains(read(f), text) {
			t.Errorf("%s, loaded with the PayoutExport island, holds its server-only form (%q)", f, text)
		}
	}
	if !strings.Contains(as.Server, text) {
		t.Errorf("the server's bundle does not draw the form (%q)", text)
	}
	var later bool
	_ = fs.WalkDir(dist, "js/chunks", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(p, "PayoutExportDialog") && strings.Contains(read(p), text) {
			later = true
		}
		return err
	})
	if !later {
		t.Errorf("no PayoutExportDialog chunk draws the form (%q): the dialog lost it", text)
	}
}

// pageScriptBudget is what a logged-in page may load of JavaScript, compressed, before any
// interaction, when none of its islands is a feature in view (the shell's controls load on
// first use, the idle warning shortly before it opens).
const pageScriptBudget = 10 << 10

// Logged-in pages whose only islands are the shell's load the loader alone before any
// interaction, within the budget in gzip and in brotli; each island, loaded when needed,
// then stays within the island budget with every chunk it imports (logged for the record
// beside the reading TestIslandWeights holds it to).
func TestPageScriptsBeforeInteraction(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	org := "/org/" + servertest.OrgNordic
	for _, p := range []string{org, org + "/settings/profile", org + "/users"} {
		t.Run(p, func(t *testing.T) {
			res, doc := c.Page(p)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			first, all := servertest.PageScripts(t, doc)
			t.Logf("before interaction: %d files, %d B gzip, %d B brotli %v; every island of the page: %d files, %d B gzip, %d B brotli",
				len(first.Files), first.GZ, first.BR, first.Files, len(all.Files), all.GZ, all.BR)
			if len(all.Files) < 4 {
				t.Fatalf("the page names only %v: the shell's islands are missing", all.Files)
			}
			if first.GZ > pageScriptBudget || first.BR > pageScriptBudget {
				t.Errorf("%d B gzip, %d B brotli of JavaScript before any interaction (%v); the budget is 10 KB", first.GZ, first.BR, first.Files)
			}
		})
	}
}
