import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { upstreamsReachable } from "@server/upstream-health.server";
import { formatIndonesianNumber } from "~/lib/format";
import { megabytes } from "~/lib/file-kinds";
import { AUDIT_ACTION_LABELS, auditCells, type AuditEntry } from "~/lib/audit";
import { ATTENTION_FILTER, ATTENTION_TEXTS, ATTENTION_VALUES } from "~/admin-kit/attention";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { adminPath } from "~/admin-kit/menu";
import { readAuditPage } from "~/platform/audit.server";
import type { AdminContext } from "~/platform/auth.server";
import { unsavedUploads } from "~/platform/uploads.server";
import type { RegisteredScreen, ResourceRegistry } from "./registry.server.ts";
import type { ScreenSummary } from "./screen/summary.server.ts";
import { DESK_TEXTS, type DeskBlock, type DeskChange, type DeskData, type DeskList, type DeskTask } from "~/admin-kit/desk";

/**
 * The desk (`/admin`, "Ringkasan", app/admin-kit/desk.ts): what the librarian sees first of the whole back-office. Each
 * block is read on its own, side by side, and fails on its own: a list the upstream cannot give
 * says so in its row, the rest of the page stands. Nothing here names a resource: the lists, the
 * to-do and the "Tambah" links come from the registry's screens.
 */

const LATEST_CHANGES = 8;


const count = (value: number) => formatIndonesianNumber(value);

/** The to-do a screen's summary gives: records lacking an expected field, old values, likely duplicates; each links to its list showing those records alone. */
function tasksOf(screen: RegisteredScreen, summary: ScreenSummary): DeskTask[] {
  const { alias, id } = screen.page;
  const href = (value: string) => `${adminPath(screen.page)}?${new URLSearchParams({ [ATTENTION_FILTER]: value })}`;
  return [
    ...summary.missing
      .filter((missing) => missing.count > 0)
      .map((missing) => ({
        id: `${id}-missing-${missing.field}`,
        text: `${alias}: ${ATTENTION_TEXTS.counted.missing(count(missing.count), missing.label)}`,
        href: href(ATTENTION_VALUES.missing(missing.field)),
      })),
    ...(summary.legacy > 0 ? [{ id: `${id}-legacy`, text: `${alias}: ${ATTENTION_TEXTS.counted.legacy(count(summary.legacy))}`, href: href(ATTENTION_VALUES.legacy) }] : []),
    ...(summary.duplicates > 0 ? [{ id: `${id}-duplicates`, text: `${alias}: ${ATTENTION_TEXTS.counted.duplicates(count(summary.duplicates))}`, href: href(ATTENTION_VALUES.duplicates) }] : []),
  ];
}

/** A new record's name as its form gave it (an add has no stored name to record before it): its first text field. */
function createdLabel(entry: AuditEntry): string | undefined {
  if (entry.action !== "create") return undefined;
  const named = entry.changes.find((change) => change.kind === "text");
  return named?.kind === "text" ? named.to : undefined;
}

function latestChanges(registry: ResourceRegistry): DeskBlock<DeskChange> {
  try {
    const { entries } = readAuditPage({ page: 1, pageSize: LATEST_CHANGES });
    return {
      items: entries.map((entry) => {
        const cells = auditCells(entry, registry.screenName);
        const screen = registry.screenById(entry.resource);
        const editable = screen?.definition.edit && entry.action !== "delete" && entry.recordId !== null;
        return {
          id: String(entry.id),
          at: cells.at,
          actor: cells.actor,
          action: AUDIT_ACTION_LABELS[entry.action],
          screen: cells.resource,
          label: cells.recordLabel || createdLabel(entry) || cells.recordId,
          outcome: cells.outcome,
          ...(editable && screen ? { href: `${adminPath(screen.page)}?modal=edit&id=${encodeURIComponent(entry.recordId!)}` } : {}),
        };
      }),
    };
  } catch (error) {
    log("audit_read_failed", errorFields(error));
    return { failed: ADMIN_MESSAGES.loadFailed };
  }
}

/** The desk, every block read at once. */
export async function readDesk(admin: AdminContext, registry: ResourceRegistry): Promise<DeskData> {
  const listed = registry.screens.filter((screen) => !screen.definition.singleRecord);
  const [summaries, uploads, upstream] = await Promise.all([
    Promise.allSettled(listed.map((screen) => screen.summary(admin))),
    unsavedUploads(admin).catch((error: unknown) => {
      log("desk_uploads_unreadable", errorFields(error));
      return undefined;
    }),
    upstreamsReachable(getConfig()),
  ]);
  const lists = listed.map((screen, index): DeskList => {
    const summary = summaries[index];
    if (summary.status === "rejected") log("desk_list_unreadable", { screen: screen.page.id, ...errorFields(summary.reason) });
    return {
      id: screen.page.id,
      alias: screen.page.alias,
      href: adminPath(screen.page),
      total: summary.status === "fulfilled" ? summary.value.total : null,
      ...(screen.definition.addButton ? { addHref: `${adminPath(screen.page)}?modal=add` } : {}),
    };
  });
  const tasks: DeskTask[] = listed.flatMap((screen, index) => {
    const summary = summaries[index];
    return summary.status === "fulfilled" ? tasksOf(screen, summary.value) : [];
  });
  if (uploads && uploads.count > 0) {
    tasks.push({ id: "uploads", text: `${count(uploads.count)} unggahan Anda (${megabytes(uploads.bytes)}) belum disimpan bersama formulirnya` });
  }
  return {
    lists,
    tasks: { items: tasks },
    changes: latestChanges(registry),
    upstream: { state: upstream, text: DESK_TEXTS.upstream[upstream] },
  };
}
