/*M!999999\- enable the sandbox mode */ 
\-
sandbox
SELECT 1;
SELECT 2 \d ;;
SELECT 3;;
\d ;
SELECT 4 \g SELECT 5;
SELECT 6 \x;
SELECT 7\
+ 1;
CREATE TEMPORARY TABLE dl (a int,
delimiter_col int,
DELIMITER2 int);
SHOW CREATE TABLE dl;
SELECT 8; delimiter ;;
SELECT 9;
   delimiter   $$   
SELECT 10$$
delimiter ;
use mysql
USE `test` ;
use mysql;SELECT 11;
  \u test
SELECT DATABASE() AS d;
charset latin1
SELECT 12;
go
SELECT 13
go
SELECT 14;
\c
SELECT 15 \c SELECT 16;
SELECT 17
