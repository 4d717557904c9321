import { createConnection, createServer, type Server } from "node:net";
import { unlink } from "node:fs/promises";
import path from "node:path";
import { errorFields, log } from "./log.server.ts";

/**
 * Says so, in the log of both, when a second process starts on one DATA_DIR without REDIS_URL:
 * they then share the sessions and uploads on disk but not what each keeps in memory (a record's
 * one-at-a-time save, an upload's lock, login throttling, the uploads' disk ceiling, the public
 * pages' clears: docs/deployment.md's first table), so each of those holds per process only.
 *
 * Liveness is a Unix socket in DATA_DIR that the first process listens on, not a PID file: the
 * kernel stops answering it when that process dies, however it dies, so a crash leaves no false
 * alarm (its socket file refuses connections and the next start takes it over). A warning, not a
 * refusal: a process must never stay down over a check of this kind. Where the socket cannot be
 * made (a path over the kernel's 107 bytes, a file system without sockets) nothing is said.
 */

export const SHARING_SOCKET = ".process.sock";

export const SHARED_WITHOUT_REDIS = "data_dir_shared_without_redis";
const WHY =
  "another process serves this DATA_DIR and REDIS_URL is not set: record locks, upload locks, login throttling and cache clears hold per process only; set REDIS_URL on every process (docs/deployment.md)";

export interface SharingWatch {
  close(): Promise<void>;
}

/** Listens on DATA_DIR's socket, or, when a live process already does, warns (and so does it). */
export async function watchDataDirSharing(dataDir: string): Promise<SharingWatch> {
  const socketPath = path.join(dataDir, SHARING_SOCKET);
  const warn = () => log(SHARED_WITHOUT_REDIS, { data_dir: dataDir, message: WHY });
  const server = createServer((peer) => {
    warn();
    peer.destroy();
  });
  server.unref();
  const watching: SharingWatch = { close: () => new Promise((closed) => server.close(() => closed())) };
  const idle: SharingWatch = { close: async () => {} };
  try {
    if (await listens(server, socketPath)) return watching;
    if (await answers(socketPath)) {
      warn();
      return idle;
    }
    // Left by a process that died: taken over.
    await unlink(socketPath);
    return (await listens(server, socketPath)) ? watching : idle;
  } catch (error) {
    log("data_dir_sharing_unchecked", { data_dir: dataDir, ...errorFields(error) });
    return idle;
  }
}

/** True once listening; false when the socket's file is there already (EADDRINUSE). */
function listens(server: Server, socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off("listening", listening);
      if (error.code === "EADDRINUSE") resolve(false);
      else reject(error);
    };
    const listening = () => {
      server.off("error", failed);
      resolve(true);
    };
    server.once("error", failed).once("listening", listening);
    server.listen(socketPath);
  });
}

/** Whether a live process listens on the socket (a dead one's file refuses the connection). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
