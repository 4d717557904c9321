/**
 * What needs the librarian in a list (the desk's "Perlu ditindaklanjuti", app/admin-kit/desk.ts):
 * a record lacking a field its resource expects, one holding a value today's checks refuse, a
 * likely duplicate. The desk links each line to the list filtered by it (`?perlu=tanpa-cover`),
 * and the list shows it as one more filter (server/screen/attention.server.ts).
 */

/** The list's URL parameter of the filter. */
export const ATTENTION_FILTER = "perlu";

/** The filter's values, as the URL writes them. */
export const ATTENTION_VALUES = {
  missing: (field: string) => `tanpa-${field}`,
  legacy: "nilai-lama",
  duplicates: "ganda",
} as const;

/** The filter's label and options, and the desk's count of each ("12 tanpa sampul"): one wording for both. */
export const ATTENTION_TEXTS = {
  label: "Perlu ditindaklanjuti",
  missing: (fieldLabel: string) => `Tanpa ${fieldLabel.toLowerCase()}`,
  legacy: "Nilai lama yang tidak lolos pemeriksaan",
  duplicates: "Kemungkinan data ganda",
  counted: {
    missing: (count: string, fieldLabel: string) => `${count} tanpa ${fieldLabel.toLowerCase()}`,
    legacy: (count: string) => `${count} dengan nilai lama yang tidak lolos pemeriksaan`,
    duplicates: (count: string) => `${count} kemungkinan data ganda`,
  },
} as const;
