package metrics

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// ListenAddr turns --listen's value into an address to bind: a bare port means
// 127.0.0.1:PORT (an endpoint is opened to the network only when asked for by name);
// otherwise HOST:PORT as given, where an empty host (":9187") means every interface.
// loopback reports whether only this machine can connect.
func ListenAddr(s string) (addr string, loopback bool, err error) {
	if s == "" {
		return "", false, errors.New("--listen: empty address; give a port (9187) or HOST:PORT")
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n > 65535 {
			return "", false, fmt.Errorf("--listen %s: port out of range 0–65535", s)
		}
		return net.JoinHostPort("127.0.0.1", s), true, nil
	}
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return "", false, fmt.Errorf("--listen %s: want a port or HOST:PORT (%v)", s, err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", false, fmt.Errorf("--listen %s: port %q is not a number in 0–65535", s, port)
	}
	if host == "localhost" {
		return s, true, nil
	}
	ip := net.ParseIP(host)
	return s, ip != nil && ip.IsLoopback(), nil
}

// Server is the --listen endpoint: /metrics from its own registry (the run's Collector
// and dumpscope's own CPU), and a one-line index at /.
//
// The endpoint must cost dumpscope under 1 % of its CPU at a 1 s scrape, and dumpscope
// itself uses only a few percent of a core while the server does the restore's work.
// client_golang's process collector (it parses five files under /proc/self) and Go
// collector took 0.36 ms of the 0.6 ms a scrape cost, and gzip more: so the endpoint
// exports process_cpu_seconds_total from one getrusage call and sends plain text.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	done chan error
}

// Serve binds addr (as ListenAddr returned it) and serves c until Shutdown. Binding
// happens before it returns, so a port in use is an error here, not in a goroutine.
func Serve(addr string, c *Collector) (*Server, error) {
	reg := prometheus.NewRegistry()
	if err := reg.Register(c); err != nil {
		return nil, err
	}
	reg.MustRegister(selfCPU{})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--listen %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{DisableCompression: true}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintln(w, "dumpscope: metrics at /metrics")
	})
	s := &Server{
		srv:  &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second},
		ln:   ln,
		done: make(chan error, 1),
	}
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// Addr is the bound address (with the port the kernel chose for port 0).
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Shutdown stops accepting scrapes and waits up to the context's deadline for those in
// flight.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	if serveErr := <-s.done; serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = serveErr
	}
	return err
}

// WriteTextfile writes c's metrics to path for node_exporter's textfile collector:
// through a temp file in the same directory renamed over path, so the collector never
// reads half a file (the temp name does not end in .prom, which it skips). Only the
// run's metrics are written: node_exporter has its own go_* and process_* series and
// refuses a textfile that repeats them.
func WriteTextfile(path string, c *Collector) error {
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(c); err != nil {
		return err
	}
	if err := prometheus.WriteToTextfile(path, reg); err != nil {
		return fmt.Errorf("--metrics-textfile %s: %w", path, err)
	}
	return nil
}

// selfCPU is process_cpu_seconds_total (the name client_golang's process collector
// uses) from getrusage: user + system CPU of the whole process.
type selfCPU struct{}

var descSelfCPU = prometheus.NewDesc("process_cpu_seconds_total",
	"Total user and system CPU time dumpscope has spent, in seconds.", nil, nil)

func (selfCPU) Describe(ch chan<- *prometheus.Desc) { ch <- descSelfCPU }

func (selfCPU) Collect(ch chan<- prometheus.Metric) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		ch <- prometheus.NewInvalidMetric(descSelfCPU, err)
		return
	}
	sec := func(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }
	ch <- prometheus.MustNewConstMetric(descSelfCPU, prometheus.CounterValue, sec(ru.Utime)+sec(ru.Stime))
}
