package gen

import "strconv"

// Word lists for the shop tables. Names pair a display form (UTF-8, quotes) with an ASCII
// form for e-mail addresses.
type name struct{ display, ascii string }

func firstNames() []name {
	return []name{
		{"James", "james"}, {"María", "maria"}, {"José", "jose"}, {"Zoë", "zoe"}, {"Björn", "bjorn"},
		{"Łukasz", "lukasz"}, {"Søren", "soren"}, {"François", "francois"}, {"Ngọc Anh", "ngocanh"},
		{"美咲", "misaki"}, {"Дмитрий", "dmitry"}, {"Siobhán", "siobhan"}, {"Mohammed", "mohammed"},
		{"Priya", "priya"}, {"Chloé", "chloe"}, {"Wei", "wei"}, {"Emma", "emma"}, {"Liam", "liam"},
		{"Ana-Lucía", "analucia"}, {"Jean \"JJ\"", "jj"},
	}
}

func lastNames() []name {
	return []name{
		{"O'Brien", "obrien"}, {"D'Angelo", "dangelo"}, {"Müller", "muller"}, {"García", "garcia"},
		{"Nguyễn", "nguyen"}, {"van der Berg", "vanderberg"}, {"Smith-Jones", "smithjones"},
		{"王", "wang"}, {"Ólafsdóttir", "olafsdottir"}, {"Kowalski", "kowalski"}, {"Иванова", "ivanova"},
		{"Papadopoulos", "papadopoulos"}, {"Brown", "brown"}, {"田中", "tanaka"}, {"Dubois", "dubois"},
		{"Rossi", "rossi"}, {"Þórsson", "thorsson"}, {"Ng", "ng"},
	}
}

// notes exercise every escape mariadb-dump writes, plus text that looks like SQL.
func notes() []string {
	return []string{
		`Prefers "express" shipping`,
		"Call after 5pm; it's urgent",
		`Export path: C:\Users\shop\exports\2024\`,
		"Line one\nLine two\r\nLine three",
		"Tab\tseparated\tvalues",
		"50% off — “smart quotes” and ‘single’ ones",
		"日本語のメモ：再配達希望",
		"emoji 👍🏽 ok 🚚",
		"Ctrl-Z \x1a and NUL \x00 inside",
		"'; DROP TABLE customers; --",
		"/* not a comment */ -- nor this; # nor this",
		"DELIMITER ;;\nnot a delimiter either",
		`backslash before quote \' stays`,
		"Привет, мир",
		"",
	}
}

func orderComments() []string {
	return []string{
		"Leave at the door, it's fine",
		`Gift wrap: "Happy birthday!"`,
		"Rechnung an Firma Müller & Söhne",
		"配達は午前中希望",
		"Ring twice\tthen wait",
		`Ref #A\B\C`,
	}
}

func products() []string {
	return []string{
		`12" pizza stone`, "Kids' T-shirt (size 4–5)", "USB-C cable 2 m", "Café crème, 1 kg",
		`Backslash \ key cap`, `Monitor 27" 4K`, "Olive oil – extra virgin", "Notebook A5, dotted",
		"Teekanne 1,2 l", "Chopsticks 箸 (5 pairs)", "Running shoes \"Aero\"", "Desk lamp",
	}
}

func colours() []string {
	return []string{"black", "white", "red", "navy", "olive", "sand", "ça va", "grün"}
}

// auditLogRow: (id,'action',order_id|NULL,'created_at').
func auditLogRow(g *generator, r *rng, dst []byte, i int64) []byte {
	actions := [...]string{"order created", "order paid", "order shipped", "refund issued", "login"}
	a := r.intn(int64(len(actions)))
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ',')
	dst = appendQuoted(dst, actions[a])
	dst = append(dst, ',')
	if orders := g.rowsOf("orders"); a == 4 || orders == 0 {
		dst = append(dst, "NULL"...)
	} else {
		dst = strconv.AppendInt(dst, r.between(1, orders), 10)
	}
	dst = append(dst, ',')
	dst = appendDatetime(dst, r.between(epoch2016, epoch2026-1), -1)
	return append(dst, ')')
}

// customerRow: (id,'first','last','email',phone|NULL,note|NULL,balance,'created',updated|NULL).
func customerRow(g *generator, r *rng, dst []byte, i int64) []byte {
	f := g.firstNames[r.intn(int64(len(g.firstNames)))]
	l := g.lastNames[r.intn(int64(len(g.lastNames)))]
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ',')
	dst = appendQuoted(dst, f.display)
	dst = append(dst, ',')
	dst = appendQuoted(dst, l.display)
	dst = append(dst, ',', '\'')
	dst = append(dst, f.ascii...)
	dst = append(dst, '.')
	dst = append(dst, l.ascii...)
	dst = append(dst, '.')
	dst = strconv.AppendInt(dst, i, 10) // unique under any collation
	domains := [...]string{"@example.com", "@example.org", "@mail.example.net"}
	dst = append(dst, domains[r.intn(3)]...)
	dst = append(dst, '\'', ',')
	if r.percent(30) {
		dst = append(dst, "NULL"...)
	} else {
		dst = append(dst, '\'', '+')
		dst = strconv.AppendInt(dst, r.between(1, 99), 10)
		dst = append(dst, ' ')
		dst = r.appendDigits(dst, 3)
		dst = append(dst, ' ')
		dst = r.appendDigits(dst, 7)
		dst = append(dst, '\'')
	}
	dst = append(dst, ',')
	if r.percent(65) {
		dst = append(dst, "NULL"...)
	} else {
		dst = appendQuoted(dst, g.notes[r.intn(int64(len(g.notes)))])
	}
	dst = append(dst, ',')
	dst = appendCents(dst, r.between(-50000, 2000000))
	dst = append(dst, ',')
	created := r.between(epoch2016, epoch2026-1)
	dst = appendDatetime(dst, created, -1)
	dst = append(dst, ',')
	if r.percent(40) {
		dst = append(dst, "NULL"...)
	} else {
		dst = appendDatetime(dst, created+r.between(0, 86400*365), -1)
	}
	return append(dst, ')')
}

// eventLogRow: ('logged_at.micro','level','source','message',payload|NULL). The table
// has no primary key; about 1 row in 100 repeats the previous one exactly, as log tables
// do, so a loader that dedups or reorders shows up in the re-dump.
func eventLogRow(g *generator, r *rng, dst []byte, i int64) []byte {
	if i > 1 && r.percent(1) && len(g.lastEvent) > 0 {
		return append(dst, g.lastEvent...)
	}
	start := len(dst)
	levels := [...]string{"debug", "info", "info", "info", "warn", "error"}
	sources := [...]string{"api", "worker", "cron", "checkout", "auth"}
	// Monotonic time: the log is written in order.
	g.eventClock += r.between(0, 90_000_000) // microseconds
	sec, micros := epoch2016+g.eventClock/1_000_000, g.eventClock%1_000_000
	dst = append(dst, '(')
	dst = appendDatetime(dst, sec, micros)
	dst = append(dst, ',', '\'')
	dst = append(dst, levels[r.intn(int64(len(levels)))]...)
	dst = append(dst, '\'', ',', '\'')
	dst = append(dst, sources[r.intn(int64(len(sources)))]...)
	dst = append(dst, '\'', ',')
	user := g.lastNames[r.intn(int64(len(g.lastNames)))].display
	var msg []byte
	switch r.intn(5) {
	case 0:
		msg = append(msg, "user '"...)
		msg = append(msg, user...)
		msg = append(msg, "' logged in from 10.0."...)
		msg = strconv.AppendInt(msg, r.intn(256), 10)
		msg = append(msg, '.')
		msg = strconv.AppendInt(msg, r.intn(256), 10)
	case 1:
		msg = append(msg, `query took `...)
		msg = strconv.AppendInt(msg, r.between(100, 9999), 10)
		msg = append(msg, ` ms: SELECT * FROM orders WHERE comment = "x\y";`...)
	case 2:
		msg = append(msg, `file C:\temp\export_`...)
		msg = strconv.AppendInt(msg, r.intn(1000), 10)
		msg = append(msg, ".csv not found\n\tat line 1"...)
	case 3:
		msg = append(msg, "retrying… attempt "...)
		msg = strconv.AppendInt(msg, r.between(1, 5), 10)
	default:
		msg = append(msg, "payment declined: «insufficient funds»"...)
	}
	dst = appendQuoted(dst, msg)
	dst = append(dst, ',')
	if r.percent(30) {
		dst = append(dst, "NULL"...)
	} else {
		// Valid JSON (the column has CHECK (json_valid(...))): the escaped quotes and
		// backslashes inside JSON strings become \\\" and \\\\ in the dump.
		var js []byte
		js = append(js, `{"user_id":`...)
		js = strconv.AppendInt(js, r.between(1, 1_000_000), 10)
		js = append(js, `,"ip":"10.1.`...)
		js = strconv.AppendInt(js, r.intn(256), 10)
		js = append(js, `.`...)
		js = strconv.AppendInt(js, r.intn(256), 10)
		js = append(js, `","tags":["a","b\"c"],"path":"C:\\tmp","note":"it's ok"}`...)
		dst = appendQuoted(dst, js)
	}
	dst = append(dst, ')')
	g.lastEvent = append(g.lastEvent[:0], dst[start:]...)
	return dst
}

// legacyCounterRow: ('day','page',hits,ratio): eight pages per day from 2020-01-01, in
// primary-key order (MyISAM returns rows in insertion order, which this is).
func legacyCounterRow(g *generator, r *rng, dst []byte, i int64) []byte {
	pages := [...]string{"/", "/about", "/cart", "/checkout", "/search?q=caf%C3%A9", "/products/12%22-pizza-stone", "/ünïcödé", "/help"}
	const day2020 = 18262 // 2020-01-01 as days since the epoch
	day := day2020 + (i-1)/int64(len(pages))
	dst = append(dst, '(')
	dst = appendDate(dst, day)
	dst = append(dst, ',')
	dst = appendQuoted(dst, pages[(i-1)%int64(len(pages))])
	dst = append(dst, ',')
	hits := r.between(0, 50000)
	dst = strconv.AppendInt(dst, hits, 10)
	dst = append(dst, ',')
	if r.percent(10) {
		dst = append(dst, "NULL"...)
	} else {
		dst = appendQuarter(dst, r.between(0, 400))
	}
	return append(dst, ')')
}

// orderItemRow: (id,order_id,'sku','description',quantity,unit_price,discount|NULL).
func orderItemRow(g *generator, r *rng, dst []byte, i int64) []byte {
	orders := max(g.rowsOf("orders"), 1)
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ',')
	// Items come in order-id order, a few per order, as an application inserts them.
	dst = strconv.AppendInt(dst, min(1+(i-1)*orders/max(g.rowsOf("order_items"), 1), orders), 10)
	dst = append(dst, ",'SKU-"...)
	p := r.intn(int64(len(g.products)))
	dst = strconv.AppendInt(dst, 100000+p*37+r.intn(37), 10)
	dst = append(dst, '\'', ',')
	desc := append(append(append([]byte(nil), g.products[p]...), " – "...), g.colours[r.intn(int64(len(g.colours)))]...)
	dst = appendQuoted(dst, desc)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.between(1, 12), 10)
	dst = append(dst, ',')
	dst = appendCents(dst, r.between(99, 99999))
	dst = append(dst, ',')
	if r.percent(70) {
		dst = append(dst, "NULL"...)
	} else {
		dst = appendFixed(dst, r.between(0, 5000), 4)
	}
	return append(dst, ')')
}

// orderRow: (id,customer_id,'status',total,'currency','created',shipped|NULL,comment|NULL).
func orderRow(g *generator, r *rng, dst []byte, i int64) []byte {
	statuses := [...]string{"new", "paid", "paid", "shipped", "shipped", "shipped", "cancelled", "refunded"}
	currencies := [...]string{"EUR", "EUR", "USD", "GBP", "JPY"}
	st := statuses[r.intn(int64(len(statuses)))]
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.between(1, max(g.rowsOf("customers"), 1)), 10)
	dst = append(dst, ',', '\'')
	dst = append(dst, st...)
	dst = append(dst, '\'', ',')
	dst = appendCents(dst, r.between(0, 500000))
	dst = append(dst, ',', '\'')
	dst = append(dst, currencies[r.intn(int64(len(currencies)))]...)
	dst = append(dst, '\'', ',')
	created := r.between(epoch2016, epoch2026-1)
	dst = appendDatetime(dst, created, -1)
	dst = append(dst, ',')
	if st == "shipped" {
		dst = appendDatetime(dst, created+r.between(3600, 86400*10), -1)
	} else {
		dst = append(dst, "NULL"...)
	}
	dst = append(dst, ',')
	if r.percent(80) {
		dst = append(dst, "NULL"...)
	} else {
		dst = appendQuoted(dst, g.comments[r.intn(int64(len(g.comments)))])
	}
	return append(dst, ')')
}

// productImageRow: (id,'sku','mime',image): a BLOB of 256–3,328 raw bytes behind a real
// PNG/JPEG/WebP signature, every byte value possible, written as mariadb-dump writes BLOBs
// without --hex-blob (escaped string, raw high bytes).
func productImageRow(g *generator, r *rng, dst []byte, i int64) []byte {
	kinds := [...]struct{ mime, magic string }{
		{"image/png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
		{"image/jpeg", "\xff\xd8\xff\xe0\x00\x10JFIF\x00"},
		{"image/webp", "RIFF\x24\x00\x00\x00WEBPVP8 "},
	}
	k := kinds[r.intn(int64(len(kinds)))]
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, i, 10)
	dst = append(dst, ",'SKU-"...)
	dst = strconv.AppendInt(dst, 100000+r.intn(int64(len(g.products))*37), 10)
	dst = append(dst, '\'', ',', '\'')
	dst = append(dst, k.mime...)
	dst = append(dst, '\'', ',')
	n := int(r.between(256, 3328))
	g.blob = append(g.blob[:0], k.magic...)
	for len(g.blob) < n {
		v := r.next()
		for b := 0; b < 8 && len(g.blob) < n; b++ {
			g.blob = append(g.blob, byte(v>>(8*b)))
		}
	}
	dst = appendQuoted(dst, g.blob)
	return append(dst, ')')
}
