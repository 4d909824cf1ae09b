package server

// funding area: see areas.go.

func (s *Server) fundingArea() area { return area{} }

func apiFundingOperations() []apiOp { return nil }
