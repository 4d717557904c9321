import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PNG_BYTES, PNG_SIGNATURE, adminCookie, recordWrites, submit } from "./admin-screen-support";
import { request, sessionCookie } from "../helpers/sessions";
import { cancelUpload, sendPiece, tusMetadata } from "../helpers/tus";

/**
 * Issue 23: the resumable uploads' endpoint (tus) and a form naming finished uploads. The routes
 * are called as Remix calls them, with the tus protocol's own requests; the upstream is msw. The
 * file runs with modules of its own (vitest.config.ts), its disk ceiling set below.
 */

const MiB = 1024 * 1024;
const DISK_MAX_BYTES = 3 * MiB;
const ADMIN_MAX_BYTES = 2.5 * MiB;
const ADMIN_MAX_COUNT = 5;
vi.stubEnv("UPLOAD_DISK_MAX_BYTES", String(DISK_MAX_BYTES));
vi.stubEnv("UPLOAD_ADMIN_MAX_BYTES", String(ADMIN_MAX_BYTES));
vi.stubEnv("UPLOAD_ADMIN_MAX_COUNT", String(ADMIN_MAX_COUNT));
const collection = await import("~/routes/admin.uploads");
const single = await import("~/routes/admin.uploads.$uploadId");
const sliderRoute = await import("~/routes/admin-screen");
const { getConfig } = await import("@server/config.server");
const { removeUploads, sweepExpiredUploads, UPLOAD_MESSAGES } = await import("~/platform/uploads.server");

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
  // Each test starts with no uploads (and so nothing reserved): deleted as expired.
  await sweepExpiredUploads(Date.now() + getConfig().resumableUploads.expiryMs + 60_000);
});

/** Another admin's session. */
const adminNumbered = (userId: number) => sessionCookie(3, { token: `token-admin-${userId}`, userId });

const TUS = { "Tus-Resumable": "1.0.0" };
const context = { clientIp: "127.0.0.1" };


async function create(size: number, target: Record<string, string> = { screen: "slider-manager", field: "file", filename: "gambar.png" }, as = cookie) {
  const response = (await collection.action({
    request: request("/admin/uploads", { method: "POST", cookie: as, headers: { ...TUS, "Upload-Length": String(size), "Upload-Metadata": tusMetadata(target) } }),
    params: {},
    context,
  })) as Response;
  const location = response.headers.get("Location") ?? "";
  return { response, id: location.split("/").pop() ?? "" };
}

/** Bytes from `offset` on, sent as the browser sends them (a POST naming PATCH). */
const append = (id: string, offset: number, bytes: Uint8Array, as = cookie) => sendPiece(single, id, offset, bytes, as);

async function offsetOf(id: string) {
  const response = (await single.loader({ request: request(`/admin/uploads/${id}`, { method: "HEAD", cookie, headers: TUS }), params: { uploadId: id }, context })) as Response;
  return { status: response.status, offset: response.headers.get("Upload-Offset") };
}

/** Cancels an upload (DELETE, sent as a POST naming it). */
const cancel = (id: string, as = cookie) => cancelUpload(single, id, as);

const stored = async () => (await readdir(getConfig().resumableUploads.directory).catch(() => [] as string[])).filter((name) => !name.endsWith(".json"));

describe("resumable uploads", () => {
  it("takes an image in two pieces, resuming from the offset the server gives, and a form naming it saves it", async () => {
    const { response, id } = await create(PNG_BYTES.length);
    expect(response.status).toBe(201);
    const half = Math.floor(PNG_BYTES.length / 2);
    expect((await append(id, 0, PNG_BYTES.subarray(0, half))).status).toBe(204);
    // The connection dropped here: the browser asks where the upload stands, and goes on from there.
    expect(await offsetOf(id)).toEqual({ status: 200, offset: String(half) });
    expect((await append(id, half, PNG_BYTES.subarray(half))).status).toBe(204);

    const writes = recordWrites("post", "/sliders", { status: 201, body: { data: { id: 9 } } });
    const saved = await submit(sliderRoute, "/admin/slider-manager?modal=add", cookie, new URLSearchParams({ intent: "create", title: "Lewat unggahan", _upload_file: id }));
    expect(saved).toMatchObject({ kind: "redirect", location: "/admin/slider-manager" });
    expect(writes[0].fields).toContainEqual(["file", expect.objectContaining({ size: PNG_BYTES.length, head: PNG_SIGNATURE })]);
    // Saved: the upstream has the file, the BFF's copy is gone.
    expect((await offsetOf(id)).status).toBe(404);
  });

  it("refuses a file over its field's limit from Upload-Length, before a byte is stored", async () => {
    const { response } = await create(11 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Ukuran berkas melebihi batas 10 MB");
    expect(await stored()).toEqual([]);
  });

  it("refuses a new upload past the disk ceiling of all uploads, with an Indonesian message", async () => {
    const other = await adminNumbered(2);
    const first = await create(2 * MiB);
    expect(first.response.status).toBe(201);
    const second = await create(2 * MiB, undefined, other);
    expect(second.response.status).toBe(507);
    expect(await second.response.text()).toBe("Ruang unggahan sementara sedang penuh. Silakan coba lagi nanti.");
    // Cancelled (DELETE, sent as a POST naming it): the room is free again.
    expect((await cancel(first.id)).status).toBe(204);
    expect((await create(2 * MiB, undefined, other)).response.status).toBe(201);
  });

  it("40 creates at once from 8 admins take no more than the ceiling (issue 35.3: all 20 passed a 50 MiB ceiling)", async () => {
    const admins = await Promise.all(Array.from({ length: 8 }, (_, index) => adminNumbered(10 + index)));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => create(512 * 1024, undefined, admins[index % admins.length])));
    const accepted = answers.filter(({ response }) => response.status === 201);
    // 512 KiB and its description each: five fit in 3 MiB, six do not; each admin's share holds four.
    expect(accepted).toHaveLength(5);
    const refused = answers.filter(({ response }) => response.status !== 201);
    for (const { response } of refused) {
      expect(await response.text()).toBe(response.status === 507 ? UPLOAD_MESSAGES.diskFull : UPLOAD_MESSAGES.adminBytes);
    }
    expect(refused.filter(({ response }) => response.status === 507).length).toBeGreaterThanOrEqual(35 - 4);
    expect(await stored()).toHaveLength(5);
  });

  it("counts an upload's metadata: a byte with 600 KB of metadata takes 600 KB of the admin's share", async () => {
    const target = { screen: "slider-manager", field: "file", filename: `${"a".repeat(600_000)}.png` };
    for (let index = 0; index < 4; index++) expect((await create(1, target)).response.status).toBe(201);
    // Four bytes declared, but 2.4 MB stored: the fifth is past the admin's 2.5 MiB.
    const fifth = await create(1, target);
    expect(fifth.response.status).toBe(429);
    expect(await fifth.response.text()).toBe(UPLOAD_MESSAGES.adminBytes);
  });

  it("limits one admin's uploads in number and in bytes, in Indonesian, and leaves room for the others", async () => {
    const ids: string[] = [];
    for (let index = 0; index < ADMIN_MAX_COUNT; index++) {
      const { response, id } = await create(10);
      expect(response.status).toBe(201);
      ids.push(id);
    }
    const sixth = await create(10);
    expect(sixth.response.status).toBe(429);
    expect(await sixth.response.text()).toBe("Terlalu banyak unggahan yang belum selesai. Selesaikan atau batalkan unggahan lain terlebih dahulu.");
    const other = await adminNumbered(2);
    expect((await create(10, undefined, other)).response.status).toBe(201);
    // One cancelled: room for one more, and only one.
    expect((await cancel(ids[0])).status).toBe(204);
    expect((await create(10)).response.status).toBe(201);
    expect((await create(10)).response.status).toBe(429);

    // Bytes: 2 MiB and then 1 MiB would pass the admin's 2.5 MiB, though the disk has room.
    const third = await adminNumbered(3);
    expect((await create(2 * MiB, undefined, third)).response.status).toBe(201);
    const past = await create(MiB, undefined, third);
    expect(past.response.status).toBe(429);
    expect(await past.response.text()).toBe(UPLOAD_MESSAGES.adminBytes);
  });

  it("releases an upload's room once however often it is deleted", async () => {
    const [second, third] = await Promise.all([adminNumbered(2), adminNumbered(3)]);
    const first = await create(2 * MiB);
    expect(first.response.status).toBe(201);
    expect((await cancel(first.id)).status).toBe(204);
    expect((await cancel(first.id)).status).toBe(404);
    await removeUploads([first.id, first.id]);
    await sweepExpiredUploads(Date.now() + getConfig().resumableUploads.expiryMs + 60_000);
    // Released more than once, 2 MiB would count as free twice over and both would be taken.
    expect((await create(2 * MiB, undefined, second)).response.status).toBe(201);
    expect((await create(2 * MiB, undefined, third)).response.status).toBe(507);
  });

  it("deletes an upload that received no byte after UPLOAD_UNSTARTED_EXPIRY_MS, releasing its room; a started one stays", async () => {
    const { unstartedExpiryMs, expiryMs } = getConfig().resumableUploads;
    expect(unstartedExpiryMs).toBe(60 * 60 * 1000);
    const ids: string[] = [];
    for (let index = 0; index < ADMIN_MAX_COUNT - 1; index++) ids.push((await create(PNG_BYTES.length)).id);
    const started = await create(PNG_BYTES.length);
    expect((await append(started.id, 0, PNG_BYTES.subarray(0, 5))).status).toBe(204);
    expect((await create(10)).response.status).toBe(429);

    expect(await sweepExpiredUploads(Date.now() + unstartedExpiryMs - 60_000)).toBe(0);
    expect(await sweepExpiredUploads(Date.now() + unstartedExpiryMs + 1000)).toBe(ADMIN_MAX_COUNT - 1);
    expect(unstartedExpiryMs + 1000).toBeLessThan(expiryMs);
    for (const id of ids) expect((await offsetOf(id)).status).toBe(404);
    expect(await offsetOf(started.id)).toEqual({ status: 200, offset: "5" });
    // Their room is free: the admin may start again.
    expect((await create(10)).response.status).toBe(201);
  });

  it("refuses a finished file that is not of its field's kind, and deletes it", async () => {
    const html = new TextEncoder().encode("<html>bukan gambar</html>");
    const { id } = await create(html.length);
    const finished = await append(id, 0, html);
    expect(finished.status).toBe(415);
    expect(await finished.text()).toBe("Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF");
    expect((await offsetOf(id)).status).toBe(404);
  });

  it("refuses a picture cut short (its header whole, its pixels not), saying so, and deletes it", async () => {
    const cut = PNG_BYTES.subarray(0, 40);
    const { id } = await create(cut.length);
    const finished = await append(id, 0, cut);
    expect(finished.status).toBe(422);
    expect(await finished.text()).toBe("Berkas gambar rusak atau tidak lengkap. Simpan atau ekspor gambarnya lagi, lalu pilih berkas itu.");
    expect((await offsetOf(id)).status).toBe(404);
  });

  it("knows only the screens' file fields, and only ids it made", async () => {
    expect((await create(10, { screen: "slider-manager", field: "title", filename: "x" })).response.status).toBe(400);
    expect((await create(10, { screen: "tidak-ada", field: "file", filename: "x" })).response.status).toBe(400);
    const traversal = (await single.loader({ request: request("/admin/uploads/..%2F..%2Fsecret", { method: "HEAD", cookie, headers: TUS }), params: { uploadId: "../../secret" }, context })) as Response;
    expect(traversal.status).toBe(404);
  });

  it("deletes uploads older than UPLOAD_EXPIRY_MS, finished or not, and keeps younger ones", async () => {
    const finished = await create(PNG_BYTES.length);
    await append(finished.id, 0, PNG_BYTES);
    const unfinished = await create(PNG_BYTES.length);
    await append(unfinished.id, 0, PNG_BYTES.subarray(0, 5));
    expect(await sweepExpiredUploads()).toBe(0);
    expect((await offsetOf(finished.id)).status).toBe(200);
    expect(await sweepExpiredUploads(Date.now() + getConfig().resumableUploads.expiryMs + 1000)).toBeGreaterThanOrEqual(2);
    expect((await offsetOf(finished.id)).status).toBe(404);
    expect((await offsetOf(unfinished.id)).status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it("is its creator's alone: another admin can neither read its offset, add to it, cancel it nor save it", async () => {
    const { id } = await create(PNG_BYTES.length);
    expect((await append(id, 0, PNG_BYTES.subarray(0, 10))).status).toBe(204);
    const other = await sessionCookie(3, { token: "token-admin-lain", userId: 2 });
    const head = (await single.loader({ request: request(`/admin/uploads/${id}`, { method: "HEAD", cookie: other, headers: TUS }), params: { uploadId: id }, context })) as Response;
    expect(head.status).toBe(404);
    expect((await append(id, 10, PNG_BYTES.subarray(10), other)).status).toBe(404);
    const cancel = (await single.action({
      request: request(`/admin/uploads/${id}`, { method: "POST", cookie: other, headers: { ...TUS, "X-HTTP-Method-Override": "DELETE" } }),
      params: { uploadId: id },
      context,
    })) as Response;
    expect(cancel.status).toBe(404);
    const writes = recordWrites("post", "/sliders", { status: 201 });
    const answer = await submit(sliderRoute, "/admin/slider-manager?modal=add", other, new URLSearchParams({ intent: "create", title: "x", _upload_file: id }));
    expect(answer).toMatchObject({ kind: "data", status: 400, data: { alert: { message: "Unggahan tidak ditemukan atau sudah kedaluwarsa. Silakan pilih berkasnya lagi." } } });
    expect(writes).toEqual([]);
    // Its creator still has it, untouched.
    expect(await offsetOf(id)).toEqual({ status: 200, offset: "10" });
  });

  it("reads an upload's id from its path alone: another id at the end of the query reaches no file, its description included", async () => {
    const { id } = await create(PNG_BYTES.length);
    expect((await append(id, 0, PNG_BYTES.subarray(0, 10))).status).toBe(204);
    const other = await sessionCookie(3, { token: "token-admin-lain", userId: 2 });
    const { id: own } = await create(PNG_BYTES.length, undefined, other);
    for (const target of [`${id}.json`, id, ".reservations"]) {
      const cancel = (await single.action({
        request: request(`/admin/uploads/${own}?x=/${target}`, { method: "POST", cookie: other, headers: { ...TUS, "X-HTTP-Method-Override": "DELETE" } }),
        params: { uploadId: own },
        context,
      })) as Response;
      expect(cancel.status, target).toBeLessThan(500);
    }
    expect(await offsetOf(id)).toEqual({ status: 200, offset: "10" });
    expect(await readdir(getConfig().resumableUploads.directory)).toContain(`${id}.json`);
  });

  it("a form naming an unfinished, unknown or forged upload is refused, nothing written", async () => {
    const { id } = await create(PNG_BYTES.length);
    await append(id, 0, PNG_BYTES.subarray(0, 10));
    const writes = recordWrites("post", "/sliders", { status: 201 });
    for (const [uploadId, message] of [
      [id, "Unggahan belum selesai. Silakan tunggu atau pilih berkasnya lagi."],
      ["0".repeat(32), "Unggahan tidak ditemukan atau sudah kedaluwarsa. Silakan pilih berkasnya lagi."],
      ["../../etc/passwd", "Unggahan tidak ditemukan atau sudah kedaluwarsa. Silakan pilih berkasnya lagi."],
    ]) {
      const answer = await submit(sliderRoute, "/admin/slider-manager?modal=add", cookie, new URLSearchParams({ intent: "create", title: "x", _upload_file: uploadId }));
      expect(answer).toMatchObject({ kind: "data", status: 400, data: { alert: { message } } });
    }
    expect(writes).toEqual([]);
  });

  it("a finished upload deleted while its form is checked (a cancel in another tab, the sweep) is refused in Indonesian, nothing written", async () => {
    const { id } = await create(PNG_BYTES.length);
    await append(id, 0, PNG_BYTES);
    // The store finds it whole, then its bytes go before the save reads them.
    const found = FileStore.prototype.getUpload;
    vi.spyOn(FileStore.prototype, "getUpload").mockImplementationOnce(async function (this: FileStore, uploadId: string) {
      const upload = await found.call(this, uploadId);
      await rm(path.join(getConfig().resumableUploads.directory, uploadId));
      return upload;
    });
    const writes = recordWrites("post", "/sliders", { status: 201 });
    const answer = await submit(sliderRoute, "/admin/slider-manager?modal=add", cookie, new URLSearchParams({ intent: "create", title: "x", _upload_file: id }));
    expect(answer).toMatchObject({ kind: "data", status: 400, data: { alert: { message: UPLOAD_MESSAGES.notFound } } });
    expect(writes).toEqual([]);
  });

  it("answers @tus/server's own refusals in Indonesian, their status kept", async () => {
    const { id } = await create(PNG_BYTES.length);
    await append(id, 0, PNG_BYTES.subarray(0, 10));
    const answers = [
      // Cancelled in another tab, or expired: the browser goes on sending.
      await append("0".repeat(32), 0, PNG_BYTES.subarray(0, 10)),
      // Another tab moved it on since this one asked where it stood.
      await append(id, 0, PNG_BYTES.subarray(0, 10)),
      // More bytes than it announced.
      await append(id, 10, new Uint8Array(PNG_BYTES.length + 100)),
      // Bytes that do not say they are an upload's (no client of ours sends them).
      (
        await single.action({
          request: request(`/admin/uploads/${id}`, {
            method: "POST",
            cookie,
            headers: { ...TUS, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": "10", "Content-Type": "text/plain" },
            body: Buffer.from("x"),
          }),
          params: { uploadId: id },
          context,
        })
      ) as Response,
    ];
    expect(await Promise.all(answers.map(async (answer) => [answer.status, await answer.text()]))).toEqual([
      [404, UPLOAD_MESSAGES.notFound],
      [409, UPLOAD_MESSAGES.offsetConflict],
      [413, UPLOAD_MESSAGES.sizeExceeded],
      [400, UPLOAD_MESSAGES.invalidRequest],
    ]);
  });
});
