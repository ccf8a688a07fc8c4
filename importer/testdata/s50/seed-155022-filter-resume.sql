-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 155022, mode filter-resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL --include-databases fz[02]), kind exit.
-- Shrunk from 92 statements and 353 rows to 92 statements and 353 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 155022 --count 1 --modes filter-resume
-- (line numbers in the detail below count from the first line after this header)
--
-- the client succeeded, dumpscope failed
--  client:    
--  dumpscope: dumpscope: resume: reading /tmp/difffuzz-3969187262/script.sql up to offset 8192 to check it is the dump that was committed…
-- dumpscope: resuming run 58b08cbdcfe6496c7069dc895f32cd5a: 4.0 KiB of statements committed (furthest offset 8192) are skipped; the rest is sent
-- dumpscope: importing /tmp/difffuzz-3969187262/script.sql on 2 connections
-- dumpscope: into root@localhost via /tmp/dumpscope-sandbox-2566574010/mysqld.sock
-- dumpscope import: /tmp/difffuzz-3969187262/script.sql: offset 1726, line 29: a prepared statement lives in one connection: the rest of the dump runs on one connection
-- dumpscope: filter kept 48 statements and skipped 28 (3.5 KiB of the dump)
-- dumpscope import: /tmp/difffuzz-3969187262/script.sql: offset 8192, line 124: INSERT `t1`: ERROR 1062 (23000): Duplicate entry '1' for key 'PRIMARY': INSERT INTO `t1` VALUES (1,141,'fz2.t1 s786'),(2,134,'fz2.t1 s533'),(3,114,'fz2.t1 s314'),(4,86,'fz2.t1 s802'),(5,54,'fz2.t1 s220'),(6,142,'fz2.t1 s932'),(7,145,'fz2.t1 s774'),(8,68,'fz2.t1 s628'),(9,
-- dumpscope: failed in 0:00: 8.0 KiB of SQL, 8 statements, 84 rows (52.9 KiB/s, 555 rows/s)
-- dumpscope: everything up to offset 8192 of /tmp/difffuzz-3969187262/script.sql was executed (statements after it were not sent)
-- dumpscope: resumable; continue with:
--   dumpscope import --resume --checkpoint /tmp/difffuzz-3969187262/script.journal --no-defaults -u root -S /tmp/dumpscope-sandbox-2566574010/mysqld.sock --no-advisor --no-tui --default-character-set utf8mb4 --allow-system-schemas --parallel 2 --batch-bytes 2K --include-databases 'fz[02]' /tmp/difffuzz-3969187262/script.sql
-- dumpscope: dumpscope_progress kept for --resume; to give up the resume: DROP DATABASE dumpscope_progress
-- verdict: inconclusive: the server was not sampled (--no-advisor, or the advisor could not connect)

SET NAMES utf8mb4;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE USER 'fzu1'@'localhost';
CREATE USER 'fzu2'@'localhost';
GRANT CREATE ON `fz%`.* TO 'fzu1'@'localhost';
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz0`;
USE `fz0`;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;
DELIMITER ;;
CREATE DEFINER="root"@"localhost" PROCEDURE "fp1"()
AS
  y INT := 1;
BEGIN
  y := y + 1;
  SET @fp = COALESCE(@fp, 0) + y;
END
;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `t1` VALUES (1,34,'fz0.t1 s256'),(2,32,'fz0.t1 s489'),(3,64,'fz0.t1 s598'),(4,-48,'fz0.t1 s2'),(5,8,'fz0.t1 s39'),(6,122,'fz0.t1 s651'),(7,47,'fz0.t1 s312'),(8,-34,'fz0.t1 s1'),(9,-36,'fz0.t1 s608'),(10,90,'fz0.t1 s156'),(11,133,'fz0.t1 s156'),(12,130,'fz0.t1 s56'),(13,90,'fz0.t1 s294'),(14,103,'fz0.t1 s201'),(15,38,'fz0.t1 s905'),(16,108,'fz0.t1 s115'),(17,14,'fz0.t1 s463'),(18,12,'fz0.t1 s728'),(19,133,'fz0.t1 s652'),(20,91,'fz0.t1 s716'),(21,34,'fz0.t1 s265'),(22,-16,'fz0.t1 s660'),(23,124,'fz0.t1 s878'),(24,131,'fz0.t1 s391'),(25,26,'fz0.t1 s968'),(26,-19,'fz0.t1 s340'),(27,95,'fz0.t1 s297'),(28,68,'fz0.t1 s603'),(29,77,'fz0.t1 s796'),(30,119,'fz0.t1 s251'),(31,-11,'fz0.t1 s261'),(32,18,'fz0.t1 s119'),(33,-9,'fz0.t1 s572'),(34,19,'fz0.t1 s974'),(35,142,'fz0.t1 s885'),(36,49,'fz0.t1 s179');
EXECUTE IMMEDIATE 'UPDATE `fz0`.`t1` SET `a` = `a` - 1 WHERE `id` = 8';
DROP TABLE IF EXISTS `t2`;
CREATE TABLE `t2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!50032 DROP TRIGGER IF EXISTS `ftr2` */;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr2` BEFORE INSERT ON `t2` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
INSERT INTO `t2` VALUES (1,-28,'fz0.t2 s94'),(2,-42,'fz0.t2 s911'),(3,15,'fz0.t2 s985'),(4,146,'fz0.t2 s389'),(5,143,'fz0.t2 s473'),(6,-18,'fz0.t2 s956'),(7,114,'fz0.t2 s479'),(8,-18,'fz0.t2 s531'),(9,-47,'fz0.t2 s990'),(10,39,'fz0.t2 s156'),(11,141,'fz0.t2 s285'),(12,42,'fz0.t2 s506'),(13,84,'fz0.t2 s245'),(14,108,'fz0.t2 s894'),(15,78,'fz0.t2 s772'),(16,39,'fz0.t2 s726'),(17,142,'fz0.t2 s988'),(18,90,'fz0.t2 s100'),(19,-18,'fz0.t2 s704'),(20,61,'fz0.t2 s90'),(21,94,'fz0.t2 s63'),(22,83,'fz0.t2 s570'),(23,-20,'fz0.t2 s698'),(24,69,'fz0.t2 s778'),(25,47,'fz0.t2 s287'),(26,97,'fz0.t2 s870'),(27,38,'fz0.t2 s225'),(28,-42,'fz0.t2 s300'),(29,-27,'fz0.t2 s716'),(30,82,'fz0.t2 s198'),(31,-9,'fz0.t2 s539'),(32,124,'fz0.t2 s298'),(33,123,'fz0.t2 s240'),(34,26,'fz0.t2 s181'),(35,106,'fz0.t2 s501'),(36,123,'fz0.t2 s415'),(37,108,'fz0.t2 s810'),(38,146,'fz0.t2 s17'),(39,19,'fz0.t2 s958'),(40,131,'fz0.t2 s18'),(41,27,'fz0.t2 s480'),(42,63,'fz0.t2 s104'),(43,132,'fz0.t2 s209'),(44,83,'fz0.t2 s310'),(45,-12,'fz0.t2 s566');
UPDATE `fz0`.`t2` SET `a` = `a` + 1 WHERE `id` <= 7;
EXECUTE IMMEDIATE 'UPDATE `fz0`.`t2` SET `a` = `a` - 1 WHERE `id` = 6';
GRANT SELECT, INSERT ON `fz0`.`t2` TO 'fzu2'@'localhost';
CALL `fp1`();
DROP TABLE IF EXISTS `t3`;
CREATE TABLE `t3` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t3` WRITE;
/*!40000 ALTER TABLE `t3` DISABLE KEYS */;
INSERT INTO `t3` VALUES (1,-41,'fz0.t3 s824'),(2,80,'fz0.t3 s77'),(3,42,'fz0.t3 s523');
/*!40000 ALTER TABLE `t3` ENABLE KEYS */;
UNLOCK TABLES;
GRANT SHOW VIEW ON * TO 'fzu2'@'localhost';
CREATE DEFINER=`root`@`localhost` EVENT `fev3` ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE DO DELETE FROM `t1` WHERE `id` < 0;
GRANT EXECUTE ON PROCEDURE `fz0`.`fp1` TO 'fzu2'@'localhost';
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz1`;
USE `fz1`;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t1` WRITE;
/*!40000 ALTER TABLE `t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,95,'fz1.t1 s286');
/*!40000 ALTER TABLE `t1` ENABLE KEYS */;
UNLOCK TABLES;
UPDATE `fz1`.`t1` SET `a` = `a` + 1 WHERE `id` <= 6;
GRANT UPDATE ON `t1` TO 'fzu1'@'localhost';
DROP TABLE IF EXISTS `t2`;
CREATE TABLE `t2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t2` WRITE;
/*!40000 ALTER TABLE `t2` DISABLE KEYS */;
INSERT INTO `t2` VALUES (1,-24,'fz1.t2 s547'),(2,36,'fz1.t2 s404'),(3,-40,'fz1.t2 s331'),(4,37,'fz1.t2 s272'),(5,5,'fz1.t2 s480'),(6,-1,'fz1.t2 s661'),(7,-29,'fz1.t2 s937'),(8,-44,'fz1.t2 s354'),(9,-22,'fz1.t2 s582'),(10,123,'fz1.t2 s907');
/*!40000 ALTER TABLE `t2` ENABLE KEYS */;
UNLOCK TABLES;
ALTER TABLE `fz1`.`t2` COMMENT 'c68';
DROP TABLE IF EXISTS `t3`;
CREATE TABLE `t3` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t3` WRITE;
/*!40000 ALTER TABLE `t3` DISABLE KEYS */;
INSERT INTO `t3` VALUES (1,24,'fz1.t3 s767'),(2,-19,'fz1.t3 s966'),(3,-38,'fz1.t3 s452'),(4,104,'fz1.t3 s764'),(5,131,'fz1.t3 s65'),(6,101,'fz1.t3 s601'),(7,147,'fz1.t3 s167'),(8,92,'fz1.t3 s882'),(9,149,'fz1.t3 s845'),(10,2,'fz1.t3 s842'),(11,149,'fz1.t3 s364'),(12,-21,'fz1.t3 s608'),(13,133,'fz1.t3 s29'),(14,5,'fz1.t3 s363'),(15,49,'fz1.t3 s539'),(16,-41,'fz1.t3 s344'),(17,123,'fz1.t3 s616'),(18,73,'fz1.t3 s657'),(19,61,'fz1.t3 s31'),(20,52,'fz1.t3 s514'),(21,32,'fz1.t3 s475'),(22,77,'fz1.t3 s155'),(23,2,'fz1.t3 s582'),(24,29,'fz1.t3 s276'),(25,68,'fz1.t3 s680'),(26,100,'fz1.t3 s998'),(27,79,'fz1.t3 s76'),(28,71,'fz1.t3 s289'),(29,23,'fz1.t3 s754'),(30,-40,'fz1.t3 s597'),(31,-26,'fz1.t3 s353'),(32,21,'fz1.t3 s485'),(33,114,'fz1.t3 s717'),(34,135,'fz1.t3 s707'),(35,-28,'fz1.t3 s360'),(36,-27,'fz1.t3 s82'),(37,18,'fz1.t3 s669'),(38,126,'fz1.t3 s572'),(39,88,'fz1.t3 s662'),(40,123,'fz1.t3 s238'),(41,54,'fz1.t3 s237'),(42,71,'fz1.t3 s258'),(43,103,'fz1.t3 s680'),(44,100,'fz1.t3 s35'),(45,-11,'fz1.t3 s571'),(46,96,'fz1.t3 s788'),(47,105,'fz1.t3 s867'),(48,81,'fz1.t3 s955'),(49,-42,'fz1.t3 s702'),(50,112,'fz1.t3 s551'),(51,122,'fz1.t3 s986'),(52,-36,'fz1.t3 s308'),(53,-37,'fz1.t3 s784'),(54,79,'fz1.t3 s190'),(55,38,'fz1.t3 s564'),(56,122,'fz1.t3 s486'),(57,16,'fz1.t3 s796'),(58,3,'fz1.t3 s223'),(59,-35,'fz1.t3 s64'),(60,0,'fz1.t3 s88'),(61,-7,'fz1.t3 s400'),(62,-20,'fz1.t3 s859'),(63,-6,'fz1.t3 s659'),(64,-47,'fz1.t3 s247'),(65,96,'fz1.t3 s24'),(66,127,'fz1.t3 s325'),(67,-34,'fz1.t3 s997'),(68,44,'fz1.t3 s331'),(69,-2,'fz1.t3 s289'),(70,-28,'fz1.t3 s818'),(71,24,'fz1.t3 s731'),(72,116,'fz1.t3 s86'),(73,84,'fz1.t3 s865'),(74,-48,'fz1.t3 s735'),(75,26,'fz1.t3 s740'),(76,59,'fz1.t3 s111'),(77,104,'fz1.t3 s64'),(78,-37,'fz1.t3 s717'),(79,32,'fz1.t3 s130'),(80,133,'fz1.t3 s161'),(81,147,'fz1.t3 s147'),(82,136,'fz1.t3 s952'),(83,41,'fz1.t3 s470'),(84,118,'fz1.t3 s128'),(85,-42,'fz1.t3 s302'),(86,-5,'fz1.t3 s18'),(87,-20,'fz1.t3 s281'),(88,41,'fz1.t3 s116'),(89,-39,'fz1.t3 s315');
/*!40000 ALTER TABLE `t3` ENABLE KEYS */;
UNLOCK TABLES;
SET STATEMENT max_statement_time = 0 FOR INSERT INTO `fz1`.`t3` VALUES (90,-1,'fz1.t3 s238');
ALTER DATABASE `fz1` CHARACTER SET utf8mb4;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz2`;
USE `fz2`;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr4` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
LOCK TABLES `t1` WRITE;
/*!40000 ALTER TABLE `t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,141,'fz2.t1 s786'),(2,134,'fz2.t1 s533'),(3,114,'fz2.t1 s314'),(4,86,'fz2.t1 s802'),(5,54,'fz2.t1 s220'),(6,142,'fz2.t1 s932'),(7,145,'fz2.t1 s774'),(8,68,'fz2.t1 s628'),(9,141,'fz2.t1 s495'),(10,-44,'fz2.t1 s875'),(11,71,'fz2.t1 s232'),(12,39,'fz2.t1 s563'),(13,147,'fz2.t1 s731'),(14,79,'fz2.t1 s148'),(15,-36,'fz2.t1 s24'),(16,-47,'fz2.t1 s619'),(17,97,'fz2.t1 s237'),(18,113,'fz2.t1 s364'),(19,136,'fz2.t1 s70'),(20,4,'fz2.t1 s847'),(21,-8,'fz2.t1 s276'),(22,85,'fz2.t1 s318'),(23,46,'fz2.t1 s738'),(24,91,'fz2.t1 s391'),(25,13,'fz2.t1 s634'),(26,-44,'fz2.t1 s252'),(27,108,'fz2.t1 s875'),(28,17,'fz2.t1 s656'),(29,33,'fz2.t1 s810'),(30,-46,'fz2.t1 s406'),(31,71,'fz2.t1 s772'),(32,-21,'fz2.t1 s49'),(33,75,'fz2.t1 s856'),(34,16,'fz2.t1 s104'),(35,60,'fz2.t1 s362'),(36,89,'fz2.t1 s771'),(37,24,'fz2.t1 s913'),(38,124,'fz2.t1 s6'),(39,14,'fz2.t1 s397'),(40,100,'fz2.t1 s666'),(41,41,'fz2.t1 s555'),(42,21,'fz2.t1 s181'),(43,36,'fz2.t1 s406'),(44,101,'fz2.t1 s247'),(45,105,'fz2.t1 s739'),(46,92,'fz2.t1 s543'),(47,74,'fz2.t1 s378'),(48,62,'fz2.t1 s972'),(49,97,'fz2.t1 s326'),(50,15,'fz2.t1 s913'),(51,41,'fz2.t1 s95'),(52,4,'fz2.t1 s704'),(53,15,'fz2.t1 s428'),(54,-36,'fz2.t1 s860'),(55,37,'fz2.t1 s727'),(56,105,'fz2.t1 s817'),(57,-35,'fz2.t1 s264'),(58,114,'fz2.t1 s856'),(59,116,'fz2.t1 s522'),(60,36,'fz2.t1 s104'),(61,147,'fz2.t1 s603'),(62,45,'fz2.t1 s659'),(63,38,'fz2.t1 s246'),(64,108,'fz2.t1 s868'),(65,85,'fz2.t1 s564'),(66,1,'fz2.t1 s941'),(67,-21,'fz2.t1 s49'),(68,-16,'fz2.t1 s331'),(69,-21,'fz2.t1 s370'),(70,33,'fz2.t1 s438'),(71,-43,'fz2.t1 s553'),(72,-40,'fz2.t1 s45'),(73,-19,'fz2.t1 s317'),(74,59,'fz2.t1 s183'),(75,124,'fz2.t1 s375'),(76,42,'fz2.t1 s520'),(77,115,'fz2.t1 s810'),(78,106,'fz2.t1 s286'),(79,135,'fz2.t1 s826'),(80,104,'fz2.t1 s694'),(81,108,'fz2.t1 s575'),(82,146,'fz2.t1 s506'),(83,5,'fz2.t1 s121'),(84,114,'fz2.t1 s759'),(85,-24,'fz2.t1 s508'),(86,-41,'fz2.t1 s190'),(87,18,'fz2.t1 s61'),(88,-10,'fz2.t1 s802'),(89,28,'fz2.t1 s570'),(90,43,'fz2.t1 s320'),(91,132,'fz2.t1 s131'),(92,106,'fz2.t1 s200'),(93,139,'fz2.t1 s273'),(94,28,'fz2.t1 s722'),(95,82,'fz2.t1 s157'),(96,-43,'fz2.t1 s541'),(97,-32,'fz2.t1 s871'),(98,85,'fz2.t1 s97'),(99,29,'fz2.t1 s777'),(100,-2,'fz2.t1 s386'),(101,149,'fz2.t1 s816'),(102,148,'fz2.t1 s16'),(103,-12,'fz2.t1 s546'),(104,38,'fz2.t1 s239'),(105,16,'fz2.t1 s801'),(106,-28,'fz2.t1 s482'),(107,57,'fz2.t1 s269'),(108,3,'fz2.t1 s441'),(109,138,'fz2.t1 s158'),(110,93,'fz2.t1 s816'),(111,76,'fz2.t1 s155'),(112,120,'fz2.t1 s877'),(113,6,'fz2.t1 s158'),(114,-6,'fz2.t1 s428'),(115,86,'fz2.t1 s553');
/*!40000 ALTER TABLE `t1` ENABLE KEYS */;
UNLOCK TABLES;
EXECUTE IMMEDIATE 'UPDATE `fz2`.`t1` SET `a` = `a` - 1 WHERE `id` = 7';
DROP TABLE IF EXISTS `t2`;
CREATE TABLE `t2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t2` WRITE;
/*!40000 ALTER TABLE `t2` DISABLE KEYS */;
INSERT INTO `t2` VALUES (1,84,'fz2.t2 s830'),(2,51,'fz2.t2 s634'),(3,-26,'fz2.t2 s733'),(4,22,'fz2.t2 s955'),(5,-49,'fz2.t2 s980'),(6,22,'fz2.t2 s415'),(7,-12,'fz2.t2 s759'),(8,82,'fz2.t2 s855'),(9,22,'fz2.t2 s690'),(10,90,'fz2.t2 s851'),(11,42,'fz2.t2 s819'),(12,50,'fz2.t2 s514'),(13,59,'fz2.t2 s79'),(14,-49,'fz2.t2 s651'),(15,-40,'fz2.t2 s760'),(16,112,'fz2.t2 s616'),(17,-15,'fz2.t2 s52'),(18,93,'fz2.t2 s11'),(19,125,'fz2.t2 s702'),(20,77,'fz2.t2 s260'),(21,-33,'fz2.t2 s341'),(22,45,'fz2.t2 s749'),(23,-16,'fz2.t2 s112'),(24,91,'fz2.t2 s489'),(25,96,'fz2.t2 s801'),(26,122,'fz2.t2 s357'),(27,80,'fz2.t2 s240'),(28,129,'fz2.t2 s687'),(29,133,'fz2.t2 s474'),(30,131,'fz2.t2 s982'),(31,-37,'fz2.t2 s616'),(32,66,'fz2.t2 s707'),(33,23,'fz2.t2 s897'),(34,-45,'fz2.t2 s748'),(35,85,'fz2.t2 s912'),(36,48,'fz2.t2 s411'),(37,47,'fz2.t2 s852'),(38,108,'fz2.t2 s777'),(39,57,'fz2.t2 s15'),(40,55,'fz2.t2 s803'),(41,93,'fz2.t2 s281'),(42,82,'fz2.t2 s437'),(43,9,'fz2.t2 s771'),(44,143,'fz2.t2 s374'),(45,17,'fz2.t2 s905'),(46,132,'fz2.t2 s7');
/*!40000 ALTER TABLE `t2` ENABLE KEYS */;
UNLOCK TABLES;
EXECUTE IMMEDIATE 'UPDATE `fz2`.`t2` SET `a` = `a` - 1 WHERE `id` = 1';
GRANT UPDATE ON `t2` TO 'fzu2'@'localhost';
DROP TABLE IF EXISTS `t3`;
CREATE TABLE `t3` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr5` BEFORE INSERT ON `t3` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
LOCK TABLES `t3` WRITE;
/*!40000 ALTER TABLE `t3` DISABLE KEYS */;
INSERT INTO `t3` VALUES (1,110,'fz2.t3 s659'),(2,-25,'fz2.t3 s496'),(3,-50,'fz2.t3 s436'),(4,139,'fz2.t3 s786'),(5,101,'fz2.t3 s348'),(6,-11,'fz2.t3 s257'),(7,50,'fz2.t3 s378'),(8,56,'fz2.t3 s255');
/*!40000 ALTER TABLE `t3` ENABLE KEYS */;
UNLOCK TABLES;
GRANT INSERT ON `fz2`.* TO 'fzu2'@'localhost';
GRANT SELECT ON *.* TO 'fzu1'@'localhost';
DELIMITER ;;
INSERT INTO `fz2`.`t1` VALUES (116,117,'fz2.t1 s427');
GRANT SELECT ON `fz1`.* TO 'fzu2'@'localhost';
GRANT DELETE ON `fz1`.`t2` TO 'fzu2'@'localhost';
UPDATE `fz2`.`t2` SET `s` = 'text' WHERE `id` = 3;
UPDATE `fz1`.`t1` SET `s` = 'text' WHERE `id` = 5
;;
DELIMITER ;
