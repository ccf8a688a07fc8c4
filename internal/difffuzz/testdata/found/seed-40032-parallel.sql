-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 40032, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 122 statements and 803 rows to 18 statements and 30 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 40032 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 96:
--  client:    (1,'w','1051');
--  dumpscope: (1,'w',NULL);

CREATE DATABASE `fz0`;
CREATE TABLE `fz0`.`t1` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` mediumint unsigned,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz0`.`t2` (
  `id` int,
  `c0` text,
  `c1` char(12),
  `c2` year,
  `c3` year,
  `c4` enum('1','2','10','a','b'),
  `c5` decimal(10,2),
  `u` int,
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz0`.`t1` (`id`) VALUES (470);
CREATE TABLE `fz0`.`b4` (
  `id` bigint NOT NULL,
  `c0` decimal(10,2),
  `c1` point,
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
DELIMITER ;;
CREATE TRIGGER `fz0`.`trg9` BEFORE INSERT ON `fz0`.`b4` FOR EACH ROW
BEGIN
  -- a comment; with a semicolon
  SET @trg = COALESCE(@trg, 0) + 1; /* counted */
  INSERT INTO `fz0`.`log_b4` (msg) VALUES ('before; insert'); # hash
END ;;
DELIMITER ;
DROP TABLE IF EXISTS `fz0`.`t10`;
REPLACE INTO `fz0`.`t1` (`c0`) VALUES (b'101100');
XA START 'x55';
INSERT IGNORE INTO `fz0`.`t2` VALUES (87,"éÿg#予ß±\%表",'',2155,'24','2',-78.5e0,10),(88,'漢tßr\n','',99,70,'10',-81471,33),(89,'Àp','fj😀','24','24','1',0x86F8,34),(90,'srÿ能😀運b±À文','`運',1999,1999,'B','84812.200',28),(91,NULL,'能ß\t中',0,0,3,39184,2),(92,"ü/*a	rv",'表😀r',2155,'2024',3,-59875.72,24),(93,'','mb','24','24','1',14654.71,10),(94,"ioÀソe",'ÿ予',99,2155,'a',null,33),(95,'±s表_運mh','十😀',70,'0',5,'-66736.958',17),(7,"p\Z運表😀dßx","漢",0,1999,'b',0x4A0,35),(96,"\mhnsk予±wii",'予ueÀ','0','0','a',0x11660,31),(8,'文wvu','','2024',0,'a',38745,37),(97,';e誠中能lov文g運u','g	',2155,70,'1',38.5e0,8),(98,'🦫文eÀy😀誠j誠能','Àü','2024',1901,NULL,.305,null),(99,'epé;','zd','2024',99,'10',.685,35),(100,N'üd運üd`q','`±中ÿ','24','2024',5,99658.00,4),(101,'','qxÿ±','0','24',NULL,'28476.155',22),(6,"lß","",'0',2155,3,692.123456789012,2),(102,'ÿ中éソ十運zc±q',"téソ±",0,'0',1,55.5e1,22),(103,"xß\\文ßÿx😀ÿ/*Ài",'\n','2024',0,1,82724.51,32),(104,'wpqetkÿ能e','k',99,2155,'1','82426.988',5),(105,"-- s能'ソf漢文%",'ü±ß\p','0','0',NULL,26245.88,null),(106,'中x中üÀx運誠ß','m','2024',NULL,5,54590.88,30),(107,"漢",NULL,0,null,NULL,.512,7),(108,null,_utf8mb4'\\À','24',null,null,540.123456789012,null),(109,'ソorzt','k',1901,'24','B','59839.406',15),(15,null,'\tÀ','2024',1901,null,119.123456789012,27),(110,"""😀中\b誠ae表z",'gt誠a',NULL,2155,'2',.105,4);
XA END 'x55';
XA PREPARE 'x55';
XA ROLLBACK 'x55';
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
DROP TABLE IF EXISTS `fz0`.`nosuch19`;
SHOW WARNINGS;
GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
