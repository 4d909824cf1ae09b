package reference

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

var (
	qReadableAccount      = sq("readable-account")
	qEntryTypeCount       = sq("entry-type-count")
	qMovementsCount       = sq("movements-count")
	qMovementsPage        = sq("movements-page")
	qRunningBalanceBefore = sq("running-balance-before")
)

// readableAccount returns the currency, balance and entry count of an account orgID owns or
// that is shared with it; ENOTFOUND otherwise (system accounts included).
func (s *LedgerService) readableAccount(ctx context.Context, orgID, number string) (code, balance string, count int64, err error) {
	err = s.read.QueryRowContext(ctx, qReadableAccount,
		number, orgID, orgID).Scan(&code, &balance, &count)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", 0, provider.Errorf(provider.ENOTFOUND, "An error occurred while accessing this account.")
	}
	if err != nil {
		return "", "", 0, fmt.Errorf("reference: account: %w", err)
	}
	return code, balance, count, nil
}

// A cursor is the (created_at, seq) key of an entry, base64url: opaque to callers, and a page
// after it is an index range scan however deep it is.
const cursorPrefix = "c1|"

func encodeCursor(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + formatTime(at) + "|" + id))
}

func decodeCursor(c string) (string, int64, error) {
	bad := provider.Errorf(provider.EINVALID, "Invalid cursor.")
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || !strings.HasPrefix(string(raw), cursorPrefix) {
		return "", 0, bad
	}
	at, seqText, ok := strings.Cut(strings.TrimPrefix(string(raw), cursorPrefix), "|")
	if !ok {
		return "", 0, bad
	}
	if _, err := parseTime(at); err != nil {
		return "", 0, bad
	}
	seq, err := strconv.ParseInt(seqText, 10, 64)
	if err != nil || seq <= 0 {
		return "", 0, bad
	}
	return at, seq, nil
}

// Movements implements provider.Ledger.
func (s *LedgerService) Movements(ctx context.Context, orgID, accountNumber string, f provider.MovementFilter) (provider.MovementPage, error) {
	page := provider.MovementPage{Entries: []provider.Entry{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultMovementLimit, provider.MaxMovementLimit)
	if err != nil {
		return page, err
	}
	if f.EntryType != "" && !provider.ValidEntryType(f.EntryType) {
		return page, provider.Errorf(provider.EINVALID, "Unknown entry type.")
	}
	_, _, count, err := s.readableAccount(ctx, orgID, accountNumber)
	if err != nil {
		return page, err
	}

	w := filters(accountNumber)
	w.equal("entry_type", f.EntryType)
	w.period("created_at", f.CreatedAfter, f.CreatedBefore)
	filtered := len(w.args) > 1
	switch {
	case f.EntryType != "" && f.CreatedAfter.IsZero() && f.CreatedBefore.IsZero():
		err := s.read.QueryRowContext(ctx, qEntryTypeCount, accountNumber, f.EntryType).Scan(&page.Total)
		if err != nil {
			return page, fmt.Errorf("reference: movements: %w", err)
		}
	case filtered:
		// A date range is counted: its cost grows with the range, not with the account.
		if err := s.read.QueryRowContext(ctx, qMovementsCount+w.sql, w.args...).Scan(&page.Total); err != nil {
			return page, fmt.Errorf("reference: movements: %w", err)
		}
	default:
		page.Total = int(count)
	}

	query, cargs, err := k.paged(qMovementsPage+w.sql, "")
	if err != nil {
		return page, err
	}
	got, err := readKeyset(ctx, s.read, k, query, append(w.args, cargs...), func(rows *sql.Rows) (provider.Entry, time.Time, int64, error) {
		var e provider.Entry
		seq, err := scanEntrySeq(rows, &e)
		return e, e.Date, seq, err
	})
	if err != nil {
		return page, fmt.Errorf("reference: movements: %w", err)
	}
	page.Entries = append(page.Entries, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// AccountSummary implements provider.Ledger. Balances at a time are the running balance of
// the account's last entry before it.
func (s *LedgerService) AccountSummary(ctx context.Context, orgID, accountNumber string, after, before time.Time) (provider.AccountSummary, error) {
	code, balance, _, err := s.readableAccount(ctx, orgID, accountNumber)
	if err != nil {
		return provider.AccountSummary{}, err
	}
	if !after.IsZero() && !before.IsZero() && before.Before(after) {
		return provider.AccountSummary{}, provider.Errorf(provider.EINVALID, "The period ends before it starts.")
	}
	zero := money.Zero(currency.Decimals(code)).String()
	at := func(t time.Time) (string, error) {
		if t.IsZero() {
			return zero, nil
		}
		var rb string
		err := s.read.QueryRowContext(ctx, qRunningBalanceBefore,
			accountNumber, formatTime(t)).Scan(&rb)
		if errors.Is(err, sql.ErrNoRows) {
			return zero, nil
		}
		if err != nil {
			return "", fmt.Errorf("reference: account summary: %w", err)
		}
		return rb, nil
	}
	sum := provider.AccountSummary{CurrentBalance: balance, CurrencyCode: code}
	if sum.OpeningBalance, err = at(after); err != nil {
		return sum, err
	}
	if before.IsZero() {
		sum.ClosingBalance = balance
	} else if sum.ClosingBalance, err = at(before); err != nil {
		return sum, err
	}
	return sum, nil
}
