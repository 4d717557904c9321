/// <reference types="vite/client" />
import type { ScreenTestCases } from "~/admin-kit/test-cases";
import { adminPath } from "~/admin-kit/menu";
import type { RegisteredScreen } from "~/admin-kit/server/registry.server";
import { RESOURCES } from "~/resources/resources.server";

/**
 * Every admin screen of the registry (app/resources/resources.server.ts), with the form its
 * action takes: where it posts, and one valid update from the screen's own folder
 * (`<id>/test-cases.ts`), from which the suites derive bad and faulty ones.
 */

export interface AdminScreen {
  path: string;
  definition: RegisteredScreen["definition"];
  /** Valid values for `intent=update` of record `id`. */
  valid: Record<string, string | string[]>;
}

const CASES = import.meta.glob<{ testCases: ScreenTestCases }>("../../app/resources/*/test-cases.ts", { eager: true });

function casesOf(resource: string): ScreenTestCases {
  const module = CASES[`../../app/resources/${resource}/test-cases.ts`];
  if (!module) throw new Error(`app/resources/${resource}/test-cases.ts is missing: every registered screen gives its test cases`);
  return module.testCases;
}

export const ADMIN_SCREENS: AdminScreen[] = RESOURCES.screens.map((screen) => ({
  path: adminPath(screen.page),
  definition: screen.definition,
  valid: casesOf(screen.resource.name).validUpdate,
}));

/** A multipart form as the browser sends it (a list repeats its field). */
export function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}
