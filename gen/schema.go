package gen

import (
	"strconv"
	"strings"
)

// The schema below is what `mariadb-dump --routines --triggers --events --skip-dump-date
// --databases dumpscope_gen` 10.11 printed for it (tables created in a 10.11.19 server,
// SHOW CREATE output copied verbatim), so a generated dump is indistinguishable in shape
// from a real one and re-dumps byte-identically.

// table is one base table: its CREATE TABLE text and how to make its rows.
type table struct {
	name string
	// columns is the body of SHOW CREATE TABLE between "(\n" and "\n)".
	columns string
	// engine is printed as ENGINE=…; options follow AUTO_INCREMENT (charset, PAGE_CHECKSUM).
	engine, options string
	// autoIncrement: the table has an AUTO_INCREMENT id = row number, so a non-empty table
	// shows AUTO_INCREMENT=rows+1 in its CREATE TABLE, as SHOW CREATE does.
	autoIncrement bool
	// share is the fraction of the data bytes this table gets; sbtest tables split the rest.
	share float64
	// row appends row number i (1-based) as "(…)" to dst.
	row func(g *generator, r *rng, dst []byte, i int64) []byte
	// after is printed right after the table's data (mariadb-dump puts triggers there).
	after string
	// viewBefore is a view whose temporary stand-in table sorts just before this table.
	viewBefore *view
}

type view struct {
	name    string
	columns []string // the stand-in's columns
	final   string   // the /*!50001 VIEW … */ line of the final definition
}

const (
	charsetGeneral = " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"
	charsetUnicode = " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci"
)

// sbtestColumns is sysbench's oltp table, as SHOW CREATE TABLE prints it on MariaDB.
const sbtestColumns = "  `id` int(11) NOT NULL AUTO_INCREMENT,\n" +
	"  `k` int(11) NOT NULL DEFAULT 0,\n" +
	"  `c` char(120) NOT NULL DEFAULT '',\n" +
	"  `pad` char(60) NOT NULL DEFAULT '',\n" +
	"  PRIMARY KEY (`id`),\n" +
	"  KEY `k_1` (`k`)"

func sbtestTable(n int) *table {
	return &table{
		name:          "sbtest" + strconv.Itoa(n),
		columns:       sbtestColumns,
		engine:        "InnoDB",
		options:       charsetGeneral,
		autoIncrement: true,
		row:           sbtestRow,
	}
}

// sbtestRow writes sysbench's row: k uniform in [1, table size], c ten and pad five
// groups of 11 random digits joined by '-' (sysbench's "###########-…" templates).
func sbtestRow(g *generator, r *rng, dst []byte, i int64) []byte {
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.between(1, max(g.rowsOf(g.current), 1)), 10)
	dst = append(dst, ',', '\'')
	for j := range 10 {
		if j > 0 {
			dst = append(dst, '-')
		}
		dst = r.appendDigits(dst, 11)
	}
	dst = append(dst, '\'', ',', '\'')
	for j := range 5 {
		if j > 0 {
			dst = append(dst, '-')
		}
		dst = r.appendDigits(dst, 11)
	}
	return append(dst, '\'', ')')
}

// sbtestRowBytes is the length of sbtestRow's output for an id and k of the given digit
// counts: "(" id "," k ",'" 119 "','" 59 "')".
func sbtestRowBytes(idDigits, kDigits int64) int64 {
	return 1 + idDigits + 1 + kDigits + 2 + 119 + 3 + 59 + 2
}

// shopTables is an order-processing schema with the values that trip up importers:
// quotes, backslashes, newlines, NUL and Ctrl-Z, multi-byte UTF-8 (4-byte emoji too),
// JSON with escaped quotes, DECIMALs, DATETIME(6), NULLs, raw BLOB bytes, ENUMs, a table
// without a primary key, an Aria and a MyISAM table, foreign keys, a trigger and a view.
// The list is in the order mariadb-dump writes tables: by name.
func shopTables() []*table {
	return []*table{
		auditLogTable(),
		customersTable(),
		eventLogTable(),
		legacyCountersTable(),
		orderItemsTable(),
		ordersTable(),
		productImagesTable(),
	}
}

// auditLogTable: the target of the orders trigger, on Aria: a non-InnoDB engine with
// its own table options (PAGE_CHECKSUM) that a restore must keep.
func auditLogTable() *table {
	return &table{
		name: "audit_log",
		columns: "  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n" +
			"  `action` varchar(32) NOT NULL,\n" +
			"  `order_id` int(10) unsigned DEFAULT NULL,\n" +
			"  `created_at` timestamp NOT NULL DEFAULT current_timestamp(),\n" +
			"  PRIMARY KEY (`id`)",
		engine: "Aria", options: charsetGeneral + " PAGE_CHECKSUM=1", autoIncrement: true,
		share: 0.01, row: auditLogRow,
	}
}

// customersTable: the only table in utf8mb4_unicode_ci, with a unique key and a DECIMAL
// balance; it carries the customer_order_totals view, whose stand-in table sorts just
// before it, as mariadb-dump orders a view's stand-in by the view's name.
func customersTable() *table {
	return &table{
		name: "customers",
		columns: "  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n" +
			"  `first_name` varchar(50) NOT NULL,\n" +
			"  `last_name` varchar(50) NOT NULL,\n" +
			"  `email` varchar(255) NOT NULL,\n" +
			"  `phone` varchar(32) DEFAULT NULL,\n" +
			"  `note` text DEFAULT NULL,\n" +
			"  `balance` decimal(12,2) NOT NULL DEFAULT 0.00,\n" +
			"  `created_at` datetime NOT NULL,\n" +
			"  `updated_at` timestamp NULL DEFAULT NULL,\n" +
			"  PRIMARY KEY (`id`),\n" +
			"  UNIQUE KEY `uk_email` (`email`),\n" +
			"  KEY `idx_last_name` (`last_name`)",
		engine: "InnoDB", options: charsetUnicode, autoIncrement: true,
		share: 0.05, row: customerRow,
		viewBefore: &view{
			name:    "customer_order_totals",
			columns: []string{"customer_id", "email", "orders", "total"},
			final: "/*!50001 VIEW `customer_order_totals` AS select `c`.`id` AS `customer_id`,`c`.`email` AS `email`," +
				"count(`o`.`id`) AS `orders`,coalesce(sum(`o`.`total`),0) AS `total` from (`customers` `c` left join " +
				"`orders` `o` on(`o`.`customer_id` = `c`.`id`)) group by `c`.`id`,`c`.`email` */;\n",
		},
	}
}

// eventLogTable: no primary key and a JSON column with a CHECK, so row order and
// duplicate rows must survive the round trip.
func eventLogTable() *table {
	return &table{
		name: "event_log", // no primary key: rows keep insertion order, duplicates allowed
		columns: "  `logged_at` datetime(6) NOT NULL,\n" +
			"  `level` enum('debug','info','warn','error') NOT NULL,\n" +
			"  `source` varchar(64) NOT NULL,\n" +
			"  `message` varchar(1024) NOT NULL,\n" +
			"  `payload` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`payload`)),\n" +
			"  KEY `idx_logged_at` (`logged_at`)",
		engine: "InnoDB", options: charsetGeneral,
		share: 0.04, row: eventLogRow,
	}
}

// legacyCountersTable: a MyISAM table with a composite primary key and a FLOAT column.
func legacyCountersTable() *table {
	return &table{
		name: "legacy_counters",
		columns: "  `day` date NOT NULL,\n" +
			"  `page` varchar(128) NOT NULL,\n" +
			"  `hits` int(10) unsigned NOT NULL DEFAULT 0,\n" +
			"  `ratio` float DEFAULT NULL,\n" +
			"  PRIMARY KEY (`day`,`page`)",
		engine: "MyISAM", options: charsetGeneral,
		share: 0.01, row: legacyCounterRow,
	}
}

// orderItemsTable: the largest share of the shop tables, with a foreign key to orders
// that the dump creates before orders exists (the header sets FOREIGN_KEY_CHECKS=0).
func orderItemsTable() *table {
	return &table{
		name: "order_items",
		columns: "  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n" +
			"  `order_id` int(10) unsigned NOT NULL,\n" +
			"  `sku` varchar(32) NOT NULL,\n" +
			"  `description` varchar(255) NOT NULL,\n" +
			"  `quantity` smallint(5) unsigned NOT NULL DEFAULT 1,\n" +
			"  `unit_price` decimal(10,2) NOT NULL,\n" +
			"  `discount` decimal(5,4) DEFAULT NULL,\n" +
			"  PRIMARY KEY (`id`),\n" +
			"  KEY `idx_order` (`order_id`),\n" +
			"  CONSTRAINT `fk_items_order` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`) ON DELETE CASCADE",
		engine: "InnoDB", options: charsetGeneral, autoIncrement: true,
		share: 0.07, row: orderItemRow,
	}
}

// ordersTable: ENUMs, DATETIMEs and a foreign key to customers, followed by the
// trigger that writes audit_log.
func ordersTable() *table {
	return &table{
		name: "orders",
		columns: "  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n" +
			"  `customer_id` int(10) unsigned NOT NULL,\n" +
			"  `status` enum('new','paid','shipped','cancelled','refunded') NOT NULL DEFAULT 'new',\n" +
			"  `total` decimal(12,2) NOT NULL DEFAULT 0.00,\n" +
			"  `currency` char(3) NOT NULL DEFAULT 'EUR',\n" +
			"  `created_at` datetime NOT NULL,\n" +
			"  `shipped_at` datetime DEFAULT NULL,\n" +
			"  `comment` varchar(255) DEFAULT NULL,\n" +
			"  PRIMARY KEY (`id`),\n" +
			"  KEY `idx_customer` (`customer_id`),\n" +
			"  KEY `idx_created` (`created_at`),\n" +
			"  CONSTRAINT `fk_orders_customer` FOREIGN KEY (`customer_id`) REFERENCES `customers` (`id`)",
		engine: "InnoDB", options: charsetGeneral, autoIncrement: true,
		share: 0.05, row: orderRow,
		after: triggerBlock,
	}
}

// productImagesTable: raw BLOB bytes as mariadb-dump writes them without --hex-blob
// (productImageRow).
func productImagesTable() *table {
	return &table{
		name: "product_images",
		columns: "  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,\n" +
			"  `sku` varchar(32) NOT NULL,\n" +
			"  `mime_type` varchar(64) NOT NULL,\n" +
			"  `image` mediumblob NOT NULL,\n" +
			"  PRIMARY KEY (`id`),\n" +
			"  KEY `idx_sku` (`sku`)",
		engine: "InnoDB", options: charsetGeneral, autoIncrement: true,
		share: 0.02, row: productImageRow,
	}
}

// triggerBlock is mariadb-dump's trigger form, printed after the orders data. The space
// before the newline that precedes "*/" is mariadb-dump's.
const triggerBlock = `/*!50003 SET @saved_cs_client      = @@character_set_client */ ;
/*!50003 SET @saved_cs_results     = @@character_set_results */ ;
/*!50003 SET @saved_col_connection = @@collation_connection */ ;
/*!50003 SET character_set_client  = utf8mb3 */ ;
/*!50003 SET character_set_results = utf8mb3 */ ;
/*!50003 SET collation_connection  = utf8mb3_general_ci */ ;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION' */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=` + "`root`@`localhost`" + `*/ /*!50003 TRIGGER orders_after_insert AFTER INSERT ON orders FOR EACH ROW INSERT INTO audit_log (action, order_id) VALUES ('order created', NEW.id) 
*/;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;
/*!50003 SET character_set_client  = @saved_cs_client */ ;
/*!50003 SET character_set_results = @saved_cs_results */ ;
/*!50003 SET collation_connection  = @saved_col_connection */ ;
`

// events follows the last table when Options.Events is set: one event (a DELIMITER ;;
// block) in mariadb-dump's --events form. %[1]s is the database name.
const events = `
--
-- Dumping events for database '%[1]s'
--
/*!50106 SET @save_time_zone= @@TIME_ZONE */ ;
/*!50106 DROP EVENT IF EXISTS ` + "`purge_event_log`" + ` */;
DELIMITER ;;
/*!50003 SET @saved_cs_client      = @@character_set_client */ ;;
/*!50003 SET @saved_cs_results     = @@character_set_results */ ;;
/*!50003 SET @saved_col_connection = @@collation_connection */ ;;
/*!50003 SET character_set_client  = utf8mb3 */ ;;
/*!50003 SET character_set_results = utf8mb3 */ ;;
/*!50003 SET collation_connection  = utf8mb3_general_ci */ ;;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;;
/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION' */ ;;
/*!50003 SET @saved_time_zone      = @@time_zone */ ;;
/*!50003 SET time_zone             = 'SYSTEM' */ ;;
/*!50106 CREATE*/ /*!50117 DEFINER=` + "`root`@`localhost`" + `*/ /*!50106 EVENT ` + "`purge_event_log`" + ` ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 03:00:00' ON COMPLETION NOT PRESERVE ENABLE DO DELETE FROM event_log WHERE logged_at < NOW() - INTERVAL 90 DAY 
*/ ;;
/*!50003 SET time_zone             = @saved_time_zone */ ;;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;;
/*!50003 SET character_set_client  = @saved_cs_client */ ;;
/*!50003 SET character_set_results = @saved_cs_results */ ;;
/*!50003 SET collation_connection  = @saved_col_connection */ ;;
DELIMITER ;
/*!50106 SET TIME_ZONE= @save_time_zone */ ;
`

// routines follows the events: one procedure in mariadb-dump's --routines form. %[1]s is
// the database name.
const routines = `
--
-- Dumping routines for database '%[1]s'
--
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION' */ ;
/*!50003 DROP PROCEDURE IF EXISTS ` + "`order_total`" + ` */;
/*!50003 SET @saved_cs_client      = @@character_set_client */ ;
/*!50003 SET @saved_cs_results     = @@character_set_results */ ;
/*!50003 SET @saved_col_connection = @@collation_connection */ ;
/*!50003 SET character_set_client  = utf8mb3 */ ;
/*!50003 SET character_set_results = utf8mb3 */ ;
/*!50003 SET collation_connection  = utf8mb3_general_ci */ ;
DELIMITER ;;
CREATE DEFINER=` + "`root`@`localhost`" + ` PROCEDURE ` + "`order_total`" + `(IN p_order_id INT UNSIGNED, OUT p_total DECIMAL(12,2))
    READS SQL DATA
    COMMENT 'sum of an order''s items'
BEGIN
  SELECT COALESCE(SUM(quantity * unit_price * (1 - COALESCE(discount, 0))), 0) INTO p_total
    FROM order_items WHERE order_id = p_order_id;
END
;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;
/*!50003 SET character_set_client  = @saved_cs_client */ ;
/*!50003 SET character_set_results = @saved_cs_results */ ;
/*!50003 SET collation_connection  = @saved_col_connection */ ;
`

// header is mariadb-dump's preamble, including the "\-" sandbox-mode line (MariaDB ≥
// 10.5.25/10.6.18/10.11.8 writes it first; older clients choke on it, which is the point).
// %[1]s is the database name.
const header = "/*M!999999\\- enable the sandbox mode */ \n" +
	"-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64)\n" +
	"--\n" +
	"-- Host: localhost    Database: %[1]s\n" +
	"-- ------------------------------------------------------\n" +
	"-- Server version\t10.11.19-MariaDB-0+deb12u1\n" +
	`
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;

--
-- Current Database: ` + "`%[1]s`" + `
--

CREATE DATABASE /*!32312 IF NOT EXISTS*/ ` + "`%[1]s`" + ` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

USE ` + "`%[1]s`;\n"

// viewStub is the stand-in table mariadb-dump creates in the view's sorted place, so that
// anything referring to the view before its final definition still parses.
func viewStub(v *view) string {
	var b strings.Builder
	b.WriteString("\n--\n-- Temporary table structure for view `" + v.name + "`\n--\n\n")
	b.WriteString("DROP TABLE IF EXISTS `" + v.name + "`;\n")
	b.WriteString("/*!50001 DROP VIEW IF EXISTS `" + v.name + "`*/;\n")
	b.WriteString("SET @saved_cs_client     = @@character_set_client;\n")
	b.WriteString("SET character_set_client = utf8mb4;\n")
	b.WriteString("/*!50001 CREATE VIEW `" + v.name + "` AS SELECT\n")
	for i, c := range v.columns {
		b.WriteString(" NULL AS `" + c + "`")
		if i < len(v.columns)-1 {
			b.WriteString(",\n")
		}
	}
	b.WriteString(" */;\nSET character_set_client = @saved_cs_client;\n")
	return b.String()
}

// viewFinal is the view's real definition, after the routines, preceded by mariadb-dump's
// second "Current Database" section.
func viewFinal(db string, v *view) string {
	return "\n--\n-- Current Database: `" + db + "`\n--\n\nUSE `" + db + "`;\n" +
		"\n--\n-- Final view structure for view `" + v.name + "`\n--\n\n" +
		"/*!50001 DROP VIEW IF EXISTS `" + v.name + "`*/;\n" +
		"/*!50001 SET @saved_cs_client          = @@character_set_client */;\n" +
		"/*!50001 SET @saved_cs_results         = @@character_set_results */;\n" +
		"/*!50001 SET @saved_col_connection     = @@collation_connection */;\n" +
		"/*!50001 SET character_set_client      = utf8mb3 */;\n" +
		"/*!50001 SET character_set_results     = utf8mb3 */;\n" +
		"/*!50001 SET collation_connection      = utf8mb3_general_ci */;\n" +
		"/*!50001 CREATE ALGORITHM=UNDEFINED */\n" +
		"/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n" +
		v.final +
		"/*!50001 SET character_set_client      = @saved_cs_client */;\n" +
		"/*!50001 SET character_set_results     = @saved_cs_results */;\n" +
		"/*!50001 SET collation_connection      = @saved_col_connection */;\n"
}

const footer = `/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

-- Dump completed
`
