import express, { type Request, type Response } from "express";
import * as z from "zod";
import { bearerToken, checkCredentials, currentUser, issueToken, requireUser, revokeToken, revokeUserTokens } from "../auth.ts";
import { handler, type ApiContext } from "../context.ts";
import { HttpError } from "../errors.ts";
import { jsonObjectBody, parseInput } from "../validation.ts";

const loginSchema = z.object({
  email: z.string({ error: "Email wajib diisi" }).trim().min(1, "Email wajib diisi").max(255, "Email terlalu panjang"),
  password: z.string({ error: "Password wajib diisi" }).min(1, "Password wajib diisi").max(1024, "Password terlalu panjang"),
});

export function authRoutes(context: ApiContext): express.Router {
  const { db } = context;
  const router = express.Router();

  router.post(
    "/users/login",
    context.parseJson,
    handler(context, async (req: Request, res: Response) => {
      const { email, password } = parseInput(loginSchema, jsonObjectBody(req));
      const user = await checkCredentials(db, email, password);
      if (!user) throw new HttpError(401, "Email atau password salah");
      res.json({ token: issueToken(db, user.id) });
    }),
  );

  router.get("/users/me", requireUser(db), (_req, res) => {
    const { id, name, email, role } = currentUser(res);
    res.json({ user: { id, name, email, role } });
  });

  router.post("/users/logout", requireUser(db), (req, res) => {
    const token = bearerToken(req);
    if (token) revokeToken(db, token);
    res.json({ message: "Berhasil keluar" });
  });

  // Every token of the caller's account, this one too: what an upstream does when an account's
  // access is withdrawn. The end-to-end tests use it to revoke the token a site's session holds.
  router.post("/users/logout-all", requireUser(db), (_req, res) => {
    revokeUserTokens(db, currentUser(res).id);
    res.json({ message: "Berhasil keluar dari semua perangkat" });
  });

  return router;
}
