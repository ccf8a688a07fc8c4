-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 73970, mode parallel (dumpscope import --parallel 3 --batch-bytes 2K), kind dump.
-- Shrunk from 108 statements and 1110 rows to 18 statements and 54 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 73970 --count 1 --modes parallel
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 93:
--  client:    (1,'w','1');
--  dumpscope: (1,'w','0');

SET NAMES utf8mb4;
CREATE DATABASE `fz0`;
CREATE DATABASE `fz1` DEFAULT CHARACTER SET latin1;
USE `fz0`;
CREATE TABLE `fz1`.`b2` (
  `id` bigint NOT NULL,
  `c0` blob,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`b2` (`id`) VALUES (9);
/*!40014 SET UNIQUE_CHECKS=1 */;
CREATE TABLE `fz0`.`iv1` (
  `id` int NOT NULL,
  `a` int,
  `h` int NOT NULL INVISIBLE DEFAULT 42,
  `h2` varchar(30) INVISIBLE,
  `s` varchar(30),
  `d` decimal(10,2),
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
INSERT INTO `iv1` (`id`,`a`,`h`,`s`,`d`) VALUES (22,NULL,875,"😀pddlmd",414.123456789012),(23,-387,006,'pü十étsdÿq\nf',-514.123456789012),(24,-561,750.4,'x能予h漢',null),(25,b'100101010',0x94,_utf8mb4'予en\by中do±tÀi',77.5e1),(26,0xB,FALSE,"l誠jm表À\r十\\",307.123456789012),(27,0x191,149,'idthÀソ#文u能±',74511.02),(28,b'1010110',74,'hh十±文漢ソ十',80928),(29,84,11,'qn\\ßüo\b能q',-.890),(30,-371,144,null,'70897.453'),(31,+400,192,'能gl文r',19435.59),(32,NULL,253,"m中jw十pp_表ソ",58503.70),(33,916,'35','slr',0x2C21),(34,50.4,160,'op',4.5e1),(35,183,185,'',18918.68),(36,'-836',0xA4,'éx🦫\\m\n\Zsx',null),(37,+87,943,'wソ表',731.123456789012),(38,9,0x362,'z中',69043.12);
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
SET @dw1 = CAST('5y' AS SIGNED);
PREPARE dps3 FROM 'SELECT 1';
PREPARE dks4 FROM 'SET @w = @@warning_count';
EXECUTE dks4;
INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);
SET NAMES utf8mb4;
SET NAMES utf8;
INSERT IGNORE INTO `fz1`.`b2` VALUES (13,'aénso
運s表a'),
(14,X'EACFAF6A4C506E4B2FF0A161DC5AE03E'),
(15,X'92434F1F5FA4F0BEF921'),
(16,X'12F434340E0E3FFF5E0D1B892610DDC3'),
(17,X'3C3DFE4F74D4832A'),
(18,'Àesah予\y中cké;À文能'),
(19,0xa56325cf5a01984f24),
(20,X'B4C84C903FFE6461E3C3E9A256D0'),
(2,0x64d0e1956e1a6448184fb8),
(21,_utf8mb3"ti"),
(22,'ßn	k運漢運mbソv能'),
(23,X'F1A403'),
(24,X'61BE815567'),
(25,x'cb2a947f13fb6f5c'),
(12,X'66D3556C'),
(26,""),
(27,'表pr表b能'),
(28,'cjb中'),
(29,0xadc2d19dd4c18a41db2ada84),
(30,x'82261d521187'),
(31,x'659057'),
(32,X'FBEBFF73BD94B500'),
(33,0x0ce14826cb),
(34,0x3a0f53d03624816e204246),
(35,'十運y文文liÀソg±'),
(36,0xe529898e4a2bb52f89e27b29be125567),
(37,x'ad51a6b09c270f80032d1227'),
(38,X'E461B6551B53517759'),
(39,'ÿrndga表能o'),
(40,NULL),
(41,NULL),
(42,'bÿs`u\b\ungh漢'),
(43,_binary'�0OYRr���Gc'),
(44,"rüo%中mü\tmgsu\bd"),
(45,0xdf241c),
(46,X'2DE6E2722851FEBD517683');
