package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/spf13/pflag"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/metrics"
	"github.com/dumpscope/dumpscope/run"
)

// metricsFlags are --listen and --metrics-textfile, shared by import and watch, and
// the exporter they start.
type metricsFlags struct {
	listen   string
	textfile string

	collector *metrics.Collector // nil when neither flag was given
	server    *metrics.Server
}

func addMetricsFlags(fs *pflag.FlagSet) *metricsFlags {
	m := &metricsFlags{}
	fs.StringVar(&m.listen, "listen", "", "serve Prometheus metrics on this `ADDR` while running (a bare port means 127.0.0.1:PORT; HOST:PORT or :PORT to open it to the network)")
	fs.StringVar(&m.textfile, "metrics-textfile", "", "write the final metrics to this `FILE` (atomically) for node_exporter's textfile collector, e.g. /var/lib/node_exporter/dumpscope.prom")
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

// start creates the run's collector and binds the endpoint; the methods below then
// feed and finish it (they do nothing when neither flag was given). dump is the dump's
// name ("" for watch); the target is the server's address only, never the user.
func (m *metricsFlags) start(s stdio, dump string, cfg *mysql.Config) error {
	if !m.enabled() {
		return nil
	}
	target := cfg.Addr
	if cfg.Net == "unix" {
		target = "unix:" + cfg.Addr
	}
	m.collector = metrics.New(metrics.Options{
		RunID: importer.NewRunID()[:16], Dump: dump, Target: target, Version: version,
	})
	if m.listen == "" {
		return nil
	}
	addr, loopback, err := metrics.ListenAddr(m.listen)
	if err != nil {
		return err
	}
	if m.server, err = metrics.Serve(addr, m.collector); err != nil {
		return err
	}
	if !loopback {
		fmt.Fprintf(s.Err, "dumpscope: warning: metrics on %s are reachable from other machines (dump and server names included); use 127.0.0.1:PORT to keep them local\n", m.server.Addr())
	}
	fmt.Fprintf(s.Err, "dumpscope: metrics at http://%s/metrics\n", m.server.Addr())
	return nil
}

// sinks is the collector as the session's extra sink.
func (m *metricsFlags) sinks() []advisor.Sink {
	if m == nil || m.collector == nil {
		return nil
	}
	return []advisor.Sink{m.collector}
}

// setEnv passes what the session learned at its start (server, devices, probe).
func (m *metricsFlags) setEnv(env *advisor.Env) {
	if m != nil && m.collector != nil {
		m.collector.SetEnv(env)
	}
}

// finishImport records the import's outcome (its exit code and the replayer's totals)
// and finishes as finish does.
func (m *metricsFlags) finishImport(code int, res *importer.Result, s stdio) int {
	if m == nil || m.collector == nil {
		return code
	}
	m.collector.Finish(importFinal(code, res))
	return m.finish(code, s)
}

// importFinal is the import's outcome as the metrics take it: the phase its exit code
// means and the replayer's totals.
func importFinal(code int, res *importer.Result) metrics.Final {
	f := metrics.Final{Phase: metrics.PhaseFailed}
	switch code {
	case exitOK, exitSQLErrors:
		f.Phase = metrics.PhaseFinished
	case exitInterrupted:
		f.Phase = metrics.PhaseInterrupted
	}
	if res != nil && res.Replay != nil && res.Input != nil {
		p := run.ProgressTick(res.Replay.Progress, res.Input)
		f.Progress = &p
		f.Tables = len(res.Replay.Tables)
	}
	return f
}

// finish writes the textfile and stops the endpoint, and returns the exit code: a
// textfile that cannot be written fails an otherwise successful run, since a batch
// job's monitoring relies on it.
func (m *metricsFlags) finish(code int, s stdio) int {
	if m == nil || m.collector == nil {
		return code
	}
	m.close(s)
	if m.textfile == "" {
		return code
	}
	if err := metrics.WriteTextfile(m.textfile, m.collector); err != nil {
		fmt.Fprintln(s.Err, "dumpscope:", err)
		if code == exitOK {
			code = exitFailure
		}
		return code
	}
	fmt.Fprintln(s.Err, "dumpscope: metrics written to", m.textfile)
	return code
}

// close stops the endpoint (waiting up to 5 s for a scrape in flight); a second call
// does nothing.
func (m *metricsFlags) close(s stdio) {
	if m == nil || m.server == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.server.Shutdown(ctx); err != nil {
		fmt.Fprintln(s.Err, "dumpscope: metrics endpoint:", err)
	}
	m.server = nil
}
