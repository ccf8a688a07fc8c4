-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 51084, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 135 statements and 1053 rows to 16 statements and 4 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 51084 --count 1 --modes resume
-- (line numbers in the detail below count from the first line after this header)
--
-- first difference at line 479:
--  client:    (1,'rb','1644 first 101 42'),
--  dumpscope: (2,'rb','1644 first 101 30');

CREATE DATABASE `fz0`;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));
CREATE TABLE `fz0`.`rc4` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
CREATE TABLE `fz0`.`rcc5` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=Aria;
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `fz0`.`rcp6`(IN p_min int, OUT p_sum int, OUT p_n int)
BEGIN
  DECLARE v_done int DEFAULT 0;
  DECLARE v_id, v_a int;
  DECLARE v_s varchar(40);
  DECLARE c_rows CURSOR FOR SELECT id, a, s FROM `fz0`.`rc4` WHERE a >= p_min ORDER BY id;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_done = 1;
  SET p_sum = 0, p_n = 0;
  OPEN c_rows;
  REPEAT
    FETCH c_rows INTO v_id, v_a, v_s;
    IF NOT v_done THEN
    SET p_sum = p_sum + COALESCE(v_a, 0), p_n = p_n + 1;
    INSERT INTO `fz0`.`rcc5` (id, a, s) VALUES (v_id, v_a, CONCAT(v_s, '+'));
    END IF;
  UNTIL v_done END REPEAT;
  CLOSE c_rows;
END ;;
DELIMITER ;
CALL `fz0`.`rcp6`(35, @rc_sum, @rc_n);
COMMIT;
CREATE TABLE `fz0`.`rb7` (
  `id` int NOT NULL,
  `a` int DEFAULT NULL,
  `s` varchar(40) DEFAULT NULL,
  `ts` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ka` (`a`)
) ENGINE=InnoDB;
INSERT INTO `fz0`.`rb7` VALUES (7,108,'s175','2015-07-11 21:11:34'),(8,91,'s290',NULL),(11,146,'s646','2022-07-20 04:10:41'),(12,99,'s169',NULL);
DELIMITER ;;
CREATE PROCEDURE `fz0`.`rp8`(IN p_n int, INOUT p_acc int, OUT p_msg varchar(64))
BEGIN
  DECLARE v_i int DEFAULT 0;
  DECLARE v_dup int DEFAULT 0;
  DECLARE dup_key CONDITION FOR 1062;
  DECLARE CONTINUE HANDLER FOR dup_key SET v_dup = v_dup + 1;
  blk: BEGIN
    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET p_msg = CONCAT('exit at ', v_i);
    WHILE v_i < p_n DO
      INSERT INTO `fz0`.`rb7` (id, a, s) VALUES (13 + v_i % 3, v_i, CONCAT('p', v_i));
      SET v_i = v_i + 1;
      IF p_acc + v_i > 6 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'over', MYSQL_ERRNO = 1644;
      END IF;
    END WHILE;
    SET p_msg = 'done';
  END blk;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION
      GET DIAGNOSTICS CONDITION 1 @rb_errno = MYSQL_ERRNO, @rb_text = MESSAGE_TEXT;
    BEGIN
      DECLARE EXIT HANDLER FOR SQLSTATE '45001' RESIGNAL SET MESSAGE_TEXT = 'again';
      SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'first';
    END;
  END;
  BEGIN
    DECLARE v_i int DEFAULT 100;
    SET v_i = v_i + 1, @rb_inner = v_i;
  END;
  SET p_acc = p_acc + v_i * 10 + v_dup, @rb_last = p_acc;
END ;;
DELIMITER ;
SET @acc9 = 1;
CALL `fz0`.`rp8`(4, @acc9, @rb_msg);
INSERT INTO `fz0`.`sv` (name, v) VALUES ('rb', CONCAT_WS(' ', @rb_errno, @rb_text, @rb_inner, @rb_last));
CALL `fz0`.`rp8`(1, @acc9, @rb_msg);
START TRANSACTION WITH CONSISTENT SNAPSHOT;
