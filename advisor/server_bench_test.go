package advisor

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// BenchmarkSamplerQueries times one tick of the server sampler and the statements it
// chooses between, on an idle sandbox (go test -bench SamplerQueries -run ^$ ./advisor):
// the per-tick cost that must stay well under 1 % of a 1 s interval.
func BenchmarkSamplerQueries(b *testing.B) {
	srv := testsandbox.Start(b)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	s, err := NewServerSampler(ctx, db, ServerSamplerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("tick", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Sample(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	for name, q := range map[string]string{
		"all-status":       "SHOW GLOBAL STATUS",
		"sampled-status":   s.statusQuery,
		"all-variables":    "SHOW GLOBAL VARIABLES",
		"watched-select":   s.watchedSelect,
		"watched-show":     "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('" + strings.Join(watchedVariables(), "','") + "')",
		"engine-status":    "SHOW ENGINE INNODB STATUS",
		"select-1-latency": "SELECT 1",
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				rows, err := db.QueryContext(ctx, q)
				if err != nil {
					b.Fatal(err)
				}
				for rows.Next() {
				}
				rows.Close()
			}
		})
	}
}
