package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

func TestDynamic(t *testing.T) {
	tests := []struct {
		flavor, version, variable string
		want                      bool
	}{
		{advisor.FlavorMariaDB, "10.11.6-MariaDB", "innodb_log_file_size", true},
		{advisor.FlavorMariaDB, "10.9.1-MariaDB", "innodb_log_file_size", true},
		{advisor.FlavorMariaDB, "10.8.8-MariaDB", "innodb_log_file_size", false},
		{advisor.FlavorPercona, "8.0.22-13", "innodb_log_file_size", false},
		{advisor.FlavorMySQL, "8.0.36", "innodb_log_file_size", false},
		{advisor.FlavorMySQL, "8.0.30", "innodb_redo_log_capacity", true},
		{advisor.FlavorMySQL, "8.0.29", "innodb_redo_log_capacity", false},
		{advisor.FlavorMySQL, "8.0.29", "innodb_doublewrite", false},
		{advisor.FlavorMySQL, "8.4.3", "innodb_doublewrite", true},
		{advisor.FlavorMariaDB, "10.11.6-MariaDB", "innodb_doublewrite", false},
		{advisor.FlavorMariaDB, "11.4.4-MariaDB", "innodb_doublewrite", true},
		{advisor.FlavorMariaDB, "10.11.6-MariaDB", "innodb_log_buffer_size", false},
		{advisor.FlavorMySQL, "8.0.36", "innodb_log_buffer_size", true},
		{advisor.FlavorMySQL, "5.7.44", "innodb_log_buffer_size", false},
		{advisor.FlavorMySQL, "5.7.4", "innodb_buffer_pool_size", false},
		{advisor.FlavorMariaDB, "10.6.16-MariaDB", "innodb_buffer_pool_size", true},
		{advisor.FlavorMariaDB, "10.11.6-MariaDB", "innodb_flush_method", false},
		{advisor.FlavorMySQL, "8.0.36", "log_bin", false},
		{advisor.FlavorMySQL, "5.6.51", "innodb_flush_log_at_trx_commit", true},
		{advisor.FlavorMySQL, "8.0.36", "no_such_variable", false},
	}
	for _, tt := range tests {
		s := serverOf(env(tt.flavor, tt.version, nil))
		if got := dynamic(s, tt.variable); got != tt.want {
			t.Errorf("dynamic(%s %s, %s) = %v; want %v", tt.flavor, tt.version, tt.variable, got, tt.want)
		}
	}
}
