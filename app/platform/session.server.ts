import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createCookie, createSessionStorage, data, type Cookie, type Session, type SessionStorage } from "@remix-run/node";
import { MESSAGES } from "~/config/messages";
import { getConfig } from "@server/config.server";
import { isFileSystemError } from "@server/data-dir.server";
import { errorFields, log } from "@server/log.server";
import { KEY_PREFIX, RedisUnavailable, usesRedis, withRedis, type RedisClient } from "./redis.server.ts";

/**
 * Server-side sessions (design principle 2). Remix cookie sessions are signed, not encrypted,
 * so the upstream token must not travel in the cookie: the cookie holds only a random id and
 * the data is a file under DATA_DIR/sessions, or a Redis key when REDIS_URL is set (several
 * processes, any of which may serve the next request).
 */

export interface SessionUser {
  id: number | string;
  name: string;
  email: string;
  role: number;
}

export interface SessionData {
  token: string;
  user: SessionUser;
  createdAt: number;
  lastActive: number;
  /** When the role was last confirmed with the upstream's /users/me. */
  roleCheckedAt: number;
}

export type AlertType = "success" | "error";
export interface FlashData {
  alert: { type: AlertType; message: string };
}

export type AppSession = Session<SessionData, FlashData>;

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
/**
 * Writing the activity time on every request would cost a write each: it is written at most once
 * a minute (a tenth of a shorter idle limit), and a session ends only once it has been idle for
 * its limit plus that step, so that an admin at work is never logged out early.
 */
const ACTIVITY_RESOLUTION_MS = 60_000;
const activityStepMs = () => Math.min(ACTIVITY_RESOLUTION_MS, getConfig().session.idleTimeoutMs / 10);

/** Where session records live: files on one machine, or Redis when several processes share them. */
interface SessionStore {
  create(id: string, data: unknown): Promise<void>;
  read(id: string): Promise<Partial<SessionData> | null>;
  update(id: string, data: unknown): Promise<void>;
  delete(id: string): Promise<void>;
}

let storage: SessionStorage<SessionData, FlashData> | undefined;
let sessionCookie: Cookie | undefined;

function sessionStorage() {
  if (storage) return storage;
  const config = getConfig();
  const { idleTimeoutMs, absoluteTimeoutMs } = config.session;
  // A request that read a session before its logout may write it for up to the request limit after.
  const endedKeptMs = Math.max(idleTimeoutMs, config.requestTimeoutMs);
  const store = usesRedis() ? redisStore(config.session) : fileStore(path.join(config.dataDir, "sessions"), idleTimeoutMs, endedKeptMs);

  const isExpired = (data: Partial<SessionData>, now = Date.now()) =>
    now - (data.lastActive ?? 0) > idleTimeoutMs + activityStepMs() || now - (data.createdAt ?? 0) > absoluteTimeoutMs;

  sessionCookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: [config.sessionSecret],
  });
  storage = createSessionStorage<SessionData, FlashData>({
    cookie: sessionCookie,
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await store.create(id, data);
      return id;
    },
    async readData(id) {
      if (!SESSION_ID.test(id)) return null;
      const record = await store.read(id);
      if (!record) return null;
      if (isExpired(record)) {
        await store.delete(id);
        return null;
      }
      return record;
    },
    async updateData(id, data) {
      if (SESSION_ID.test(id)) await store.update(id, data);
    },
    async deleteData(id) {
      if (SESSION_ID.test(id)) await store.delete(id);
    },
  });
  return storage;
}

/**
 * One file per session. Logout (or expiry) first leaves a marker, `<id>.ended`, then removes the
 * record: a request that read the session before and writes it after (a slow save committing its
 * flash message) cannot bring it back, since a record with a marker beside it is never read
 * again, and the writer removes what it wrote when it finds the marker (issue 20, point 4).
 * Markers are kept as long as such a request may run (the request limit), then swept.
 */
function fileStore(directory: string, idleTimeoutMs: number, endedKeptMs: number): SessionStore {
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  } catch (error) {
    // Made at start (server/data-dir.server.ts); gone since: this request's 503, and the next one tries again.
    throw fileStoreUnavailable(error);
  }
  const fileOf = (id: string) => path.join(directory, `${id}.json`);
  const markerOf = (id: string) => path.join(directory, `${id}.ended`);
  const exists = (file: string) => stat(file).then(
    () => true,
    () => false,
  );
  async function write(id: string, data: unknown) {
    const temporary = `${fileOf(id)}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temporary, JSON.stringify(data), { mode: 0o600 });
    await rename(temporary, fileOf(id));
  }

  // Abandoned sessions (no logout) are swept in the background; never keeps the process alive.
  const sweep = async () => {
    const now = Date.now();
    for (const name of await readdir(directory).catch(() => [])) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => undefined);
      const keptMs = (name.endsWith(".ended") ? endedKeptMs : idleTimeoutMs) + ACTIVITY_RESOLUTION_MS;
      if (info && info.mtimeMs < now - keptMs) await rm(file, { force: true });
    }
  };
  // A sweep that cannot delete is logged and tried again next time: never an unhandled rejection.
  const sweepLogged = () => void sweep().catch((error: unknown) => log("session_sweep_failed", errorFields(error)));
  setInterval(sweepLogged, 15 * 60_000).unref();
  sweepLogged();

  return orFileStoreUnavailable({
    create: write,
    async read(id) {
      let text: string;
      try {
        text = await readFile(fileOf(id), "utf8");
      } catch (error) {
        // No such session; a file that cannot be read is the disk's failure (503), not a logout.
        if (isFileSystemError(error) && error.code !== "ENOENT") throw error;
        return null;
      }
      if (await exists(markerOf(id))) {
        await rm(fileOf(id), { force: true });
        return null;
      }
      try {
        return JSON.parse(text) as Partial<SessionData>;
      } catch {
        return null;
      }
    },
    async update(id, data) {
      // Only a session that still exists is written: an update never creates one.
      if (!(await exists(fileOf(id))) || (await exists(markerOf(id)))) return;
      await write(id, data);
      // Ended between the check and the write: what was written goes.
      if (await exists(markerOf(id))) await rm(fileOf(id), { force: true });
    },
    async delete(id) {
      await writeFile(markerOf(id), "", { mode: 0o600 });
      await rm(fileOf(id), { force: true });
    },
  });
}

/** A session folder that cannot be written (a full or read-only disk): the request's 503, in Indonesian. */
function fileStoreUnavailable(error: unknown): unknown {
  if (!isFileSystemError(error)) return error;
  log("session_store_failed", { code: error.code, ...errorFields(error) });
  return data({ message: MESSAGES.upstreamUnavailable }, { status: 503 });
}

function orFileStoreUnavailable(store: SessionStore): SessionStore {
  const guarded = <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await work(...args);
      } catch (error) {
        throw fileStoreUnavailable(error);
      }
    };
  return { create: guarded(store.create), read: guarded(store.read), update: guarded(store.update), delete: guarded(store.delete) };
}

/**
 * Each record is one Redis key that expires by itself when the session would (idle or absolute
 * limit, whichever comes first), so nothing needs sweeping. A Redis failure answers 503.
 */
function redisStore({ idleTimeoutMs, absoluteTimeoutMs }: { idleTimeoutMs: number; absoluteTimeoutMs: number }): SessionStore {
  const keyOf = (id: string) => `${KEY_PREFIX}session:${id}`;
  const lifetimeMs = (data: Partial<SessionData>, now = Date.now()) =>
    Math.max(1, Math.min(idleTimeoutMs + ACTIVITY_RESOLUTION_MS, (data.createdAt ?? now) + absoluteTimeoutMs - now));
  const write = (id: string, record: unknown, onlyIfPresent: boolean) =>
    orServiceUnavailable(async (client) => {
      const lifetime = lifetimeMs(record as Partial<SessionData>);
      // An update must not bring back a session that another process has just ended (logout).
      await client.set(keyOf(id), JSON.stringify(record), onlyIfPresent ? { PX: lifetime, XX: true } : { PX: lifetime });
    });

  return {
    create: (id, record) => write(id, record, false),
    read: (id) =>
      orServiceUnavailable(async (client) => {
        const text = await client.get(keyOf(id));
        return text === null ? null : (JSON.parse(text) as Partial<SessionData>);
      }),
    update: (id, record) => write(id, record, true),
    delete: (id) =>
      orServiceUnavailable(async (client) => {
        await client.del(keyOf(id));
      }),
  };
}

/** The visitor gets a 503 with a clear message when the session store cannot answer. */
async function orServiceUnavailable<T>(work: (client: RedisClient) => Promise<T>): Promise<T> {
  try {
    return await withRedis(work);
  } catch (error) {
    if (!(error instanceof RedisUnavailable)) throw error;
    // An outage, expected and answered: logged with its reason, not as an unexpected error.
    log("session_store_unavailable", { reason: error.message });
    throw data({ message: MESSAGES.upstreamUnavailable }, { status: 503 });
  }
}

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The session whose id work in the background carries (an import's run, on whichever process
 * takes it): read as a request's is, so an ended or expired session is an empty one.
 */
export async function sessionById(id: string): Promise<AppSession> {
  const sessions = sessionStorage();
  return sessions.getSession(await sessionCookie!.serialize(id));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** A brand-new session (new id) for a login: an id known before login is never reused. */
export async function startSession(token: string, user: SessionUser): Promise<AppSession> {
  const session = await sessionStorage().getSession();
  const now = Date.now();
  session.set("token", token);
  session.set("user", user);
  session.set("createdAt", now);
  session.set("lastActive", now);
  session.set("roleCheckedAt", now);
  return session;
}

/** Records activity (for the idle limit); true when the session needs to be written. */
export function touchSession(session: AppSession, now = Date.now()): boolean {
  if (now - (session.get("lastActive") ?? 0) < activityStepMs()) return false;
  session.set("lastActive", now);
  return true;
}
