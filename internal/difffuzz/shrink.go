package difffuzz

import (
	"context"
	"strings"
	"time"
)

// Shrinker reduces a script that shows a difference to a small one that still shows it:
// delta debugging (Zeller's ddmin, complements only) over the statements, then over the
// rows of each multi-row INSERT. Test runs one candidate; it reports whether the same
// difference (same mode, same kind) still shows.
type Shrinker struct {
	Test func(ctx context.Context, s Script) (bool, error)
	// Budget bounds the shrinking time; 0 means 15 minutes. When it runs out the
	// smallest script found so far is returned.
	Budget time.Duration
	// Tests counts the candidates tried.
	Tests int

	uses int // the script's USE statements: a filter script's candidates keep them all
}

// uses counts the USE statements of s (the filter profile's: they carry an owner).
func (s Script) uses() int {
	n := 0
	for _, st := range s.Stmts {
		if st.Own.Kind == ownDatabase && strings.HasPrefix(st.Head, "USE ") {
			n++
		}
	}
	return n
}

// Shrink returns the smallest script found that still passes Test.
func (sh *Shrinker) Shrink(ctx context.Context, s Script) (Script, error) {
	budget := sh.Budget
	if budget == 0 {
		budget = 15 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	s = s.clone()
	sh.uses = s.uses()
	// Statements.
	var err error
	s.Stmts, err = ddmin(ctx, s.Stmts, 0, func(cand []Stmt) (bool, error) {
		return sh.test(ctx, Script{Seed: s.Seed, Filter: s.Filter, Stmts: cand})
	})
	if err != nil {
		return s, err
	}
	// Rows of each INSERT, keeping at least one.
	for i := range s.Stmts {
		if len(s.Stmts[i].Rows) < 2 {
			continue
		}
		rows, err := ddmin(ctx, s.Stmts[i].Rows, 1, func(cand []Row) (bool, error) {
			c := s.clone()
			c.Stmts[i].Rows = cand
			return sh.test(ctx, c)
		})
		s.Stmts[i].Rows = rows
		if err != nil {
			return s, err
		}
	}
	// Statements once more: fewer rows can make others unnecessary.
	s.Stmts, err = ddmin(ctx, s.Stmts, 0, func(cand []Stmt) (bool, error) {
		return sh.test(ctx, Script{Seed: s.Seed, Filter: s.Filter, Stmts: cand})
	})
	if err != nil {
		return s, err
	}
	return sh.simplifyValues(ctx, s)
}

// simpler are the literals a value is tried as, simplest first.
var simpler = []string{"NULL", "0", "''"}

// simplifyValues replaces values by simpler literals where the difference stays: a whole
// column of an INSERT at once, then, in INSERTs of at most three rows, value by value.
func (sh *Shrinker) simplifyValues(ctx context.Context, s Script) (Script, error) {
	try := func(i int, set func(c *Script)) (bool, error) {
		c := s.clone()
		set(&c)
		if c.Stmts[i].Text() == s.Stmts[i].Text() {
			return false, nil
		}
		ok, err := sh.test(ctx, c)
		if ok {
			s = c
		}
		return ok, err
	}
	for i := range s.Stmts {
		rows := s.Stmts[i].Rows
		if len(rows) == 0 {
			continue
		}
		for col := range rows[0] {
			for _, lit := range simpler {
				ok, err := try(i, func(c *Script) {
					for _, r := range c.Stmts[i].Rows {
						if col < len(r) {
							r[col] = lit
						}
					}
				})
				if err != nil {
					return s, err
				}
				if ok {
					break
				}
			}
		}
		if len(s.Stmts[i].Rows) > 3 {
			continue
		}
		for ri := range s.Stmts[i].Rows {
			for col := range s.Stmts[i].Rows[ri] {
				for _, lit := range simpler {
					ok, err := try(i, func(c *Script) { c.Stmts[i].Rows[ri][col] = lit })
					if err != nil {
						return s, err
					}
					if ok {
						break
					}
				}
			}
		}
	}
	return s, nil
}

func (sh *Shrinker) test(ctx context.Context, s Script) (bool, error) {
	if ctx.Err() != nil {
		return false, nil // out of budget: keep what we have
	}
	if s.Filter != nil && s.uses() != sh.uses {
		// A filter script's owners say which database each statement is in; without a
		// USE the statements after it run in another one than their owners say, and the
		// reference would no longer be the filter's meaning (seed 113818's first shrink).
		return false, nil
	}
	sh.Tests++
	ok, err := sh.Test(ctx, s)
	if ctx.Err() != nil {
		return false, nil
	}
	return ok, err
}

// ddmin removes chunks of items, halving the chunk size when no chunk can go, while test
// still passes; it keeps at least keep items. It returns the smallest list that passed
// (items itself when none smaller did).
func ddmin[T any](ctx context.Context, items []T, keep int, test func([]T) (bool, error)) ([]T, error) {
	n := 2
	for len(items) > keep && ctx.Err() == nil {
		if n > len(items) {
			n = len(items)
		}
		chunk := (len(items) + n - 1) / n
		reduced := false
		for start := 0; start < len(items); start += chunk {
			end := min(start+chunk, len(items))
			cand := append(append([]T(nil), items[:start]...), items[end:]...)
			if len(cand) < keep {
				continue
			}
			ok, err := test(cand)
			if err != nil {
				return items, err
			}
			if ok {
				items, reduced = cand, true
				n = max(n-1, 2)
				break
			}
		}
		if !reduced {
			if chunk == 1 {
				break
			}
			n = min(2*n, len(items))
		}
	}
	return items, nil
}
