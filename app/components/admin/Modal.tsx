import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  title: string;
  /** The screen without this modal; 'Tutup' links there (spec §2: a close link). */
  closeHref: string;
  /** With JavaScript: Escape closes too. */
  onClose?: () => void;
  children: ReactNode;
}

/**
 * The kit's modal (spec §2, §9): a title, a 'Tutup' link, at most 90% of the window high with
 * its body scrolling. It is rendered by the server whenever the URL says it is open, so it
 * works without JavaScript; with JavaScript it takes focus, closes on Escape, keeps the page
 * behind it still, and gives focus back to what opened it.
 */
export function Modal({ title, closeHref, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const firstField = dialog.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
    (firstField ?? dialog.current)?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className="kit-modal-backdrop">
      <div
        ref={dialog}
        className="kit-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === "Escape" && onClose) {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="kit-modal-header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeHref} className="kit-modal-close" preventScrollReset replace>
            Tutup
          </Link>
        </header>
        <div className="kit-modal-body">{children}</div>
      </div>
    </div>
  );
}
