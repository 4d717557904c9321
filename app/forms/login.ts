import "~/lib/zod-config";
import * as z from "zod";

/**
 * The login form's fields, shared by the browser (conform's client validation) and the server.
 * It lives in app/ because the browser runs it too; it holds nothing secret.
 */
export const loginSchema = z.object({
  email: z
    .string({ error: "Email wajib diisi" })
    .trim()
    .min(1, "Email wajib diisi")
    .max(254, "Email terlalu panjang")
    .pipe(z.email("Format email tidak valid")),
  password: z.string({ error: "Password wajib diisi" }).min(1, "Password wajib diisi").max(1024, "Password terlalu panjang"),
  redirectTo: z.string().max(2048).optional(),
});
