/**
 * The names of the site's icons (app/components/Icon.tsx draws each): a back-office menu entry's,
 * a form field's, and the interface's own.
 */

/** The icon of a back-office screen in the sidebar. */
export type MenuIcon =
  | "slides"
  | "info"
  | "target"
  | "calendar"
  | "clock"
  | "user"
  | "library"
  | "image"
  | "book"
  | "folder"
  | "tag"
  | "hash"
  | "pen"
  | "building"
  | "video"
  | "log"
  | "desk";

/** The icon beside a form field. */
export type FieldIcon = "link" | "calendar" | "mail" | "phone" | "pin" | "user" | "at";

export type IconName = MenuIcon | FieldIcon | "menu" | "chevron-down" | "close" | "logout" | "edit" | "detail" | "delete" | "export" | "add" | "check" | "alert" | "question";
