import { opendir } from "node:fs/promises";
import { FileStore } from "@tus/file-store";
import type { Upload } from "@tus/server";
import { errorFields, log } from "@server/log.server";
import { dropEarlyRelays } from "./early-relays.server.ts";
import type { Reservations } from "./upload-reservations.server.ts";

/**
 * @tus/file-store, releasing an upload's reservation whenever it is deleted or could not be
 * stored; a deleted upload's early relay (early-relays.server.ts) is aborted.
 */
export class ReservingFileStore extends FileStore {
  private readonly reservations: Reservations;

  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    reservations: Reservations,
  ) {
    super(options);
    this.reservations = reservations;
  }

  private async release(id: string): Promise<void> {
    // Not released now (Redis away): the sweep releases it once its description is gone.
    await this.reservations.release(id).catch((error: unknown) => log("upload_release_failed", { upload: id, ...errorFields(error) }));
  }

  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      await this.release(upload.id);
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    dropEarlyRelays([id]);
    try {
      await super.remove(id);
    } finally {
      await this.release(id);
    }
  }

  /**
   * @tus/file-store reads a description it cannot reach as missing (404, "start again"): when the
   * folder itself cannot be read (a broken mount, a wrong owner), that is the disk's failure, the
   * request's 503, and the upload may go on once the folder is back.
   */
  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      await (await opendir(this.directory)).close();
      throw error;
    }
  }
}

/**
 * @tus/file-store creates its folder from its constructor with a callback that throws outside any
 * request (an unwritable DATA_DIR killed the process). The folder is created at start
 * instead (server/data-dir.server.ts, and again, synchronously, before the store is made), and
 * `create` makes it again if it went, inside its request.
 */
Object.defineProperty(ReservingFileStore.prototype, "checkOrCreateDirectory", { value: () => undefined });
