module github.com/dumpscope/dumpscope

go 1.26.8

require (
	github.com/go-sql-driver/mysql v1.10.2
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.4
	github.com/prometheus/procfs v0.23.0
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
)

require (
	filippo.io/edwards25519 v1.2.0 // indirect
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
)
