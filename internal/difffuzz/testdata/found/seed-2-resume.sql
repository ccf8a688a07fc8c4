-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.
-- seed 2, mode resume (dumpscope import --parallel 2 --batch-bytes 2K --checkpoint JOURNAL), kind dump.
-- Shrunk from 51 statements and 1319 rows to 5 statements and 4 rows.
-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed 2 --count 1 --modes resume
-- (line numbers below count from the first line after this header)
--
-- first difference at line 770:
--  client:    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1;
--  dumpscope: ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE DATABASE `fz1`;
CREATE TABLE `fz1`.`t2` (
  `id` int NOT NULL AUTO_INCREMENT,
  `c0` bigint unsigned,
  `c1` binary(6),
  PRIMARY KEY (`id`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
CREATE TABLE `fz1`.`t3` (
  `id` bigint NOT NULL,
  `c0` tinytext CHARACTER SET latin1,
  `c1` datetime(6),
  `c2` tinyint NOT NULL,
  `c3` bit(64),
  `u` int,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk` (`u`)
) ENGINE=Aria DEFAULT CHARSET=utf8mb4;
INSERT INTO `fz1`.`t2` VALUES (0,'2689569098300989968',_binary'´ÃM®'),(5,131,x'3929d4da2f'),(55,1911248689503327601,_binary'É£'),(81,117,x'c4cd');
ALTER TABLE `fz1`.`t3` ENGINE=InnoDB;
