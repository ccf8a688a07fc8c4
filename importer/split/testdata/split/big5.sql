SET NAMES big5;
DROP DATABASE IF EXISTS splitbig5;
CREATE DATABASE splitbig5;
USE splitbig5;
CREATE TABLE t (id int, s varchar(20)) DEFAULT CHARSET=big5;
INSERT INTO t VALUES (1,'¤\'),(2,'Ê\;'),(3,'x«\');
SELECT '¤\' AS `Ê\`;
SELECT id, HEX(s) FROM t;
DROP DATABASE splitbig5;
