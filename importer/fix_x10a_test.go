package importer_test

import "testing"

// TestFixX10aWrappedUse: MariaDB runs USE through dynamic SQL (EXECUTE IMMEDIATE 'USE
// y9', or a prepared 'USE y9', changes the session's database), which the replay's
// current database does not follow: after it CALL p() runs y9.p, which sets autocommit =
// 0, where the planner took it for x9.p (before the registry, for the last p created in
// any database: x9.p too). The client's next 40 rows stay in the open transaction and
// the dump's ROLLBACK undoes them; a checkpointed run gone serial committed them. The
// planner refuses the wrapped USE in the modes that plan (the serial replay sends the
// client's statements as they are); failed before (import succeeded with rows 100-140
// where the client has none).
func TestFixX10aWrappedUse(t *testing.T) {
	for name, use := range map[string]string{
		"execute-immediate": "EXECUTE IMMEDIATE 'USE y9';\n",
		"prepared":          "PREPARE u FROM 'USE y9';\nEXECUTE u;\n",
	} {
		body := "CREATE DATABASE y9;\nCREATE PROCEDURE y9.p() SET autocommit = 0;\nCREATE PROCEDURE x9.p() SET @x = 1;\n" + use +
			"CALL p();\n" + x7Rows("x9.k", 100, 141) + "ROLLBACK;\nSET autocommit = 1;\n"
		t.Run(name, func(t *testing.T) {
			x9Refused(t, x9Serial(body), checkpointed(t), "it runs USE through dynamic SQL", "write the USE as a statement of its own")
		})
	}
}
