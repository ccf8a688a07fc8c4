-- difffuzz construct multi-stmt (x-fuzz, session 46; internal/difffuzz/gen_texts.go, the
-- NO_BACKSLASH_ESCAPES text), shrunk by hand: a DELIMITER ;; text read under
-- NO_BACKSLASH_ESCAPES whose last part sets sql_mode back from a variable
-- (SET sql_mode = @mt_mode). The mariadb client takes the server's status after the text
-- (backslash escapes again) and runs every line. dumpscope import into a target that holds
-- a database (the overwrite preflight reads the file ahead), serial and --parallel 2, stops
-- before sending anything: "preflight: ...: line 21: the mariadb client stops here: Unknown
-- command" for the backslash-escaped quote below: its read-ahead kept NO_BACKSLASH_ESCAPES
-- past the text. Into an empty target, or one statement per text, it matches the client.
CREATE DATABASE x46n;
USE x46n;
CREATE TABLE t (id int PRIMARY KEY, s varchar(40));
SET @mt_mode = @@sql_mode;
SET sql_mode = 'NO_BACKSLASH_ESCAPES';
DELIMITER ;;
INSERT INTO t VALUES (1, 'a\'), (2, 'b;c');
SET sql_mode = @mt_mode
;;
DELIMITER ;
INSERT INTO t VALUES (3, 'x\'; y');
INSERT INTO t VALUES (4, 'p\'q');
INSERT INTO t VALUES (5, IF(@@sql_mode LIKE "%NO_BACKSLASH%", "nbe", "esc"));
