package ratelimit

import (
	"testing"

	"portal/testenv/redistest"
)

// The Redis conformance cases run on a real 3-master Cluster too, started once for the package.
func TestMain(m *testing.M) { redistest.Main(m) }
