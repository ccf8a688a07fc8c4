package checkpoint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// journalLock is an exclusive flock(2) on the journal's sidecar file (path + ".lock"), held
// by the dumpscope that runs or resumes the run for as long as it runs. A second import or
// --resume of the same journal at once (a second terminal, a retry loop) is refused before
// it reads anything: the two would both truncate a table being reloaded and both send its
// rows (TestReviewXConcurrentResumes). The kernel lets the lock go when the process dies,
// however it dies, so a stale lock file never blocks a resume. The journal itself cannot
// carry the lock: every write replaces it by a rename.
type journalLock struct {
	f    *os.File
	path string
}

// lockJournal takes the journal's lock, or says which process holds it.
func lockJournal(journal string) (*journalLock, error) {
	path := journal + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder := make([]byte, 32)
		n, _ := f.ReadAt(holder, 0)
		f.Close()
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("checkpoint: lock %s: %w", path, err)
		}
		who := "another dumpscope"
		if pid := strings.TrimSpace(string(holder[:n])); pid != "" {
			who += " (pid " + pid + ")"
		}
		return nil, fmt.Errorf("checkpoint %s is in use by %s: an import or --resume of this run is under way; wait for it to end, or stop it, then --resume (two at once would send the same rows twice)", journal, who)
	}
	// Who holds it, for the message above.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &journalLock{f: f, path: path}, nil
}

// Release lets r's journal lock go (nil-safe, once); finished also removes the lock's file,
// as the journal beside it is removed when the run finished.
func Release(r *Run, finished bool) {
	if r == nil || r.lock == nil {
		return
	}
	if finished {
		os.Remove(r.lock.path)
	}
	r.lock.f.Close()
	r.lock = nil
}

// drop lets the lock go when the run did not begin (nil-safe); its file goes too when no
// journal is beside it (a --resume without one, a first run that failed before writing it).
func (l *journalLock) drop() {
	if l == nil {
		return
	}
	if _, err := os.Stat(strings.TrimSuffix(l.path, ".lock")); errors.Is(err, os.ErrNotExist) {
		os.Remove(l.path)
	}
	l.f.Close()
}

// lockRun takes the server's named lock of run id on c, the control connection, for the
// connection's life (GET_LOCK): the journal's flock keeps out a second dumpscope on this
// host with this journal, not one on another host or with a copy of the journal, which
// would both reload and send the same rows (TestReviewX2ConcurrentResumesCopiedJournal).
// A resume takes it after the interrupted run's connections are gone (EndOldConnections),
// so wait only covers their going.
func lockRun(ctx context.Context, c Conn, id string, wait time.Duration) error {
	name := ProgressSchema + ".run." + id
	var got sql.NullInt64
	if err := c.QueryRowContext(ctx, "SELECT GET_LOCK(?, ?)", name, int(wait.Seconds())).Scan(&got); err != nil {
		return fmt.Errorf("checkpoint: take the run's lock %s: %w", name, err)
	}
	if got.Int64 == 1 {
		return nil
	}
	var holder sql.NullInt64
	_ = c.QueryRowContext(ctx, "SELECT IS_USED_LOCK(?)", name).Scan(&holder)
	return fmt.Errorf("resume: run %s is in use by another dumpscope now, an import or --resume of it (server connection %d holds its lock %s: another host, or a copy of the checkpoint): wait for it to end, or stop it, then --resume (two at once would send the same rows twice)", id, holder.Int64, name)
}
