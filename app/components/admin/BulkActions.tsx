import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BULK_DELETE_INTENT, BULK_FIELDS, BULK_TEXTS, SELECT_PARAM, type BulkAnswer, type SelectionMode } from "~/admin-kit/bulk";
import { EXPORT_CHOICES, exportHref } from "~/admin-kit/export";
import { screenHref, type ListView } from "~/admin-kit/url-state";
import { formatIndonesianNumber } from "~/lib/format";
import { Alert } from "./Alert";
import type { TableSelection } from "./DataTable";

/**
 * A list's bulk actions (app/admin-kit/bulk.ts): the rows' checkboxes (DataTable's `selection`),
 * "all on this page" and "all N matching" (links to `?select=page` and `?select=all`, so that
 * they work without JavaScript too), the count chosen, and one form whose buttons delete
 * ("Hapus terpilih") or export the selection. The delete asks once, naming the count (the
 * server's answer, `ScreenActionData.bulk`), then reports what it could not delete. With
 * JavaScript the checkboxes are counted as they change and the delete goes through Remix; the
 * server's actions are the same.
 */

/**
 * The selection as the page holds it: the chosen rows, kept from one page of the view to another
 * (as react-admin keeps it), or every record the view matches. Records deleted leave it: all of
 * them after a bulk delete, the one after a single delete.
 */
export function useBulkSelection(rowIds: readonly string[], mode: SelectionMode, viewKey: string) {
  const startWith = useCallback(() => new Set(mode === "page" ? rowIds : []), [mode, rowIds]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(startWith);
  const [all, setAll] = useState(mode === "all");
  // Another view or selection link starts afresh.
  const key = `${mode ?? ""}|${viewKey}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setChosen(startWith());
    setAll(mode === "all");
  }
  useDeletesLeaveSelection(setChosen, setAll);
  const onPage = rowIds.filter((id) => chosen.has(id));
  // Chosen on the other pages of the view: sent with the form beside this page's checkboxes.
  const offPageIds = all ? [] : [...chosen].filter((id) => !rowIds.includes(id));
  const chosenIds = all ? [...rowIds] : [...onPage, ...offPageIds];
  const choose = (ids: readonly string[], checked: boolean) => {
    const next = new Set(all ? rowIds : chosen);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setAll(false);
    setChosen(next);
  };
  const selection = (formId: string, hydrated: boolean): TableSelection => ({
    formId,
    name: BULK_FIELDS.ids,
    isChecked: (id) => all || chosen.has(id),
    onChange: (id, checked) => choose([id], checked),
    page: hydrated && rowIds.length > 0
      ? {
          checked: all || onPage.length === rowIds.length,
          mixed: !all && onPage.length > 0 && onPage.length < rowIds.length,
          onChange: (checked) => choose(rowIds, checked),
        }
      : undefined,
  });
  const clear = () => {
    setAll(false);
    setChosen(new Set());
  };
  return { all, chosenIds, offPageIds, selection, clear };
}

/** After a confirmed bulk delete the selection is emptied; after a single delete its record leaves it. */
function useDeletesLeaveSelection(setChosen: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void, setAll: (all: boolean) => void) {
  const navigation = useNavigation();
  const submitted = useRef<FormData | undefined>(undefined);
  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = navigation.formData;
    if (navigation.state !== "idle" || !submitted.current) return;
    const form = submitted.current;
    submitted.current = undefined;
    const intent = form.get("intent");
    if (intent === BULK_DELETE_INTENT && form.get(BULK_FIELDS.confirmed) === "1") {
      setAll(false);
      setChosen(() => new Set());
    } else if (intent === "delete") {
      const id = String(form.get("id"));
      setChosen((current) => new Set([...current].filter((each) => each !== id)));
    }
  }, [navigation.state, navigation.formData, setChosen, setAll]);
}

/** The screen's URL with a selection link's state, keeping the view. */
function selectHref(search: URLSearchParams, mode: SelectionMode): string {
  const params = new URLSearchParams(screenHref(search, "list").slice(1));
  if (mode) params.set(SELECT_PARAM, mode);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

interface BulkBarProps {
  formId: string;
  screenId: string;
  view: ListView;
  search: URLSearchParams;
  /** Where the bulk form posts: the screen in its view. */
  action: string;
  /** Records matching the view. */
  total: number;
  all: boolean;
  chosen: number;
  /** Chosen on other pages of the view: sent as hidden fields. */
  offPageIds: readonly string[];
  onClear(): void;
  /** Without JavaScript the count cannot follow the checkboxes: the bar says how to choose instead. */
  hydrated: boolean;
  removable: boolean;
  exportable: boolean;
}

export function BulkBar({ formId, screenId, view, search, action, total, all, chosen, offPageIds, onClear, hydrated, removable, exportable }: BulkBarProps) {
  const submit = useSubmit();
  const countText = all
    ? `Semua ${formatIndonesianNumber(total)} data yang cocok dipilih.`
    : chosen > 0
      ? `${formatIndonesianNumber(chosen)} data dipilih${offPageIds.length > 0 ? ` (${formatIndonesianNumber(offPageIds.length)} di halaman lain)` : ""}.`
      : hydrated
        ? "Belum ada data yang dipilih."
        : "Centang data yang akan dihapus atau diekspor.";
  // The delete goes through Remix (its question and report come back as the action's data); an export stays a download.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== BULK_DELETE_INTENT) return;
    event.preventDefault();
    submit(submitter, { method: "post", action, preventScrollReset: true });
  };
  return (
    <form id={formId} method="post" action={action} className={all || chosen > 0 ? "kit-bulk is-active" : "kit-bulk"} onSubmit={onSubmit} aria-label="Tindakan untuk data terpilih">
      {all ? <input type="hidden" name={BULK_FIELDS.all} value="1" /> : null}
      {offPageIds.map((id) => (
        <input key={id} type="hidden" name={BULK_FIELDS.ids} value={id} />
      ))}
      <p className="kit-bulk-count" role="status">
        {countText}
      </p>
      <span className="kit-bulk-links">
        {all ? null : (
          <Link to={selectHref(search, "page")} replace preventScrollReset>
            Pilih semua di halaman ini
          </Link>
        )}
        {all || total === 0 ? null : (
          <Link to={selectHref(search, "all")} replace preventScrollReset>
            Pilih semua {formatIndonesianNumber(total)} yang cocok
          </Link>
        )}
        {all || chosen > 0 ? (
          <Link to={selectHref(search, null)} replace preventScrollReset onClick={onClear}>
            Batalkan pilihan
          </Link>
        ) : null}
      </span>
      <span className="kit-bulk-buttons">
        {removable ? (
          <button type="submit" name="intent" value={BULK_DELETE_INTENT} className="kit-button kit-button-danger">
            Hapus terpilih
          </button>
        ) : null}
        {exportable ? (
          <details className="kit-bulk-export">
            <summary className="kit-button kit-button-secondary">Export terpilih</summary>
            <span className="kit-bulk-export-menu">
              {EXPORT_CHOICES.map(({ label, format }) => (
                <button key={label} type="submit" formAction={exportHref(screenId, view, format)} formMethod="post" className="kit-button kit-button-secondary">
                  {label}
                </button>
              ))}
            </span>
          </details>
        ) : null}
      </span>
    </form>
  );
}

interface BulkAnswerProps {
  answer: BulkAnswer | undefined;
  action: string;
  listHref: string;
}

/** The delete's question (one, naming the count; 'Hapus' and 'Batal' as spec §4's), its progress, and its report of what was not deleted. */
export function BulkAnswerPanel({ answer, action, listHref }: BulkAnswerProps) {
  const navigation = useNavigation();
  const headingId = useId();
  const [closed, setClosed] = useState<BulkAnswer | undefined>(undefined);
  const close = useCallback(() => setClosed(answer), [answer]);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === BULK_DELETE_INTENT;
  const confirmedSending = sending && navigation.formData?.get(BULK_FIELDS.confirmed) === "1";
  if (confirmedSending) {
    const count = Number(navigation.formData?.get(BULK_FIELDS.count)) || navigation.formData?.getAll(BULK_FIELDS.ids).length || 0;
    return (
      <div className="kit-bulk-progress" role="status">
        <progress aria-label="Menghapus data terpilih" />
        <span>{BULK_TEXTS.progress(count)}</span>
      </div>
    );
  }
  if (!answer || answer === closed || navigation.state !== "idle") return null;
  if (answer.stage === "confirm") {
    return (
      <div className="kit-alerts">
        <Alert
          type="delete"
          message={BULK_TEXTS.question(answer.count)}
          closeHref={listHref}
          onClose={close}
          confirm={
            <Form method="post" action={action} preventScrollReset className="kit-inline-form">
              <input type="hidden" name="intent" value={BULK_DELETE_INTENT} />
              <input type="hidden" name={BULK_FIELDS.confirmed} value="1" />
              {answer.ids === null ? (
                <>
                  <input type="hidden" name={BULK_FIELDS.all} value="1" />
                  <input type="hidden" name={BULK_FIELDS.count} value={answer.count} />
                  {answer.matched ? <input type="hidden" name={BULK_FIELDS.matched} value={answer.matched} /> : null}
                </>
              ) : (
                answer.ids.map((id) => <input key={id} type="hidden" name={BULK_FIELDS.ids} value={id} />)
              )}
              <button type="submit" className="kit-button kit-button-danger">
                Hapus
              </button>
            </Form>
          }
        />
      </div>
    );
  }
  if (answer.failed.length === 0) return null;
  return (
    <section className="kit-bulk-report" aria-labelledby={headingId}>
      <h2 id={headingId}>Hasil hapus terpilih</h2>
      <p>{BULK_TEXTS.partly(answer.deleted, answer.failed)} Yang tidak terhapus:</p>
      <ul>
        {answer.failed.map((failure) => (
          <li key={failure.id}>
            <strong>{failure.label || `ID ${failure.id}`}</strong>: {failure.message}
          </li>
        ))}
      </ul>
      <Link to={listHref} replace preventScrollReset onClick={(event) => {
        event.preventDefault();
        close();
      }} className="kit-button kit-button-secondary">
        Tutup
      </Link>
    </section>
  );
}
