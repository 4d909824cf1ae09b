// Command build bundles the front end (esbuild + Tailwind) into assets/dist.
// With -watch it rebuilds whenever a source changes (make dev).
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"time"

	"portal/ssr/bundle"
)

func main() {
	out := flag.String("out", "assets/dist", "output folder")
	noCSS := flag.Bool("no-css", false, "skip Tailwind")
	watch := flag.Bool("watch", false, "rebuild on change")
	flag.Parse()
	build := func() error {
		start := time.Now()
		m, err := bundle.Build(bundle.Options{Root: ".", OutDir: *out, SkipCSS: *noCSS, Minify: true})
		if err != nil {
			return err
		}
		fmt.Printf("built %d islands, css %s in %s\n", len(m.Islands), m.CSS, time.Since(start).Round(time.Millisecond))
		return nil
	}
	if err := build(); err != nil {
		log.Fatal(err)
	}
	if !*watch {
		return
	}
	// Polling keeps this dependency-free; a 400 ms tick is well below the
	// time it takes to switch to the browser.
	last := stamp()
	for range time.Tick(400 * time.Millisecond) {
		if s := stamp(); s != last {
			last = s
			if err := build(); err != nil {
				log.Print(err) // keep watching: the next save may fix it
			}
		}
	}
}

// stamp summarises the sources' modification times.
func stamp() string {
	var latest time.Time
	n := 0
	for _, dir := range []string{"templates", "islands", "ssr/runtime", "assets/app.css"} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if info, err := d.Info(); err == nil {
				n++
				if info.ModTime().After(latest) {
					latest = info.ModTime()
				}
			}
			return nil
		})
	}
	if _, err := os.Stat("assets/app.css"); err != nil {
		return ""
	}
	return fmt.Sprint(latest.UnixNano(), n)
}
