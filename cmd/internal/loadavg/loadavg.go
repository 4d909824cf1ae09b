// Package loadavg reads the machine's load average, which the benchmarks
// print beside their figures: on a shared machine a figure means little
// without how busy the machine was while it was taken.
package loadavg

import (
	"fmt"
	"os"
	"strings"
)

// Read is the 1, 5 and 15 minute load averages as the kernel words them
// ("0.52 0.58 0.59"), or why they cannot be read.
func Read() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return parse(string(b))
}

func parse(s string) string {
	f := strings.Fields(s)
	if len(f) < 3 {
		return fmt.Sprintf("unknown (/proc/loadavg: %q)", s)
	}
	return strings.Join(f[:3], " ")
}
