package search

import (
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"portal/server/servertest"
)

// readmeIdentifiers is the README's table of demo identifiers (section "Demo logins"): per
// row, the kind, the identifiers to search for and where the search moves.
type readmeIdentifier struct {
	kind     string
	searches []string
	movesTo  string
}

var (
	backticked = regexp.MustCompile("`([^`]+)`")
	// An identifier a user types: no spaces, no column names (vela_unique_reference).
	identifierLike = regexp.MustCompile(`^[A-Za-z0-9-]+$`)
)

func readmeIdentifiers(t *testing.T) []readmeIdentifier {
	t.Helper()
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(raw), "Identifiers the global search finds in Nordic Trading ApS")
	if !ok {
		t.Fatal("README has no identifier table")
	}
	var out []readmeIdentifier
	started := false
	for _, line := range strings.Split(table, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if started {
				break
			}
			continue
		}
		started = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 3 || strings.TrimSpace(cells[0]) == "kind" || strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		row := readmeIdentifier{kind: strings.TrimSpace(cells[0])}
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			if identifierLike.MatchString(m[1]) {
				row.searches = append(row.searches, m[1])
			}
		}
		if m := backticked.FindStringSubmatch(cells[2]); m != nil {
			row.movesTo = m[1]
		}
		out = append(out, row)
	}
	return out
}

// movesTo says whether a search's answer went where the README says: the same kind of
// record, and its id (a prefix where the README shortens it with …; any for a {placeholder}).
func movesTo(t *testing.T, res *http.Response, want string) bool {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		return false
	}
	got, _, _ := strings.Cut(res.Header.Get("Location"), "?")
	got = strings.TrimPrefix(got, "/org/"+servertest.OrgNordic+"/")
	wantKind, wantID, _ := strings.Cut(strings.TrimPrefix(want, "search/"), "/")
	gotKind, gotID, _ := strings.Cut(strings.TrimPrefix(got, "search/"), "/")
	switch {
	case gotKind != wantKind:
		return false
	case strings.HasPrefix(wantID, "{"):
		return gotID != ""
	case strings.HasSuffix(wantID, "…"):
		return strings.HasPrefix(gotID, strings.TrimSuffix(wantID, "…"))
	}
	return gotID == wantID
}

func TestReadmeDemoIdentifiers(t *testing.T) {
	rows := readmeIdentifiers(t)
	if len(rows) < 5 {
		t.Fatalf("%d rows in the README's identifier table", len(rows))
	}
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	for _, row := range rows {
		if len(row.searches) == 0 || row.movesTo == "" {
			t.Errorf("%s: nothing to search for, or nowhere it moves", row.kind)
			continue
		}
		for _, q := range row.searches {
			res, _ := c.Page(searchPath(servertest.OrgNordic, q))
			if !movesTo(t, res, row.movesTo) {
				t.Errorf("%s: searching %q answers %d %s, the README says it moves to %s", row.kind, q, res.StatusCode,
					res.Header.Get("Location"), row.movesTo)
			}
		}
	}
	// "Atlantic Freight Ltd has payouts (E2E-0002-S0029…) … of its own, never found from Nordic."
	res, doc := c.Page(searchPath(servertest.OrgNordic, "E2E-0002-S0029"))
	if res.StatusCode != 200 || !noResult(doc) {
		t.Errorf("Atlantic's payout searched from Nordic: %d", res.StatusCode)
	}
	m := h.LoggedIn("multi@demo.example")
	if res, _ := m.Page(searchPath(servertest.OrgAtlantic, "E2E-0002-S0029")); res.StatusCode != http.StatusSeeOther ||
		!strings.Contains(res.Header.Get("Location"), "/org/"+servertest.OrgAtlantic+"/search/payouts/") {
		t.Errorf("Atlantic's payout searched in Atlantic: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}
