 SELECT 1;
SELECT 2 ;
SELECT 3 …;
-- latin1 comment
SELECT 4;
SELECT 5 /* c */ + 1;
