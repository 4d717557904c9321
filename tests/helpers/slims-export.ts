/**
 * SLiMS 9's bibliography export (admin/modules/bibliography/export.php), byte for byte, for the
 * reader's and the import's tests. What it does, line by line:
 * - each biblio field is written `stripslashes(enclosure . escape_string(value) . enclosure)`
 *   followed by the separator: MySQL's escape_string then PHP's stripslashes gives the value back
 *   except that a newline becomes the letter "n", a carriage return "r", a Ctrl-Z "Z" (a quote is
 *   NOT doubled: `"Buku "Laskar" Pelangi"`);
 * - authors, topics and item codes are written raw as `<a><b>` between enclosures (authors and
 *   topics followed by the separator, item codes last, without one);
 * - the header (when "Put columns names in the first row" is ticked) writes each column name
 *   between enclosures followed by the separator: one more, empty, cell than the data lines;
 * - each line ends with the record separator ("\n" for NEWLINE, "\r" for CARRIAGE RETURN).
 */

export const SLIMS_BIBLIO_FIELDS = [
  "title", "gmd_name", "edition", "isbn_issn", "publisher_name", "publish_year", "collation", "series_title",
  "call_number", "language_name", "place_name", "classification", "notes", "image", "sor",
] as const;
export const SLIMS_COLUMNS = [...SLIMS_BIBLIO_FIELDS, "authors", "topics", "item_code"] as const;

export type SlimsRecord = Record<(typeof SLIMS_BIBLIO_FIELDS)[number], string | null> & { authors: string[]; topics: string[]; itemCodes: string[] };

export interface SlimsExportOptions {
  separator: string;
  enclosure: string;
  recordSeparator: "\n" | "\r";
  header: boolean;
}

/** mysqli::real_escape_string. */
function escapeString(value: string): string {
  const escapes: Record<string, string> = { "\\": "\\\\", "\0": "\\0", "\n": "\\n", "\r": "\\r", "'": "\\'", '"': '\\"', "\x1a": "\\Z" };
  return Array.from(value, (char) => escapes[char] ?? char).join("");
}

/** PHP's stripslashes: a backslash goes, the character after it stays ("\0" becomes NUL). */
function stripslashes(value: string): string {
  return value.replace(/\\(.?)/gs, (_, char: string) => (char === "0" ? "\0" : char));
}

/** export.php's getValues: `<a><b>`, or nothing. */
const angled = (values: string[]) => values.filter((value) => value !== "").map((value) => `<${value}>`).join("");

export function slimsExportCsv(records: SlimsRecord[], options: SlimsExportOptions): string {
  const { separator: sep, enclosure: enc, recordSeparator } = options;
  const lines = records.map((record) => {
    let buffer = "";
    for (const field of SLIMS_BIBLIO_FIELDS) buffer += stripslashes(enc + escapeString(record[field] ?? "") + enc) + sep;
    buffer += enc + angled(record.authors) + enc + sep;
    buffer += enc + angled(record.topics) + enc + sep;
    buffer += enc + angled(record.itemCodes) + enc;
    return buffer + recordSeparator;
  });
  const header = SLIMS_COLUMNS.map((column) => enc + column + enc + sep).join("") + recordSeparator;
  return (options.header && records.length > 0 ? header : "") + lines.join("");
}

/** The cells a reader should give for a record: what export.php wrote, between the enclosures. */
export function slimsCells(record: SlimsRecord): string[] {
  const written = (value: string | null) => (value ?? "").replace(/\n/g, "n").replace(/\r/g, "r").replaceAll("\x1a", "Z");
  return [...SLIMS_BIBLIO_FIELDS.map((field) => written(record[field])), angled(record.authors), angled(record.topics), angled(record.itemCodes)];
}

const TITLES = [
  "Laskar Pelangi", "Bumi Manusia", "Pendidikan Anak Usia Dini: Teori dan Praktik", "Sejarah Kabupaten dalam Arsip",
  'Buku "Laskar" Pelangi', "Cantik Itu Luka", "Filosofi Teras", "Pengantar Ilmu Perpustakaan", "Resep Masakan Nusantara",
  "Hukum Adat di Indonesia", "Tafsir Al-Misbah Jilid 1", "Atlas Indonesia & Dunia",
];
const AUTHORS = [
  ["Hirata, Andrea"], ["Toer, Pramoedya Ananta"], ["Mansur", "Suyadi, Ulfah"], [], ["Seno Gumira Ajidarma", "Kurniawan, Eka"],
  ["Manampiring, Henry"], ["Sulistyo-Basuki"], ["Shihab, M. Quraish"],
];
const TOPICS = [["Novel Indonesia"], ["Sastra", "Sejarah"], ["Pendidikan anak usia dini"], [], ["Arsip", "Pemerintahan daerah"], ["Filsafat"]];
const CLASSIFICATIONS = ["899.221 3", "2X4.3", "297.4", "NONE", "372.21", "020", "", "340.57"];
const YEARS = ["2019", "[2008]", "c2015", "", "2005", "2021"];
const ISBNS = ["978-602-03-3187-4", "9786020331874", "979-3062-79-7", "ISBN 978 979 22 4086 3", "12345", "", "0-306-40615-2", "978602033187X"];
const PUBLISHERS = ["Bentang Pustaka", "Hasta Mitra", "Kencana", "Gramedia Pustaka Utama", null, "Lentera Hati"];
const NOTES = ["", "Termasuk indeks", "Judul asli: <i>Rainbow Troops</i>", "Baris pertama\nbaris kedua", "Hadiah dari \\ perpustakaan 'Daerah'", null];

const pick = <T>(values: readonly T[], index: number) => values[index % values.length] as T;

/** n records as a district library's SLiMS holds them: varied, some incomplete, some odd. */
export function slimsSampleRecords(n: number): SlimsRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    title: pick(TITLES, i) + (i >= TITLES.length ? ` ${Math.floor(i / TITLES.length) + 1}` : ""),
    gmd_name: pick(["Text", "Text", "Electronic Resource", null], i),
    edition: pick(["Cet. 1", "", "Ed. rev.", "2nd ed."], i),
    isbn_issn: pick(ISBNS, i),
    publisher_name: pick(PUBLISHERS, i),
    publish_year: pick(YEARS, i),
    collation: pick(["xii, 529 hlm. : ilus. ; 21 cm", "iv, 200 hlm.", "", "1 CD-ROM"], i),
    series_title: pick(["", "Seri Tetralogi Buru", "", "Seri Pendidikan"], i),
    call_number: `${pick(CLASSIFICATIONS, i)} ${pick(["HIR", "TOE", "MAN", "SUL"], i)} l`.trim(),
    language_name: pick(["Indonesia", "Indonesia", "English", "Jawa"], i),
    place_name: pick(["Yogyakarta", "Jakarta", "", "Bandung", "Tangerang"], i),
    classification: pick(CLASSIFICATIONS, i),
    notes: pick(NOTES, i),
    image: pick(["", `sampul_${i}.jpg`, ""], i),
    sor: pick(["Andrea Hirata", "", "Mansur ; penyunting, Ulfah Suyadi", null], i),
    authors: pick(AUTHORS, i),
    topics: pick(TOPICS, i),
    itemCodes: Array.from({ length: i % 3 }, (_, copy) => `B${String(i * 3 + copy).padStart(5, "0")}`),
  }));
}
