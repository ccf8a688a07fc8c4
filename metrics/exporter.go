package metrics

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
)

// ExporterOptions say which outputs a run's metrics go to.
type ExporterOptions struct {
	// Listen is the /metrics endpoint's address (ListenAddr's forms); "": none.
	Listen string
	// Textfile is the node_exporter textfile written at the end; "": none.
	Textfile  string
	Collector Options
	// Log receives where the endpoint listens, and the warning when other machines can
	// reach it.
	Log io.Writer
}

// Exporter is one run's metrics: the collector fed by the run's ticks, the endpoint
// served while the run goes, the textfile written at its end. Its lifecycle is here so
// that import and watch start, feed and finish it alike; a nil *Exporter (neither output
// asked for) does nothing.
type Exporter struct {
	collector *Collector
	server    *Server
	textfile  string
}

// StartExporter creates the collector and binds the endpoint; nil when neither output is
// asked for.
func StartExporter(o ExporterOptions) (*Exporter, error) {
	if o.Listen == "" && o.Textfile == "" {
		return nil, nil
	}
	e := &Exporter{collector: New(o.Collector), textfile: o.Textfile}
	if o.Listen == "" {
		return e, nil
	}
	addr, loopback, err := ListenAddr(o.Listen)
	if err != nil {
		return nil, err
	}
	if e.server, err = Serve(addr, e.collector); err != nil {
		return nil, err
	}
	if o.Log != nil {
		if !loopback {
			fmt.Fprintf(o.Log, "dumpscope: warning: metrics on %s are reachable from other machines (dump and server names included); use 127.0.0.1:PORT to keep them local\n", e.server.Addr())
		}
		fmt.Fprintf(o.Log, "dumpscope: metrics at http://%s/metrics\n", e.server.Addr())
	}
	return e, nil
}

// Sinks is the collector as a session's extra sink.
func (e *Exporter) Sinks() []advisor.Sink {
	if e == nil {
		return nil
	}
	return []advisor.Sink{e.collector}
}

// SetEnv passes what the session learned at its start (server, devices, probe).
func (e *Exporter) SetEnv(env *advisor.Env) {
	if e != nil {
		e.collector.SetEnv(env)
	}
}

// Finish records the run's end (f nil: the ticks' last state stands), stops the endpoint
// and writes the textfile; written is the textfile's path ("" when none). A textfile that
// cannot be written is the error: a batch job's monitoring relies on it.
func (e *Exporter) Finish(f *Final, log io.Writer) (written string, err error) {
	if e == nil {
		return "", nil
	}
	if f != nil {
		e.collector.Finish(*f)
	}
	e.Close(log)
	if e.textfile == "" {
		return "", nil
	}
	if err := WriteTextfile(e.textfile, e.collector); err != nil {
		return "", err
	}
	return e.textfile, nil
}

// Close stops the endpoint (waiting up to 5 s for a scrape in flight); a second call does
// nothing.
func (e *Exporter) Close(log io.Writer) {
	if e == nil || e.server == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.server.Shutdown(ctx); err != nil && log != nil {
		fmt.Fprintln(log, "dumpscope: metrics endpoint:", err)
	}
	e.server = nil
}
