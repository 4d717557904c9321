import type { AdminIcon } from "~/config/admin-nav";

type IconName = AdminIcon | "menu" | "close" | "logout";

/** Simple stroke icons (24×24), inlined so the back-office needs no icon font or CDN. */
const PATHS: Record<IconName, string> = {
  slides: "M3 5h18v12H3z M7 21h10 M8 11l3-3 3 3 3-3",
  info: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M12 16v-5 M12 8h.01",
  target: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M12 12h.01",
  calendar: "M4 5h16v16H4z M4 10h16 M8 3v4 M16 3v4",
  clock: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M12 6v6l4 2",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0",
  library: "M3 21h18 M5 21V10 M9 21V10 M15 21V10 M19 21V10 M2 10l10-6 10 6z",
  image: "M3 4h18v16H3z M3 16l5-5 4 4 3-3 6 6 M15 9h.01",
  book: "M4 4h10a4 4 0 0 1 4 4v13H8a4 4 0 0 1-4-4z M4 17a4 4 0 0 1 4-4h10",
  folder: "M3 6h6l2 2h10v11H3z",
  tag: "M3 12V3h9l9 9-9 9z M7.5 7.5h.01",
  hash: "M4 9h16 M4 15h16 M10 3 8 21 M16 3l-2 18",
  pen: "M4 20l4-1 11-11-3-3L5 16z M14 6l3 3",
  building: "M4 21V5l8-3 8 3v16 M9 21v-5h6v5 M8 8h.01 M12 8h.01 M16 8h.01 M8 12h.01 M12 12h.01 M16 12h.01",
  video: "M3 6h13v12H3z M16 10l5-3v10l-5-3",
  menu: "M3 6h18 M3 12h18 M3 18h18",
  close: "M6 6l12 12 M18 6 6 18",
  logout: "M9 21H4V3h5 M16 17l5-5-5-5 M21 12H9",
};

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
