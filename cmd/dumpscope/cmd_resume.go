package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/runrecord"
)

// resumeCommand is the command line that continues an interrupted import, as a user can
// paste it into a shell: --resume --checkpoint JOURNAL, then the original flags without
// --resume and --checkpoint (runrecord.PasteCommand, which leaves a password out). With
// sandboxSocket (a kept sandbox) it connects to that server instead of starting a new,
// empty one, so the sandbox flags are dropped. A password from an option file or
// MYSQL_PWD needs nothing, the flags that name the file are repeated as given.
func resumeCommand(command []string, journal, sandboxSocket string) string {
	args := []string{"dumpscope", "import", "--resume", "--checkpoint", journal}
	if sandboxSocket != "" {
		args = append(args, "--no-defaults", "-u", "root", "-S", sandboxSocket)
	}
	valued := map[string]bool{"checkpoint": true, "sandbox-dir": true, "sandbox-set": true, "server-binary": true, "sample-size": true}
	dropped := map[string]bool{"resume": true, "checkpoint": true}
	if sandboxSocket != "" {
		for _, n := range []string{"sandbox", "sandbox-dir", "sandbox-set", "server-binary", "keep-sandbox", "sample-size"} {
			dropped[n] = true
		}
	}
	return runrecord.PasteCommand(args, command, dropped, valued)
}

// checkResume checks the flags of a resume: stdin needs the journal named, and
// --resume-applied (byte offsets, comma-separated) goes with --resume; it reads the
// offsets into appliedOffsets.
func (o *importOptions) checkResume() error {
	if o.file == "-" && o.resume && o.checkpoint == "" {
		return errors.New("--resume of stdin needs --checkpoint FILE (the journal written by the interrupted run)")
	}
	if o.resumeApplied == "" {
		return nil
	}
	if !o.resume {
		return errors.New("--resume-applied goes with --resume")
	}
	for _, f := range strings.Split(o.resumeApplied, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("--resume-applied %q: want the byte offset the refusal named", f)
		}
		o.appliedOffsets = append(o.appliedOffsets, n)
	}
	return nil
}

// printProgressKept says that an incomplete import (or a refused resume) left dumpscope's
// progress schema in the target, and how to remove it when no resume is wanted: nothing
// else ever will, and a schema nobody asked for is a surprise in a production server. A
// removed sandbox takes it with it.
// giveUp is the statement that removes them (importer.Result.GiveUp); resumable says a
// journal lets --resume use them.
func printProgressKept(o *importOptions, giveUp string, resumable bool, s stdio) {
	if giveUp == "" || (o.sandbox && !o.keepSandbox) {
		return
	}
	if !resumable {
		fmt.Fprintf(s.Err, "dumpscope: %s holds this run's progress rows, which no resume can use (no --checkpoint FILE); remove them with: %s\n", checkpoint.ProgressSchema, giveUp)
		return
	}
	fmt.Fprintf(s.Err, "dumpscope: %s kept for --resume; to give up the resume: %s\n", checkpoint.ProgressSchema, giveUp)
}

// printResumeCommand tells how to continue an incomplete import: the user's command
// line (redacted) with --resume and the journal.
func printResumeCommand(o *importOptions, journal string, s stdio) {
	if o.sandbox && !o.keepSandbox {
		fmt.Fprintln(s.Err, "dumpscope: the sandbox is removed with what was imported into it: nothing to resume (--keep-sandbox keeps it to resume into)")
		return
	}
	socket := ""
	if o.sandbox { // the kept sandbox, not a new one
		socket = o.sandboxSocket
	}
	fmt.Fprintf(s.Err, "dumpscope: resumable; continue with:\n  %s\n", resumeCommand(o.command, journal, socket))
}

// printSerialRetry replaces the resume offer after a refusal that only a serial import
// avoids (importer.ErrSerialOnly), since a --resume would meet it again, and reports
// whether it did. It does not offer --start-at from the refused statement either: that
// replays only the SET/USE/DELIMITER before it, so user variables set by SELECT … INTO,
// temporary tables, the ROW_COUNT() of the statement before and the indexes
// --defer-indexes left for the end would not be the client's. The whole dump again,
// serially, into an empty target is exact.
func printSerialRetry(o *importOptions, res *importer.Result, s stdio) bool {
	var se *importer.StatementError
	if res == nil || !errors.As(res.Err, &se) || !errors.Is(se, importer.ErrSerialOnly) {
		return false
	}
	held := "holds what ran before line " + strconv.FormatInt(se.Line, 10)
	if res.GiveUp != "" {
		held += " and " + checkpoint.ProgressSchema + " (" + res.GiveUp + ")"
	}
	if o.sandbox && !o.keepSandbox {
		held = "(the sandbox) is removed with it"
	}
	dropped := map[string]bool{"resume": true, "checkpoint": true, "parallel": true, "batch-bytes": true, "load-data": true, "defer-indexes": true}
	fmt.Fprintf(s.Err, "dumpscope: no --resume: it would meet the same refusal. The target %s; import the whole dump again into an empty target, serially:\n  %s\n",
		held, runrecord.PasteCommand([]string{"dumpscope", "import"}, o.command, dropped, map[string]bool{"checkpoint": true, "parallel": true, "batch-bytes": true}))
	return true
}
