package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-fix52 (session 47): the edges of x-review21's findings #1–#4 (review_x21_test.go)
// that the fixes must leave exact, or refuse too.

// TestXFix52TemporarySessionReadAfterSetGlobal: a temporary row written from a session
// value the dump's session never SET (@@div_precision_increment: the GLOBAL it connected
// with), then SET GLOBAL of it before the stop. The resume's new session starts from the
// new GLOBAL; the session value journaled before the SET GLOBAL must be what the resent
// write reads, as the client's did.
func TestXFix52TemporarySessionReadAfterSetGlobal(t *testing.T) {
	x15StopResume(t, x21Temp(x21TT, "INSERT INTO tt VALUES (1, @@div_precision_increment);\n", "SET GLOBAL div_precision_increment = 9;\n"))
}

// TestXFix52TemporaryDefinitionExact: a CREATE TEMPORARY TABLE … LIKE k2 that nothing the
// resume skips changes is rebuilt as the client made it: not refused (exactFill).
func TestXFix52TemporaryDefinitionExact(t *testing.T) {
	const k2 = "CREATE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n"
	x15StopResume(t, x21Temp(k2+"CREATE TEMPORARY TABLE tt LIKE k2;\n", "INSERT INTO tt VALUES (1, 'abcdefgh');\n", "INSERT INTO k VALUES (3, 30);\n"))
}

// TestXFix52TemporaryFillSourceReplaced: a temporary table filled from k2, then k2
// dropped and made again (or replaced) before the stop: the resume's fill reads the new,
// empty k2, where the client's read the rows.
func TestXFix52TemporaryFillSourceReplaced(t *testing.T) {
	const k2 = "CREATE TABLE k2 (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\nINSERT INTO k2 VALUES (1, 'abcdefgh');\n"
	const fill = "CREATE TEMPORARY TABLE tt ENGINE=InnoDB SELECT * FROM k2;\n"
	for name, after := range map[string]string{
		"drop and create":   "DROP TABLE k2;\nCREATE TABLE k2 (id int PRIMARY KEY, v varchar(3)) ENGINE=InnoDB;\n",
		"create or replace": "CREATE OR REPLACE TABLE k2 (id int PRIMARY KEY, v varchar(3)) ENGINE=InnoDB;\n",
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(k2+fill, "", after), "it is filled from `k2`")
		})
	}
}

// TestXFix52ReadOnlySessionUnchanged: a SET GLOBAL max_allowed_packet to the value it had
// changes no session: the resume goes on, exact; and a serial --checkpoint refuses a
// changed one as the parallel run does.
func TestXFix52ReadOnlySessionUnchanged(t *testing.T) {
	dump := func(v string) string {
		return x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
			"SET GLOBAL max_allowed_packet = " + v + ";\n" + x15Rows() + "INSERT INTO lg VALUES (1, @@max_allowed_packet);\n"
	}
	t.Run("unchanged", func(t *testing.T) {
		x15StopResume(t, dump("16777216"))
	})
	t.Run("serial checkpoint", func(t *testing.T) {
		d := dump("8388608")
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: d, stop: lineOf(t, d, x15Stop), opt: importer.Options{},
			refused: "--resume cannot give its sessions the max_allowed_packet the client's session kept"})
	})
}
