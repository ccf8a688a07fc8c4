package sqlscan

import "testing"

// TestServerComments: which executable comments a server runs, around the boundary of
// its version (MariaDB sql_lex.cc: /*!NNNNN or /*!NNNNNN runs when the version is at most
// the server's, but MariaDB skips a 5-digit /*! from 50700 to 99999, MySQL's alone; /*M!
// is MariaDB's; MySQL reads 5 digits and skips /*M!). A skipped comment
// is a comment: ParseSet must not see its GLOBAL (TestReviewX12NeverRunScopeComment).
func TestServerComments(t *testing.T) {
	maria := ServerFromVersion("10.11.6-MariaDB-0+deb12u1")
	mysql := ServerFromVersion("8.0.32-24")
	if (maria != Server{VersionID: 101106}) || (mysql != Server{VersionID: 80032, MySQL: true}) {
		t.Fatalf("ServerFromVersion: %+v %+v", maria, mysql)
	}
	if got := ServerFromVersion("5.5.5-10.5.8-MariaDB"); got != (Server{VersionID: 100508}) {
		t.Fatalf("5.5.5- prefix: %+v", got)
	}
	for _, tt := range []struct {
		srv  Server
		q    string
		want string // the words Next reads
	}{
		{maria, "SET /*!101106 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*!101107 GLOBAL */ x = 1", "SET x = 1"},
		{maria, "SET /*!110000 GLOBAL */ x = 1", "SET x = 1"},
		{maria, "SET /*!50699 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*!50700 GLOBAL */ x = 1", "SET x = 1"}, // MySQL 5.7's and later: MariaDB skips them
		{maria, "SET /*!80000 GLOBAL */ x = 1", "SET x = 1"},
		{maria, "SET /*!99999 GLOBAL */ x = 1", "SET x = 1"},
		{maria, "SET /*!100000 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*!050700 GLOBAL */ x = 1", "SET x = 1"}, // the value counts, not the digits (checked on 10.11)
		{maria, "SET /*!050699 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*M!50700 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{mysql, "SET /*!50700 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*M!101106 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{maria, "SET /*M!101107 GLOBAL */ x = 1", "SET x = 1"},
		{maria, "/*M!999999\\- enable the sandbox mode */ SET x = 1", "SET x = 1"},
		{maria, "SET /*! GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{mysql, "SET /*!80032 GLOBAL */ x = 1", "SET GLOBAL x = 1"},
		{mysql, "SET /*!80033 GLOBAL */ x = 1", "SET x = 1"},
		{mysql, "SET /*M!100100 GLOBAL */ x = 1", "SET x = 1"},
		{Server{}, "SET /*!110000 GLOBAL */ x = 1", "SET GLOBAL x = 1"}, // unknown: as before
		{Server{}, "/*M!999999\\- enable the sandbox mode */ SET x = 1", "SET x = 1"},
	} {
		l := New([]byte(tt.q), Syntax{Server: tt.srv})
		got := ""
		for tk := l.Next(); tk.Kind != EOF; tk = l.Next() {
			if got != "" {
				got += " "
			}
			got += tk.Text
		}
		if got != tt.want {
			t.Errorf("%+v %q: read %q, want %q", tt.srv, tt.q, got, tt.want)
		}
	}
}
