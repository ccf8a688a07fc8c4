package split

import "strings"

// clientCharsets are the character sets the MariaDB 10.11 client's charset command accepts:
// those it knows by name (SHOW CHARACTER SET) less ucs2, utf16, utf16le and utf32, which it
// refuses ("Character sets with mbminlen>1 are not supported").
var clientCharsets = map[string]bool{
	"armscii8": true, "ascii": true, "big5": true, "binary": true, "cp1250": true, "cp1251": true,
	"cp1256": true, "cp1257": true, "cp850": true, "cp852": true, "cp866": true, "cp932": true,
	"dec8": true, "eucjpms": true, "euckr": true, "gb2312": true, "gbk": true, "geostd8": true,
	"greek": true, "hebrew": true, "hp8": true, "keybcs2": true, "koi8r": true, "koi8u": true,
	"latin1": true, "latin2": true, "latin5": true, "latin7": true, "macce": true, "macroman": true,
	"sjis": true, "swe7": true, "tis620": true, "ujis": true, "utf8mb3": true, "utf8mb4": true,
}

// clientCharsetName is the client's get_charset_by_csname() for the charset command: the
// character set's own name for name in any case ("utf8" is utf8mb3, as the client's
// default old_mode has it), or false when the client does not know it.
func clientCharsetName(name string) (string, bool) {
	n := strings.ToLower(name)
	if n == "utf8" {
		n = "utf8mb3"
	}
	return n, clientCharsets[n]
}
