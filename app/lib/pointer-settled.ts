import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * Keeps a form still under the pointer (issue 22, point 7). Pressing on the next control takes
 * the focus from the last one, whose check then shows an error line; shown at once, that line
 * moves the next control away before the button is released, and the click lands elsewhere.
 * So what would move the layout waits while a pointer button is down, and shows a moment after
 * its release, once the click has reached its target. Keyboard users see it at once.
 */

let pressed = false;
const listeners = new Set<() => void>();

function setPressed(value: boolean) {
  if (pressed === value) return;
  pressed = value;
  for (const listener of listeners) listener();
}

const press = () => setPressed(true);
// The click comes in the same task as the release: the next one is after it.
const release = () => setTimeout(() => setPressed(false), 0);
// The window losing the focus (a release outside it may never come); not its elements' blur,
// which a listener on the window hears too, and which is what the press itself causes.
const windowBlurred = (event: Event) => {
  if (event.target === window) release();
};
const EVENTS: Array<[type: string, listener: (event: Event) => void]> = [
  ["pointerdown", press],
  ["pointerup", release],
  ["pointercancel", release],
  ["blur", windowBlurred],
];

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) for (const [type, handler] of EVENTS) window.addEventListener(type, handler, true);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const [type, handler] of EVENTS) window.removeEventListener(type, handler, true);
  };
}

/** `messages` as they are, except that a change waits while a pointer button is down. */
export function useStillUnderPointer(messages: string[] | undefined): string[] | undefined {
  const down = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const key = messages?.join("\n") ?? "";
  const [held, setHeld] = useState(messages);
  useEffect(() => {
    if (!down) setHeld(messages);
    // `messages` is a new array on every render; its text is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, down]);
  return down ? held : messages;
}
