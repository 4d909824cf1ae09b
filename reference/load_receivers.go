package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"portal/reference/seeddata"
)

// loadReceivers saves a set's receivers through the receivers page's own check and insert,
// at their past times.
func loadReceivers(ctx context.Context, tx *sql.Tx, now time.Time, receivers []seeddata.Receiver) error {
	for i, rc := range receivers {
		in := rc.ReceiverCreate
		if err := checkReceiver(&in); err != nil {
			return fmt.Errorf("reference: seed receiver %d: %w", i, err)
		}
		if _, _, err := insertReceiver(ctx, tx, rc.OrganisationID, in, now.Add(-rc.Age)); err != nil {
			return err
		}
	}
	return nil
}
