package provider

import "io"

// Export states. Every export the provider writes in the background (statements, payout
// reports) is one job of the same machinery: requested, it waits in the queue (queued), is
// written (generating), then can be downloaded (ready); one that failed too often says so.
const (
	ExportQueued     = "queued"
	ExportGenerating = "generating"
	ExportReady      = "ready"
	ExportFailed     = "failed"
)

// ExportStates lists the states in order.
func ExportStates() []string {
	return []string{ExportQueued, ExportGenerating, ExportReady, ExportFailed}
}

// ExportPending reports whether an export in state is still being made.
func ExportPending(state string) bool { return state == ExportQueued || state == ExportGenerating }

// ExportFile is an open export file. The caller reads it once and closes it.
type ExportFile struct {
	io.ReadCloser
	// Filename is what the download is saved as.
	Filename    string
	ContentType string
}
