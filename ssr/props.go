package ssr

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// propsValue turns a JSON document into goja values directly. goja's own
// JSON.parse goes through encoding/json's token stream and cost more than the
// rest of a 100-row render; this walks the bytes once, and strings without
// escapes share the input's memory.
//
// It follows encoding/json and JSON.parse: invalid UTF-8 becomes U+FFFD (as
// encoding/json does), a lone surrogate escape becomes U+FFFD, numbers keep
// JSON's grammar, and "__proto__" is an own property, never the prototype.
func propsValue(rt *goja.Runtime, src string) (goja.Value, error) {
	if !utf8.ValidString(src) {
		src = replaceInvalidUTF8(src)
	}
	p := jsonParser{rt: rt, s: src}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, p.fail("trailing data")
	}
	return v, nil
}

type jsonParser struct {
	rt *goja.Runtime
	s  string
	i  int
}

// maxDepth bounds recursion; props are written by our handlers, but a
// runaway nesting must not exhaust the stack.
const maxDepth = 200

func (p *jsonParser) fail(msg string) error {
	return errors.New("ssr: props JSON: " + msg + " at offset " + strconv.Itoa(p.i))
}

func (p *jsonParser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (goja.Value, error) {
	if depth > maxDepth {
		return nil, p.fail("nested too deeply")
	}
	if p.i >= len(p.s) {
		return nil, p.fail("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		o := p.rt.NewObject()
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return o, nil
		}
		for {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, p.fail("expected key")
			}
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, p.fail("expected colon")
			}
			p.i++
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if k == "__proto__" {
				// Set would call the __proto__ setter; JSON.parse defines
				// an own property.
				if err := o.DefineDataProperty(k, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
					return nil, err
				}
			} else if err := o.Set(k, v); err != nil {
				return nil, err
			}
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return o, nil
			}
			return nil, p.fail("expected , or }")
		}
	case c == '[':
		p.i++
		var items []any
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return p.rt.NewArray(), nil
		}
		for {
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			items = append(items, v)
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return p.rt.NewArray(items...), nil
			}
			return nil, p.fail("expected , or ]")
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return p.rt.ToValue(s), nil
	case c == 't' && len(p.s)-p.i >= 4 && p.s[p.i:p.i+4] == "true":
		p.i += 4
		return p.rt.ToValue(true), nil
	case c == 'f' && len(p.s)-p.i >= 5 && p.s[p.i:p.i+5] == "false":
		p.i += 5
		return p.rt.ToValue(false), nil
	case c == 'n' && len(p.s)-p.i >= 4 && p.s[p.i:p.i+4] == "null":
		p.i += 4
		return goja.Null(), nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return nil, p.fail("unexpected character")
}

// number reads a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
// strconv alone would also take "01", "1." and "+1".
func (p *jsonParser) number() (goja.Value, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.s) && p.s[p.i] == '0':
		p.i++
	case p.digits() == 0:
		return nil, p.fail("bad number")
	}
	integer := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		integer = false
		if p.digits() == 0 {
			return nil, p.fail("bad number")
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		integer = false
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, p.fail("bad number")
		}
	}
	num := p.s[start:p.i]
	if integer && num != "-0" {
		if n, err := strconv.ParseInt(num, 10, 64); err == nil {
			return p.rt.ToValue(n), nil
		}
	}
	// The grammar was checked above, so the only error left is a number
	// beyond float64, which encoding/json and goja's JSON.parse refuse too.
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		p.i = start
		return nil, p.fail("number out of range")
	}
	return p.rt.ToValue(f), nil
}

func (p *jsonParser) digits() int {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}

// str reads a JSON string starting at the opening quote.
func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			s := p.s[start:p.i]
			p.i++
			return s, nil
		}
		if c == '\\' {
			return p.strSlow(start)
		}
		if c < 0x20 {
			return "", p.fail("control character in string")
		}
		p.i++
	}
	return "", p.fail("unterminated string")
}

func (p *jsonParser) strSlow(start int) (string, error) {
	b := []byte(p.s[start:p.i])
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), nil
		case c < 0x20:
			return "", p.fail("control character in string")
		case c != '\\':
			b = append(b, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return "", p.fail("bad escape")
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.fail("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				// A pair is a high then a low surrogate escape; anything
				// else is U+FFFD, and what follows is read on its own.
				r2 := rune(-1)
				if r < 0xdc00 && p.i+6 <= len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
					save := p.i
					p.i += 2
					if lo, ok := p.hex4(); ok && lo >= 0xdc00 && lo <= 0xdfff {
						r2 = lo
					} else {
						p.i = save
					}
				}
				r = utf16.DecodeRune(r, r2)
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", p.fail("bad escape")
		}
	}
	return "", p.fail("unterminated string")
}

// replaceInvalidUTF8 turns each byte that is not part of valid UTF-8 into
// U+FFFD, as encoding/json does inside strings.
func replaceInvalidUTF8(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}
