package plan

// AutocommitOn reports whether the client's connection is in autocommit mode after the
// statement p planned last, as the planner follows it: the dump's SETs of autocommit, a
// user variable holding a known value (SET AUTOCOMMIT = @OLD_AUTOCOMMIT), DEFAULT as the
// dump's SET GLOBAL autocommit left it, the SET a readable wrapper runs. Where it cannot
// tell, the run has turned serial. The replay gives the workers' sessions this fact
// (replay's workerSession) rather than following the SETs a second time, which missed
// the SET GLOBAL (TestWorkerReadsAutocommitFromGlobalDefault). A function, not a method:
// Planner is one method short of the layout's limit.
func AutocommitOn(p *Planner) bool { return p.autocommit }

// AutocommitSetTo reports the autocommit the session statement p planned last gave the
// client's connection (on), where it assigned one the planner knows (set): a literal, a
// user variable holding one, DEFAULT as the dump's SET GLOBAL autocommit left it. A
// resume that sends such a statement again reads DEFAULT from the GLOBAL as it is now,
// which a later SET GLOBAL of the dump may have changed (replay's keepAutocommit).
func AutocommitSetTo(p *Planner) (on, set bool) { return p.acOn, p.acSet && p.acKnown }
