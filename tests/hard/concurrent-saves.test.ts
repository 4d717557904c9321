import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFLICT_MESSAGES, type EditConflict } from "~/admin-kit/edit-conflicts";
import { type Bff, bffEnv, removeDir, startBff, tempDir } from "../e2e/helpers/processes.ts";
import { referenceApiToken } from "../e2e/helpers/reference-api.ts";
import { openEdit, save, screenData, withValue, type Entries } from "./edit-forms.ts";
import { caseRecorder } from "./report.ts";
import { missingTools, REDIS_SERVER, startRedisServer, type RedisServer } from "./scale-out-support.ts";
import { ADMIN_SCREENS } from "./screens.ts";
import { logIn, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * Writes that arrive together (issue 46): saves of one record at the same instant, a save against
 * a delete, the library switch against an edit, and creates of one name, sent at once over HTTP
 * as two admins' browsers send them; then what the upstream holds is read from it directly. Run
 * on one process without Redis (the locks in its memory) and on two processes sharing Redis (the
 * requests spread over both). The upstream answers the publishers' and libraries' calls 50 ms
 * late, as a busy one does: without the locks nearly every round here loses a change.
 */

const record = caseRecorder("concurrent-saves");
const publisherScreen = ADMIN_SCREENS.find((screen) => screen.path === "/admin/publisher")!;
const libraryScreen = ADMIN_SCREENS.find((screen) => screen.path === "/admin/library")!;
const UPSTREAM_DELAY_MS = 50;

interface Rig {
  /** The processes' URLs; the n-th request of a round goes to `bases[n % bases.length]`. */
  bases: string[];
  stack: HardStack;
  close(): Promise<void>;
}

async function oneProcess(): Promise<Rig> {
  // The product's default: a list's copy is kept for a minute, so only the locks make a create see another.
  const stack = await startHardStack({ ADMIN_LIST_REFRESH_MS: "60000" });
  return { bases: [stack.bff.url], stack, close: () => stack.close() };
}

async function twoProcessesSharingRedis(): Promise<Rig> {
  const redisDir = await tempDir("concurrent-redis");
  let redis: RedisServer | undefined;
  let stack: HardStack | undefined;
  let second: Bff | undefined;
  const close = async () => {
    try {
      await second?.proc.stop();
      await stack?.close();
    } finally {
      await redis?.stop();
      await removeDir(redisDir);
    }
  };
  try {
    redis = await startRedisServer(redisDir);
    const shared = { REDIS_URL: redis.url, ADMIN_LIST_REFRESH_MS: "60000" };
    stack = await startHardStack(shared);
    second = await startBff(bffEnv({ UPSTREAM_API_URL: stack.upstream.url, DATA_DIR: stack.bffDataDir, ...shared }));
    return { bases: [stack.bff.url, second.url], stack, close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface Publisher {
  id: number;
  name: string;
  address: string | null;
  about: string | null;
  email: string | null;
  phone: string | null;
}

interface Library {
  id: number;
  name: string;
  active: boolean | number;
}

/** A list as the upstream holds it, read from it directly with an admin's token. */
async function upstreamList<T>(rig: Rig, path: string, key: string): Promise<T[]> {
  const response = await fetch(`${rig.stack.referenceApi.url}/api${path}?limit=1000`, {
    headers: { Authorization: `Bearer ${await referenceApiToken(rig.stack.referenceApi.url)}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, T[]>)[key];
}

const publishersHeld = (rig: Rig) => upstreamList<Publisher>(rig, "/publishers", "publishers");

async function publisherHeld(rig: Rig, id: string): Promise<Publisher | undefined> {
  return (await publishersHeld(rig)).find((publisher) => String(publisher.id) === id);
}

/** A new publisher's form. */
function newPublisher(name: string): Entries {
  return [
    ["intent", "create"],
    ["name", name],
    ["address", ""],
    ["about", ""],
    ["email", ""],
    ["phone", ""],
  ];
}

/** A form's post as fetch sends it (a script's request: a delete redirects, the switch answers in place with 200), and its status. */
async function postForm(base: string, pathname: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${base}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: { cookie, origin: base }, redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

const rigs: Array<[string, () => Promise<Rig>]> = [["one process without Redis", oneProcess]];
const redisMissing = missingTools([REDIS_SERVER]);
if (redisMissing) console.warn(`concurrent-saves: the two-process rig is skipped, ${redisMissing}`);
else rigs.push(["two processes sharing Redis", twoProcessesSharingRedis]);

for (const [rigName, startRig] of rigs) {
  describe(`writes that arrive together, ${rigName}`, () => {
    let rig: Rig;
    let cookie: string;
    let ids: string[];
    /** Each test edits its own record. */
    let nextRecord = 0;
    const base = (n: number) => rig.bases[n % rig.bases.length];

    beforeAll(async () => {
      rig = await startRig();
      cookie = await logIn(rig.bases[0]);
      ids = (await screenData(rig.bases[0], cookie, publisherScreen, "")).rows.map((row) => row.id);
      rig.stack.upstream.fault = { kind: "delay", ms: UPSTREAM_DELAY_MS };
      rig.stack.upstream.hits = (call) => call.path.includes("/publishers") || call.path.includes("/library");
    }, 120_000);

    afterAll(async () => {
      if (!rig) return;
      expect(rig.bases.length).toBeGreaterThan(0);
      const failures = unhandledFailures(rig.stack.bff);
      await rig.close();
      expect(failures).toEqual([]);
    });

    /** Opens the record's edit form `count` times, as that many admins do, each on its process. */
    const openForms = (id: string, count: number) => Promise.all(Array.from({ length: count }, (_, n) => openEdit(base(n), cookie, publisherScreen, id)));

    it("two saves of one record at the same instant, each changing another field: both changes are kept", async () => {
      const id = ids[nextRecord++];
      const [first, second] = await openForms(id, 2);
      const answers = await Promise.all([
        save(base(0), cookie, publisherScreen, id, withValue(first.entries, "address", "ALAMAT DARI ADMIN PERTAMA")),
        save(base(1), cookie, publisherScreen, id, withValue(second.entries, "about", "TENTANG DARI ADMIN KEDUA")),
      ]);
      const held = await publisherHeld(rig, id);
      const passed = answers.every((answer) => answer.status === 302) && held?.address === "ALAMAT DARI ADMIN PERTAMA" && held.about === "TENTANG DARI ADMIN KEDUA";
      record(`${rigName}: two saves of one record at once, different fields`, `${answers.map((answer) => answer.status).join(", ")}; address ${held?.address}, about ${held?.about}`, passed);
      expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
      expect(held).toMatchObject({ address: "ALAMAT DARI ADMIN PERTAMA", about: "TENTANG DARI ADMIN KEDUA" });
    });

    it("two saves of one field at the same instant: one is written, the other is asked to choose, nothing silently replaced", async () => {
      const id = ids[nextRecord++];
      const forms = await openForms(id, 2);
      const phones = ["081234500001", "081234500002"];
      const answers = await Promise.all(forms.map((form, n) => save(base(n), cookie, publisherScreen, id, withValue(form.entries, "phone", phones[n]))));
      const held = await publisherHeld(rig, id);
      const written = answers.findIndex((answer) => answer.status === 302);
      const asked = answers.find((answer) => answer.status === 409);
      const conflict = asked?.data?.conflict as EditConflict | undefined;
      record(`${rigName}: two saves of one field at once`, `${answers.map((answer) => answer.status).join(", ")}; phone ${held?.phone}`, written >= 0 && Boolean(conflict) && held?.phone === phones[written]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
      expect(held?.phone).toBe(phones[written]);
      expect(conflict?.fields).toEqual([{ name: "phone", label: "Telepon", mine: phones[1 - written], theirs: phones[written] }]);
    });

    it("ten saves of one record at the same instant: the first of each field is written, every later one of that field is asked to choose", async () => {
      const id = ids[nextRecord++];
      const forms = await openForms(id, 10);
      const changes: Array<[string, string]> = forms.map((_, n) => {
        const field = ["address", "about", "email", "phone"][n % 4];
        const value = { address: `ALAMAT ${n}`, about: `TENTANG ${n}`, email: `admin${n}@contoh.go.id`, phone: `08123450000${n}` }[field]!;
        return [field, value];
      });
      const answers = await Promise.all(forms.map((form, n) => save(base(n), cookie, publisherScreen, id, withValue(form.entries, ...changes[n]))));
      const held = (await publisherHeld(rig, id)) as unknown as Record<string, string>;
      const statuses = answers.map((answer) => answer.status);
      record(`${rigName}: ten saves of one record at once, four fields`, `${statuses.join(", ")}; ${JSON.stringify(held)}`, statuses.filter((status) => status === 302).length === 4);
      expect(statuses.every((status) => status === 302 || status === 409), statuses.join(", ")).toBe(true);
      for (const field of ["address", "about", "email", "phone"]) {
        const ofField = changes.flatMap(([name, value], n) => (name === field ? [{ value, answer: answers[n] }] : []));
        const written = ofField.filter(({ answer }) => answer.status === 302);
        expect(written, `${field}: exactly one save written`).toHaveLength(1);
        expect(held[field]).toBe(written[0].value);
        for (const { answer } of ofField.filter(({ answer }) => answer.status === 409)) {
          expect((answer.data?.conflict as EditConflict | undefined)?.fields.map((conflicting) => conflicting.name)).toEqual([field]);
        }
      }
    });

    it("a save and a delete of one record at the same instant: the record is gone, never written back", async () => {
      // A publisher with no books (one with books cannot be deleted).
      const name = `Penerbit Untuk Dihapus ${rig.bases.length}`;
      expect((await save(base(0), cookie, publisherScreen, undefined, newPublisher(name))).status).toBe(302);
      const id = String((await publishersHeld(rig)).find((publisher) => publisher.name === name)?.id);
      const before = (await publishersHeld(rig)).length;
      const [form] = await openForms(id, 1);
      const [saved, deleted] = await Promise.all([
        save(base(0), cookie, publisherScreen, id, withValue(form.entries, "address", "ALAMAT SEBELUM DIHAPUS")),
        postForm(base(1), "/admin/publisher", cookie, { intent: "delete", id }),
      ]);
      const after = await publishersHeld(rig);
      const gone = !after.some((publisher) => String(publisher.id) === id) && after.length === before - 1;
      // Either the save went first (and the delete after it), or the delete did and the save says the record is gone.
      const savedFirst = saved.status === 302;
      const toldGone = saved.status === 404 && saved.data?.alert?.message === CONFLICT_MESSAGES.gone;
      record(`${rigName}: a save and a delete at once`, `save ${saved.status}, delete ${deleted}; ${gone ? "gone" : "still there"}`, gone && (savedFirst || toldGone));
      expect(deleted).toBe(302);
      expect(gone).toBe(true);
      expect(savedFirst || toldGone, JSON.stringify(saved)).toBe(true);
    });

    it("the library switch and an edit of that library at the same instant: both are kept", async () => {
      const library = (await upstreamList<Library>(rig, "/bibliographies/admin/library", "data"))[0];
      const id = String(library.id);
      const form = await openEdit(base(0), cookie, libraryScreen, id);
      const on = !library.active;
      const [edited, toggled] = await Promise.all([
        save(base(0), cookie, libraryScreen, id, withValue(form.entries, "name", "PERPUSTAKAAN SERENTAK")),
        postForm(base(1), "/admin/library", cookie, { intent: "toggle", id, on: String(on) }),
      ]);
      const held = (await upstreamList<Library>(rig, "/bibliographies/admin/library", "data")).find((candidate) => String(candidate.id) === id);
      const passed = edited.status === 302 && toggled === 200 && held?.name === "PERPUSTAKAAN SERENTAK" && Boolean(held.active) === on;
      record(`${rigName}: the library switch and an edit at once`, `edit ${edited.status}, switch ${toggled}; ${JSON.stringify(held)}`, passed);
      expect([edited.status, toggled]).toEqual([302, 200]);
      expect(held?.name).toBe("PERPUSTAKAAN SERENTAK");
      expect(Boolean(held?.active)).toBe(on);
    });

    it("five creates of one new name at the same instant (written five ways): one record, the others warned of it", async () => {
      const name = `Penerbit Serentak ${rigName.split(" ")[0]}`;
      const writings = [name, name.toUpperCase(), ` ${name.toLowerCase()} `, name.replace(/ /g, "  "), name];
      const answers = await Promise.all(writings.map((writing, n) => save(base(n), cookie, publisherScreen, undefined, newPublisher(writing))));
      const made = (await publishersHeld(rig)).filter((publisher) => publisher.name.replace(/\s+/g, " ").trim().toLowerCase() === name.toLowerCase());
      const statuses = answers.map((answer) => answer.status);
      record(`${rigName}: five creates of one name at once`, `${statuses.join(", ")}; ${made.length} record(s)`, made.length === 1);
      expect(made).toHaveLength(1);
      expect(statuses.filter((status) => status === 302)).toHaveLength(1);
      for (const warned of answers.filter((answer) => answer.status !== 302)) {
        expect(warned.status).toBe(409);
        expect(warned.data?.duplicates?.matches.map((match) => match.id)).toEqual([String(made[0].id)]);
      }
    });
  });
}
