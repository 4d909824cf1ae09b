package accessibility

import (
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/servertest"
	"portal/server/statements"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// The statement is public, states the figures of the last run as figures.json has them,
// and every page's footer links it: before login and inside an organisation.
func TestStatement(t *testing.T) {
	f, err := LoadFigures()
	if err != nil {
		t.Fatal(err)
	}
	h := servertest.New(t, auth.New, dashboard.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, funding.New, New)
	res, doc := h.Client().Page(Path)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("statement: %d", res.StatusCode)
	}
	main := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main")))
	for _, want := range []string{"Accessibility statement", "WCAG 2.2", "partially conformant", "Known limitations",
		"axe-core " + f.Axe.Version, strconv.Itoa(f.Axe.Pages) + " page states", strconv.Itoa(f.Flows) + " in all", f.Browser} {
		if !strings.Contains(main, want) {
			t.Errorf("the statement lacks %q", want)
		}
	}
	if tm := htmlq.Find(doc, htmlq.ByTag("time")); tm == nil || htmlq.Attr(tm, "datetime") != f.Run {
		t.Error("the run's date is not a <time> of the figures' day")
	}
	footerLink := func(path string) bool {
		_, doc := h.LoggedIn("admin@demo.example").Page(path)
		foot := htmlq.Find(doc, htmlq.ByTag("footer"))
		return foot != nil && htmlq.Find(foot, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == Path }) != nil
	}
	if !footerLink("/org/" + servertest.OrgNordic) {
		t.Error("an organisation page's footer does not link the statement")
	}
	_, login := h.Client().Page("/login")
	if foot := htmlq.Find(login, htmlq.ByTag("footer")); foot == nil || !strings.Contains(htmlq.VisibleText(foot), "Accessibility statement") {
		t.Error("the login page's footer does not link the statement")
	}
}
