/**
 * What each resource's folder gives the suites that go through every screen (tests/hard/screens.ts
 * reads each listed resource's `app/resources/<name>/test-cases.ts`): data for tests only, never
 * imported by the app.
 */
export interface ScreenTestCases {
  /**
   * Valid values for `intent=update` of record 1 as a browser sends the form (a list repeats its
   * field), from which the suites derive bad and faulty ones. The seeded reference API has record 1.
   */
  validUpdate: Record<string, string | string[]>;
}
