import "~/lib/zod-config";
import * as z from "zod";

/**
 * The login form's fields: the action's check, and the constraints (`required`, `maxlength`) the
 * page's inputs are rendered with. The page is not hydrated, so nothing of it runs in the browser.
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
