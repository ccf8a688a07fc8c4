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
