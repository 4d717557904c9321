import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import { getConfig } from "./config.server.ts";

/**
 * Server-side sessions (design principle 2). Remix cookie sessions are signed, not encrypted,
 * so the upstream token must not travel in the cookie: the cookie holds only a random id and
 * the data is a file under DATA_DIR/sessions.
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
/** Writing the activity time on every request would cost a disk write each; a minute is precise enough. */
const ACTIVITY_RESOLUTION_MS = 60_000;

let storage: SessionStorage<SessionData, FlashData> | undefined;

function sessionStorage() {
  if (storage) return storage;
  const config = getConfig();
  const directory = path.join(config.dataDir, "sessions");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const fileOf = (id: string) => path.join(directory, `${id}.json`);
  const { idleTimeoutMs, absoluteTimeoutMs } = config.session;

  const isExpired = (data: Partial<SessionData>, now = Date.now()) =>
    now - (data.lastActive ?? 0) > idleTimeoutMs || now - (data.createdAt ?? 0) > absoluteTimeoutMs;

  async function write(id: string, data: unknown) {
    const temporary = `${fileOf(id)}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temporary, JSON.stringify(data), { mode: 0o600 });
    await rename(temporary, fileOf(id));
  }

  storage = createSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      secrets: [config.sessionSecret],
    },
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await write(id, data);
      return id;
    },
    async readData(id) {
      if (!SESSION_ID.test(id)) return null;
      let data: Partial<SessionData>;
      try {
        data = JSON.parse(await readFile(fileOf(id), "utf8"));
      } catch {
        return null;
      }
      if (isExpired(data)) {
        await rm(fileOf(id), { force: true });
        return null;
      }
      return data;
    },
    async updateData(id, data) {
      if (SESSION_ID.test(id)) await write(id, data);
    },
    async deleteData(id) {
      if (SESSION_ID.test(id)) await rm(fileOf(id), { force: true });
    },
  });

  // Abandoned sessions (no logout) are swept in the background; never keeps the process alive.
  const sweep = async () => {
    const cutoff = Date.now() - idleTimeoutMs - ACTIVITY_RESOLUTION_MS;
    for (const name of await readdir(directory).catch(() => [])) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  };
  setInterval(sweep, 15 * 60_000).unref();
  void sweep();
  return storage;
}

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
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
  if (now - (session.get("lastActive") ?? 0) < ACTIVITY_RESOLUTION_MS) return false;
  session.set("lastActive", now);
  return true;
}
