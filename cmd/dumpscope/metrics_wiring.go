package main

import (
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/metrics"
	"github.com/dumpscope/dumpscope/run"
)

// metricsFlags are --listen and --metrics-textfile, shared by import and watch, and
// the exporter they start (metrics.Exporter).
type metricsFlags struct {
	listen   string
	textfile string

	exp *metrics.Exporter // nil when neither flag was given
}

func addMetricsFlags(fs *pflag.FlagSet) *metricsFlags {
	m := &metricsFlags{}
	fs.StringVar(&m.listen, "listen", "", "serve Prometheus metrics on this `ADDR` while running (a bare port means 127.0.0.1:PORT; HOST:PORT or :PORT to open it to the network)")
	fs.StringVar(&m.textfile, "metrics-textfile", "", "write the final metrics to this `FILE` (atomically) for node_exporter's textfile collector, e.g. /var/lib/node_exporter/dumpscope.prom")
	return m
}

// check refuses what cannot work, before anything starts: the metrics come from the
// advisor's ticks, so --no-advisor leaves nothing to export.
func (m *metricsFlags) check(noAdvisor bool) error {
	if m.listen == "" && m.textfile == "" {
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

// start creates the run's exporter (nothing when neither flag was given). dump is the
// dump's name ("" for watch); the target is the server's address only, never the user.
func (m *metricsFlags) start(s stdio, dump string, cfg *mysql.Config) error {
	target := cfg.Addr
	if cfg.Net == "unix" {
		target = "unix:" + cfg.Addr
	}
	var err error
	m.exp, err = metrics.StartExporter(metrics.ExporterOptions{Listen: m.listen, Textfile: m.textfile, Log: s.Err,
		Collector: metrics.Options{RunID: importer.NewRunID()[:16], Dump: dump, Target: target, Version: version}})
	return err
}

// finishImport records the import's outcome (its exit code and the replayer's totals)
// and finishes as finish does.
func (m *metricsFlags) finishImport(code int, res *importer.Result, s stdio) int {
	f := importFinal(code, res)
	return m.finishWith(&f, code, s)
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

// finish stops the endpoint and writes the textfile, and returns the exit code: a
// textfile that cannot be written fails an otherwise successful run.
func (m *metricsFlags) finish(code int, s stdio) int { return m.finishWith(nil, code, s) }

func (m *metricsFlags) finishWith(f *metrics.Final, code int, s stdio) int {
	written, err := m.exp.Finish(f, s.Err)
	switch {
	case err != nil:
		fmt.Fprintln(s.Err, "dumpscope:", err)
		if code == exitOK {
			code = exitFailure
		}
	case written != "":
		fmt.Fprintln(s.Err, "dumpscope: metrics written to", written)
	}
	return code
}
