-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 10287, mode serial (dumpscope import without mode flags), kind error.
-- Shrunk from 44 statements and 964 rows to 4 statements and 1 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 10287 --count 1 --modes serial
-- (line numbers in the detail below count from the first line after this header)
--
-- client ERROR 1064 at line 4, dumpscope ERROR  at line 
--  client:    --------------
-- INSERT /*!40000 HIGH_PRIORITY */ INTO `t1` VALUES (0,0,0,_binary'?\'')
-- --------------
-- 
-- ERROR 1064 (42000) at line 4: You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '\001B')' at line 1
--  dumpscope: dumpscope: importing /tmp/difffuzz-18909230/script.sql on 1 connection
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-3919189015/mysqld.sock
-- dumpscope import: /tmp/difffuzz-18909230/script.sql: offset 156, line 4: unterminated string ('â€¦) at end of input
-- dumpscope: failed in 0:00: 86 B of SQL, 3 statements, 0 rows (2.0 KiB/s, 0 rows/s)
-- dumpscope: everything up to offset 86 of /tmp/difffuzz-18909230/script.sql was executed (statements after it were not sent)
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;
USE `fz0`;
SET CHARACTER SET gbk;
INSERT /*!40000 HIGH_PRIORITY */ INTO `t1` VALUES (0,0,0,_binary'”\'');
