// Command build bundles the front end (esbuild + Tailwind) into assets/dist.
package main

import (
	"flag"
	"fmt"
	"log"
	"time"

	"portal/ssr/bundle"
)

func main() {
	out := flag.String("out", "assets/dist", "output folder")
	noCSS := flag.Bool("no-css", false, "skip Tailwind")
	flag.Parse()
	start := time.Now()
	m, err := bundle.Build(bundle.Options{Root: ".", OutDir: *out, SkipCSS: *noCSS, Minify: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("built %d islands, css %s in %s\n", len(m.Islands), m.CSS, time.Since(start).Round(time.Millisecond))
}
