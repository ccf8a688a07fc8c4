SELECT 1;
SELECT 2
;
SELECT 'a
b';
-- c
SELECT 3; -- x
SELECT 4