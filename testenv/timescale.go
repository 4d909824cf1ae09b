package testenv

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Scaled is d times the tests' time factor, for a bound on how long something may take that
// a busy machine stretches (a page answered during an outage, a ping's answer): the factor is
// the browser flows' (e2e/lib/time.mjs), E2E_TIME_SCALE when set, else 3 under CI (CI set, as
// .ci/run does) and 1 elsewhere. A bound that shows a timeout was honoured at all (hundreds of
// milliseconds against seconds) keeps its meaning at 3×; one that holds only on an idle laptop
// would fail CI on a loaded machine, which is a broken test, not a finding.
func Scaled(d time.Duration) time.Duration {
	return time.Duration(float64(d) * timeScale(os.Getenv("E2E_TIME_SCALE"), os.Getenv("CI")))
}

func timeScale(raw, ci string) float64 {
	if raw != "" {
		n, err := strconv.ParseFloat(raw, 64)
		if err != nil || n <= 0 {
			panic(fmt.Sprintf("E2E_TIME_SCALE must be a positive number, not %q", raw))
		}
		return n
	}
	if ci != "" && ci != "false" && ci != "0" {
		return 3
	}
	return 1
}
