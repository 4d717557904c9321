import * as z from "zod";

// Zod 4 tries `new Function` to compile faster parsers; our Content-Security-Policy refuses eval
// (and reports each attempt), so browser code stays interpreted. Import zod from here in app/.
z.config({ jitless: true });

export { z };
