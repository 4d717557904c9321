import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { AlertMessage, Cells, ScreenActionData, ToggleDefinition } from "~/admin-kit/screen";

interface StatusSwitchProps<C extends Cells> {
  rowId: string;
  rowLabel: string;
  cells: C;
  toggle: ToggleDefinition<C>;
  onAnswer(alert: AlertMessage): void;
}

/**
 * The row's status switch (the library's `active`, spec §4). A small form of its own: without
 * JavaScript it posts and the page comes back; with it, the switch flips at once and stays
 * flipped when the server agrees, without reloading the list.
 */
export function StatusSwitch<C extends Cells>({ rowId, rowLabel, cells, toggle, onAnswer }: StatusSwitchProps<C>) {
  const fetcher = useFetcher<ScreenActionData>({ key: `toggle-${rowId}` });
  const stored = toggle.isOn(cells);
  const pending = fetcher.formData ? fetcher.formData.get("on") === "true" : undefined;
  const confirmed = fetcher.data?.toggled?.id === rowId ? fetcher.data.toggled.on : undefined;
  const on = pending ?? confirmed ?? stored;
  // The server's word on the switch: "Berhasil mengubah data!", or why not.
  const answer = fetcher.state === "idle" ? fetcher.data?.alert : undefined;

  useEffect(() => {
    if (answer) onAnswer(answer);
  }, [answer, onAnswer]);

  return (
    <fetcher.Form method="post" preventScrollReset className="kit-inline-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={rowId} />
      <input type="hidden" name="on" value={String(!on)} />
      <button type="submit" role="switch" aria-checked={on} className="kit-switch">
        <span className="kit-switch-track" aria-hidden="true">
          <span className="kit-switch-thumb" />
        </span>
        {/* Its name stays "Aktif <row>" whatever its state (aria-checked says which); the eye reads the state. */}
        <span className="kit-switch-label" aria-hidden="true">
          {on ? toggle.label : toggle.offLabel}
        </span>
        <span className="visually-hidden">
          {toggle.label} {rowLabel}
        </span>
      </button>
    </fetcher.Form>
  );
}

