package rangepicker

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageDateRange = server.NewPage[DateRangePageProps]("DateRange")

	_ = server.NewIsland[ShellDateRange]("DateRangePicker")
)
