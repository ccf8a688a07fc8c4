SET NAMES gbk;
DROP DATABASE IF EXISTS splitgbk;
CREATE DATABASE splitgbk;
USE splitgbk;
CREATE TABLE t (id int, s varchar(20)) DEFAULT CHARSET=gbk;
INSERT INTO t VALUES (1,'Å\'),(2,'Ç\;'),(3,'xÉ\');
SELECT 'Å\' AS `Ç\`;
SELECT id, HEX(s) FROM t;
DROP DATABASE splitgbk;
