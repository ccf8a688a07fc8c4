/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
CREATE DATABASE lara;
USE lara;
DROP TABLE IF EXISTS `failed_jobs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE `failed_jobs` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `uuid` varchar(255) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `failed_jobs_uuid_unique` (`uuid`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
DROP TABLE IF EXISTS `migrations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE `migrations` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `migration` varchar(255) NOT NULL,
  `batch` int(11) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!50503 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;

LOCK TABLES `migrations` WRITE;
/*!40000 ALTER TABLE `migrations` DISABLE KEYS */;
INSERT INTO `migrations` VALUES (1,'2014_10_12_000000_create_users_table',1),(2,'2014_10_12_100000_create_password_resets_table',1),(3,'2019_08_19_000000_create_failed_jobs_table',1),(4,'2019_12_14_000001_create_personal_access_tokens_table',1);
/*!40000 ALTER TABLE `migrations` ENABLE KEYS */;
UNLOCK TABLES;
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-0'),('uuid-1'),('uuid-2'),('uuid-3'),('uuid-4'),('uuid-5'),('uuid-6'),('uuid-7'),('uuid-8'),('uuid-9'),('uuid-10'),('uuid-11'),('uuid-12'),('uuid-13'),('uuid-14'),('uuid-15'),('uuid-16'),('uuid-17'),('uuid-18'),('uuid-19'),('uuid-20'),('uuid-21'),('uuid-22'),('uuid-23'),('uuid-24'),('uuid-25'),('uuid-26'),('uuid-27'),('uuid-28'),('uuid-29'),('uuid-30'),('uuid-31'),('uuid-32'),('uuid-33'),('uuid-34'),('uuid-35'),('uuid-36'),('uuid-37'),('uuid-38'),('uuid-39'),('uuid-40'),('uuid-41'),('uuid-42'),('uuid-43'),('uuid-44'),('uuid-45'),('uuid-46'),('uuid-47'),('uuid-48'),('uuid-49');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-50'),('uuid-51'),('uuid-52'),('uuid-53'),('uuid-54'),('uuid-55'),('uuid-56'),('uuid-57'),('uuid-58'),('uuid-59'),('uuid-60'),('uuid-61'),('uuid-62'),('uuid-63'),('uuid-64'),('uuid-65'),('uuid-66'),('uuid-67'),('uuid-68'),('uuid-69'),('uuid-70'),('uuid-71'),('uuid-72'),('uuid-73'),('uuid-74'),('uuid-75'),('uuid-76'),('uuid-77'),('uuid-78'),('uuid-79'),('uuid-80'),('uuid-81'),('uuid-82'),('uuid-83'),('uuid-84'),('uuid-85'),('uuid-86'),('uuid-87'),('uuid-88'),('uuid-89'),('uuid-90'),('uuid-91'),('uuid-92'),('uuid-93'),('uuid-94'),('uuid-95'),('uuid-96'),('uuid-97'),('uuid-98'),('uuid-99');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-100'),('uuid-101'),('uuid-102'),('uuid-103'),('uuid-104'),('uuid-105'),('uuid-106'),('uuid-107'),('uuid-108'),('uuid-109'),('uuid-110'),('uuid-111'),('uuid-112'),('uuid-113'),('uuid-114'),('uuid-115'),('uuid-116'),('uuid-117'),('uuid-118'),('uuid-119'),('uuid-120'),('uuid-121'),('uuid-122'),('uuid-123'),('uuid-124'),('uuid-125'),('uuid-126'),('uuid-127'),('uuid-128'),('uuid-129'),('uuid-130'),('uuid-131'),('uuid-132'),('uuid-133'),('uuid-134'),('uuid-135'),('uuid-136'),('uuid-137'),('uuid-138'),('uuid-139'),('uuid-140'),('uuid-141'),('uuid-142'),('uuid-143'),('uuid-144'),('uuid-145'),('uuid-146'),('uuid-147'),('uuid-148'),('uuid-149');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-150'),('uuid-151'),('uuid-152'),('uuid-153'),('uuid-154'),('uuid-155'),('uuid-156'),('uuid-157'),('uuid-158'),('uuid-159'),('uuid-160'),('uuid-161'),('uuid-162'),('uuid-163'),('uuid-164'),('uuid-165'),('uuid-166'),('uuid-167'),('uuid-168'),('uuid-169'),('uuid-170'),('uuid-171'),('uuid-172'),('uuid-173'),('uuid-174'),('uuid-175'),('uuid-176'),('uuid-177'),('uuid-178'),('uuid-179'),('uuid-180'),('uuid-181'),('uuid-182'),('uuid-183'),('uuid-184'),('uuid-185'),('uuid-186'),('uuid-187'),('uuid-188'),('uuid-189'),('uuid-190'),('uuid-191'),('uuid-192'),('uuid-193'),('uuid-194'),('uuid-195'),('uuid-196'),('uuid-197'),('uuid-198'),('uuid-199');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-200'),('uuid-201'),('uuid-202'),('uuid-203'),('uuid-204'),('uuid-205'),('uuid-206'),('uuid-207'),('uuid-208'),('uuid-209'),('uuid-210'),('uuid-211'),('uuid-212'),('uuid-213'),('uuid-214'),('uuid-215'),('uuid-216'),('uuid-217'),('uuid-218'),('uuid-219'),('uuid-220'),('uuid-221'),('uuid-222'),('uuid-223'),('uuid-224'),('uuid-225'),('uuid-226'),('uuid-227'),('uuid-228'),('uuid-229'),('uuid-230'),('uuid-231'),('uuid-232'),('uuid-233'),('uuid-234'),('uuid-235'),('uuid-236'),('uuid-237'),('uuid-238'),('uuid-239'),('uuid-240'),('uuid-241'),('uuid-242'),('uuid-243'),('uuid-244'),('uuid-245'),('uuid-246'),('uuid-247'),('uuid-248'),('uuid-249');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-250'),('uuid-251'),('uuid-252'),('uuid-253'),('uuid-254'),('uuid-255'),('uuid-256'),('uuid-257'),('uuid-258'),('uuid-259'),('uuid-260'),('uuid-261'),('uuid-262'),('uuid-263'),('uuid-264'),('uuid-265'),('uuid-266'),('uuid-267'),('uuid-268'),('uuid-269'),('uuid-270'),('uuid-271'),('uuid-272'),('uuid-273'),('uuid-274'),('uuid-275'),('uuid-276'),('uuid-277'),('uuid-278'),('uuid-279'),('uuid-280'),('uuid-281'),('uuid-282'),('uuid-283'),('uuid-284'),('uuid-285'),('uuid-286'),('uuid-287'),('uuid-288'),('uuid-289'),('uuid-290'),('uuid-291'),('uuid-292'),('uuid-293'),('uuid-294'),('uuid-295'),('uuid-296'),('uuid-297'),('uuid-298'),('uuid-299');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-300'),('uuid-301'),('uuid-302'),('uuid-303'),('uuid-304'),('uuid-305'),('uuid-306'),('uuid-307'),('uuid-308'),('uuid-309'),('uuid-310'),('uuid-311'),('uuid-312'),('uuid-313'),('uuid-314'),('uuid-315'),('uuid-316'),('uuid-317'),('uuid-318'),('uuid-319'),('uuid-320'),('uuid-321'),('uuid-322'),('uuid-323'),('uuid-324'),('uuid-325'),('uuid-326'),('uuid-327'),('uuid-328'),('uuid-329'),('uuid-330'),('uuid-331'),('uuid-332'),('uuid-333'),('uuid-334'),('uuid-335'),('uuid-336'),('uuid-337'),('uuid-338'),('uuid-339'),('uuid-340'),('uuid-341'),('uuid-342'),('uuid-343'),('uuid-344'),('uuid-345'),('uuid-346'),('uuid-347'),('uuid-348'),('uuid-349');
INSERT INTO `failed_jobs` (`uuid`) VALUES ('uuid-350'),('uuid-351'),('uuid-352'),('uuid-353'),('uuid-354'),('uuid-355'),('uuid-356'),('uuid-357'),('uuid-358'),('uuid-359'),('uuid-360'),('uuid-361'),('uuid-362'),('uuid-363'),('uuid-364'),('uuid-365'),('uuid-366'),('uuid-367'),('uuid-368'),('uuid-369'),('uuid-370'),('uuid-371'),('uuid-372'),('uuid-373'),('uuid-374'),('uuid-375'),('uuid-376'),('uuid-377'),('uuid-378'),('uuid-379'),('uuid-380'),('uuid-381'),('uuid-382'),('uuid-383'),('uuid-384'),('uuid-385'),('uuid-386'),('uuid-387'),('uuid-388'),('uuid-389'),('uuid-390'),('uuid-391'),('uuid-392'),('uuid-393'),('uuid-394'),('uuid-395'),('uuid-396'),('uuid-397'),('uuid-398'),('uuid-399');
INSERT INTO `migrations` (`migration`, `batch`) VALUES ('2024_01_01_000000_late', 2);
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;
/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
