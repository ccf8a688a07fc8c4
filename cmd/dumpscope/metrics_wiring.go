package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/metrics"
)

// metricsFlags are --listen and --metrics-textfile, shared by import and watch.
type metricsFlags struct {
	listen   string
	textfile string
}

func addMetricsFlags(fs *flag.FlagSet) *metricsFlags {
	m := &metricsFlags{}
	fs.StringVar(&m.listen, "listen", "", "serve Prometheus metrics on this `address` while running (a bare port means 127.0.0.1:PORT; HOST:PORT or :PORT to open it to the network)")
	fs.StringVar(&m.textfile, "metrics-textfile", "", "write the final metrics to this `file` (atomically) for node_exporter's textfile collector, e.g. /var/lib/node_exporter/dumpscope.prom")
	return m
}

// enabled reports whether either output is asked for.
func (m *metricsFlags) enabled() bool { return m != nil && (m.listen != "" || m.textfile != "") }

// check refuses what cannot work, before anything starts: the metrics come from the
// advisor's ticks, so --no-advisor leaves nothing to export.
func (m *metricsFlags) check(noAdvisor bool) error {
	if !m.enabled() {
		return nil
	}
	if noAdvisor {
		return errors.New("--listen and --metrics-textfile export the sampler's ticks; drop --no-advisor to use them")
	}
	if m.listen != "" {
		if _, _, err := metrics.ListenAddr(m.listen); err != nil {
			return err
		}
	}
	return nil
}

// metricsRun is one run's exporter: nil when neither flag was given (its methods then
// do nothing).
type metricsRun struct {
	collector *metrics.Collector
	server    *metrics.Server
	textfile  string
}

// start creates the collector and binds the endpoint. dump is the dump's name ("" for
// watch); the target is the server's address only, never the user.
func (m *metricsFlags) start(s stdio, dump string, cfg *mysql.Config) (*metricsRun, error) {
	if !m.enabled() {
		return nil, nil
	}
	target := cfg.Addr
	if cfg.Net == "unix" {
		target = "unix:" + cfg.Addr
	}
	r := &metricsRun{textfile: m.textfile, collector: metrics.New(metrics.Options{
		RunID: importer.NewRunID()[:16], Dump: dump, Target: target, Version: version,
	})}
	if m.listen == "" {
		return r, nil
	}
	addr, loopback, err := metrics.ListenAddr(m.listen)
	if err != nil {
		return nil, err
	}
	if r.server, err = metrics.Serve(addr, r.collector); err != nil {
		return nil, err
	}
	if !loopback {
		fmt.Fprintf(s.Err, "dumpscope: warning: metrics on %s are reachable from other machines (dump and server names included); use 127.0.0.1:PORT to keep them local\n", r.server.Addr())
	}
	fmt.Fprintf(s.Err, "dumpscope: metrics at http://%s/metrics\n", r.server.Addr())
	return r, nil
}

// sinks is the collector as the session's extra sink.
func (r *metricsRun) sinks() []advisor.Sink {
	if r == nil {
		return nil
	}
	return []advisor.Sink{r.collector}
}

// setEnv passes what the session learned at its start (server, devices, probe).
func (r *metricsRun) setEnv(sess *advisorSession) {
	if r != nil && sess != nil {
		r.collector.SetEnv(sess.env)
	}
}

// finishImport records the import's outcome (its exit code and the replayer's totals)
// and finishes as finish does.
func (r *metricsRun) finishImport(code int, res *importer.ReplayResult, in *importer.Input, s stdio) int {
	if r == nil {
		return code
	}
	f := metrics.Final{Phase: metrics.PhaseFailed}
	switch code {
	case exitOK, exitSQLErrors:
		f.Phase = metrics.PhaseFinished
	case exitInterrupted:
		f.Phase = metrics.PhaseInterrupted
	}
	if res != nil {
		p := importProgress(res.Progress, in)
		f.Progress, f.Tables = &p, len(res.Tables)
	}
	r.collector.Finish(f)
	return r.finish(code, s)
}

// finish writes the textfile and stops the endpoint, and returns the exit code: a
// textfile that cannot be written fails an otherwise successful run, since a batch
// job's monitoring relies on it.
func (r *metricsRun) finish(code int, s stdio) int {
	if r == nil {
		return code
	}
	r.close(s)
	if r.textfile == "" {
		return code
	}
	if err := metrics.WriteTextfile(r.textfile, r.collector); err != nil {
		fmt.Fprintln(s.Err, "dumpscope:", err)
		if code == exitOK {
			code = exitFailure
		}
		return code
	}
	fmt.Fprintln(s.Err, "dumpscope: metrics written to", r.textfile)
	return code
}

// close stops the endpoint (waiting up to 5 s for a scrape in flight); a second call
// does nothing.
func (r *metricsRun) close(s stdio) {
	if r == nil || r.server == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.server.Shutdown(ctx); err != nil {
		fmt.Fprintln(s.Err, "dumpscope: metrics endpoint:", err)
	}
	r.server = nil
}

// importProgress is the replayer's progress as the advisor's ticks carry it.
func importProgress(p importer.Progress, in *importer.Input) advisor.ImportProgress {
	return advisor.ImportProgress{Bytes: p.Bytes, Statements: p.Statements, Rows: p.Rows, Commits: p.Commits,
		CompressedBytes: in.CompressedBytesRead(), CompressedTotalBytes: max(in.Size, 0),
		Errors: p.Errors, Warnings: p.Warnings, Table: p.Table}
}
