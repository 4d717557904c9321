import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "~/lib/images";
import { startReferenceApi } from "../../reference-api/server.ts";
import { jobSettled, uploadFile } from "../helpers/import-http.ts";
import { tusMetadata } from "../helpers/tus.ts";
import { expect, test } from "./fixtures.ts";
import { bffEnv, DEMO_PASSWORD, logIn, pngBuffer, processGroup, removeDir, tempDir, unhandledFailureLines } from "./helpers/index.ts";

/**
 * What the site writes under DATA_DIR is its own: the audit log (admins' names and actions), the
 * sessions, uploads not yet published and import sheets, on a shared machine where other users
 * have accounts. Found: folders 0755 and files 0644, readable by any of them. Now the process
 * creates folders 0700 and files 0600, and an existing DATA_DIR open to others gets one warning
 * line at start, the process starting all the same.
 */

const dirs: string[] = [];
const processes = processGroup();
let referenceApi: Awaited<ReturnType<typeof startReferenceApi>> | undefined;
let referenceDir = "";

test.beforeAll(async () => {
  // A reference API of its own: the save and the import below touch no other file's records.
  referenceDir = await tempDir("modes-reference");
  dirs.push(referenceDir);
  referenceApi = await startReferenceApi({ dataDir: referenceDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD });
});

test.afterAll(async () => {
  await processes.stopAll();
  await referenceApi?.close();
  await Promise.all(dirs.map(removeDir));
});

/** Every folder and file under `root` (itself included), by its path relative to it, with its permission bits. */
async function modesUnder(root: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>([[".", (await stat(root)).mode & 0o777]]);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    modes.set(path.relative(root, file), (await stat(file)).mode & 0o777);
  }
  return modes;
}

const octal = (mode: number) => mode.toString(8).padStart(4, "0");

test.describe("what the site writes under DATA_DIR", () => {
  test("is its own: folders 0700 and files 0600 after a login, an upload, a save, an import and an image variant", async () => {
    const parent = await tempDir("modes-fresh");
    dirs.push(parent);
    // Not there yet: the process makes DATA_DIR itself.
    const dataDir = path.join(parent, "data");
    const { url, proc } = await processes.startBff(bffEnv({ UPSTREAM_API_URL: referenceApi!.url, DATA_DIR: dataDir }));
    const cookie = await logIn(url);

    // A resumable upload, created and sent whole (its file and its description).
    const png = pngBuffer(256);
    const created = await fetch(`${url}/admin/uploads`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Tus-Resumable": "1.0.0", "Upload-Length": String(png.length), "Upload-Metadata": tusMetadata({ screen: "slider-manager", field: "file", filename: "rahasia.png" }) },
    });
    expect(created.status).toBe(201);
    const piece = await fetch(`${url}${created.headers.get("location")}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Tus-Resumable": "1.0.0", "X-HTTP-Method-Override": "PATCH", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: new Uint8Array(png),
    });
    expect(piece.status).toBe(204);

    // A save: its audit entry in audit.sqlite (WAL).
    const saved = await fetch(`${url}/admin/genre?modal=add`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url },
      body: new URLSearchParams({ intent: "create", name: "Kategori Berkas Pribadi" }),
      redirect: "manual",
    });
    expect(saved.status).toBe(302);

    // An import's sheet, read and previewed.
    const imported = await uploadFile(url, cookie, "publisher", "penerbit.csv", "ID;Nama\n;Penerbit Berkas Pribadi\n");
    expect(imported.job).toBeDefined();
    await jobSettled(dataDir, imported.job!, ["previewed", "failed"]);

    // A resized cover, kept in the image cache.
    const cover = (await readdir(path.join(referenceDir, "covers"))).find((name) => /\.(jpe?g|png)$/.test(name));
    const variant = await fetch(`${url}/covers/${cover}?w=${IMAGE_WIDTHS[0]}`, { headers: { Accept: "image/webp" } });
    expect(variant.status).toBe(200);
    await variant.arrayBuffer();
    await expect.poll(async () => [...(await modesUnder(dataDir)).keys()].some((name) => name.startsWith(`image-cache${path.sep}`) && name.endsWith(".webp"))).toBe(true);

    const modes = await modesUnder(dataDir);
    const names = [...modes.keys()];
    // What the actions above wrote is all there, so the modes below are theirs.
    for (const written of [/^audit\.sqlite$/, /^audit\.sqlite-wal$/, /^sessions\/[^/]+\.json$/, /^uploads\/[0-9a-f]{32}$/, /^uploads\/[0-9a-f]{32}\.json$/, /^imports\/[0-9a-f]{16}\/job\.json$/, /^image-cache\/[^/]+\/[^/]+\.webp$/]) {
      expect(names.some((name) => written.test(name)), `${written} in ${names.join(", ")}`).toBe(true);
    }
    const open = [...modes].filter(([, mode]) => (mode & 0o077) !== 0).map(([name, mode]) => `${name} ${octal(mode)}`);
    expect(open, "open to the group or others").toEqual([]);
    expect(octal(modes.get(".")!)).toBe("0700");
    expect(proc.logLines().filter((line) => line.event === "data_dir_open_to_others")).toEqual([]);
    expect(unhandledFailureLines(proc)).toEqual([]);
  });

  test("made before, open to others: one warning line naming it and what to run, its modes left alone, and the site starts", async () => {
    const dataDir = await tempDir("modes-open");
    dirs.push(dataDir);
    // As `install -d` and a site before this fix left them: 0755 folders, a 0644 audit log.
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "sessions"), { mode: 0o755 });
    chmodSync(path.join(dataDir, "sessions"), 0o755);
    writeFileSync(path.join(dataDir, "audit.sqlite"), "");
    chmodSync(path.join(dataDir, "audit.sqlite"), 0o644);
    const { url, proc } = await processes.startBff(bffEnv({ UPSTREAM_API_URL: referenceApi!.url, DATA_DIR: dataDir }));
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const warnings = proc.logLines().filter((line) => line.event === "data_dir_open_to_others");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ data_dir: dataDir, mode: "0755", readable: ["audit.sqlite", "sessions"] });
    expect(warnings[0].warning).toContain(`chmod -R go-rwx ${dataDir}`);
    expect(proc.stderr()).toBe("");
    // A warning, not a repair: the operator's modes stay as they were.
    expect(octal(statSync(dataDir).mode & 0o777)).toBe("0755");
    expect(octal(statSync(path.join(dataDir, "audit.sqlite")).mode & 0o777)).toBe("0644");
  });
});
