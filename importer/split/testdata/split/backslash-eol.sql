SELECT 'a\
b';
SELECT 1\
+ 1;
SELECT "c\
";
