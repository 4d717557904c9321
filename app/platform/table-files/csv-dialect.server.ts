import { refuse } from "./refusals.server";

/**
 * A CSV's dialect: the separator between cells (1 to 3 characters: SLiMS's export lets its
 * admin type up to 3) and the enclosure around a value (1 character, or none). What is not
 * given is guessed from the file's first lines, as a spreadsheet program does.
 */

export interface CsvDialect {
  separator: string;
  enclosure: string;
}

const CANDIDATE_SEPARATORS = [";", ",", "\t", "|", "#"];
/** Lines after the first that a guessed separator must split alike. */
const LINES_COMPARED = 5;

/** Cells a line splits into, separators inside the enclosure aside. */
function cellsIn(line: string, separator: string, enclosure: string): number {
  let cells = 1;
  let enclosed = false;
  for (const char of line) {
    if (enclosure !== "" && char === enclosure) enclosed = !enclosed;
    else if (!enclosed && char === separator) cells++;
  }
  return cells;
}

/** Title lines above a table ("DAFTAR BUKU 2024", a blank line, then the header) that the guess may pass over. */
const TITLE_LINES = 3;

/**
 * The separator that splits the table's first line into the most cells, preferring one that
 * splits the next few lines alike (the same count, or one less: a SLiMS header ends with a
 * separator); "," when none splits it. The table's first line is the file's first non-empty one,
 * or, when no separator splits the lines from there alike, one of the next few: a sheet saved
 * with its title above the header ("Daftar Buku, Perpustakaan Daerah").
 */
export function guessSeparator(headText: string, enclosure: string): string {
  const lines = headText.split(/\r\n|\n|\r/).filter((line) => line.trim() !== "");
  const fromStart = separatorFrom(lines.slice(0, LINES_COMPARED + 1), enclosure);
  for (let start = 1; !fromStart.consistent && start <= TITLE_LINES && start < lines.length - 1; start++) {
    const fromLater = separatorFrom(lines.slice(start, start + LINES_COMPARED + 1), enclosure);
    // Lines passed over are titles: narrower, by any separator, than the header found (not a header of other rows, as in a file of mixed separators).
    const titles = lines.slice(0, start).every((line) => CANDIDATE_SEPARATORS.every((separator) => cellsIn(line, separator, enclosure) < fromLater.cells));
    if (fromLater.consistent && titles) return fromLater.separator;
  }
  return fromStart.separator;
}

function separatorFrom(lines: readonly string[], enclosure: string): { separator: string; cells: number; consistent: boolean } {
  // The last line of a head may be cut short.
  const compared = lines.length > 2 ? lines.slice(1, -1) : lines.slice(1);
  const [first] = lines;
  let best = { separator: ",", cells: 1, consistent: false };
  if (first === undefined) return best;
  for (const separator of CANDIDATE_SEPARATORS) {
    const cells = cellsIn(first, separator, enclosure);
    if (cells < 2) continue;
    const consistent = compared.every((line) => {
      const others = cellsIn(line, separator, enclosure);
      // One less than a header ending in a separator, but never a line no separator splits.
      return others === cells || (others === cells - 1 && others > 1);
    });
    if ((consistent && !best.consistent) || (consistent === best.consistent && cells > best.cells)) best = { separator, cells, consistent };
  }
  return best;
}

/**
 * The enclosure: `"`, unless the table's lines are enclosed in `'` and none in `"` (SLiMS lets its
 * admin choose either). A line counts as enclosed when it starts and ends with the character, as
 * every line of a file whose every value is enclosed does; an apostrophe inside a name does not.
 */
export function guessEnclosure(headText: string): string {
  const lines = headText.split(/\r\n|\n|\r/).filter((line) => line.trim() !== "").slice(0, LINES_COMPARED + 1);
  const enclosedIn = (quote: string) =>
    lines.filter((line) => {
      // A SLiMS line may end with its separator after the last value.
      const text = line.trim().replace(/[;,\t|#]+$/, "");
      return text.length > 1 && text.startsWith(quote) && text.endsWith(quote);
    }).length;
  const single = enclosedIn("'");
  return single > 0 && single >= lines.length - 1 && enclosedIn('"') === 0 ? "'" : '"';
}

/** The dialect to read with: what was given, checked, the rest guessed. */
export function csvDialect(given: Partial<CsvDialect> | undefined, headText: string, fileName: string): CsvDialect {
  const enclosure = given?.enclosure ?? guessEnclosure(headText);
  const separator = given?.separator ?? guessSeparator(headText, enclosure);
  const valid =
    separator.length >= 1 &&
    separator.length <= 3 &&
    !/[\r\n]/.test(separator + enclosure) &&
    enclosure.length <= 1 &&
    (enclosure === "" || !separator.includes(enclosure));
  if (!valid) throw refuse.badDialect(fileName);
  return { separator, enclosure };
}
