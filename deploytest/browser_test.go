package deploytest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
)

// tally counts every request the flows send through the proxy: a transport error or a 5xx
// answer is a failed request, whatever the flow then makes of it.
type tally struct {
	mu        sync.Mutex
	total     int
	failed    int
	byBackend map[string]int
	failures  []string
}

func newTally() *tally { return &tally{byBackend: map[string]int{}} }

func (c *tally) add(method, path, backend string, status int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total++
	if backend == "" {
		backend = "none"
	}
	c.byBackend[backend]++
	if err != nil || status >= 500 {
		c.failed++
		what := fmt.Sprintf("status %d", status)
		if err != nil {
			what = err.Error()
		}
		if len(c.failures) < 20 {
			c.failures = append(c.failures, fmt.Sprintf("%s %s %s via %s: %s", time.Now().UTC().Format("15:04:05.000"), method, path, backend, what))
		}
	}
}

func (c *tally) snapshot() (total, failed int, byBackend map[string]int, failures []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := map[string]int{}
	for k, v := range c.byBackend {
		m[k] = v
	}
	return c.total, c.failed, m, append([]string(nil), c.failures...)
}

// browser is one user's browser without JavaScript: a cookie jar, redirects not followed, the
// real forms read from the pages (CSRF tokens, idempotency keys and hidden fields included).
type browser struct {
	base    string
	email   string
	landing string // where the last login ended
	hc      *http.Client
	tally   *tally
}

func newBrowser(base string, t *tally) *browser {
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(base)
	// The visitor answered the cookie banner before: pages are what a returning user sees.
	jar.SetCookies(u, []*http.Cookie{{Name: "cookie_consent", Value: "rejected", Path: "/"}})
	return &browser{base: base, tally: t, hc: &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// reply is an answer read whole.
type reply struct {
	status   int
	location string
	body     []byte
}

func (r reply) doc() *html.Node {
	doc, _ := html.Parse(bytes.NewReader(r.body))
	return doc
}

func (b *browser) send(method, path string, body []byte, ctype string) (reply, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, b.base+path, rd)
	if err != nil {
		return reply{}, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	res, err := b.hc.Do(req)
	if err != nil {
		b.tally.add(method, path, "", 0, err)
		return reply{}, fmt.Errorf("%s %s as %s: %w", method, path, b.email, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	b.tally.add(method, path, res.Header.Get("X-Portal-Backend"), res.StatusCode, err)
	if err != nil {
		return reply{}, fmt.Errorf("%s %s as %s: reading the answer: %w", method, path, b.email, err)
	}
	r := reply{status: res.StatusCode, location: res.Header.Get("Location"), body: raw}
	if res.StatusCode >= 500 {
		return r, fmt.Errorf("%s %s as %s: status %d via %s", method, path, b.email, res.StatusCode, res.Header.Get("X-Portal-Backend"))
	}
	return r, nil
}

// page GETs path and wants 200.
func (b *browser) page(path string) (*html.Node, error) {
	r, err := b.send("GET", path, nil, "")
	if err != nil {
		return nil, err
	}
	if r.status != http.StatusOK {
		return nil, fmt.Errorf("GET %s as %s: status %d (to %q)", path, b.email, r.status, r.location)
	}
	return r.doc(), nil
}

// post submits a form.
func (b *browser) post(path string, v url.Values) (reply, error) {
	return b.send("POST", path, []byte(v.Encode()), "application/x-www-form-urlencoded")
}

// submit posts a form and wants a 303: it answers where it leads.
func (b *browser) submit(path string, v url.Values, what string) (string, error) {
	if what == "" {
		what = "POST " + path
	}
	r, err := b.post(path, v)
	return see(r, err, what)
}

// see wants a 303 and answers where it leads.
func see(r reply, err error, what string) (string, error) {
	if err != nil {
		return "", err
	}
	if r.status != http.StatusSeeOther || r.location == "" {
		return "", fmt.Errorf("%s: status %d, want 303 (%s)", what, r.status, mainText(r.doc()))
	}
	return r.location, nil
}

func mainText(doc *html.Node) string {
	m := htmlq.Find(doc, htmlq.ByTag("main"))
	if m == nil {
		m = doc
	}
	s := htmlq.VisibleText(m)
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// formOf is the first post form under doc that match accepts, with what a browser would send:
// its inputs, each enabled select's selected option, checked radios and boxes.
func formOf(doc *html.Node, match func(action string, f *html.Node) bool) (string, url.Values, error) {
	f := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && strings.EqualFold(htmlq.Attr(n, "method"), "post") && match(htmlq.Attr(n, "action"), n)
	})
	if f == nil {
		return "", nil, fmt.Errorf("no such form on the page (%s)", mainText(doc))
	}
	v := url.Values{}
	for _, n := range htmlq.FindAll(f, func(n *html.Node) bool { return n.Data == "input" || n.Data == "select" }) {
		name := htmlq.Attr(n, "name")
		if name == "" || htmlq.HasAttr(n, "disabled") {
			continue
		}
		switch typ := htmlq.Attr(n, "type"); {
		case n.Data == "select":
			v.Set(name, "")
			for _, o := range htmlq.FindAll(n, htmlq.ByTag("option")) {
				if htmlq.HasAttr(o, "selected") {
					v.Set(name, htmlq.Attr(o, "value"))
				}
			}
		case typ == "radio" || typ == "checkbox":
			if htmlq.HasAttr(n, "checked") {
				v.Set(name, htmlq.Attr(n, "value"))
			}
		case typ == "file" || typ == "submit":
		default:
			v.Set(name, htmlq.Attr(n, "value"))
		}
	}
	return htmlq.Attr(f, "action"), v, nil
}

func actionEnds(suffix string) func(string, *html.Node) bool {
	return func(a string, _ *html.Node) bool { return strings.HasSuffix(a, suffix) }
}

// options are a select's values, the empty one left out.
func options(doc *html.Node, id string) []string {
	var out []string
	for _, o := range htmlq.FindAll(htmlq.Find(doc, htmlq.ByID(id)), htmlq.ByTag("option")) {
		if v := htmlq.Attr(o, "value"); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// login logs in through the login form, answering the authenticator's code when the user has
// MFA (code gives it), and follows the landing to the page it ends on.
func (b *browser) login(email string, code func() (string, error)) error {
	b.email = email
	doc, err := b.page("/login")
	if err != nil {
		return err
	}
	_, v, err := formOf(doc, actionEnds("/login"))
	if err != nil {
		return fmt.Errorf("login page: %w", err)
	}
	v.Set("email", email)
	v.Set("password", demo.Password)
	next, err := b.submit("/login", v, "")
	if err != nil {
		return fmt.Errorf("log in %s: %w", email, err)
	}
	if next == "/mfa-verify" {
		if code == nil {
			return fmt.Errorf("log in %s: asked for MFA", email)
		}
		doc, err := b.page("/mfa-verify?method=authenticator")
		if err != nil {
			return err
		}
		action, v, err := formOf(doc, actionEnds("/mfa-verify/totp"))
		if err != nil {
			return fmt.Errorf("MFA page: %w", err)
		}
		c, err := code()
		if err != nil {
			return err
		}
		v.Set("code", c)
		if next, err = b.submit(action, v, ""); err != nil {
			return fmt.Errorf("MFA code for %s: %w", email, err)
		}
		if u, _ := url.Parse(next); u == nil || u.Path == "/mfa-verify" || u.Path == "/login" {
			return fmt.Errorf("MFA code for %s refused: to %s", email, next)
		}
	}
	for range 5 {
		r, err := b.send("GET", next, nil, "")
		if err != nil {
			return err
		}
		if r.location != "" {
			next = r.location
			continue
		}
		if r.status != http.StatusOK {
			return fmt.Errorf("landing of %s at %s: status %d", email, next, r.status)
		}
		meta := htmlq.Find(r.doc(), func(n *html.Node) bool { return n.Data == "meta" && htmlq.Attr(n, "http-equiv") == "refresh" })
		if meta == nil {
			b.landing = next
			return nil
		}
		_, target, _ := strings.Cut(htmlq.Attr(meta, "content"), "url=")
		next = target
	}
	return fmt.Errorf("landing of %s: too many steps, at %s", email, next)
}

// logout posts the shell's log out form.
func (b *browser) logout(from string) error {
	doc, err := b.page(from)
	if err != nil {
		return err
	}
	action, v, err := formOf(doc, actionEnds("/logout"))
	if err != nil {
		return fmt.Errorf("log out form: %w", err)
	}
	_, err = b.submit(action, v, "")
	return err
}
