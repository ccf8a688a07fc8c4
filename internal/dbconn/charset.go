package dbconn

import (
	"fmt"
	"os/exec"
	"strings"
)

// charsetCollations maps each character set the client accepts for
// --default-character-set to its default collation, spelled as go-sql-driver/mysql's
// collation table knows it. The driver sends that collation's id in the handshake, which
// is all the client does (no SET NAMES: the general log shows none), so the server sets
// character_set_client/connection/results to the charset and collation_connection to its
// default collation. Ids as MariaDB 10.11 reports them in information_schema.collations;
// utf8 and utf8mb3 are one charset (id 33, the driver's "utf8_general_ci").
func charsetCollations() map[string]string {
	return map[string]string{
		"big5": "big5_chinese_ci", "dec8": "dec8_swedish_ci", "cp850": "cp850_general_ci",
		"hp8": "hp8_english_ci", "koi8r": "koi8r_general_ci", "latin1": "latin1_swedish_ci",
		"latin2": "latin2_general_ci", "swe7": "swe7_swedish_ci", "ascii": "ascii_general_ci",
		"ujis": "ujis_japanese_ci", "sjis": "sjis_japanese_ci", "hebrew": "hebrew_general_ci",
		"tis620": "tis620_thai_ci", "euckr": "euckr_korean_ci", "koi8u": "koi8u_general_ci",
		"gb2312": "gb2312_chinese_ci", "greek": "greek_general_ci", "cp1250": "cp1250_general_ci",
		"gbk": "gbk_chinese_ci", "latin5": "latin5_turkish_ci", "armscii8": "armscii8_general_ci",
		"utf8": "utf8_general_ci", "utf8mb3": "utf8_general_ci", "cp866": "cp866_general_ci",
		"keybcs2": "keybcs2_general_ci", "macce": "macce_general_ci",
		"macroman": "macroman_general_ci", "cp852": "cp852_general_ci",
		"latin7": "latin7_general_ci", "utf8mb4": "utf8mb4_general_ci",
		"cp1251": "cp1251_general_ci", "cp1256": "cp1256_general_ci",
		"cp1257": "cp1257_general_ci", "binary": "binary", "geostd8": "geostd8_general_ci",
		"cp932": "cp932_japanese_ci", "eucjpms": "eucjpms_japanese_ci",
	}
}

// notClientCharsets cannot be a connection's client charset; the client gets error
// 1231 from the server for them, while the server would silently ignore them in a
// handshake, so they are refused here with the server's message.
func notClientCharsets() map[string]bool {
	return map[string]bool{"ucs2": true, "utf16": true, "utf16le": true, "utf32": true, "filename": true}
}

// collationFor returns the handshake collation for a --default-character-set value
// (case-insensitive), after resolving "auto" from the locale.
func collationFor(charset string, env Env) (string, error) {
	cs := strings.ToLower(charset)
	if cs == "auto" {
		cs = autoCharset(env)
	}
	if notClientCharsets()[cs] {
		return "", fmt.Errorf("variable 'character_set_client' can't be set to the value of '%s'", charset)
	}
	col, ok := charsetCollations()[cs]
	if !ok {
		return "", fmt.Errorf("can't initialize character set %s", charset)
	}
	return col, nil
}

// autoCharset is libmariadb's madb_get_os_character_set: the codeset of the LC_CTYPE
// locale mapped through its table (non-Windows part), and latin1 when the locale is C,
// not installed, or its codeset is not in the table — so C.UTF-8 gives utf8 (utf8mb3 on
// the server), and LANG=C or an uninstalled en_US.UTF-8 give latin1.
func autoCharset(env Env) string {
	charmap := env.Charmap
	if charmap == nil {
		charmap = func() (string, error) { return systemCharmap(env) }
	}
	cm, err := charmap()
	if err != nil || cm == "" {
		return "latin1"
	}
	return osCharsetToMySQL(cm)
}

// osCharsetToMySQL is the supported rows of libmariadb's MADB_OS_CHARSET table, matched
// case-insensitively as strcasecmp does. glibc reports "ANSI_X3.4-1968" for the C
// locale, which is not in the table.
func osCharsetToMySQL(codeset string) string {
	table := map[string]string{
		"ascii": "ascii", "us-ascii": "ascii", "big5": "big5", "cp866": "cp866",
		"ibm-1252": "cp1252", "iso-8859-1": "latin1", "iso8859-1": "latin1",
		"iso_8859-1": "latin1", "iso88591": "latin1", "iso-8859-13": "latin7",
		"iso8859-13": "latin7", "iso_8859-13": "latin7", "iso885913": "latin7",
		"iso-8859-2": "latin2", "iso8859-2": "latin2", "iso_8859-2": "latin2",
		"iso88592": "latin2", "iso-8859-7": "greek", "iso8859-7": "greek",
		"iso_8859-7": "greek", "iso88597": "greek", "iso-8859-8": "hebrew",
		"iso8859-8": "hebrew", "iso_8859-8": "hebrew", "iso88598": "hebrew",
		"iso-8859-9": "latin5", "iso8859-9": "latin5", "iso_8859-9": "latin5",
		"iso88599": "latin5", "koi8-r": "koi8r", "koi8r": "koi8r", "koi8-u": "koi8u",
		"koi8u": "koi8u", "sjis": "sjis", "shift-jis": "sjis", "ansi1251": "cp1251",
		"cp1251": "cp1251", "armscii8": "armscii8", "armscii-8": "armscii8",
		"cp1255": "cp1255", "euccn": "gb2312", "eucjp": "ujis", "euckr": "euckr",
		"gb2312": "gb2312", "gbk": "gbk", "georgianps": "geostd8", "utf8": "utf8",
		"utf-8": "utf8",
	}
	if cs, ok := table[strings.ToLower(codeset)]; ok {
		return cs
	}
	return "latin1"
}

// systemCharmap runs `LC_ALL=<the LC_CTYPE locale> locale charmap`, which prints
// nl_langinfo(CODESET) for that locale — what the client's setlocale(LC_CTYPE, "") sees,
// since pure Go cannot call setlocale. The LC_CTYPE locale is the first of LC_ALL,
// LC_CTYPE, LANG that is set (POSIX). When it is not installed, glibc falls back to C and
// prints ANSI_X3.4-1968, which maps to latin1, as in the client.
func systemCharmap(env Env) (string, error) {
	loc := ""
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if loc = env.getenv(k); loc != "" {
			break
		}
	}
	if loc == "" || loc == "C" || loc == "POSIX" {
		return "ANSI_X3.4-1968", nil
	}
	cmd := exec.Command("locale", "charmap")
	cmd.Env = []string{"LC_ALL=" + loc, "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}
