// Package dumpfile opens a dump: it detects the compression from the first bytes (gzip,
// zstd, xz, bzip2, or plain SQL; never from the file name), decodes on a read-ahead
// goroutine (gzip through ISA-L when built with -tags=isal, else Go's inflate; the
// DUMPSCOPE_INFLATE environment variable picks Go's at run time), counts compressed and
// uncompressed bytes for progress, and finds the uncompressed size without decompressing
// (RFC 1952 trailers checked by sampling the deflate stream, zstd frame headers, the xz
// index).
//
// It owns bytes, not SQL: it must not import the rest of the importer (the splitter, the
// planner, the replay), nor advisor, report, tui or rules. Its callers are importer.Import,
// the split command and package run, whose sampling session reads the counters.
package dumpfile
