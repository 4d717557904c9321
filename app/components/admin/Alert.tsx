import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Icon, type IconName } from "~/components/Icon";
import { useBorrowedFocus } from "~/lib/focus-trap";

export type AlertKind = "success" | "error" | "confirmation" | "delete";

/** Spec §9: an alert disappears after 5 seconds. */
export const ALERT_DISMISS_MS = 5000;

interface AlertProps {
  type: AlertKind;
  message: string;
  /**
   * Where 'Ok' (or 'Batal') leads: the same screen without this alert. Without JavaScript the
   * link is followed; with it, `onClose` runs instead.
   */
  closeHref: string;
  onClose?: () => void;
  /** A success or error alert closes itself after this long (paused while pointed at or focused). */
  autoDismissMs?: number;
  /** A confirmation's deciding control, e.g. the 'Hapus' form; 'Batal' is added beside it. */
  confirm?: ReactNode;
}

const ICONS: Record<AlertKind, IconName> = { success: "check", error: "alert", confirmation: "question", delete: "delete" };

/**
 * The kit's alert (spec §4): success and error say what happened and go away on 'Ok' or after
 * 5 s; confirmation and delete ask, and wait for 'Batal' or the confirm control. A question
 * that withdraws itself while the admin reads it would be a time limit nobody can extend
 * (WCAG 2.2.1), so only the informing kinds time out.
 */
export function Alert({ type, message, closeHref, onClose, autoDismissMs = ALERT_DISMISS_MS, confirm }: AlertProps) {
  const messageId = useId();
  const [paused, setPaused] = useState(false);
  const cancel = useRef<HTMLAnchorElement>(null);
  const asks = type === "confirmation" || type === "delete";

  // A question takes the focus (on its harmless answer), so the keyboard is where the decision is,
  // and gives it back to what asked it (the row's HAPUS link) when it goes, if that is still there.
  useBorrowedFocus(() => cancel.current, asks);

  useEffect(() => {
    if (asks || paused || !onClose) return;
    const timer = setTimeout(onClose, autoDismissMs);
    return () => clearTimeout(timer);
  }, [asks, paused, onClose, autoDismissMs]);

  const close = onClose
    ? (event: MouseEvent) => {
        event.preventDefault();
        onClose();
      }
    : undefined;

  return (
    <div
      className={`kit-alert kit-alert-${type}`}
      role={asks ? "alertdialog" : type === "error" ? "alert" : "status"}
      aria-labelledby={asks ? messageId : undefined}
      data-auto-dismiss={asks ? undefined : ""}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (asks && event.key === "Escape" && onClose) onClose();
      }}
    >
      <span className="kit-alert-icon">
        <Icon name={ICONS[type]} size={22} className="kit-icon" />
      </span>
      <p className="kit-alert-message" id={messageId}>
        {message}
      </p>
      <div className="kit-alert-actions">
        {asks ? (
          <>
            {confirm}
            <Link ref={cancel} to={closeHref} className="kit-button kit-button-secondary" preventScrollReset replace onClick={close}>
              Batal
            </Link>
          </>
        ) : (
          <Link to={closeHref} className="kit-button kit-button-secondary" preventScrollReset replace onClick={close}>
            Ok
          </Link>
        )}
      </div>
    </div>
  );
}
