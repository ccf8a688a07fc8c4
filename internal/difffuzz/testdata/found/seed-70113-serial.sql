-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 70113, mode serial (dumpscope import without mode flags), kind error.
-- Shrunk from 242 statements and 1409 rows to 3 statements and 4 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 70113 --count 1 --modes serial
-- (line numbers in the detail below count from the first line after this header)
--
-- client ERROR  at line , dumpscope ERROR 1064 at line 3
--  client:    ERROR at line 3: Unknown command '\"'.
--  dumpscope: dumpscope: importing /tmp/difffuzz-1753957832/script.sql on 1 connection
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-3824365476/mysqld.sock
-- dumpscope import: /tmp/difffuzz-1753957832/script.sql: offset 63, line 3: INSERT `t1`: ERROR 1064 (42000): You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near 'hiiix%',NULL,NULL),
-- (NULL,NULL,'`iéüfjl',"aqnc	ü",NULL,NULL),
-- (NULL,NULL,...' at line 1: INSERT IGNORE INTO t1 VALUES (NULL,NULL,_utf8mb4'u\','hi iix%',NULL,NULL), (NULL,NULL,'`iéüfjl',"aqnc ü",NULL,NULL), (NULL,NULL,N'','`\x08ÿüsxrv±',NULL,NULL), (NULL,NULL,'s"',"fg\",NULL,NULL)
-- dumpscope: failed in 0:00: 63 B of SQL, 3 statements, 0 rows (1.8 KiB/s, 0 rows/s)
-- dumpscope: everything up to offset 63 of /tmp/difffuzz-1753957832/script.sql was executed (statements after it were not sent)
-- dumpscope: once that statement (or the target) is fixed, continue from it: add --start-at 63 to the same command
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
INSERT IGNORE INTO t1 VALUES (NULL,NULL,_utf8mb4'u\','hiiix%',NULL,NULL),
(NULL,NULL,'`iéüfjl',"aqnc	ü",NULL,NULL),
(NULL,NULL,N'','`ÿüsxrv±',NULL,NULL),
(NULL,NULL,'s"',"fg\",NULL,NULL);
