package main

func runGen(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}
