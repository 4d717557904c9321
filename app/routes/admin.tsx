import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formDraftOwner, requireAdmin } from "~/platform/auth.server";
import { getConfig } from "@server/config.server";
import { useEscapeClosesMenus } from "~/components/admin/details-menu";
import { KeptDrafts } from "~/components/admin/DraftOffer";
import { Icon } from "~/components/Icon";
import { adminPageFor, adminPath, DESK_PAGE, DESK_PATH } from "~/admin-kit/menu";
import { RESOURCES } from "~/resources/resources.server";
import { keepTabInside, useBorrowedFocus } from "~/lib/focus-trap";
import { clearAllDrafts, sweepDrafts, type FormDraftSettings } from "~/lib/form-drafts";
import { pageTitle } from "~/lib/title";
import type { RootData } from "~/root";
import adminStyles from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  // Whose form drafts this browser may offer (app/lib/form-drafts.ts): a keyed hash of the account, never the token.
  const formDrafts: FormDraftSettings = { owner: formDraftOwner(user), maxAgeMs: getConfig().formDrafts.maxAgeMs };
  return { menu: RESOURCES.menu, formDrafts };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  return [
    { title: pageTitle(root?.product.title ?? "", adminPageFor(data?.menu ?? [], location.pathname)?.title) },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

/** An id usable in aria-labelledby (a list of ids: no spaces). */
const sectionHeadingId = (label: string) => `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** "auto" follows the window width (shown from 768 px); the buttons override it. */
type SidebarState = "auto" | "open" | "closed";

/** Below this width (admin.css) the opened menu lies over the page, as a dialog would. */
const MENU_OVER_PAGE = "(max-width: 767.98px)";

export default function AdminLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { menu, formDrafts } = useLoaderData<typeof loader>();
  const current = adminPageFor(menu, pathname);
  useEscapeClosesMenus();
  // Drafts past their time go, whoever's they were.
  useEffect(() => {
    sweepDrafts({ maxAgeMs: formDrafts.maxAgeMs });
  }, [formDrafts.maxAgeMs]);
  // Leaving on purpose: the account's form drafts go too, once the logout is really sent (a
  // changed form may hold it back with its question, and staying keeps everything).
  const loggingOut = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/logout";
  useEffect(() => {
    if (!loggingOut) return;
    clearAllDrafts(formDrafts.owner);
    void import("~/lib/file-handles").then(({ dropFileHandles }) => dropFileHandles(formDrafts.owner));
  }, [loggingOut, formDrafts.owner]);
  const [sidebar, setSidebar] = useState<SidebarState>("auto");
  const closeOnNarrow = () => setSidebar((state) => (state === "open" ? "auto" : state));
  const sidebarElement = useRef<HTMLElement>(null);
  // Opened from its button, the menu takes the focus (on the current page's link) and gives it
  // back to the button when it closes; over the page, Tab stays inside it and Escape closes it.
  useBorrowedFocus(
    () => sidebarElement.current?.querySelector<HTMLElement>("a[aria-current=page]") ?? sidebarElement.current?.querySelector<HTMLElement>("a"),
    sidebar === "open",
  );
  // Hover and keyboard focus open the account menu through CSS alone; a tap (touch screens, where
  // a tap neither hovers nor, in Safari, focuses a button) toggles it here.
  const [accountOpen, setAccountOpen] = useState(false);

  return (
    <div className="admin" data-sidebar={sidebar}>
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- over the page, the menu is a dialog: Escape closes it, Tab stays inside */}
      <nav
        id="admin-sidebar"
        ref={sidebarElement}
        className="admin-sidebar"
        aria-label="Menu admin"
        onKeyDown={(event) => {
          if (sidebar !== "open" || !window.matchMedia(MENU_OVER_PAGE).matches) return;
          if (event.key === "Escape") setSidebar("auto");
          else keepTabInside(event, sidebarElement.current);
        }}
      >
        <div className="admin-sidebar-top">
          <Link to={DESK_PATH} className="admin-brand" onClick={closeOnNarrow}>
            Admin Panel
          </Link>
          <button
            type="button"
            className="icon-button admin-sidebar-close"
            aria-label="Tutup menu"
            onClick={() => setSidebar("closed")}
          >
            <Icon name="close" />
          </button>
        </div>
        <ul className="admin-nav-desk">
          <li>
            <NavLink to={DESK_PATH} end prefetch="intent" onClick={closeOnNarrow}>
              <Icon name={DESK_PAGE.icon} />
              <span>{DESK_PAGE.alias}</span>
            </NavLink>
          </li>
        </ul>
        {menu.map((section) => (
          <section key={section.label} aria-labelledby={sectionHeadingId(section.label)}>
            <h2 id={sectionHeadingId(section.label)} className="admin-nav-label">
              {section.label}
            </h2>
            <ul>
              {section.pages.map((page) => (
                <li key={page.id}>
                  <NavLink to={adminPath(page)} prefetch="intent" onClick={closeOnNarrow}>
                    <Icon name={page.icon} />
                    <span>{page.alias}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      {sidebar === "open" ? <div className="admin-backdrop" aria-hidden="true" onClick={() => setSidebar("auto")} /> : null}
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="icon-button admin-menu-button"
            aria-label="Buka menu"
            aria-controls="admin-sidebar"
            aria-expanded={sidebar === "open"}
            onClick={() => setSidebar("open")}
          >
            <Icon name="menu" />
          </button>
          <h1 className="admin-heading">{current?.title ?? "Admin"}</h1>
          <div
            className="admin-account"
            data-open={accountOpen || undefined}
            // Catches Escape from the button and the menu inside; not itself a control.
            role="presentation"
            onKeyDown={(event) => event.key === "Escape" && setAccountOpen(false)}
          >
            <button
              type="button"
              className="admin-avatar"
              aria-expanded={accountOpen}
              aria-controls="admin-account-menu"
              onClick={() => setAccountOpen((open) => !open)}
            >
              <span className="admin-avatar-circle" aria-hidden="true">
                A
              </span>
              <span>Admin</span>
            </button>
            <div id="admin-account-menu" className="admin-account-menu">
              <Form method="post" action="/logout">
                <button type="submit">
                  <Icon name="logout" size={16} />
                  Logout
                </button>
              </Form>
            </div>
          </div>
        </header>
        <main id="konten" tabIndex={-1} className="admin-content" aria-busy={navigation.state !== "idle"}>
          <KeptDrafts settings={formDrafts} screenName={(screen) => menu.flatMap((section) => section.pages).find((page) => page.id === screen)?.alias} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
