-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51035, mode load-data (dumpscope import --parallel 2 --load-data --batch-bytes 2K), kind dump.
-- Shrunk from 61 statements and 351 rows to 8 statements and 1 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51035 --count 1 --modes load-data
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 124:
--  client:    (1,'calls','1');
--  dumpscope: (1,'calls','');

CREATE DATABASE `fz0`;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rt1` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
CREATE TABLE `fz0`.`rlog2` (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int, what varchar(20)) ENGINE=MyISAM;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `fz0`.`rlp3`(IN x int, INOUT tally int)
BEGIN
  SET tally = tally + 1;
  SET @rl_calls = COALESCE(@rl_calls, 0) + 1;
  INSERT INTO `fz0`.`rlog2` (a, what) VALUES (x, 'call');
END ;;
DELIMITER ;
DELIMITER ;;
CREATE TRIGGER `fz0`.`rtg4` BEFORE INSERT ON `fz0`.`rt1` FOR EACH ROW
BEGIN
  DECLARE v_t int DEFAULT 0;
  CALL `fz0`.`rlp3`(NEW.a, v_t);
  SET NEW.s = CONCAT('trg', v_t, '-', COALESCE(NEW.s, ''));
END ;;
DELIMITER ;
INSERT INTO `fz0`.`rt1` VALUES (0,0,0,NULL);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('calls', CONCAT_WS(' ', @rl_calls, @rl_f));
