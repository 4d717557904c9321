import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "@server/auth.server";
import { ADMIN_PAGES } from "~/config/admin-nav";

/**
 * Every back-office screen that has no route module of its own yet: it exists, is guarded,
 * and says it is being built. A screen's own module (e.g. admin.slider-manager.tsx) wins over this one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = ADMIN_PAGES.find((candidate) => candidate.segment === params.section);
  if (!page) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return { title: page.title };
}

export default function AdminPlaceholder() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="admin-placeholder">
      <p>
        Halaman <strong>{title}</strong> sedang dibangun.
      </p>
    </div>
  );
}
