package importer

type renamer struct{ m map[string]string }

func newRenamer(m map[string]string) (renamer, error) { return renamer{m: m}, nil }
func (r *renamer) active() bool                       { return len(r.m) > 0 }
func (r *renamer) apply(t *Transform, st *Statement, q []byte) []byte {
	return nil
}
