import { beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { requiredChoice, requiredText } from "~/admin-kit/fields";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { MOBILE_APP_ONLY } from "~/admin-kit/placement";
import { defineResource, type ResourceSections } from "~/admin-kit/resource";
import { adminScreenRoutes } from "~/admin-kit/routes";
import { resourceRegistry } from "~/admin-kit/server/registry.server";
import { serveResource } from "~/admin-kit/server/resource.server";
import { defineScreen, formOf } from "~/admin-kit/screen";
import { requireAdmin } from "~/platform/auth.server";
import { resourceGeneration } from "~/platform/cache.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { activityResource } from "~/resources/activities/activities";
import { bookResource } from "~/resources/books/books";
import { RESOURCE_SECTIONS } from "~/resources/resources";
import { RESOURCES, SERVER_HALVES } from "~/resources/resources.server";
import { request } from "../helpers/sessions";
import { adminCookie, form, load, recordWrites, serveList, submit, type ScreenRoute } from "./admin-screen-support";

/**
 * A resource is self-contained: one declared here, in this file alone (its browser-safe half and
 * its server half, as `app/resources/<name>/` would hold them), and put in a list beside the
 * site's own, gets its screen's route, its menu entry, its screen (list and save against its
 * upstream), its cache clears (its own and those of the resource it shows in) and its picker list,
 * with no other file changed. A second one picks from the first.
 */

// app/resources/events/events.ts
const eventForm = formOf([{ name: "name", label: "Nama acara", type: "text", rule: requiredText() }]);
const eventScreen = defineScreen<{ name: string }, typeof eventForm.schema>({
  id: "event",
  menu: { alias: "Acara", icon: "calendar" },
  placement: () => MOBILE_APP_ONLY,
  caption: "Daftar acara",
  rowLabel: (event) => event.name,
  columns: [{ header: "Nama", accessor: "name" }],
  ...eventForm,
  texts: { addTitle: "TAMBAH ACARA", addSubmit: "SIMPAN", editTitle: "UBAH ACARA", editSubmit: "UBAH", empty: "Belum ada acara." },
  messages: GENERIC_SCREEN_MESSAGES,
  addButton: { placement: "toolbar" },
  edit: true,
  pageSize: 20,
});
// Its names show on the home page's activities (as a genre's show on its books).
const eventResource = defineResource({
  name: "events",
  screen: eventScreen,
  shownIn: ["activities"],
  pickable: { label: ["name"], lookupFailed: "Terjadi kesalahan saat mengambil data acara!" },
});

// app/resources/events/events.server.ts
const event = z.object({ id: upstreamId, name: upstreamText });
const listEvents = (api: UpstreamClient, page?: PageRequest) => api.call(dataList(event), { path: "/events", query: page });
const eventAdapter = serveResource(eventResource, {
  list: listEvents,
  idOf: (record) => record.id,
  cells: (record) => ({ name: record.name }),
  formValues: (record) => ({ name: record.name }),
  create: { method: "POST", path: "/events", encoding: "json" },
  update: { method: "PUT", path: "/events", encoding: "json", body: (values, { id }) => ({ id: upstreamIdValue(id ?? ""), ...values }) },
});

// A second resource, whose form picks one of the events.
const ticketForm = formOf([{ name: "event_id", label: "Acara", type: "select", rule: requiredChoice(), optionsFrom: "event" }]);
const ticketResource = defineResource({
  name: "tickets",
  screen: defineScreen<{ event: string }, typeof ticketForm.schema>({
    id: "ticket",
    menu: { alias: "Tiket", icon: "tag" },
    placement: () => MOBILE_APP_ONLY,
    caption: "Daftar tiket",
    rowLabel: (ticket) => ticket.event,
    columns: [{ header: "Acara", accessor: "event" }],
    ...ticketForm,
    texts: { addTitle: "TAMBAH TIKET", addSubmit: "SIMPAN", empty: "Belum ada tiket." },
    messages: GENERIC_SCREEN_MESSAGES,
    addButton: { placement: "toolbar" },
  }),
});
const ticketAdapter = serveResource(ticketResource, {
  list: (api, page) => api.call(dataList(z.object({ id: upstreamId, event: upstreamText })), { path: "/tickets", query: page }),
  idOf: (record) => record.id,
  cells: (record) => ({ event: record.event }),
  formValues: () => ({}),
  create: { method: "POST", path: "/tickets", encoding: "json" },
});

// The one list (app/resources/resources.ts) with one more section, and its server halves (resources.server.ts).
const SECTIONS = [...RESOURCE_SECTIONS, { label: "Acara", resources: [eventResource, ticketResource] }] as const satisfies ResourceSections;
const registry = resourceRegistry(SECTIONS, { ...SERVER_HALVES, events: eventAdapter, tickets: ticketAdapter });

/** The screen's route as Remix would run it: the guard, then the registry's screen at the path. */
const screenRoute = (path: string): ScreenRoute => ({
  loader: async ({ request: incoming }) => registry.screenAt(path)!.load(await requireAdmin(incoming), incoming),
  action: async ({ request: incoming }) => registry.screenAt(path)!.act(await requireAdmin(incoming), incoming),
});

describe("a resource declared in one file, listed once", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await adminCookie();
    serveList("/events", [
      { id: 1, name: "Pameran arsip" },
      { id: 2, name: "Lomba bercerita" },
      { id: 3, name: "Pameran buku" },
    ]);
    serveList("/tickets", []);
  });

  it("gets its screen's route, after the site's own", () => {
    expect(adminScreenRoutes(SECTIONS).slice(-2)).toEqual([
      { id: "routes/admin.event", path: "event", file: "routes/admin-screen.tsx" },
      { id: "routes/admin.ticket", path: "ticket", file: "routes/admin-screen.tsx" },
    ]);
    expect(adminScreenRoutes(RESOURCE_SECTIONS).map((route) => route.path)).not.toContain("event");
  });

  it("gets its menu entry in its section, before the audit log's", () => {
    expect(registry.menu.map((section) => section.label)).toEqual(["Website Settings", "Mobile Settings", "Acara", "Riwayat"]);
    expect(registry.menu[2].pages).toEqual([
      { id: "event", alias: "Acara", title: "Acara", icon: "calendar" },
      { id: "ticket", alias: "Tiket", title: "Tiket", icon: "tag" },
    ]);
    // The screens' names, then the public documents' page's.
    expect(registry.auditedScreens.slice(-3)).toEqual([
      { value: "event", label: "Acara" },
      { value: "ticket", label: "Tiket" },
      { value: "documents", label: "Dokumen" },
    ]);
  });

  it("lists its records from its upstream, newest first", async () => {
    const { screen } = await load(screenRoute("/admin/event"), "/admin/event", cookie);
    expect(screen.rows.map((row) => row.cells.name)).toEqual(["Pameran buku", "Lomba bercerita", "Pameran arsip"]);
  });

  it("clears its own records and those of the resource it shows in when saved, and no other", async () => {
    const events = resourceGeneration(eventResource);
    const activities = resourceGeneration(activityResource);
    const books = resourceGeneration(bookResource);
    const writes = recordWrites("put", "/events", { status: 200 });
    const saved = await submit(screenRoute("/admin/event"), "/admin/event?modal=edit&id=2", cookie, form([["intent", "update"], ["id", "2"], ["name", "Lomba mendongeng"]]));
    expect(saved.kind).toBe("redirect");
    expect(writes.map((write) => write.json)).toEqual([{ id: 2, name: "Lomba mendongeng" }]);
    expect(resourceGeneration(eventResource)).toBeGreaterThan(events);
    expect(resourceGeneration(activityResource), "its records show in the activities").toBeGreaterThan(activities);
    expect(resourceGeneration(bookResource)).toBe(books);
  });

  it("serves its picker list, searched by its label, and offers it to the form that picks from it", async () => {
    const admin = await requireAdmin(request("/admin/options/event", { cookie }));
    expect(await registry.searchOptions(admin.api, "event", "pameran")).toEqual({
      options: [
        { value: "1", label: "Pameran arsip" },
        { value: "3", label: "Pameran buku" },
      ],
      total: 2,
    });
    expect(RESOURCES.searchOptions(admin.api, "event", "pameran"), "the site's own registry has no such list").toBeUndefined();
    const { screen } = await load(screenRoute("/admin/ticket"), "/admin/ticket?modal=add", cookie);
    expect(screen.choices?.offered.event_id.map((option) => option.label)).toEqual(["Lomba bercerita", "Pameran arsip", "Pameran buku"]);
  });

  it("cannot be listed without its server half, or with another's: neither typechecks, and neither starts", () => {
    // @ts-expect-error -- the tickets' server half is missing
    expect(() => resourceRegistry(SECTIONS, { ...SERVER_HALVES, events: eventAdapter })).toThrow("tickets");
    // @ts-expect-error -- the tickets are given the events' server half
    expect(() => resourceRegistry(SECTIONS, { ...SERVER_HALVES, events: eventAdapter, tickets: eventAdapter })).toThrow("tickets");
  });

  it("cannot name a list to pick from, or a resource to show in, that the list does not have", () => {
    const lost = defineResource({ name: "lost", screen: { ...eventScreen, id: "lost" }, shownIn: ["nowhere"] });
    expect(() => resourceRegistry([{ label: "x", resources: [lost] }], { lost: serveResource(lost, eventAdapter) })).toThrow('"nowhere"');
    const orphan = defineResource({ name: "orphans", screen: { ...ticketResource.screen, id: "orphan" } });
    expect(() => resourceRegistry([{ label: "x", resources: [orphan] }], { orphans: serveResource(orphan, ticketAdapter) })).toThrow('"event"');
  });
});
