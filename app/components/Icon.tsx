import type { IconName } from "~/lib/icons";

export type { IconName };

/** Simple stroke icons (24×24), inlined so the site needs no icon font or CDN. Always decorative. */
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
  log: "M3 12a9 9 0 1 0 2.6-6.4 M3 4v5h5 M12 7v5l3 2",
  desk: "M3 3h8v8H3z M13 3h8v5h-8z M13 10h8v11h-8z M3 13h8v8H3z",
  menu: "M3 6h18 M3 12h18 M3 18h18",
  "chevron-down": "M6 9l6 6 6-6",
  close: "M6 6l12 12 M18 6 6 18",
  logout: "M9 21H4V3h5 M16 17l5-5-5-5 M21 12H9",
  link: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1 M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
  mail: "M3 5h18v14H3z M3 6l9 7 9-7",
  phone: "M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2",
  pin: "M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  at: "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0z M16 12v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1",
  edit: "M4 20l4-1 11-11-3-3L5 16z M14 6l3 3",
  detail: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  delete: "M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3",
  export: "M12 3v12 M7 10l5 5 5-5 M5 21h14",
  add: "M12 5v14 M5 12h14",
  check: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M8 12l3 3 5-6",
  alert: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M12 7v6 M12 17h.01",
  question: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14 M12 17h.01",
};

/** Drawn with the `.icon` stroke style (app.css) rather than attributes repeated on every icon. */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" className={className ? `icon ${className}` : "icon"}>
      <path d={PATHS[name]} />
    </svg>
  );
}
