package main

import (
	"context"
	"fmt"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// runRestoreSettings puts back the global settings that `import --relax-durability`
// changed, from the values it saved in the server before changing them. Needed only when
// dumpscope itself died before it could restore them.
func runRestoreSettings(args []string, s stdio) int {
	f := newCmdFlags("restore-settings",
		"Put back the global settings that import --relax-durability changed, from the values it saved in the server before changing them. Needed only when dumpscope died before it could restore them itself.",
		"[OPTIONS]")
	conn := f.connection()
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if err := f.noArgs(); err != nil {
		return f.fail(s, err)
	}
	cfg, err := resolveConn(conn, s)
	if err != nil {
		printError(s.Err, "restore-settings", err)
		return exitFailure
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, c, err := dbconn.OpenConn(ctx, cfg)
	if err != nil {
		printError(s.Err, "restore-settings", err)
		return exitFailure
	}
	defer db.Close()
	defer c.Close()
	restored, ignored, err := importer.RestoreSettings(ctx, c)
	for _, r := range restored {
		fmt.Fprintf(s.Out, "SET GLOBAL %s = %s\n", r.Name, r.Value)
	}
	for _, i := range ignored {
		fmt.Fprintln(s.Err, "dumpscope restore-settings: warning:", i)
	}
	if err != nil {
		printError(s.Err, "restore-settings", err)
		return exitFailure
	}
	if len(restored) == 0 && len(ignored) == 0 {
		fmt.Fprintln(s.Err, "dumpscope restore-settings: nothing to restore on", dbconn.Describe(cfg))
	}
	return exitOK
}
