package mfa

import (
	"fmt"
	"strconv"
	"strings"

	"rsc.io/qr"
)

// QRLabel is the QR code's accessible name.
const QRLabel = "QR code for setting up the authenticator app"

// QuietZone is the light border around the code, in modules (ISO/IEC 18004 asks for 4).
const QuietZone = 4

// QRSVG encodes text as a QR code (error correction level M) and renders it as a compact
// inline SVG: a light background and one path holding every dark module, built from
// horizontal runs. Coordinates are in modules, so the viewBox is the code's size plus the
// quiet zone and the SVG scales to whatever box CSS gives it. It refers to nothing outside
// itself (no href, no url()), so it passes any CSP and works without JavaScript.
//
// The output depends only on text.
func QRSVG(text string) (string, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", fmt.Errorf("mfa: encoding QR code: %w", err)
	}
	side := strconv.Itoa(c.Size + 2*QuietZone)

	var d strings.Builder
	d.Grow(c.Size * c.Size) // about 1 byte per module in practice
	for y := range c.Size {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			// A run is a 1-high rectangle: move, right, down, back left, close.
			n := strconv.Itoa(run)
			d.WriteString("M")
			d.WriteString(strconv.Itoa(x + QuietZone))
			d.WriteString(" ")
			d.WriteString(strconv.Itoa(y + QuietZone))
			d.WriteString("h")
			d.WriteString(n)
			d.WriteString("v1h-")
			d.WriteString(n)
			d.WriteString("z")
			x += run
		}
	}

	var b strings.Builder
	b.Grow(d.Len() + 300)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	b.WriteString(side + " " + side)
	b.WriteString(`" role="img" aria-label="` + QRLabel + `" shape-rendering="crispEdges">`)
	// The light background keeps the quiet zone light on a dark page, which scanners need.
	b.WriteString(`<rect width="` + side + `" height="` + side + `" fill="#fff"/>`)
	b.WriteString(`<path fill="#000" d="`)
	b.WriteString(d.String())
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
