-- MySQL 8.0 accounts as SHOW CREATE USER (and mysqlpump --users) prints them; written by
-- hand for dumpscope's tests.
CREATE USER `app`@`%` IDENTIFIED WITH 'caching_sha2_password' AS '$A$005$Ab3dEf6hIjKlMnOpQrStUvWxYz0123456789abcdefghijklmnopqrs' REQUIRE NONE PASSWORD EXPIRE DEFAULT ACCOUNT UNLOCK PASSWORD HISTORY DEFAULT PASSWORD REUSE INTERVAL DEFAULT PASSWORD REQUIRE CURRENT DEFAULT;
GRANT SELECT ON `shop`.* TO `app`@`%`;
