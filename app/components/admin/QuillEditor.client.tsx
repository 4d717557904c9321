import { useEffect, useMemo, useRef, useState } from "react";
import ReactQuill, { type DeltaStatic, Quill } from "react-quill-new";

/**
 * Quill 2 through react-quill-new (toolchain.md), with the spec's toolbar (§3: headers, fonts,
 * lists, alignment, bold/italic/underline, link, image, colours, clean). Browser-only.
 */

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }, { font: [] }],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ align: [] }],
  ["bold", "italic", "underline"],
  ["link", "image"],
  [{ color: [] }, { background: [] }],
  ["clean"],
];

/** Indonesian names for the toolbar's controls; Quill gives its pickers none (an axe "serious"). */
const CONTROL_NAMES: Array<[selector: string, name: string]> = [
  [".ql-header .ql-picker-label", "Gaya judul"],
  [".ql-font .ql-picker-label", "Jenis huruf"],
  [".ql-align .ql-picker-label", "Perataan teks"],
  [".ql-color .ql-picker-label", "Warna teks"],
  [".ql-background .ql-picker-label", "Warna latar"],
  ["button.ql-list[value=ordered]", "Daftar bernomor"],
  ["button.ql-list[value=bullet]", "Daftar berpoin"],
  ["button.ql-bold", "Tebal"],
  ["button.ql-italic", "Miring"],
  ["button.ql-underline", "Garis bawah"],
  ["button.ql-link", "Tautan"],
  ["button.ql-image", "Gambar dari alamat web"],
  ["button.ql-clean", "Hapus format"],
];

const OPTION_NAMES: Record<string, Record<string, string>> = {
  header: { "1": "Judul 1", "2": "Judul 2", "3": "Judul 3", "": "Teks biasa" },
  font: { "": "Sans serif", serif: "Serif", monospace: "Monospace" },
  align: { "": "Rata kiri", center: "Rata tengah", right: "Rata kanan", justify: "Rata kiri dan kanan" },
};

function nameControls(toolbar: Element) {
  for (const [selector, name] of CONTROL_NAMES) {
    for (const control of toolbar.querySelectorAll(selector)) control.setAttribute("aria-label", name);
  }
  for (const picker of toolbar.querySelectorAll(".ql-picker")) {
    const format = [...picker.classList].find((name) => name !== "ql-picker" && name.startsWith("ql-"))?.slice(3) ?? "";
    for (const item of picker.querySelectorAll(".ql-picker-item")) {
      const value = item.getAttribute("data-value") ?? "";
      item.setAttribute("aria-label", OPTION_NAMES[format]?.[value] ?? (value || "Bawaan"));
    }
  }
}

/** Quill's change format, for a clipboard matcher that keeps nothing. */
const Delta = Quill.import("delta") as typeof DeltaStatic;

/** A picture the stored text can hold: by its web address (spec §5), never pasted-in bytes (data:, blob:, file:). */
const byAddress = (src: string | null) => /^https?:\/\//i.test(src?.trim() ?? "");

/** Every picture file a browser pastes or drops, so that Quill's uploader hands each to us instead of inlining it as data:. */
const PICTURE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/svg+xml", "image/heic", "image/tiff"];

/** Quill's own key bindings for Tab (keyboard.js defaults). */
const TAB_BINDINGS = ["tab", "remove tab", "indent", "outdent", "indent code-block", "outdent code-block"];

export const PICTURE_REFUSED = "Gambar yang ditempel atau diseret tidak dapat disimpan. Sisipkan gambar lewat tombol Gambar, dengan alamat web (https://…).";

interface QuillEditorProps {
  id: string;
  labelId: string;
  value: string;
  /** `source`: "user" for the admin's edits, "api" for Quill rewriting the value it was given. */
  onChange(html: string, source: string): void;
  readOnly?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export default function QuillEditor({
  id,
  labelId,
  value,
  onChange,
  readOnly,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: QuillEditorProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  // A pasted or dropped picture was left out (the server refuses one it would have to drop).
  const [pictureRefused, setPictureRefused] = useState(false);
  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          // Pictures by address only: the stored HTML is sanitised to http(s) images (spec §5),
          // so a pasted-in data: image would vanish on save.
          image(this: { quill: { getSelection(focus: boolean): { index: number } | null; insertEmbed(index: number, type: string, value: string, source: string): void } }) {
            const address = window.prompt("Alamat gambar (diawali https://)");
            if (!address || !byAddress(address)) return;
            const range = this.quill.getSelection(true);
            this.quill.insertEmbed(range?.index ?? 0, "image", address.trim(), "user");
          },
        },
      },
      // A screenshot pasted, a photo dropped, or a picture inside pasted HTML (Word's file:, a page's
      // data:) would be stored as bytes the sanitiser drops: it is left out, and the admin told.
      uploader: { mimetypes: PICTURE_TYPES, handler: () => setPictureRefused(true) },
      clipboard: {
        matchVisual: false,
        matchers: [
          [
            "img",
            (node: HTMLImageElement, delta: DeltaStatic) => {
              if (byAddress(node.getAttribute("src"))) return delta;
              setPictureRefused(true);
              return new Delta();
            },
          ],
        ],
      },
      // Tab and Shift+Tab move between the form's controls (WCAG 2.1.2, no keyboard trap)
      // instead of typing a tab or indenting: Quill's bindings for them are switched off.
      keyboard: { bindings: Object.fromEntries(TAB_BINDINGS.map((name) => [name, false])) },
    }),
    [],
  );

  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const toolbar = root.querySelector(".ql-toolbar");
    if (toolbar) nameControls(toolbar);
    const editable = root.querySelector(".ql-editor");
    if (editable) {
      editable.id = id;
      editable.setAttribute("role", "textbox");
      editable.setAttribute("aria-multiline", "true");
      editable.setAttribute("aria-labelledby", labelId);
      if (describedBy) editable.setAttribute("aria-describedby", describedBy);
      else editable.removeAttribute("aria-describedby");
      if (invalid) editable.setAttribute("aria-invalid", "true");
      else editable.removeAttribute("aria-invalid");
    }
  }, [id, labelId, describedBy, invalid]);

  return (
    <div ref={wrapper}>
      <ReactQuill theme="snow" value={value} onChange={(html, _delta, source) => onChange(html, source)} modules={modules} readOnly={readOnly} />
      <p role="status" className="kit-hint">
        {pictureRefused ? PICTURE_REFUSED : ""}
      </p>
    </div>
  );
}
