// Package accessibility is the accessibility statement: a public page, linked from every
// page's footer, in the form of the W3C / EU model statement. Its figures (when the tests
// last ran, with which tools, over how many page states) are not written by hand:
// figures.json is rewritten by every complete, passing run of the browser flows
// (e2e/run.mjs) and built into the binary, so the page cannot claim more than the tests
// showed.
package accessibility

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/server"
)

//go:embed figures.json
var figuresJSON []byte

// Figures are what the last complete run of the browser flows measured.
type Figures struct {
	// Run is the day of the run (YYYY-MM-DD).
	Run   string `json:"run"`
	Flows int    `json:"flows"`
	Axe   struct {
		Version string   `json:"version"`
		Rules   []string `json:"rules"`
		Pages   int      `json:"pages"`
	} `json:"axe"`
	Browser string `json:"browser"`
	Driver  string `json:"driver"`
}

// LoadFigures reads the embedded figures; an unreadable file is a build error, not a page
// that states nothing.
func LoadFigures() (Figures, error) {
	var f Figures
	if err := json.Unmarshal(figuresJSON, &f); err != nil {
		return f, fmt.Errorf("accessibility: figures.json: %w", err)
	}
	if f.Run == "" || f.Flows == 0 || f.Axe.Pages == 0 || f.Axe.Version == "" {
		return f, fmt.Errorf("accessibility: figures.json lacks the run, the flows or axe's figures")
	}
	return f, nil
}

// StatementProps are the props of templates/pages/accessibility/AccessibilityStatement.tsx.
type StatementProps struct {
	Sandbox bool    `json:"sandbox"`
	Figures Figures `json:"figures"`
	// Run is the run's day as the portal shows days.
	Run     string `json:"run"`
	Support string `json:"support"`
}

// Path is the statement's address, which every footer links.
const Path = "/accessibility"

type area struct{ *server.Server }

// New is the accessibility statement area.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "accessibility", Routes: []*server.Route{
		{Name: "accessibility", Method: "GET", Path: Path, Access: server.Public, Handler: s.statement},
	}}
}

func (s area) statement(c fiber.Ctx) error {
	f, err := LoadFigures()
	if err != nil {
		return err
	}
	return s.Render(c, server.View{Title: "Accessibility statement",
		Page: pageAccessibilityStatement.With(StatementProps{Sandbox: s.Config.Sandbox(), Figures: f, Run: daterange.DisplayDay(f.Run), Support: s.Config.SupportURL})})
}
