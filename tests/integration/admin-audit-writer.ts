import { recordChange } from "~/platform/audit.server";

/**
 * A separate process writing audit entries (admin-audit-shared.isolated.test.ts): `node --import tsx
 * admin-audit-writer.ts <resource> <count>`, with DATA_DIR and the rest of the configuration in
 * its environment.
 */

const [resource, count] = process.argv.slice(2);
for (let index = 1; index <= Number(count); index += 1) {
  await recordChange({ actor: { id: "1", email: "admin@dispusip.local" }, resource, recordId: String(index), action: "update", outcome: "ok", changes: [] });
}
