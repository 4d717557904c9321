/**
 * Field lists spec §3 names, for the tests that hold the upstream (the reference API, the mocked
 * upstream) to them.
 */

/** The about record's text fields: all of its fields but its id and its picture (`file`). */
export const ABOUT_TEXT_FIELDS = [
  "title",
  "description",
  "address",
  "phone",
  "email",
  "facebook",
  "instagram",
  "twitter",
  "youtube",
  "tiktok",
  "terms_and_condition",
  "privacy_policy",
] as const;
