import type { Request, RequestHandler, Response } from "express";
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { Db } from "./db.ts";
import { HttpError } from "./errors.ts";

export interface AuthenticatedUser {
  id: number;
  name: string;
  email: string;
  role: number;
}

/** Roles allowed to change content and to read the admin lists (spec §6). */
const ADMIN_ROLES: readonly number[] = [2, 3];

const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key base64; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await deriveKey(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verified when the email is unknown, so the response time does not reveal which emails exist. */
let decoyHash: Promise<string> | undefined;

interface UserRow extends AuthenticatedUser {
  password_hash: string;
}

/** Returns the user when email and password match, otherwise undefined. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<AuthenticatedUser | undefined> {
  const row = db.prepare("SELECT id, name, email, role, password_hash FROM users WHERE email = ?").get(email.trim()) as
    | UserRow
    | undefined;
  if (!row) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  if (!(await verifyPassword(password, row.password_hash))) return undefined;
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** Only a digest of each token is stored, so a copy of the database does not hold live tokens. */
function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function issueToken(db: Db, userId: number): string {
  const token = randomBytes(32).toString("hex");
  const now = Date.now();
  db.prepare("DELETE FROM tokens WHERE expires_at <= ?").run(now);
  db.prepare("INSERT INTO tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)").run(
    tokenDigest(token),
    userId,
    now + TOKEN_LIFETIME_MS,
  );
  return token;
}

export function revokeToken(db: Db, token: string): void {
  db.prepare("DELETE FROM tokens WHERE token_hash = ?").run(tokenDigest(token));
}

/** Revokes every token of a user ("log out everywhere"): the copies other clients hold stop working too. */
export function revokeUserTokens(db: Db, userId: number): number {
  return db.prepare("DELETE FROM tokens WHERE user_id = ?").run(userId).changes;
}

/** The bearer token of a request, if it has one of the right shape. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+([0-9a-f]{64})\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1].toLowerCase();
}

function userForToken(db: Db, token: string): AuthenticatedUser | undefined {
  return db
    .prepare(
      `SELECT users.id, users.name, users.email, users.role FROM tokens
       JOIN users ON users.id = tokens.user_id
       WHERE tokens.token_hash = ? AND tokens.expires_at > ?`,
    )
    .get(tokenDigest(token), Date.now()) as AuthenticatedUser | undefined;
}

const USER_LOCAL = "authenticatedUser";

/** The user that requireUser/requireAdmin put on the response. */
export function currentUser(res: Response): AuthenticatedUser {
  const user: unknown = res.locals[USER_LOCAL];
  if (!user) throw new Error("currentUser() used on a route without requireUser");
  return user as AuthenticatedUser;
}

function authenticate(db: Db, req: Request, res: Response): AuthenticatedUser {
  if (!req.headers.authorization) throw new HttpError(401, "Token autentikasi diperlukan");
  const token = bearerToken(req);
  const user = token ? userForToken(db, token) : undefined;
  if (!user) throw new HttpError(401, "Token tidak valid atau sudah kedaluwarsa");
  res.locals[USER_LOCAL] = user;
  return user;
}

/** Any signed-in user (e.g. /users/me, logout). */
export function requireUser(db: Db): RequestHandler {
  return (req, res, next) => {
    authenticate(db, req, res);
    next();
  };
}

/** Signed-in users whose role may manage content; others get 403. */
export function requireAdmin(db: Db): RequestHandler {
  return (req, res, next) => {
    const user = authenticate(db, req, res);
    if (!ADMIN_ROLES.includes(user.role)) throw new HttpError(403, "Anda tidak memiliki akses untuk tindakan ini");
    next();
  };
}
