// Package report renders run records (package runrecord) for people: the text and
// Markdown reports, the self-contained HTML report with its SVG charts, and the
// side-by-side comparison of two or more runs (text, Markdown, HTML, JSON). It reads a
// record and the findings the rules raised over it; the format itself, its reader and
// writer live in runrecord, so that advise, view, compare and the ETA share one
// definition of the public interface while the renderers change freely.
package report
