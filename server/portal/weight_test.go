package portal

import (
	"testing"

	"portal/server/servertest"
)

// The islands every list page (LoadMore) and the batches page (BatchTemplate) load, each
// within the 10 KB gzip budget with its share of the runtime.
func TestIslandWeights(t *testing.T) {
	for _, island := range []string{"LoadMore", "BatchTemplateDialog"} {
		t.Run(island, func(t *testing.T) { servertest.CheckIslandWeight(t, island) })
	}
}
