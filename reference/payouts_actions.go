package reference

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"portal/provider"
)

var (
	qPayoutRowByReference = sq("payout-row-by-reference")
	qPayoutCancelRequest  = sq("payout-cancel-request")
)

// CancelPayout implements provider.Payouts. It records the cancellation and makes the payout
// due; the processor's next step finishes it (finishCancel), so a cancellation and a step of
// the lifecycle never both act on one payout: whichever commits first, the other sees.
func (s *PayoutService) CancelPayout(ctx context.Context, orgID, reference string, by provider.PayoutInitiator) (provider.PayoutCancellation, error) {
	if by.Type == "" {
		by.Type = provider.InitiatorUser
	}
	if (by.Type != provider.InitiatorUser && by.Type != provider.InitiatorAPI) || len(by.Name) > 255 {
		return provider.PayoutCancellation{}, provider.Errorf(provider.EINVALID, "Unknown initiator.")
	}
	err := s.inTx(ctx, "cancel payout", func(tx *sql.Tx) error {
		p, err := readPayoutRow(ctx, tx, qPayoutRowByReference, orgID, reference)
		if err != nil {
			return err
		}
		if p.cancelRequested {
			return nil
		}
		if !slices.Contains(provider.CancellableStatuses(), provider.PayoutStateCategory(p.state)) {
			return provider.Errorf(provider.ECONFLICT, provider.MsgPayoutCancelRefused)
		}
		now := formatTime(s.now())
		_, err = tx.ExecContext(ctx, qPayoutCancelRequest, now, by.Type, by.Name, now, p.id)
		if err != nil {
			return fmt.Errorf("reference: cancel payout: %w", err)
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditPayoutCancelled, RecordKind: "payout",
			RecordID: reference, Changes: []provider.AuditChange{{Field: "cancel_requested", Before: "no", After: "yes"}}})
	})
	if err != nil {
		return provider.PayoutCancellation{}, err
	}
	s.wakePayouts()
	return provider.PayoutCancellation{Status: provider.CancelStatusPending}, nil
}

// PayoutTestCase implements provider.Payouts. The test cases stand for the bank's answers,
// so they make the same transitions (and the same ledger movements) the lifecycle does.
func (s *PayoutService) PayoutTestCase(ctx context.Context, orgID, reference, testCase string) (provider.PayoutRequest, error) {
	var out provider.PayoutRequest
	if !slices.ContainsFunc(provider.PayoutTestCases(), func(c provider.StateCategory) bool { return c.Code == testCase }) {
		return out, provider.Errorf(provider.EINVALID, "Unknown test case.")
	}
	err := s.inTx(ctx, "payout test case", func(tx *sql.Tx) error {
		p, err := readPayoutRow(ctx, tx, qPayoutRowByReference, orgID, reference)
		if err != nil {
			return err
		}
		refused := provider.Errorf(provider.ECONFLICT, "Test case %s is not possible for a payout in state %s.", testCase, p.state)
		before := p.state
		if p.cancelRequested {
			return provider.Errorf(provider.ECONFLICT, "The payout is being cancelled.")
		}
		if !slices.ContainsFunc(provider.PayoutTestCasesFor(p.state), func(c provider.StateCategory) bool { return c.Code == testCase }) {
			return refused
		}
		switch testCase {
		case provider.TestCaseHold:
			err = s.movePayout(ctx, tx, &p, provider.StateHalted, "", nil, nil)
		case provider.TestCaseSuccess:
			err = s.movePayout(ctx, tx, &p, provider.StateCompleted, "", nil, nil)
		case provider.TestCaseReturned:
			if err = s.releasePayout(ctx, tx, &p, provider.EntryPayoutReturned); err == nil {
				err = s.movePayout(ctx, tx, &p, provider.StateReturned, provider.ReasonInvalidCreditorAccount, nil, nil)
			}
		}
		if err != nil {
			return err
		}
		if out, err = loadPayout(ctx, tx, orgID, reference, true); err != nil {
			return err
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditPayoutTestCase, RecordKind: "payout",
			RecordID: reference, Changes: []provider.AuditChange{{Field: "test_case", After: testCase},
				{Field: "state", Before: before, After: out.Status}}})
	})
	return out, err
}
