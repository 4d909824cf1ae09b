package server

// statements area: see areas.go.

func (s *Server) statementsArea() area { return area{} }

func apiStatementOperations() []apiOp { return nil }
