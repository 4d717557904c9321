import { Icon } from "~/components/Icon";

/**
 * "Export" with a link per format, folded in a disclosure: plain links, so they work without
 * JavaScript; a link's answer is a download (or, when the list cannot be read, the list again with
 * its alert). With JavaScript the menu closes once a format is chosen.
 */
export function ExportMenu({ links }: { links: ReadonlyArray<{ label: string; href: string }> }) {
  return (
    <details className="kit-export">
      <summary className="kit-button kit-button-secondary">
        <Icon name="export" size={18} className="kit-icon" />
        Export
      </summary>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
