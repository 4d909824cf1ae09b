package ssr

import (
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// The server JSX runtime hands every HTML element to elementWriter.el, which
// serialises it at once into a per-render byte arena and returns an opaque
// handle. A parent then refers to its children's bytes instead of copying
// them, so a render is linear in output size and builds no JS strings: goja
// copies a string on every concatenation, which made string-building
// renderers quadratic (docs/architecture.md, "Rendering in goja").
//
// Output matches preact-render-to-string byte for byte on the cases in
// testdata/parity; differences are errors, not features.

// part is one piece of a node: bytes buf[lo:hi], or another node when node >= 0.
type part struct {
	node   int32
	lo, hi int32
}

// span is a node: parts[lo:hi].
type span struct{ lo, hi int32 }

// handle is what JS holds for a rendered element: an opaque dynamic object
// (the cheapest object goja makes), told apart from text by its Go type.
type handle struct{ id int32 }

func (*handle) Get(string) goja.Value       { return nil }
func (*handle) Set(string, goja.Value) bool { return false }
func (*handle) Has(string) bool             { return false }
func (*handle) Delete(string) bool          { return false }
func (*handle) Keys() []string              { return nil }

type elementWriter struct {
	rt    *goja.Runtime
	buf   []byte
	parts []part
	nodes []span
	open  []part // scratch for the node being built
	// fragment is the object that stands for <></> (__portal_Fragment).
	fragment            *goja.Object
	htmlNames, svgNames map[string]string
	// islands records which island components this render used, in order.
	islands []string
}

func (w *elementWriter) reset() {
	w.buf = w.buf[:0]
	w.parts = w.parts[:0]
	w.nodes = w.nodes[:0]
	w.islands = w.islands[:0]
}

var errSelectValue = errors.New("ssr: <select value> is not supported on the server; mark the <option> selected")

// addBytes appends buf[lo:hi] to the node being built, merging with the
// previous piece when it is adjacent so a leaf element is one piece.
func (w *elementWriter) addBytes(lo int) {
	hi := len(w.buf)
	if hi == lo {
		return
	}
	if n := len(w.open); n > 0 {
		last := &w.open[n-1]
		if last.node < 0 && int(last.hi) == lo {
			last.hi = int32(hi)
			return
		}
	}
	w.open = append(w.open, part{node: -1, lo: int32(lo), hi: int32(hi)})
}

func (w *elementWriter) addNode(id int32) {
	sp := w.nodes[id]
	if sp.hi == sp.lo {
		return // an empty fragment or component output
	}
	// A child of a single piece of bytes is inlined as that piece, keeping
	// the tree shallow; larger children stay references.
	if sp.hi-sp.lo == 1 && w.parts[sp.lo].node < 0 {
		p := w.parts[sp.lo]
		if n := len(w.open); n > 0 {
			last := &w.open[n-1]
			if last.node < 0 && last.hi == p.lo {
				last.hi = p.hi
				return
			}
		}
		w.open = append(w.open, p)
		return
	}
	w.open = append(w.open, part{node: id})
}

func (w *elementWriter) finish() goja.Value {
	lo := int32(len(w.parts))
	w.parts = append(w.parts, w.open...)
	w.open = w.open[:0]
	w.nodes = append(w.nodes, span{lo, int32(len(w.parts))})
	h := &handle{id: int32(len(w.nodes) - 1)}
	return w.rt.NewDynamicObject(h)
}

// write serialises the node tree below id into out.
func (w *elementWriter) write(out []byte, id int32) []byte {
	sp := w.nodes[id]
	for _, p := range w.parts[sp.lo:sp.hi] {
		if p.node >= 0 {
			out = w.write(out, p.node)
		} else {
			out = append(out, w.buf[p.lo:p.hi]...)
		}
	}
	return out
}

// size is the byte length of the node tree below id.
func (w *elementWriter) size(id int32) int {
	n := 0
	sp := w.nodes[id]
	for _, p := range w.parts[sp.lo:sp.hi] {
		if p.node >= 0 {
			n += w.size(p.node)
		} else {
			n += int(p.hi - p.lo)
		}
	}
	return n
}

// h implements __portal_h(type, props, ...children), the JSX factory of
// pages (esbuild's classic transform). Elements go straight to Go without a
// JS frame; elements without attributes arrive with props null; children
// arrive as arguments, so no array or props.children is built for them.
func (w *elementWriter) h(call goja.FunctionCall) goja.Value {
	t := call.Argument(0)
	if o, ok := t.(*goja.Object); ok {
		if o == w.fragment {
			return w.fragmentOf(call.Arguments[2:])
		}
		return w.component(o, call)
	}
	return w.el(t.String(), call.Argument(1), call.Arguments[2:])
}

// component calls a function component with children placed in its props,
// as React does. JSX props objects are fresh per call, so setting children on
// them is safe.
func (w *elementWriter) component(fn *goja.Object, call goja.FunctionCall) goja.Value {
	f, ok := goja.AssertFunction(fn)
	if !ok {
		panic(w.rt.NewTypeError("ssr: element type is neither a tag name nor a function"))
	}
	props, _ := call.Argument(1).(*goja.Object)
	if props == nil {
		props = w.rt.NewObject()
	}
	switch kids := call.Arguments[2:]; len(kids) {
	case 0:
	case 1:
		props.Set("children", kids[0])
	default:
		props.Set("children", w.rt.NewArray(valuesToAny(kids)...))
	}
	res, err := f(goja.Undefined(), props)
	if err != nil {
		panic(err)
	}
	return res
}

func valuesToAny(vs []goja.Value) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

func (w *elementWriter) el(tag string, pv goja.Value, kids []goja.Value) goja.Value {
	if !validTag(tag) {
		panic(w.rt.NewTypeError("ssr: %q is not a valid HTML tag name", tag))
	}
	// Natives never call back into JS, so the scratch is always free here.
	w.open = w.open[:0]
	lo := len(w.buf)
	w.buf = append(w.buf, '<')
	w.buf = append(w.buf, tag...)
	var children goja.Value
	var inner string
	if props, ok := pv.(*goja.Object); ok {
		svg := svgElements[tag]
		// JSX props are plain literals, so every own property is enumerable
		// and the cheaper GetOwnPropertyNames gives the same list as Keys.
		names := props.GetOwnPropertyNames()
		for _, name := range names {
			v := props.Get(name)
			if o, ok := v.(*goja.Object); ok {
				if _, fn := goja.AssertFunction(o); fn {
					continue // event handlers do not exist on the server
				}
			}
			switch name {
			case "children":
				children = v
				continue
			case "key", "ref", "__self", "__source":
				continue
			case "className", "class":
				// class wins when present at all, even undefined, as in
				// preact-render-to-string ('class' in props).
				if name == "className" && contains(names, "class") {
					continue
				}
				name = "class"
			case "htmlFor":
				if contains(names, "for") {
					continue
				}
				name = "for"
			case "defaultValue", "value":
				name = "value"
				switch tag {
				case "textarea":
					children = v
					continue
				case "select":
					if !isNullish(v) {
						panic(w.rt.NewGoError(errSelectValue))
					}
					continue
				}
			case "dangerouslySetInnerHTML":
				// Only a truthy __html replaces the children (v && v.__html).
				inner = ""
				if o, ok := v.(*goja.Object); ok {
					if h := o.Get("__html"); h != nil && h.ToBoolean() {
						inner = h.String()
					}
				}
				continue
			case "style":
				if o, ok := v.(*goja.Object); ok {
					css := styleToCSS(o)
					if css == "" {
						continue
					}
					v = w.rt.ToValue(css)
				}
			default:
				name = w.attrName(name, svg)
				if name == "" {
					continue
				}
				if len(name) > 4 && name[4] == '-' || name == "draggable" || name == "spellcheck" {
					// aria-*, data-* and enumerated attributes take any value
					// as its string (v + ''), so true is "true", not bare.
					if _, obj := v.(*goja.Object); obj || isBool(v) {
						v = w.rt.ToValue(v.String())
					}
				}
			}
			w.attr(name, v)
		}
	}
	if inner != "" {
		w.buf = append(w.buf, '>')
		w.buf = append(w.buf, inner...)
		w.addBytes(lo)
	} else {
		w.buf = append(w.buf, '>')
		start := len(w.buf)
		w.addBytes(lo)
		if len(kids) > 0 {
			// Children written between the tags win over a children prop,
			// as in preact's createElement.
			for _, k := range kids {
				w.children(k)
			}
		} else if children != nil {
			w.children(children)
		}
		// A void element whose children rendered nothing closes itself; the
		// test is on the output, as preact's (!html), so <br>{null}</br>
		// is <br/> too. Empty children add no parts (addBytes, addNode).
		if len(w.open) == 1 && w.open[0].hi == int32(start) && voidElements[tag] {
			w.buf = append(w.buf[:start-1], "/>"...)
			w.open[0].hi = int32(len(w.buf))
			return w.finish()
		}
	}
	lo = len(w.buf)
	w.buf = append(w.buf, "</"...)
	w.buf = append(w.buf, tag...)
	w.buf = append(w.buf, '>')
	w.addBytes(lo)
	return w.finish()
}

// attrName maps a JSX prop name to its HTML attribute name ("" to drop it),
// following preact-render-to-string; results are cached per runtime because
// the regular expressions are the costly part.
func (w *elementWriter) attrName(name string, svg bool) string {
	cache := w.htmlNames
	if svg {
		cache = w.svgNames
	}
	if n, ok := cache[name]; ok {
		return n
	}
	n := name
	switch {
	case name == "defaultChecked":
		n = "checked"
	case name == "defaultSelected":
		n = "selected"
	case name == "acceptCharset":
		n = "accept-charset"
	case name == "httpEquiv":
		n = "http-equiv"
	case unsafeName(name):
		n = ""
	case namespaceRe.MatchString(name):
		n = strings.ToLower(namespaceRe.ReplaceAllString(name, "$1:$2"))
	case len(name) > 4 && name[4] == '-', name == "draggable", name == "spellcheck":
	case svg:
		if svgCamelRe.MatchString(name) {
			if name == "panose1" {
				n = "panose-1"
			} else {
				n = kebab(name)
			}
		}
	case htmlLowerRe.MatchString(name):
		n = strings.ToLower(name)
	}
	cache[name] = n
	return n
}

func (w *elementWriter) attr(name string, v goja.Value) {
	if isNullish(v) {
		return
	}
	if isBool(v) {
		if !v.ToBoolean() {
			return
		}
		w.buf = append(w.buf, ' ')
		w.buf = append(w.buf, name...)
		return
	}
	s := v.String()
	w.buf = append(w.buf, ' ')
	w.buf = append(w.buf, name...)
	if s == "" && goja.IsString(v) {
		return // only the empty string is bare; title={[]} is title=""
	}
	w.buf = append(w.buf, '=', '"')
	w.buf = appendEscaped(w.buf, s)
	w.buf = append(w.buf, '"')
}

// children appends text, numbers, handles and (nested) arrays in order.
func (w *elementWriter) children(v goja.Value) {
	if o, ok := v.(*goja.Object); ok {
		// Array first: Export on an array would convert all of it.
		if o.ClassName() == "Array" {
			n := int(o.Get("length").ToInteger())
			for i := 0; i < n; i++ {
				w.children(o.Get(indexKey(i)))
			}
			return
		}
		if h, ok := o.Export().(*handle); ok {
			w.addNode(h.id)
		}
		// Functions and other objects render nothing, as in preact.
		return
	}
	if isNullish(v) || isBool(v) {
		return
	}
	lo := len(w.buf)
	w.buf = appendEscaped(w.buf, v.String())
	w.addBytes(lo)
}

var indexKeys = func() []string {
	k := make([]string, 1024)
	for i := range k {
		k[i] = strconv.Itoa(i)
	}
	return k
}()

func indexKey(i int) string {
	if i < len(indexKeys) {
		return indexKeys[i]
	}
	return strconv.Itoa(i)
}

// raw implements __portal_raw(html): trusted markup (islands' own renders).
func (w *elementWriter) raw(call goja.FunctionCall) goja.Value {
	w.open = w.open[:0]
	lo := len(w.buf)
	w.buf = append(w.buf, call.Argument(0).String()...)
	w.addBytes(lo)
	return w.finish()
}

// frag implements __portal_frag(children): a top-level array or text made
// into one handle, so render() can always return a handle.
func (w *elementWriter) frag(call goja.FunctionCall) goja.Value {
	return w.fragmentOf(call.Arguments)
}

func (w *elementWriter) fragmentOf(kids []goja.Value) goja.Value {
	w.open = w.open[:0]
	for _, k := range kids {
		w.children(k)
	}
	return w.finish()
}

func (w *elementWriter) island(call goja.FunctionCall) goja.Value {
	w.islands = append(w.islands, call.Argument(0).String())
	return w.rt.ToValue(len(w.islands) - 1)
}

// contains reports whether a props object's own names include name; a scan
// of the few names an element has is cheaper than another property lookup.
func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

func isNullish(v goja.Value) bool {
	return v == nil || goja.IsUndefined(v) || goja.IsNull(v)
}

func isBool(v goja.Value) bool {
	return v != nil && v.ExportType() == boolType
}

var boolType = reflect.TypeOf(true)

// appendEscaped escapes exactly what preact-render-to-string escapes: ", & and <.
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '"':
			rep = "&quot;"
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, rep...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

func validTag(tag string) bool {
	return tag != "" && !unsafeName(tag)
}

func unsafeName(s string) bool {
	return strings.ContainsAny(s, " \t\n\r\f\v\\/='\"\x00<>") || !utf8.ValidString(s)
}

func kebab(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			b.WriteRune(r + ('a' - 'A'))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// styleToCSS follows preact-render-to-string's styleObjToCss.
func styleToCSS(o *goja.Object) string {
	var b strings.Builder
	for _, prop := range o.Keys() {
		v := o.Get(prop)
		if isNullish(v) {
			continue
		}
		s := v.String()
		if s == "" {
			continue
		}
		name := prop
		if !strings.HasPrefix(prop, "-") {
			name = strings.ToLower(kebab(prop))
		}
		b.WriteString(name)
		b.WriteByte(':')
		b.WriteString(s)
		if goja.IsNumber(v) && !strings.HasPrefix(name, "--") && !nonDimensional[name] {
			b.WriteString("px;")
		} else {
			b.WriteByte(';')
		}
	}
	return b.String()
}

var (
	namespaceRe = regexp.MustCompile(`^(xlink|xmlns|xml)([A-Z])`)
	htmlLowerRe = regexp.MustCompile(`^(?:accessK|auto[A-Z]|cell|ch|col|cont|cross|dateT|encT|form[A-Z]|frame|hrefL|inputM|maxL|minL|noV|playsI|popoverT|readO|rowS|src[A-Z]|tabI|useM|item[A-Z])`)
	// Go's regexp has no lookahead; [^R] style classes are kept as in the
	// original, which consume one character exactly as JS does here.
	svgCamelRe = regexp.MustCompile(`^ac|^ali|arabic|basel|cap|clipPath$|clipRule$|color|dominant|enable|fill|flood|font|glyph[^R]|horiz|image|letter|lighting|marker[^WUH]|overline|panose|pointe|paint|rendering|shape|stop|strikethrough|stroke|text[^L]|transform|underline|unicode|units|^v[^i]|^w|^xH`)
)

// voidElements are preact-render-to-string's SELF_CLOSING set.
var voidElements = setOf("area", "base", "br", "col", "command", "embed", "hr", "img", "input", "keygen",
	"link", "meta", "param", "source", "track", "wbr")

// svgElements are the tags whose attributes follow SVG naming. Children are
// serialised before their parent here, so SVG mode is decided by the
// element's own tag instead of by its ancestry. preact-render-to-string
// switches to SVG naming for the children of <svg> (and foreignObject's
// own attributes), so <svg> itself, which pages place in HTML, is named as
// HTML and is not in this set; tags that exist in both HTML and SVG (a,
// script, style) are taken as HTML. A nested <svg> is the one difference
// (ssr/parity_test.go, knownDifferences).
var svgElements = setOf("animate", "animateMotion", "animateTransform", "circle", "clipPath", "defs", "desc",
	"ellipse", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
	"feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB",
	"feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset",
	"fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "filter", "foreignObject",
	"g", "image", "line", "linearGradient", "marker", "mask", "metadata", "mpath", "path", "pattern", "polygon",
	"polyline", "radialGradient", "rect", "set", "stop", "switch", "symbol", "text", "textPath", "title",
	"tspan", "use", "view")

var nonDimensional = setOf("animation-iteration-count", "border-image-outset", "border-image-slice",
	"border-image-width", "box-flex", "box-flex-group", "box-ordinal-group", "column-count", "fill-opacity",
	"flex", "flex-grow", "flex-negative", "flex-order", "flex-positive", "flex-shrink", "flood-opacity",
	"font-weight", "grid-column", "grid-row", "line-clamp", "line-height", "opacity", "order", "orphans",
	"stop-opacity", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "stroke-opacity",
	"stroke-width", "tab-size", "widows", "z-index", "zoom")

func setOf(s ...string) map[string]bool {
	m := make(map[string]bool, len(s))
	for _, x := range s {
		m[x] = true
	}
	return m
}
