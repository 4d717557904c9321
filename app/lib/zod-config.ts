import { config } from "zod";
import { id } from "zod/locales";

// Zod 4 tries `new Function` to compile faster parsers; our Content-Security-Policy refuses eval
// (and reports each attempt), so it stays interpreted. Modules whose schemas run in the browser
// import this file first; pages without forms load no zod at all.
config({ jitless: true });

// Zod's own messages (a field sent twice, a value of the wrong type) in Indonesian, like ours:
// a rejection is never shown in English.
config(id());
