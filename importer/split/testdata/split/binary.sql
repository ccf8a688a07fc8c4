DROP DATABASE IF EXISTS splitbin;
CREATE DATABASE splitbin;
USE splitbin;
CREATE TABLE b (id int, v blob);
INSERT INTO b VALUES (1,_binary '\0	\n\r\Z !\"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~€‚ƒ„…†‡‰‹‘’“”•–—™› ΅Ά£¤¥¦§¨©ª«¬­®―°±²³΄µ¶·ΈΉΊ»Ό½ΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡÒΣΤΥΦΧΨΩΪΫάέήίΰαβγδεζηθικλμνξοπρςστυφχψωϊϋόύώÿ'),(2,X'00FF5C27'),(3,0x0102),(4,b'0101'),(5,N'n;'),(6,_utf8mb4'Γ©;'),(7,_binary'ÿώ\\');
SELECT id, LENGTH(v) FROM b;
DROP DATABASE splitbin;
