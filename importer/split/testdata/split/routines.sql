DROP DATABASE IF EXISTS splitdb;
CREATE DATABASE splitdb;
USE splitdb;
CREATE TABLE `we;ird` (`VALUES_x` int, `delimiter` varchar(20), s varchar(50));
INSERT INTO `we;ird` VALUES (1,'a;b','c'),(2,'d''e','f\'g'),(3,'\\','x');
DELIMITER ;;
CREATE PROCEDURE p1()
BEGIN
  -- comment in body
  DECLARE x INT; # hash in body
  /* block
     in body */
  SET x = 1; SELECT x;
END ;;
delimiter ;
  DeLiMiTeR $$
CREATE FUNCTION f1() RETURNS INT DETERMINISTIC
BEGIN
  RETURN 1; -- one
END$$
DELIMITER ;
delimiter //
CREATE TRIGGER t1 BEFORE INSERT ON `we;ird` FOR EACH ROW
BEGIN
  SET NEW.s = CONCAT(NEW.s, '//x'); /* c */
END//
DELIMITER ;
/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t2 AFTER INSERT ON `we;ird` FOR EACH ROW SET @x = 1 */;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t3 BEFORE UPDATE ON `we;ird` FOR EACH ROW BEGIN
  -- stripped
  SET NEW.s = 'u';
END */;;
DELIMITER ;
CALL p1();
SELECT f1();
INSERT INTO `we;ird` (`VALUES_x`, s) VALUES (4, 'four');
use mysql
USE splitdb;
SELECT COUNT(*) FROM `we;ird`;
SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_BACKSLASH_ESCAPES';
SELECT 'a\';
SELECT 'b\' AS `x\`;
SET SQL_MODE=@OLD_SQL_MODE;
SELECT 'c\';';
/*!40101 SET @saved_mode = @@sql_mode */;
/*!40101 SET sql_mode = 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES' */;
SELECT 'd\' AS "e\";
/*!40101 SET sql_mode = @saved_mode */;
SELECT "f\";";
DROP DATABASE splitdb;
SELECT 'last' 
