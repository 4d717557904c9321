import { Link } from "@remix-run/react";
import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

export default function Home() {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <main className="error-page">
      <h1>{root?.product.title}</h1>
      <p>Situs publik sedang disiapkan.</p>
      <Link to="/login">Login admin</Link>
    </main>
  );
}
