import { listViewParams, type ListView } from "~/admin-kit/url-state";

/**
 * Hidden inputs carrying a list's view (search, order, filters, rows per page) through a GET form
 * that sets only part of it (the search box, the order, the filters): without JavaScript the
 * form's submission is the whole URL. The page is never carried: another view starts at its first.
 */
export function ViewFields({ view, except }: { view: ListView; except: (name: string) => boolean }) {
  const fields = [...listViewParams({ ...view, page: 1 })].filter(([name]) => !except(name));
  return (
    <>
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
