SET NAMES utf8mb4;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE USER 'fzu1'@'localhost';
CREATE USER 'fzu2'@'localhost';
GRANT SELECT ON *.* TO 'fzu2'@'localhost';
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz0`;
USE `fz0`;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES `t1` WRITE;
/*!40000 ALTER TABLE `t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,100,'fz0.t1 s732'),(2,-3,'fz0.t1 s366'),(3,-46,'fz0.t1 s559'),(4,5,'fz0.t1 s87'),(5,4,'fz0.t1 s437'),(6,-42,'fz0.t1 s343'),(7,143,'fz0.t1 s84'),(8,1,'fz0.t1 s630'),(9,126,'fz0.t1 s811'),(10,149,'fz0.t1 s844'),(11,-26,'fz0.t1 s832'),(12,-27,'fz0.t1 s249'),(13,63,'fz0.t1 s779'),(14,44,'fz0.t1 s669'),(15,8,'fz0.t1 s77'),(16,47,'fz0.t1 s965'),(17,129,'fz0.t1 s833'),(18,46,'fz0.t1 s762'),(19,96,'fz0.t1 s968'),(20,73,'fz0.t1 s918'),(21,30,'fz0.t1 s245'),(22,40,'fz0.t1 s18'),(23,133,'fz0.t1 s658'),(24,30,'fz0.t1 s563'),(25,15,'fz0.t1 s187'),(26,91,'fz0.t1 s514');
/*!40000 ALTER TABLE `t1` ENABLE KEYS */;
UNLOCK TABLES;
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
INSERT INTO `t2` VALUES (1,27,'fz0.t2 s889'),(2,84,'fz0.t2 s642'),(3,118,'fz0.t2 s156'),(4,149,'fz0.t2 s578'),(5,73,'fz0.t2 s291'),(6,-10,'fz0.t2 s169'),(7,71,'fz0.t2 s625'),(8,118,'fz0.t2 s61'),(9,3,'fz0.t2 s769'),(10,-7,'fz0.t2 s133'),(11,51,'fz0.t2 s291'),(12,17,'fz0.t2 s862'),(13,-1,'fz0.t2 s438'),(14,55,'fz0.t2 s678'),(15,29,'fz0.t2 s760'),(16,-45,'fz0.t2 s385'),(17,58,'fz0.t2 s788'),(18,34,'fz0.t2 s473'),(19,24,'fz0.t2 s690'),(20,101,'fz0.t2 s195'),(21,139,'fz0.t2 s18'),(22,53,'fz0.t2 s841'),(23,77,'fz0.t2 s866'),(24,-37,'fz0.t2 s183'),(25,80,'fz0.t2 s779'),(26,60,'fz0.t2 s320'),(27,10,'fz0.t2 s982'),(28,4,'fz0.t2 s465'),(29,103,'fz0.t2 s812'),(30,-39,'fz0.t2 s180'),(31,64,'fz0.t2 s415'),(32,149,'fz0.t2 s174'),(33,-49,'fz0.t2 s427'),(34,124,'fz0.t2 s279'),(35,87,'fz0.t2 s842'),(36,-30,'fz0.t2 s587');
/*!40000 ALTER TABLE `t2` ENABLE KEYS */;
UNLOCK TABLES;
UPDATE `fz0`.`t2` SET `a` = `a` + 1 WHERE `id` <= 5;
DROP TABLE IF EXISTS `t3`;
CREATE TABLE `t3` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
INSERT INTO `t3` VALUES (1,74,'fz0.t3 s542'),(2,131,'fz0.t3 s351'),(3,141,'fz0.t3 s831'),(4,139,'fz0.t3 s172'),(5,-25,'fz0.t3 s874'),(6,44,'fz0.t3 s31'),(7,48,'fz0.t3 s52'),(8,-50,'fz0.t3 s465'),(9,99,'fz0.t3 s411'),(10,11,'fz0.t3 s713'),(11,-13,'fz0.t3 s434'),(12,12,'fz0.t3 s632'),(13,100,'fz0.t3 s447'),(14,-9,'fz0.t3 s235'),(15,118,'fz0.t3 s640'),(16,143,'fz0.t3 s336'),(17,19,'fz0.t3 s900'),(18,-31,'fz0.t3 s141'),(19,-39,'fz0.t3 s785'),(20,3,'fz0.t3 s629'),(21,73,'fz0.t3 s482'),(22,71,'fz0.t3 s43'),(23,130,'fz0.t3 s6'),(24,143,'fz0.t3 s379'),(25,112,'fz0.t3 s888'),(26,80,'fz0.t3 s615'),(27,119,'fz0.t3 s159'),(28,-28,'fz0.t3 s839'),(29,69,'fz0.t3 s567'),(30,24,'fz0.t3 s154'),(31,63,'fz0.t3 s701'),(32,139,'fz0.t3 s246'),(33,-27,'fz0.t3 s13'),(34,-26,'fz0.t3 s264'),(35,-28,'fz0.t3 s910'),(36,-45,'fz0.t3 s612'),(37,78,'fz0.t3 s354'),(38,41,'fz0.t3 s295'),(39,78,'fz0.t3 s829'),(40,39,'fz0.t3 s788'),(41,-24,'fz0.t3 s471'),(42,120,'fz0.t3 s922'),(43,138,'fz0.t3 s596'),(44,72,'fz0.t3 s671'),(45,-27,'fz0.t3 s846'),(46,104,'fz0.t3 s738'),(47,63,'fz0.t3 s681'),(48,-10,'fz0.t3 s532'),(49,147,'fz0.t3 s128'),(50,127,'fz0.t3 s76'),(51,76,'fz0.t3 s864'),(52,-17,'fz0.t3 s239'),(53,-12,'fz0.t3 s846'),(54,-12,'fz0.t3 s291'),(55,-17,'fz0.t3 s355'),(56,30,'fz0.t3 s761'),(57,79,'fz0.t3 s666'),(58,57,'fz0.t3 s615'),(59,43,'fz0.t3 s606'),(60,66,'fz0.t3 s846'),(61,56,'fz0.t3 s568'),(62,-49,'fz0.t3 s747'),(63,-46,'fz0.t3 s705'),(64,-30,'fz0.t3 s340'),(65,-45,'fz0.t3 s903'),(66,39,'fz0.t3 s697'),(67,-26,'fz0.t3 s183'),(68,-49,'fz0.t3 s890'),(69,-11,'fz0.t3 s668'),(70,60,'fz0.t3 s91'),(71,-47,'fz0.t3 s536'),(72,115,'fz0.t3 s587'),(73,116,'fz0.t3 s13'),(74,4,'fz0.t3 s978'),(75,17,'fz0.t3 s578'),(76,107,'fz0.t3 s457'),(77,124,'fz0.t3 s530'),(78,27,'fz0.t3 s826'),(79,50,'fz0.t3 s154'),(80,60,'fz0.t3 s152'),(81,-45,'fz0.t3 s226'),(82,-25,'fz0.t3 s911'),(83,68,'fz0.t3 s798'),(84,64,'fz0.t3 s677'),(85,-47,'fz0.t3 s599'),(86,105,'fz0.t3 s14'),(87,97,'fz0.t3 s173'),(88,-23,'fz0.t3 s19'),(89,-45,'fz0.t3 s781'),(90,15,'fz0.t3 s934'),(91,23,'fz0.t3 s95'),(92,38,'fz0.t3 s842'),(93,-4,'fz0.t3 s662');
PREPARE fps1 FROM 'DELETE FROM `fz0`.`t3` WHERE `id` = 2';
EXECUTE fps1;
DEALLOCATE PREPARE fps1;
DELETE FROM `t3` WHERE `id` = 10;
GRANT UPDATE ON `t3` TO 'fzu1'@'localhost';
GRANT INSERT ON `fz0`.* TO 'fzu1'@'localhost';
GRANT SHOW VIEW ON * TO 'fzu1'@'localhost';
ALTER DATABASE `fz0` CHARACTER SET utf8mb4;
DELIMITER ;;
INSERT INTO `fz0`.`t3` VALUES (94,140,'fz0.t3 s148');
INSERT INTO `fz0`.`t1` VALUES (27,41,'fz0.t1 s51')
;;
DELIMITER ;
CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fz1`;
USE `fz1`;
DROP TABLE IF EXISTS `t1`;
CREATE TABLE `t1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr2` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
LOCK TABLES `t1` WRITE;
/*!40000 ALTER TABLE `t1` DISABLE KEYS */;
INSERT INTO `t1` VALUES (1,90,'fz1.t1 s578'),(2,-40,'fz1.t1 s225'),(3,133,'fz1.t1 s58'),(4,-50,'fz1.t1 s600'),(5,90,'fz1.t1 s687'),(6,122,'fz1.t1 s458'),(7,58,'fz1.t1 s196'),(8,102,'fz1.t1 s666'),(9,61,'fz1.t1 s167'),(10,47,'fz1.t1 s171'),(11,12,'fz1.t1 s122'),(12,50,'fz1.t1 s0'),(13,40,'fz1.t1 s457'),(14,70,'fz1.t1 s73'),(15,68,'fz1.t1 s789'),(16,62,'fz1.t1 s824'),(17,136,'fz1.t1 s875'),(18,136,'fz1.t1 s104'),(19,-9,'fz1.t1 s473'),(20,49,'fz1.t1 s476'),(21,40,'fz1.t1 s973'),(22,67,'fz1.t1 s543'),(23,-31,'fz1.t1 s231'),(24,102,'fz1.t1 s772'),(25,147,'fz1.t1 s518'),(26,71,'fz1.t1 s332'),(27,120,'fz1.t1 s763'),(28,-41,'fz1.t1 s801'),(29,-37,'fz1.t1 s704'),(30,42,'fz1.t1 s706'),(31,109,'fz1.t1 s544'),(32,-17,'fz1.t1 s766'),(33,79,'fz1.t1 s547'),(34,113,'fz1.t1 s358'),(35,77,'fz1.t1 s262'),(36,145,'fz1.t1 s922'),(37,124,'fz1.t1 s589'),(38,121,'fz1.t1 s322'),(39,-35,'fz1.t1 s813'),(40,11,'fz1.t1 s465'),(41,85,'fz1.t1 s330'),(42,106,'fz1.t1 s793'),(43,73,'fz1.t1 s164'),(44,73,'fz1.t1 s465'),(45,119,'fz1.t1 s129'),(46,-4,'fz1.t1 s396'),(47,-12,'fz1.t1 s58'),(48,65,'fz1.t1 s493'),(49,-20,'fz1.t1 s115'),(50,78,'fz1.t1 s596'),(51,-8,'fz1.t1 s879'),(52,-8,'fz1.t1 s893'),(53,109,'fz1.t1 s131'),(54,148,'fz1.t1 s322'),(55,-11,'fz1.t1 s700'),(56,69,'fz1.t1 s876'),(57,94,'fz1.t1 s806');
/*!40000 ALTER TABLE `t1` ENABLE KEYS */;
UNLOCK TABLES;
UPDATE `fz1`.`t1` SET `a` = `a` + 1 WHERE `id` <= 1;
EXECUTE IMMEDIATE 'UPDATE `fz1`.`t1` SET `a` = `a` - 1 WHERE `id` = 2';
DELETE FROM `t1` WHERE `id` = 3;
DROP TABLE IF EXISTS `t2`;
CREATE TABLE `t2` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!50032 DROP TRIGGER IF EXISTS `ftr3` */;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` TRIGGER `ftr3` BEFORE INSERT ON `t2` FOR EACH ROW BEGIN
  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;
  SET NEW.`s` = CONCAT(NEW.`s`, '+');
END ;;
DELIMITER ;
LOCK TABLES `t2` WRITE;
/*!40000 ALTER TABLE `t2` DISABLE KEYS */;
INSERT INTO `t2` VALUES (1,-45,'fz1.t2 s364'),(2,-14,'fz1.t2 s230'),(3,107,'fz1.t2 s699'),(4,50,'fz1.t2 s913'),(5,10,'fz1.t2 s290'),(6,-31,'fz1.t2 s320');
/*!40000 ALTER TABLE `t2` ENABLE KEYS */;
UNLOCK TABLES;
UPDATE `fz1`.`t2` SET `a` = `a` + 1 WHERE `id` <= 2;
EXECUTE IMMEDIATE 'UPDATE `fz1`.`t2` SET `a` = `a` - 1 WHERE `id` = 4';
DROP TABLE IF EXISTS `t3`;
CREATE TABLE `t3` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
INSERT INTO `t3` VALUES (1,55,'fz1.t3 s86'),(2,24,'fz1.t3 s411'),(3,45,'fz1.t3 s478'),(4,2,'fz1.t3 s695'),(5,3,'fz1.t3 s836'),(6,71,'fz1.t3 s781'),(7,-3,'fz1.t3 s914'),(8,48,'fz1.t3 s3');
ALTER TABLE `fz1`.`t3` COMMENT 'c70';
UPDATE `fz1`.`t3` SET `a` = `a` + 1 WHERE `id` <= 3;
GRANT INSERT ON `fz1`.* TO 'fzu2'@'localhost';
DELIMITER ;;
INSERT INTO `fz1`.`t3` VALUES (9,35,'fz1.t3 s832');
INSERT INTO `fz0`.`t3` VALUES (95,81,'fz0.t3 s56');
SET @fm = 43
;;
DELIMITER ;
DELIMITER ;;
UPDATE `fz1`.`t2` SET `s` = 'text' WHERE `id` = 2;
INSERT INTO `fz1`.`t1` VALUES (58,83,'fz1.t1 s582');
GRANT SELECT ON `fz0`.* TO 'fzu1'@'localhost';
GRANT SELECT ON `fz0`.* TO 'fzu1'@'localhost'
;;
DELIMITER ;
DELIMITER ;;
INSERT INTO `fz1`.`t1` VALUES (59,125,'fz1.t1 s721');
INSERT INTO `fz1`.`t2` VALUES (7,107,'fz1.t2 s481');
GRANT SELECT ON `fz1`.* TO 'fzu2'@'localhost'
;;
DELIMITER ;
