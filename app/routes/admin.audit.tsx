import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { readAuditPage } from "~/platform/audit.server";
import { requireAdmin } from "~/platform/auth.server";
import { takeFlashAlert } from "~/platform/flash.server";
import { errorFields, log } from "@server/log.server";
import { AUDIT_COLUMNS, auditCells, type AuditCells } from "~/lib/audit";
import { RESOURCES } from "~/resources/resources.server";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import type { AlertMessage, ListCount } from "~/admin-kit/screen";
import { readListView } from "~/admin-kit/url-state";
import { Alert } from "~/components/admin/Alert";
import { DataTable, type Pager } from "~/components/admin/DataTable";
import { ListBar, noMatchText } from "~/components/admin/ListSearch";
import auditStyles from "~/styles/admin-audit.css?url";
import kitStyles from "~/styles/admin-kit.css?url";

/**
 * Riwayat › Log Aktivitas: the audit log of every admin change made through this site, newest
 * first, paged (`?page=`), filtered by screen (`?resource=`) and searched (`?q=`, SQLite's FTS5
 * in audit.server.ts), all in the URL so that it works without JavaScript.
 */

const PAGE_SIZE = 50;

export const links = () => [
  { rel: "stylesheet", href: kitStyles },
  { rel: "stylesheet", href: auditStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const view = readListView(search);
  const { q } = view;
  let { page } = view;
  const requested = search.get("resource");
  const resource = RESOURCES.auditedScreens.find((screen) => screen.value === requested)?.value ?? null;
  const flashed = await takeFlashAlert(admin.session);
  const alerts: AlertMessage[] = [];
  if (flashed) alerts.push({ id: `flash-${Date.now().toString(36)}`, ...flashed.alert });

  let rows: Array<{ id: string; cells: AuditCells }> = [];
  let hasMore = false;
  let count: ListCount | null = null;
  try {
    const readPage = (shown: number) => readAuditPage({ page: shown, pageSize: PAGE_SIZE, resource: resource ?? undefined, q, screenNames: RESOURCES.auditScreenNames });
    let read = readPage(page);
    // A page past the end (an old link, a hand-made one) shows the last, as the screens' lists do.
    const lastPage = Math.max(1, Math.ceil(read.total / PAGE_SIZE));
    if (page > lastPage) read = readPage((page = lastPage));
    rows = read.entries.map((entry) => ({ id: String(entry.id), cells: auditCells(entry, RESOURCES.screenName) }));
    hasMore = read.hasMore;
    const from = (page - 1) * PAGE_SIZE + 1;
    count = { from: rows.length > 0 ? from : 0, to: rows.length > 0 ? from + rows.length - 1 : 0, total: read.total };
  } catch (error) {
    log("audit_read_failed", { ...errorFields(error) });
    alerts.push({ id: "audit-read-failed", type: "error", message: ADMIN_MESSAGES.loadFailed });
  }
  return data({ rows, page, hasMore, count, view: { ...view, page }, resource, screens: RESOURCES.auditedScreens, alerts }, { headers: flashed ? { "Set-Cookie": flashed.setCookie } : undefined });
}

/** The page's URL with another page or filter, keeping the search. */
function auditHref(resource: string | null, q: string, page: number): string {
  const search = new URLSearchParams();
  if (resource) search.set("resource", resource);
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `?${query}` : "?";
}

export default function AuditLog() {
  const { rows, page, hasMore, count, view, resource, screens, alerts } = useLoaderData<typeof loader>();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const pager: Pager = {
    page,
    label: `Halaman ${page}`,
    previousHref: page > 1 ? auditHref(resource, view.q, page - 1) : undefined,
    nextHref: hasMore ? auditHref(resource, view.q, page + 1) : undefined,
    pageCount: count ? Math.max(1, Math.ceil(count.total / PAGE_SIZE)) : undefined,
    pageHref: (shown) => auditHref(resource, view.q, shown),
  };
  // The entries the page shows (its screen and search), as CSV for an Indonesian or an English Excel.
  const exports = ([";", ","] as const).map((sep) => {
    const params = new URLSearchParams({ ...(resource ? { resource } : {}), ...(view.q ? { q: view.q } : {}), sep });
    return { label: `CSV (${sep})`, href: `/admin/export/audit?${params}` };
  });

  return (
    <div className="kit-screen">
      {alerts.some((alert) => !dismissed.has(alert.id)) ? (
        <div className="kit-alerts">
          {alerts
            .filter((alert) => !dismissed.has(alert.id))
            .map((alert) => (
              <Alert
                key={alert.id}
                type={alert.type}
                message={alert.message}
                closeHref={location.search || "?"}
                onClose={() => setDismissed((current) => new Set(current).add(alert.id))}
              />
            ))}
        </div>
      ) : null}
      <Form method="get" className="audit-filter">
        <div className="kit-field">
          <label htmlFor="audit-resource">Data</label>
          <select id="audit-resource" name="resource" defaultValue={resource ?? ""} key={resource ?? ""}>
            <option value="">Semua data</option>
            {screens.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
        <button type="submit" className="kit-button kit-button-primary">
          Tampilkan
        </button>
      </Form>
      <ListBar view={view} noun="perubahan" keep={resource ? { resource } : undefined} count={count} />
      <DataTable
        caption={resource ? `Riwayat perubahan data ${screens.find((option) => option.value === resource)?.label}` : "Riwayat perubahan"}
        columns={AUDIT_COLUMNS.map((column) => ({ ...column, wrap: column.accessor === "changes" }))}
        rows={rows}
        rowLabel={(cells) => `${cells.action} ${cells.resource} ${cells.recordId}`}
        toolbar={{ exports }}
        pager={pager}
        emptyText={view.q ? `${noMatchText("perubahan", view.q)}.` : "Belum ada perubahan yang tercatat."}
      />
    </div>
  );
}
