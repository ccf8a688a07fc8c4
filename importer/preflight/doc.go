// Package preflight owns the checks an import makes of the target before (and, for a
// stream, beside) the replay, so that a restore refuses what it was not asked to do
// instead of failing or destroying half-way:
//   - Preflight: existing databases and tables the dump drops or writes into (--overwrite),
//     rows into a table that was empty counting as no loss (preflight.go);
//   - SystemCheck: system schemas and accounts, inside routine, trigger and event bodies,
//     compound statements and dynamic SQL too (--allow-system-schemas; guard_body.go);
//   - DefinerCheck: DEFINER= accounts the importing account may not assign
//     (--strip-definers; definer.go);
//   - EstimateSpace: the dump's size against the datadir's free space (space.go);
//   - ConnRoom: --parallel's connections against max_connections and the account's
//     limit (connlimit.go); PrivilegeHint and CurrentAccount: the grant a refusal needs
//     (privileges.go).
//
// The checks read statements (importer/split, importer/sqlscan, the DEFINER reader of
// importer/transform) and ask the target; the importer decides what a finding does (a
// refusal, a question, a warning). It must not import the rest of the importer, nor
// advisor, report, tui or rules.
package preflight
