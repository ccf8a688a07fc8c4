package importer

import (
	"context"
	"io"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Options are the import's settings (the flags of `dumpscope import`).
type Options struct {
	Parallel       int   // connections that replay rows (1: exactly the client's stream)
	BatchBytes     int64 // SQL per transaction with Parallel > 1 or a checkpoint
	ReadAheadBytes int64 // spool beyond the memory queue (ParallelOptions.SpoolBytes)
	Force          bool
	Overwrite      bool
	// AllowSystemSchemas lets the dump change mysql.*, sys, performance_schema and
	// accounts (--allow-system-schemas); otherwise the preflight refuses it.
	AllowSystemSchemas bool
	// PreflightScan reads a dump file through before its first statement whenever the
	// target holds a database (--preflight-scan): every object it would overwrite is listed
	// and refused before anything runs, a dump that a parallel replay would refuse half-way
	// runs serially from the start, and the progress knows its tables. A terminal's
	// question (Confirm) and definers to check read it through too. Otherwise each
	// statement is checked just before it runs and the import stops before the first that
	// would overwrite, what ran before it staying: the file is inflated and split once,
	// not twice (0.6–0.8 s of CPU on a 200 MiB dump).
	PreflightScan    bool
	StripDefiners    bool
	LocalInfile      bool
	BinaryMode       bool
	Comments         bool
	SkipWarningCount bool
	SkipRowCounts    bool
	// CheckpointPath is the journal; "" with Parallel > 1 on a file means FILE.dumpscope-checkpoint.
	CheckpointPath string
	Resume         bool
	// ResumeApplied are offsets of non-transactional statements that a resume refused as
	// maybe half applied and that the user checked are complete (--resume-applied).
	ResumeApplied []int64
	// CharsetGiven says --default-character-set named a charset (not auto): a resume
	// whose charset differs from the interrupted run's is then refused rather than set
	// back to that run's (checkpoint.Params.CharsetGiven).
	CharsetGiven    bool
	SkipBinlog      bool
	RelaxDurability bool
	DeferIndexes    bool
	// LoadData sends plain row inserts as LOAD DATA LOCAL streams where exact.
	LoadData bool
	// CheckParallel: a serial replay says in its Progress whether the dump could run in
	// parallel exactly (ReplayOptions.CheckParallel), for the advisor's hint.
	CheckParallel bool
	// OtherConnections are the connections the caller opens to the same server while the
	// import runs (the sampler's): the workers are reduced so that they fit
	// max_connections too (Result.Used).
	OtherConnections int
	// Stop, when closed, ends the import gracefully after the statement in flight.
	Stop <-chan struct{}
	// OnStopWait, when set, also receives what a stop still waits for, each time Log
	// does (without the "dumpscope: stopping:" prefix and the advice on aborting): the
	// dashboard shows it while the log is held.
	OnStopWait func(what string)
	// StopAbortHint says, in the log's "still waiting" line, how the operator aborts the
	// statement a stop waits for; empty: "press Ctrl-C again (or send the signal again)".
	// Under the dashboard Ctrl-C is a key and the log is held until the screen closes, so
	// the caller names the dashboard's own way (q, then y).
	StopAbortHint string
	// Log receives messages for people (what is being done, notes, warnings).
	Log io.Writer
	// Confirm asks a yes/no question (a TTY); nil answers no.
	Confirm func(question string) bool
	// OnReplay is called once the replay is about to start, with its live progress; the
	// function it returns is called when the replay has ended, before row counts. The
	// command starts and stops its sampling session here.
	OnReplay func(in *dumpfile.Input, progress func() Progress) (done func())
	// OnConnected, when set, is called once the import's connections are open (the room
	// for them counted), before the preflight: the command may open its sampling session
	// beside the preflight rather than before the first statement, where it was serial time
	// (a SHOW GLOBAL VARIABLES, 60-140 ms at load 10-20).
	OnConnected func()
	// OnStatement, when set, is called before each statement is dispatched, after the
	// preflight's own check; blocking in it holds the import between statements (the
	// dashboard's pause). An error stops the import as a refusal does.
	OnStatement func(ctx context.Context, st *split.Statement) error
	// Transform chooses and rewrites statements (filters, renames, --compat, GTID
	// policy, DEFINER, start offset; importer/transform). The zero value sends the client's stream.
	Transform transform.Options
	// Rejects, with Force on a serial import, receives each failed statement (rejects.go).
	Rejects *Rejects

	// Test hooks (export_test.go); what Import decides itself is in resolved, not here.
	inWorker         func()                       // replay.ReplayOptions.InWorker
	afterDDL         func(*split.Statement) error // replay.ReplayOptions.AfterDDL
	afterMark        func(*split.Statement) error // replay.ReplayOptions.AfterMark
	beforeIndexBuild func()                       // replay.ReplayOptions.BeforeIndexBuild
}
