import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Column, FieldDefinition } from "~/admin-kit/screen";
import { Alert, ALERT_DISMISS_MS } from "~/components/admin/Alert";
import { DataTable } from "~/components/admin/DataTable";
import { pageNumbers } from "~/lib/page-numbers";
import { hasColourableValue } from "~/components/admin/table-cells";
import { countText } from "~/components/admin/ListSearch";
import { FormField } from "~/components/admin/FormField";
import { LoadingIndicator } from "~/components/admin/LoadingIndicator";
import { Modal } from "~/components/admin/Modal";

/**
 * The kit as the server renders it (what an admin without JavaScript gets, and what React
 * hydrates): each element of spec §2/§3 is present exactly when it is asked for.
 */

function html(element: React.ReactElement): string {
  return renderToString(<MemoryRouter initialEntries={["/admin/test"]}>{element}</MemoryRouter>);
}

const kitCss = readFileSync(new URL("../../app/styles/admin-kit.css", import.meta.url), "utf8");

type Row = { title: string; count: string; picture: string | null };
const columns: Array<Column<Row>> = [
  { header: "Judul", accessor: "title", wrap: true, width: "40%" },
  { header: "Jumlah", accessor: "count", textAlign: "right", bgColor: "#fef3c7", textColor: "#92400e" },
  { header: "Gambar", accessor: "picture", display: "image", width: 100 },
];
const rows = [
  { id: "1", cells: { title: "Satu", count: "12", picture: "/files/a.png" } },
  { id: "2", cells: { title: "Dua", count: "0", picture: null } },
  { id: "3", cells: { title: "Tiga", count: "", picture: null } },
];

describe("DataTable", () => {
  it("colours a cell only when its value is not '0', empty or null", () => {
    expect([hasColourableValue("12"), hasColourableValue("0"), hasColourableValue(0), hasColourableValue(""), hasColourableValue(null)]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    const markup = html(<DataTable caption="Uji" columns={columns} rows={rows} rowLabel={(cells) => cells.title} emptyText="Kosong" />);
    expect(markup.match(/background-color:#fef3c7/g)).toHaveLength(1);
    expect(markup.match(/color:#92400e/g)).toHaveLength(1);
    expect(markup).toContain("text-align:right");
    expect(markup).toMatch(/<td role="cell" data-label="[^"]+" class="kit-cell-wrap"/);
    expect(markup).toContain("width:40%");
  });

  it("shows images as 100 px thumbnails with a text alternative", () => {
    const markup = html(<DataTable caption="Uji" columns={columns} rows={rows} rowLabel={(cells) => cells.title} emptyText="Kosong" />);
    expect(markup).toMatch(/<img class="kit-thumbnail" src="\/files\/a.png" srcSet="[^"]*" sizes="100px" alt="Gambar Satu" width="100" style="width:100px"/);
    // A 100 px thumbnail on a 2x screen is served by the 160 or 320 px variant, not the original.
    expect(markup).toContain("/files/a.png?w=160 160w, /files/a.png?w=320 320w");
  });

  it("offers EDIT, DETAIL, the status switch, HAPUS, Export, Add and extra buttons only when given", () => {
    const bare = html(<DataTable caption="Uji" columns={columns} rows={rows} rowLabel={(cells) => cells.title} emptyText="Kosong" />);
    for (const label of ["EDIT", "DETAIL", "HAPUS", "Export", "Tambah", "Aksi", "Berikutnya", "Sebelumnya"]) expect(bare).not.toContain(label);

    const full = html(
      <DataTable
        caption="Uji"
        columns={columns}
        rows={rows}
        rowLabel={(cells) => cells.title}
        emptyText="Kosong"
        actions={{
          editHref: (row) => `?modal=edit&id=${row.id}`,
          detailHref: (row) => `/activity/${row.id}`,
          toggle: (row) => <button type="submit" role="switch" aria-checked="true">Aktif {row.id}</button>,
          deleteHref: (row) => `?delete=${row.id}`,
        }}
        toolbar={{ exportHref: "/admin/test.csv", add: { label: "Tambah", href: "?modal=add" }, extra: [{ label: "Tambah Slider", href: "?modal=add" }] }}
        pager={{ page: 2, label: "Halaman 2", previousHref: "?", nextHref: "?page=3" }}
      />,
    );
    expect(full.match(/>EDIT</g)).toHaveLength(3);
    expect(full.match(/>DETAIL</g)).toHaveLength(3);
    expect(full.match(/>HAPUS</g)).toHaveLength(3);
    expect(full.match(/role="switch"/g)).toHaveLength(3);
    expect(full).toContain('href="/admin/test?modal=edit&amp;id=2"');
    expect(full).toContain('href="/admin/test?delete=3"');
    expect(full).toContain('href="/admin/test.csv"');
    expect(full).toMatch(/>Export</);
    expect(full).toMatch(/>Tambah</);
    expect(full).toMatch(/>Tambah Slider</);
    expect(full).toMatch(/<a[^>]*href="\/admin\/test\?page=3"[^>]*>Berikutnya ›<\/a>/);
    expect(full).toMatch(/<a[^>]*href="\/admin\/test"[^>]*>‹ Sebelumnya<\/a>/);
    expect(full).toContain("Halaman 2");
    // Repeated labels are told apart for screen readers by the row's name.
    expect(full).toMatch(/EDIT<span class="visually-hidden"> (<!-- -->)?Dua<\/span>/);
  });

  it("offers the export's formats as links under Export, which work without JavaScript", () => {
    const exports = [
      { label: "CSV (;)", href: "/admin/export/test?format=csv&sep=%3B&q=a" },
      { label: "Excel (XLSX)", href: "/admin/export/test?format=xlsx&q=a" },
    ];
    const markup = html(<DataTable caption="Uji" columns={columns} rows={rows} rowLabel={(cells) => cells.title} emptyText="Kosong" toolbar={{ exports }} />);
    expect(markup).toMatch(/<details class="kit-export"><summary class="kit-button kit-button-secondary">.*Export<\/summary>/);
    expect(markup).toContain('<a href="/admin/export/test?format=csv&amp;sep=%3B&amp;q=a">CSV (;)</a>');
    expect(markup).toContain('<a href="/admin/export/test?format=xlsx&amp;q=a">Excel (XLSX)</a>');
  });

  it("says when there are no rows, and scrolls within the spec's height", () => {
    const markup = html(<DataTable caption="Uji" columns={columns} rows={[]} rowLabel={(cells) => cells.title} emptyText="Belum ada data." />);
    expect(markup).toContain("Belum ada data.");
    expect(markup).toMatch(/class="kit-table-scroll" tabindex="0" role="region"/);
    expect(kitCss).toMatch(/\.kit-table-scroll \{[^}]*max-height: calc\(100vh - 100vh \/ 3\.4\)/);
  });

  it("says a list that could not be read failed, with a link to try again, never that it is empty", () => {
    const markup = html(
      <DataTable
        caption="Uji"
        columns={columns}
        rows={[]}
        rowLabel={(cells) => cells.title}
        emptyText="Belum ada data."
        failure={{ message: "Gagal mendapatkan data!", retryHref: "/admin/test?page=2" }}
      />,
    );
    expect(markup).toContain("Gagal mendapatkan data!");
    expect(markup).toMatch(/<a [^>]*href="\/admin\/test\?page=2"[^>]*>Coba lagi<\/a>/);
    expect(markup).not.toContain("Belum ada data.");
  });

  it("shows the loading indicator while busy", () => {
    const markup = html(<DataTable caption="Uji" columns={columns} rows={rows} rowLabel={(cells) => cells.title} emptyText="Kosong" busy />);
    expect(markup).toContain('role="status"');
    expect(markup).toContain("Memuat...");
  });
});

describe("the list's count and page links", () => {
  it("counts in Indonesian number format, with the search when there is one", () => {
    expect(countText({ from: 21, to: 40, total: 10_000 }, "buku", "")).toBe("Menampilkan 21–40 dari 10.000 buku");
    expect(countText({ from: 1, to: 3, total: 3 }, "pengarang", "sari")).toBe("Menampilkan 1–3 dari 3 pengarang yang cocok dengan “sari”");
    expect(countText({ from: 0, to: 0, total: 0 }, "tag", "x")).toBe("Tidak ada tag yang cocok dengan “x”");
  });

  it("links the first and last pages and two on each side of the current one, with gaps between", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(6, 500)).toEqual([1, null, 4, 5, 6, 7, 8, null, 500]);
    expect(pageNumbers(500, 500)).toEqual([1, null, 498, 499, 500]);
    expect(pageNumbers(4, 500)).toEqual([1, 2, 3, 4, 5, 6, null, 500]);
    expect(pageNumbers(5, 500)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 500]);
  });

  it("renders sortable headers as links with aria-sort, and the numbered pages with the current one marked", () => {
    const html = renderToString(
      <MemoryRouter>
        <DataTable
          caption="Daftar"
          columns={[
            { header: "Judul", accessor: "title" },
            { header: "Sampul", accessor: "cover", display: "image" },
          ]}
          rows={[{ id: "1", cells: { title: "A", cover: null } }]}
          rowLabel={(cells) => String(cells.title)}
          sorting={{ column: "title", dir: "asc", sortable: new Set(["title"]), href: (column, dir) => `?sort=${column}&dir=${dir}` }}
          pager={{ page: 2, label: "Halaman 2", pageCount: 3, pageHref: (page) => `?page=${page}` }}
          emptyText="Kosong"
        />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><a[^>]*href="\/\?sort=title&amp;dir=desc"/);
    // A picture column cannot be ordered: no link, no aria-sort.
    expect(html).toMatch(/<th scope="col" role="columnheader"[^>]*>Sampul<\/th>/);
    expect(html).toContain('aria-current="page"><span class="visually-hidden">Halaman </span>2</span>');
    expect(html).toMatch(/href="\/\?page=3"[^>]*><span class="visually-hidden">Halaman <\/span>3/);
  });
});

describe("Modal", () => {
  it("has a title, a 'Tutup' link back to the list and at most 90% of the height", () => {
    const markup = html(
      <Modal title="TAMBAH SLIDER" closeHref="?">
        <p>isi</p>
      </Modal>,
    );
    expect(markup).toMatch(/role="dialog" aria-modal="true" aria-labelledby="([^"]+)"/);
    expect(markup).toMatch(/<h2 id="[^"]+">TAMBAH SLIDER<\/h2>/);
    expect(markup).toMatch(/<a class="kit-modal-close"[^>]* href="\/admin\/test">Tutup<\/a>/);
    expect(kitCss).toMatch(/\.kit-modal \{[^}]*max-height: 90%/);
  });
});

describe("Alert", () => {
  it("informs with 'Ok' and goes away after 5000 ms (CSS does it without JavaScript)", () => {
    expect(ALERT_DISMISS_MS).toBe(5000);
    const success = html(<Alert type="success" message="Berhasil menambahkan data!" closeHref="?" />);
    expect(success).toContain('role="status"');
    expect(success).toContain("data-auto-dismiss");
    expect(success).toMatch(/>Ok</);
    const error = html(<Alert type="error" message="Gagal menambahkan data!" closeHref="?" />);
    expect(error).toContain('role="alert"');
    expect(kitCss).toMatch(/@media \(scripting: none\)[\s\S]*animation: kit-alert-dismiss 0s linear 5s forwards/);
  });

  it("asks before a delete with 'Hapus' and 'Batal', and waits for the answer", () => {
    const markup = html(
      <Alert
        type="delete"
        message="Apakah anda yakin ingin menghapus data?"
        closeHref="?"
        confirm={<button type="submit">Hapus</button>}
      />,
    );
    expect(markup).toContain('role="alertdialog"');
    expect(markup).toContain(">Hapus<");
    expect(markup).toContain(">Batal<");
    expect(markup).not.toContain("data-auto-dismiss");
    expect(html(<Alert type="confirmation" message="Lanjutkan?" closeHref="?" />)).toContain(">Batal<");
  });
});

describe("FormField", () => {
  function field(definition: FieldDefinition, defaultValue?: string | string[], extra: Partial<Parameters<typeof FormField>[0]> = {}) {
    return html(<FormField definition={definition} id={`f-${definition.name}`} errorId={`f-${definition.name}-error`} defaultValue={defaultValue} {...extra} />);
  }

  it("renders every type of spec §3 as a labelled form control", () => {
    expect(field({ name: "title", label: "Judul", type: "text" }, "Halo")).toMatch(
      /<label id="f-title-label" for="f-title">Judul<\/label><input id="f-title" name="title" type="text" value="Halo"\/>/,
    );
    expect(field({ name: "email", label: "Email", type: "text", inputType: "email", icon: "mail" })).toMatch(/type="email"/);
    expect(field({ name: "description", label: "Deskripsi", type: "textarea" })).toContain('style="height:150px"');
    expect(field({ name: "about", label: "Tentang", type: "textarea", textareaHeight: "90px" })).toContain('style="height:90px"');
    const select = field({ name: "genre", label: "Genre", type: "select", options: [{ value: "1", label: "Fiksi" }] }, "1");
    expect(select).toMatch(/<select[^>]*><option value="">Pilih (<!-- -->)?genre<\/option><option value="1" selected="">Fiksi<\/option>/);
    const pills = field(
      { name: "tags", label: "Tag", type: "pills", options: [{ value: "a", label: "Anak" }, { value: "b", label: "Sejarah" }] },
      ["b"],
    );
    expect(pills).toContain("<legend>Tag</legend>");
    expect(pills).toMatch(/type="checkbox" name="tags" value="a"\/>/);
    expect(pills).toMatch(/type="checkbox" name="tags" checked="" value="b"\/>/);
    // Day first whatever the browser's language: a text input with the pattern and the hint, not a native date field.
    const date = field({ name: "date", label: "Tanggal", type: "date" }, "2024-05-01");
    expect(date).toMatch(/type="text"[^>]* pattern="[^"]+"[^>]* value="01-05-2024"/);
    expect(date).toContain("Tulis HH-BB-TTTT (hari-bulan-tahun), misalnya 17-08-2024.");
    expect(field({ name: "total_books", label: "Jumlah buku", type: "number" }, "1234567")).toMatch(/inputMode="decimal" value="1.234.567"/);
    const file = field({ name: "file", label: "Gambar", type: "file", accept: "image" }, undefined, { currentFileUrl: "/files/a.png" });
    expect(file).toMatch(/type="file" accept="image\/jpeg,image\/png,image\/webp,image\/gif"/);
    expect(file).toContain('alt="Gambar saat ini"');
    expect(file).toContain("Biarkan kosong untuk mempertahankan gambar saat ini.");
    // Without JavaScript the rich-text editor is a textarea holding the HTML.
    expect(field({ name: "description", label: "Deskripsi", type: "textEditor" }, "<p>Halo</p>")).toMatch(
      /<textarea id="f-description" name="description" style="height:150px" class="kit-rich-text-fallback">&lt;p&gt;Halo&lt;\/p&gt;<\/textarea>/,
    );
  });

  it("shows an error next to its field and points the control at it", () => {
    const markup = field({ name: "title", label: "Judul", type: "text" }, "", { errors: ["Judul wajib diisi"], required: true });
    expect(markup).toContain('aria-invalid="true"');
    expect(markup).toContain('aria-describedby="f-title-error"');
    expect(markup).toContain('<p class="field-error" id="f-title-error">Judul wajib diisi</p>');
    expect(markup).toContain('required=""');
  });
});

describe("LoadingIndicator", () => {
  it("is announced as loading", () => {
    expect(html(<LoadingIndicator />)).toBe(
      '<span class="kit-loading" role="status"><span class="kit-spinner" aria-hidden="true"></span><span class="visually-hidden">Memuat...</span></span>',
    );
  });
});
