package mfa

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rsc.io/qr"
)

type svgDoc struct {
	XMLName   xml.Name `xml:"svg"`
	ViewBox   string   `xml:"viewBox,attr"`
	Role      string   `xml:"role,attr"`
	AriaLabel string   `xml:"aria-label,attr"`
	Shape     string   `xml:"shape-rendering,attr"`
	Rects     []struct {
		Fill string `xml:"fill,attr"`
	} `xml:"rect"`
	Paths []struct {
		D    string `xml:"d,attr"`
		Fill string `xml:"fill,attr"`
	} `xml:"path"`
}

var runRE = regexp.MustCompile(`^M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

func TestQRSVG(t *testing.T) {
	t.Parallel()
	texts := []string{
		"otpauth://totp/Portal:alice@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Portal&algorithm=SHA1&digits=6&period=30",
		"hello",
		URI("Nordic Pay", "mfa-totp@demo.example", NewSecret()),
	}
	for _, text := range texts {
		t.Run(text[:5], func(t *testing.T) {
			svg, err := QRSVG(text)
			if err != nil {
				t.Fatal(err)
			}
			var doc svgDoc
			if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
				t.Fatalf("not XML: %v\n%s", err, svg)
			}
			code, err := qr.Encode(text, qr.M)
			if err != nil {
				t.Fatal(err)
			}
			side := code.Size + 2*QuietZone
			if doc.ViewBox != fmt.Sprintf("0 0 %d %d", side, side) {
				t.Errorf("viewBox = %q, want side %d", doc.ViewBox, side)
			}
			if doc.Role != "img" || doc.AriaLabel != "QR code for setting up the authenticator app" || doc.Shape != "crispEdges" {
				t.Errorf("attributes: role %q aria-label %q shape-rendering %q", doc.Role, doc.AriaLabel, doc.Shape)
			}
			if len(doc.Paths) != 1 {
				t.Fatalf("%d paths, want 1", len(doc.Paths))
			}
			for _, ref := range []string{"href", "url(", "<image", "<use", "<script", "<foreignObject"} {
				if strings.Contains(svg, ref) {
					t.Errorf("SVG contains %q", ref)
				}
			}

			// Replay the path onto a grid: each dark module exactly once, nothing in the
			// quiet zone, and the grid equal to the code's.
			grid := make([][]bool, side)
			for i := range grid {
				grid[i] = make([]bool, side)
			}
			d := doc.Paths[0].D
			painted := 0
			for d != "" {
				m := runRE.FindStringSubmatch(d)
				if m == nil {
					t.Fatalf("unexpected path data at %q", d[:min(len(d), 30)])
				}
				x, _ := strconv.Atoi(m[1])
				y, _ := strconv.Atoi(m[2])
				n, _ := strconv.Atoi(m[3])
				if m[3] != m[4] {
					t.Fatalf("run %q does not close", m[0])
				}
				for i := range n {
					if x+i < QuietZone || y < QuietZone || x+i >= side-QuietZone || y >= side-QuietZone {
						t.Fatalf("module (%d,%d) in the quiet zone", x+i, y)
					}
					if grid[y][x+i] {
						t.Fatalf("module (%d,%d) painted twice", x+i, y)
					}
					grid[y][x+i] = true
					painted++
				}
				d = d[len(m[0]):]
			}
			dark := 0
			for y := range code.Size {
				for x := range code.Size {
					if code.Black(x, y) {
						dark++
					}
					if grid[y+QuietZone][x+QuietZone] != code.Black(x, y) {
						t.Fatalf("module (%d,%d) differs from the code", x, y)
					}
				}
			}
			if painted != dark || dark == 0 {
				t.Errorf("painted %d modules, code has %d dark", painted, dark)
			}

			again, _ := QRSVG(text)
			if again != svg {
				t.Error("same text, different SVG")
			}
		})
	}
}

func TestQRSVGTooLong(t *testing.T) {
	t.Parallel()
	if _, err := QRSVG(strings.Repeat("x", 5000)); err == nil {
		t.Error("a text beyond QR capacity was encoded")
	}
}
