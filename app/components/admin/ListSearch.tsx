import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { SEARCH_MAX_LENGTH, type ListView } from "~/admin/url-state";

/** How long typing must pause before the list follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: a GET form (`?q=`, keeping the order and the `keep` fields, such as the
 * audit log's filter), so it works without JavaScript, can be bookmarked and comes back with
 * Back. With JavaScript the list follows the typing once it pauses, without a full reload; the
 * first change of a search adds a history entry, the typing after it replaces it, so Back leaves
 * the search instead of stepping through its letters.
 */
export function ListSearch({ view, noun, keep }: { view: ListView; noun: string; keep?: Record<string, string> }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();

  // The search this box sent last: an answer to it leaves the box alone (the admin may be typing
  // on); any other search in the URL (Back, Forward, a link) is shown in the box.
  const sent = useRef(view.q);
  useEffect(() => {
    const box = input.current;
    if (box && view.q !== sent.current) box.value = view.q;
    sent.current = view.q;
  }, [view.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const searching = navigation.state === "loading" && new URLSearchParams(navigation.location.search).has("q");
  return (
    <Form
      method="get"
      role="search"
      className="kit-search"
      preventScrollReset
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          sent.current = input.current?.value.trim() ?? "";
          submit(form, { replace: view.q !== "", preventScrollReset: true });
        }, SEARCH_DEBOUNCE_MS);
      }}
      onSubmit={() => {
        clearTimeout(timer.current);
        sent.current = input.current?.value.trim() ?? "";
      }}
    >
      <label htmlFor={inputId} className="kit-search-label">
        Cari {noun}
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        defaultValue={view.q}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        className="kit-search-input"
        aria-busy={searching || undefined}
      />
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {view.sort ? (
        <>
          <input type="hidden" name="sort" value={view.sort} />
          <input type="hidden" name="dir" value={view.dir} />
        </>
      ) : null}
      <button type="submit" className="kit-button kit-button-secondary">
        Cari
      </button>
    </Form>
  );
}
