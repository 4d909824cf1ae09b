package server

// dashboard area: see areas.go.

func (s *Server) dashboardArea() area { return area{} }

func apiDashboardOperations() []apiOp { return nil }
