package importer_test

import (
	"context"
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/go-sql-driver/mysql"
)

// twoResumes runs two resumes of one interrupted run at once (a retry loop, a second
// terminal, a resume from another host), each with o as second changes it for the other
// one (nil: the same options). The two meet at the dump's line 4, the first reloaded row
// of the tests that use it, so that both have passed the resume's setup before either
// sends a row; a resume that ends first (refused at once, say) arrives as it ends, so the
// other does not wait for it. It returns both results and errors.
func twoResumes(ctx context.Context, cfg *mysql.Config, path string, o importer.Options, second func(importer.Options) importer.Options) (results [2]*importer.Result, errs [2]error) {
	var mu sync.Mutex
	arrived, met := 0, make(chan struct{})
	var done sync.WaitGroup
	for i := range 2 {
		done.Add(1)
		var once sync.Once
		arrive := func() {
			once.Do(func() {
				mu.Lock()
				if arrived++; arrived == 2 {
					close(met)
				}
				mu.Unlock()
			})
		}
		oi := o
		if i == 1 && second != nil {
			oi = second(oi)
		}
		oi.OnStatement = func(_ context.Context, st *split.Statement) error {
			if st.Line == 4 {
				arrive()
				<-met
			}
			return nil
		}
		oi.Log = &strings.Builder{}
		go func() {
			defer done.Done()
			defer arrive()
			results[i], errs[i] = importer.Import(ctx, cfg, importer.Source{Path: path}, oi)
		}()
	}
	done.Wait()
	return results, errs
}

// finishedOf returns the first of two resumes that finished, or the first one's outcome
// when neither did: what runReviewCase then compares with the client's database.
func finishedOf(results [2]*importer.Result, errs [2]error) (*importer.Result, error) {
	for i := range 2 {
		if errs[i] == nil && results[i].Status == importer.Finished {
			return results[i], nil
		}
	}
	return results[0], errs[0]
}
