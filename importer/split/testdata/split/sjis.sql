SET NAMES sjis;
DROP DATABASE IF EXISTS splitsjis;
CREATE DATABASE splitsjis;
USE splitsjis;
CREATE TABLE t (id int, s varchar(20)) DEFAULT CHARSET=sjis;
INSERT INTO t VALUES (1,'ó\'),(2,'ô\;'),(3,'xè\');
SELECT 'ó\' AS `ô\`;
SELECT id, HEX(s) FROM t;
DROP DATABASE splitsjis;
