package main

func runImport(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}
