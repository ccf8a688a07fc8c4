-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 113828, mode filter-resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL --tables fz0.t1,fz1.t1,fz2.t3), kind dump.
-- Shrunk from 85 statements and 348 rows to 25 statements and 87 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 113828 --count 1 --modes filter-resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 49:
--  client:    (1,1025,'fz0.t1 s777+'),
--  dumpscope: (1,25,'fz0.t1 s777'),

CREATE USER IF NOT EXISTS 'fzu1'@'localhost';
GRANT CREATE ON `fz%`.* TO 'fzu1'@'localhost';
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz0`;
USE `fz0`;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!50032 DROP TRIGGER IF EXISTS `ftr1` */;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr1` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
LOCK TABLES `t1` WRITE;
/*!40000 ALTER TABLE `t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,25,'fz0.t1 s777'),(2,-29,'fz0.t1 s582'),(3,-37,'fz0.t1 s639'),(4,-44,'fz0.t1 s199'),(5,46,'fz0.t1 s826'),(6,138,'fz0.t1 s398'),(7,135,'fz0.t1 s635'),(8,96,'fz0.t1 s9'),(9,22,'fz0.t1 s563'),(10,-4,'fz0.t1 s439'),(11,138,'fz0.t1 s665'),(12,63,'fz0.t1 s873'),(13,53,'fz0.t1 s873'),(14,141,'fz0.t1 s674'),(15,-34,'fz0.t1 s601'),(16,100,'fz0.t1 s576'),(17,104,'fz0.t1 s515'),(18,11,'fz0.t1 s798'),(19,97,'fz0.t1 s335'),(20,-10,'fz0.t1 s157'),(21,129,'fz0.t1 s598'),(22,-48,'fz0.t1 s338'),(23,125,'fz0.t1 s768'),(24,2,'fz0.t1 s527'),(25,29,'fz0.t1 s36'),(26,11,'fz0.t1 s831'),(27,98,'fz0.t1 s941'),(28,3,'fz0.t1 s776'),(29,145,'fz0.t1 s905'),(30,-10,'fz0.t1 s964'),(31,87,'fz0.t1 s154'),(32,38,'fz0.t1 s384'),(33,-9,'fz0.t1 s566'),(34,8,'fz0.t1 s548'),(35,56,'fz0.t1 s473'),(36,-42,'fz0.t1 s315'),(37,54,'fz0.t1 s176'),(38,-24,'fz0.t1 s506'),(39,-9,'fz0.t1 s341'),(40,46,'fz0.t1 s412'),(41,42,'fz0.t1 s390'),(42,86,'fz0.t1 s675'),(43,29,'fz0.t1 s1'),(44,62,'fz0.t1 s755'),(45,81,'fz0.t1 s824'),(46,141,'fz0.t1 s190'),(47,10,'fz0.t1 s620'),(48,70,'fz0.t1 s275'),(49,-50,'fz0.t1 s665'),(50,55,'fz0.t1 s826'),(51,129,'fz0.t1 s233'),(52,102,'fz0.t1 s210'),(53,77,'fz0.t1 s283'),(54,33,'fz0.t1 s84'),(55,137,'fz0.t1 s276'),(56,-2,'fz0.t1 s982'),(57,2,'fz0.t1 s693'),(58,-23,'fz0.t1 s160'),(59,-8,'fz0.t1 s767'),(60,-17,'fz0.t1 s164'),(61,144,'fz0.t1 s172'),(62,72,'fz0.t1 s4'),(63,-2,'fz0.t1 s446'),(64,107,'fz0.t1 s993'),(65,130,'fz0.t1 s668'),(66,13,'fz0.t1 s524'),(67,136,'fz0.t1 s10'),(68,55,'fz0.t1 s849'),(69,122,'fz0.t1 s73'),(70,-2,'fz0.t1 s592'),(71,121,'fz0.t1 s390'),(72,-20,'fz0.t1 s264'),(73,-22,'fz0.t1 s672'),(74,53,'fz0.t1 s2'),(75,85,'fz0.t1 s294'),(76,73,'fz0.t1 s468'),(77,117,'fz0.t1 s856'),(78,88,'fz0.t1 s785'),(79,70,'fz0.t1 s38'),(80,-44,'fz0.t1 s695'),(81,-40,'fz0.t1 s214'),(82,-45,'fz0.t1 s648'),(83,48,'fz0.t1 s499'),(84,27,'fz0.t1 s654'),(85,30,'fz0.t1 s258'),(86,32,'fz0.t1 s528'),(87,110,'fz0.t1 s287');
/*!40000 ALTER TABLE `t1` ENABLE KEYS */;
UNLOCK TABLES;
ALTER TABLE `fz0`.`t1` COMMENT 'c49';
DROP TABLE IF EXISTS `t2`;
CREATE TABLE `t2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
ALTER DATABASE `fz0` CHARACTER SET utf8mb4;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz1`;
USE `fz1`;
UPDATE `fz1`.`t3` SET `a` = `a` + 1 WHERE `id` <= 6;
EXECUTE IMMEDIATE 'UPDATE `fz1`.`t3` SET `a` = `a` - 1 WHERE `id` = 5';
GRANT UPDATE ON `t3` TO 'fzu1'@'localhost';
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz2`;
USE `fz2`;
DROP TABLE IF EXISTS `t1`;
