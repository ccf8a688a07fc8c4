-- leading comment line
--no space at statement start is a comment too
# hash comment
/* block
   comment ; with 'quote */
SELECT 1;
SELECT 1--1;
SELECT 2 -- trailing comment
, 3;
SELECT 4 # hash
;
SELECT/* inline */5;
SELECT 6 /* spaced */ + 1;
SELECT 7/*x*/+1/*y*/;
   /* lead */ SELECT 8;SELECT 9;  SELECT 10 ;
SELECT 11 /*!40101 , 12 */;
SELECT 13 /*M!100100 , 14 */;
SELECT /*+ NO_INDEX_MERGE() */ 15;
SELECT '-- not a comment', "# nor this", '/* nor */';
SELECT 'a;b', "c;d", `e;f` FROM (SELECT 1 AS `e;f`) x;
SELECT 'it''s', 'a\'b', 'C:\\', "say ""hi""";
SELECT 'multi
line
string';
SELECT 16;;
;
SELECT 17 \g SELECT 18;
SELECT '\N', \N IS NULL;
SELECT 19 -- x
-- y
# z
;
SELECT 20 /* a
b */ , 21;
SELECT 22 - -1, 1 -- 1
;
SELECT 23-- 1
;
SELECT 24 /*!40101 ; */;
SELECT 25
