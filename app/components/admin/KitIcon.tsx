import type { FieldIcon } from "~/admin/resource";

export type KitIconName = FieldIcon | "edit" | "detail" | "delete" | "export" | "add" | "check" | "alert" | "question";

/** Stroke icons (24×24) for the admin kit, inlined: no icon font, no CDN. Always decorative. */
const PATHS: Record<KitIconName, string> = {
  link: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1 M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
  calendar: "M4 5h16v16H4z M4 10h16 M8 3v4 M16 3v4",
  mail: "M3 5h18v14H3z M3 6l9 7 9-7",
  phone: "M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2",
  pin: "M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0",
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

export function KitIcon({ name, size = 18 }: { name: KitIconName; size?: number }) {
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
      className="kit-icon"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
