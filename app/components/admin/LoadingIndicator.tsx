/**
 * The kit's spinner. `overlay` covers its positioned parent (a table being reloaded);
 * otherwise it sits inline (inside a submit button). Announced politely once, as "Memuat...".
 */
export function LoadingIndicator({ overlay = false, label = "Memuat..." }: { overlay?: boolean; label?: string }) {
  return (
    <span className={overlay ? "kit-loading kit-loading-overlay" : "kit-loading"} role="status">
      <span className="kit-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
