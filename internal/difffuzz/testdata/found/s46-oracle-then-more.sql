-- difffuzz construct oracle-then-more (x-fuzz, session 46; internal/difffuzz/gen_texts.go),
-- written by hand in the generator's form: an Oracle-mode procedure followed by more
-- statements in the same DELIMITER ;; text. The mariadb client succeeds (the server reads
-- the routine to its END, then runs the INSERT and the SET); dumpscope import (serial and
-- --parallel 2) fails with ERROR 1064 near 'INSERT INTO t VALUES (100, 1); SET @om = 1'
-- (known since stop 45: x-fix44 leaves an Oracle body unread and the text whole).
CREATE DATABASE x46o;
USE x46o;
CREATE TABLE t (id int PRIMARY KEY, a int);
SET @saved_sql_mode = @@sql_mode;
SET sql_mode = 'ORACLE';
DELIMITER ;;
CREATE PROCEDURE p(x INT)
AS
  y INT := 1;
BEGIN
  INSERT INTO t VALUES (x, y);
END;
INSERT INTO t VALUES (100, 1);
SET @om = 1
;;
DELIMITER ;
SET sql_mode = @saved_sql_mode;
CALL p(1);
INSERT INTO t VALUES (200, @om);
