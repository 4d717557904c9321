import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DESK_TEXTS, type DeskBlock, type DeskData } from "~/admin-kit/desk";
import { adminPath } from "~/admin-kit/menu";
import { AUDIT_PAGE } from "~/admin-kit/resource";
import { Icon } from "~/components/Icon";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * The desk (`/admin`): the lists' sizes with their "Tambah" links, what needs the librarian, the
 * latest changes, the upstream's state. Plain links and text, the same without JavaScript; a
 * block that could not be read says so in its place.
 */

/** A block's items as `list` shows them, what it says when it has none, or why it could not be read. */
function BlockContent<T>({ block, empty, list }: { block: DeskBlock<T>; empty: string; list: (items: T[]) => ReactNode }) {
  if ("failed" in block) {
    return (
      <p className="desk-failed" role="alert">
        <Icon name="alert" size={18} /> {block.failed}
      </p>
    );
  }
  return block.items.length === 0 ? <p>{empty}</p> : list(block.items);
}

export function Desk({ desk }: { desk: DeskData }) {
  const { lists, tasks, changes, upstream } = desk;
  return (
    <div className="desk">
      <section className="desk-block desk-upstream" aria-labelledby="desk-upstream">
        <h2 id="desk-upstream">{DESK_TEXTS.upstreamHeading}</h2>
        <p data-state={upstream.state}>
          <Icon name={upstream.state === "ok" ? "check" : "alert"} size={18} /> {upstream.text}
        </p>
      </section>

      <section className="desk-block desk-tasks" aria-labelledby="desk-tasks">
        <h2 id="desk-tasks">{DESK_TEXTS.tasks}</h2>
        <BlockContent
          block={tasks}
          empty={DESK_TEXTS.nothingToDo}
          list={(items) => (
            <ul>
              {items.map((task) => (
                <li key={task.id}>{task.href ? <Link to={task.href}>{task.text}</Link> : task.text}</li>
              ))}
            </ul>
          )}
        />
      </section>

      <section className="desk-block desk-lists" aria-labelledby="desk-lists">
        <h2 id="desk-lists">{DESK_TEXTS.lists}</h2>
        <table>
          <caption className="visually-hidden">{DESK_TEXTS.lists}</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">{DESK_TEXTS.count}</th>
              <th scope="col">
                <span className="visually-hidden">{DESK_TEXTS.add}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lists.map((list) => (
              <tr key={list.id}>
                <th scope="row">
                  <Link to={list.href}>{list.alias}</Link>
                </th>
                <td className="desk-count">{list.total === null ? <span className="desk-failed">{DESK_TEXTS.listFailed}</span> : formatIndonesianNumber(list.total)}</td>
                <td>
                  {list.addHref ? (
                    <Link to={list.addHref} className="desk-add">
                      <Icon name="add" size={16} /> {DESK_TEXTS.add}
                      <span className="visually-hidden"> {list.alias}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="desk-block desk-changes" aria-labelledby="desk-changes">
        <h2 id="desk-changes">{DESK_TEXTS.changes}</h2>
        <BlockContent
          block={changes}
          empty={DESK_TEXTS.noChanges}
          list={(items) => (
            <ol>
              {items.map((change) => (
                <li key={change.id}>
                  <span className="desk-change-what">
                    {change.action} {change.screen}
                    {change.label ? (
                      <>
                        {": "}
                        {change.href ? <Link to={change.href}>{change.label}</Link> : change.label}
                      </>
                    ) : null}
                  </span>
                  <span className="desk-change-who">
                    {change.actor}, {change.at} · {change.outcome}
                  </span>
                </li>
              ))}
            </ol>
          )}
        />
        <p>
          <Link to={adminPath(AUDIT_PAGE)}>{DESK_TEXTS.allChanges}</Link>
        </p>
      </section>
    </div>
  );
}
