package cliflag

import (
	"testing"

	"github.com/spf13/pflag"
)

func TestEditDistanceSuggest(t *testing.T) {
	f := pflag.NewFlagSet("x", pflag.ContinueOnError)
	f.Int("parallel", 1, "")
	f.Bool("no-tui", false, "")
	for in, want := range map[string]string{"paralel": "parallel", "paralell": "parallel", "notui": "no-tui", "zzz": "", "par": "parallel"} {
		if got := Suggest(f, in); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
