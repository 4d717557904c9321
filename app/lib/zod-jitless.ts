import { config } from "zod";

// Zod 4 tries `new Function` to compile faster parsers; our Content-Security-Policy refuses eval
// (and reports each attempt), so it stays interpreted. Modules whose schemas run in the browser
// import this file first; pages without forms load no zod at all.
config({ jitless: true });
