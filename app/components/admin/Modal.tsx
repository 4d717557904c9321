import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { keepTabInside, useBorrowedFocus } from "~/lib/focus-trap";

interface ModalProps {
  title: string;
  /** The screen without this modal; 'Tutup' links there (spec §2: a close link). */
  closeHref: string;
  /** With JavaScript: Escape and a click on the backdrop close too. */
  onClose?: () => void;
  children: ReactNode;
}

/**
 * The kit's modal (spec §2, §9): a title, a 'Tutup' link, at most 90% of the window high with
 * its body scrolling. It is rendered by the server whenever the URL says it is open, so it
 * works without JavaScript; with JavaScript it takes focus and keeps Tab inside, closes on
 * Escape or a click beside it, keeps the page behind it still, and gives focus back to what
 * opened it.
 */
export function Modal({ title, closeHref, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);

  useBorrowedFocus(() => dialog.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select") ?? dialog.current);
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <div
      className="kit-modal-backdrop"
      // A click beside the dialog is a mouse shortcut; the keyboard has Escape and 'Tutup'.
      role="presentation"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click on the backdrop itself: selecting text in the dialog may end outside it.
        if (pressedOnBackdrop.current && event.target === event.currentTarget && onClose) onClose();
      }}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog pattern: Escape closes it, Tab stays inside */}
      <div
        ref={dialog}
        className="kit-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          // An Escape that a control inside used (a picker closing its list) is not for the dialog.
          if (event.key === "Escape" && onClose && !event.defaultPrevented) {
            event.stopPropagation();
            onClose();
          } else keepTabInside(event, dialog.current);
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
