package db

import (
	"bufio"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Queries are the named SQL texts of a store, read once from .sql files so a domain's SQL sits
// together and a reader finds every statement of it in one file.
//
// A file holds blocks, each headed by a comment line:
//
//	-- name: receiver-by-id
//	SELECT {{receiver-columns}} FROM receivers r WHERE r.id = ?
//
//	-- fragment: receiver-columns
//	r.seq, r.id, r.product_id
//
// A name is a statement; a fragment is a piece several statements share (a column list, a
// join), spliced in wherever {{fragment}} appears. Names and fragments are global across the
// files, so a name says what it reads, not where it lives. Placeholders are written as '?', the
// form SQLite takes; Rebind turns them into another engine's form in one place.
//
// A statement one engine spells differently (SQLite's json_each, PostgreSQL's jsonb
// functions) has a variant beside it, named after it with the engine's name:
//
//	-- name: payout-move@postgres
//
// Go code still names the statement alone (sq("payout-move")) and gets its SQLite text; the
// PostgreSQL pool (OpenPostgres) swaps that text for the variant's as it runs it. Variants
// lists them; a variant without its statement is refused.
type Queries struct {
	text map[string]string
	file map[string]string
	frag map[string]string
	// variant[engine][name] is name's text on engine, when it differs; fragVariant is the
	// same for fragments.
	variant, fragVariant map[string]map[string]string

	mu   sync.Mutex
	used map[string]bool
}

var (
	headerRE    = regexp.MustCompile(`^--\s*(name|fragment):\s*([a-z0-9][a-z0-9-]*(?:@[a-z0-9]+)?)\s*$`)
	fragmentRef = regexp.MustCompile(`\{\{([a-z0-9][a-z0-9-]*)\}\}`)
)

// LoadQueries reads every *.sql file at the top of fsys.
func LoadQueries(fsys fs.FS) (*Queries, error) {
	files, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	fragments := map[string]string{}
	q := &Queries{text: map[string]string{}, file: map[string]string{}, frag: fragments, used: map[string]bool{},
		variant: map[string]map[string]string{}, fragVariant: map[string]map[string]string{}}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		if err := parseQueryFile(path.Base(f), string(b), q, fragments); err != nil {
			return nil, err
		}
	}
	for name, text := range q.text {
		expanded, err := expand(text, fragments, nil)
		if err != nil {
			return nil, fmt.Errorf("query %s (%s): %w", name, q.file[name], err)
		}
		q.text[name] = expanded
	}
	for engine, texts := range q.fragVariant {
		for name, text := range texts {
			if _, ok := fragments[name]; !ok {
				return nil, fmt.Errorf("fragment %s@%s has no fragment %s to be a variant of", name, engine, name)
			}
			expanded, err := expand(text, fragments, []string{name})
			if err != nil {
				return nil, fmt.Errorf("fragment %s@%s: %w", name, engine, err)
			}
			texts[name] = expanded
		}
	}
	for engine, texts := range q.variant {
		for name, text := range texts {
			if _, ok := q.text[name]; !ok {
				return nil, fmt.Errorf("query %s@%s has no query %s to be a variant of", name, engine, name)
			}
			expanded, err := expand(text, fragments, nil)
			if err != nil {
				return nil, fmt.Errorf("query %s@%s: %w", name, engine, err)
			}
			texts[name] = expanded
		}
	}
	for name, text := range fragments {
		expanded, err := expand(text, fragments, []string{name})
		if err != nil {
			return nil, fmt.Errorf("fragment %s: %w", name, err)
		}
		q.frag[name] = expanded
	}
	return q, nil
}

func parseQueryFile(file, src string, q *Queries, fragments map[string]string) error {
	var kind, name string
	var body strings.Builder
	flush := func() error {
		if name == "" {
			if strings.TrimSpace(stripComments(body.String())) != "" {
				return fmt.Errorf("%s: SQL before the first -- name: or -- fragment: line", file)
			}
			return nil
		}
		text := strings.TrimSuffix(trimTrailingComments(body.String()), ";")
		if strings.TrimSpace(stripComments(text)) == "" {
			return fmt.Errorf("%s: %s %s is empty", file, kind, name)
		}
		if base, engine, ok := strings.Cut(name, "@"); ok {
			variants := q.variant
			if kind == "fragment" {
				variants = q.fragVariant
			}
			if variants[engine] == nil {
				variants[engine] = map[string]string{}
			}
			if _, dup := variants[engine][base]; dup {
				return fmt.Errorf("%s: %s %s is named twice", file, kind, name)
			}
			variants[engine][base] = text
			return nil
		}
		if _, dup := q.text[name]; dup {
			return fmt.Errorf("%s: query %s is also in %s", file, name, q.file[name])
		}
		if _, dup := fragments[name]; dup {
			return fmt.Errorf("%s: %s is both a query and a fragment, or named twice", file, name)
		}
		if kind == "name" {
			q.text[name], q.file[name] = text, file
		} else {
			fragments[name] = text
		}
		return nil
	}
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := headerRE.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			if err := flush(); err != nil {
				return err
			}
			kind, name = m[1], m[2]
			body.Reset()
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return flush()
}

// trimTrailingComments trims a block and drops the whole-line comments at its end: they head
// the next block (a section title), and left in a fragment they would comment out whatever
// follows where it is spliced.
func trimTrailingComments(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for len(lines) > 0 {
		last := strings.TrimSpace(lines[len(lines)-1])
		if last != "" && !strings.HasPrefix(last, "--") {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// stripComments drops whole-line -- comments, which may describe a block.
func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func expand(text string, fragments map[string]string, seen []string) (string, error) {
	var err error
	out := fragmentRef.ReplaceAllStringFunc(text, func(ref string) string {
		name := ref[2 : len(ref)-2]
		frag, ok := fragments[name]
		if !ok {
			err = fmt.Errorf("unknown fragment {{%s}}", name)
			return ref
		}
		for _, s := range seen {
			if s == name {
				err = fmt.Errorf("fragment %s includes itself", name)
				return ref
			}
		}
		x, e := expand(frag, fragments, append(seen, name))
		if e != nil {
			err = e
		}
		return x
	})
	return out, err
}

// Get is the text of the named query. A missing name is a programming error found by any test
// that reaches the package (queries are looked up when the package's variables initialise).
func (q *Queries) Get(name string) string {
	text, ok := q.text[name]
	if !ok {
		panic(fmt.Sprintf("db: no query named %q", name))
	}
	q.mu.Lock()
	q.used[name] = true
	q.mu.Unlock()
	return text
}

// Fragment is the text of the named fragment, for code that splices it itself: a list builder
// or a test reading rows the way the store does. A missing name panics, as with Get.
func (q *Queries) Fragment(name string) string {
	text, ok := q.frag[name]
	if !ok {
		panic(fmt.Sprintf("db: no fragment named %q", name))
	}
	return text
}

// Unused lists the names no Get asked for, so a test can hold the files to what the code runs.
func (q *Queries) Unused() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []string
	for name := range q.text {
		if !q.used[name] {
			out = append(out, name+" ("+q.file[name]+")")
		}
	}
	sort.Strings(out)
	return out
}

// Variants maps the text of each query that has a variant on engine to that variant's text,
// for a pool of that engine to swap one for the other (OpenPostgres).
func (q *Queries) Variants(engine string) map[string]string {
	out := map[string]string{}
	for name, text := range q.variant[engine] {
		out[q.text[name]] = text
	}
	return out
}

// FragmentVariants maps the text of each fragment that has a variant on engine to that
// variant's text. A fragment ends up inside statements the code completes at run time (a
// list's WHERE, its keyset), whose whole text no file holds, so a pool swaps a fragment's
// text wherever it appears in a statement (OpenPostgres).
func (q *Queries) FragmentVariants(engine string) map[string]string {
	out := map[string]string{}
	for name, text := range q.fragVariant[engine] {
		out[q.frag[name]] = text
	}
	return out
}

// VariantText is text as engine runs it: a query with a variant there becomes the variant,
// and every fragment with a variant there is swapped wherever its text appears.
func (q *Queries) VariantText(engine, text string) string {
	return rewriteVariants(text, q.Variants(engine), q.FragmentVariants(engine))
}

// rewriteVariants swaps a whole statement for its variant, or else each fragment's text inside
// it for the fragment's variant, longest fragment first so one inside another is not split.
func rewriteVariants(text string, whole, frags map[string]string) string {
	if v, ok := whole[text]; ok {
		return v
	}
	if len(frags) == 0 {
		return text
	}
	keys := make([]string, 0, len(frags))
	for k := range frags {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		if strings.Contains(text, k) {
			text = strings.ReplaceAll(text, k, frags[k])
		}
	}
	return text
}

// Names lists every query name, sorted.
func (q *Queries) Names() []string {
	out := make([]string, 0, len(q.text))
	for name := range q.text {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Placeholders says how an engine writes a statement's parameters.
type Placeholders int

const (
	// Question is SQLite's (and the query files') form: ?, ?, ?.
	Question Placeholders = iota
	// Dollar is PostgreSQL's form: $1, $2, $3.
	Dollar
)

// Rebind writes query's ? placeholders in form p; a numbered ?N becomes $N. A ? inside a quoted string, a quoted
// identifier or a comment is left alone, so a literal '?' in the SQL survives.
func Rebind(p Placeholders, query string) string {
	if p == Question || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(query) {
				if query[j] == c {
					if j+1 < len(query) && query[j+1] == c { // doubled quote inside the literal
						j += 2
						continue
					}
					break
				}
				j++
			}
			if j >= len(query) {
				j = len(query) - 1
			}
			b.WriteString(query[i : j+1])
			i = j
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				j = len(query) - i - 1
			}
			b.WriteString(query[i : i+j+1])
			i += j
		case c == '?' && i+1 < len(query) && query[i+1] >= '0' && query[i+1] <= '9':
			// ?N names its argument, as $N does.
			b.WriteByte('$')
		case c == '?':
			n++
			fmt.Fprintf(&b, "$%d", n)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
