import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { uploadLimits } from "@server/upload-limits.server";
import { errorFields, log } from "@server/log.server";
import { recordChange } from "~/platform/audit.server";
import { requireAdmin } from "~/platform/auth.server";
import { currentDocument, replaceDocument } from "~/platform/documents.server";
import { redirectWithAlert, takeFlashAlert } from "~/platform/flash.server";
import { checkedFileBytes, FormRejected, IncomingForm, MalformedForm, readLeadingFields } from "~/platform/multipart.server";
import { documentHref, documentLabel, isPublicDocumentName, PUBLIC_DOCUMENTS } from "~/config/documents";
import { megabytes } from "~/lib/file-kinds";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { DOCUMENTS_PAGE } from "~/admin-kit/resource";
import { Alert } from "~/components/admin/Alert";
import kitStyles from "~/styles/admin-kit.css?url";

/**
 * Riwayat › Dokumen: the public PDFs (Tupoksi, Renja, Renstra, Laporan Kinerja) replaced without a
 * redeploy. One form per document, multipart, working without JavaScript; the file is checked by
 * its content (PDF only), bounded by the book files' limit, streamed to DATA_DIR and put in place
 * whole (app/platform/documents.server.ts). Each replacement is in the audit log under the page's name.
 */

export const handle = { uploads: ["book"] };

export const links = () => [{ rel: "stylesheet", href: kitStyles }];

const FIELDS = { document: "document", file: "file" } as const;
/** The audit log's name for these changes. */
/** The page's own id: its entries filter in the audit log as the screens' do (registry.server.ts `auditedScreens`). */
const AUDIT_RESOURCE = DOCUMENTS_PAGE.id;
const PAGE_PATH = "/admin/documents";

export const DOCUMENT_MESSAGES = {
  notPdf: "Berkas harus berupa dokumen PDF",
  noFile: "Pilih berkas PDF yang akan diunggah",
  unknown: "Dokumen tidak dikenal",
  storage: "Dokumen gagal disimpan. Silakan coba lagi.",
  replaced: (title: string) => `Dokumen ${title} berhasil diganti`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const flashed = await takeFlashAlert(admin.session);
  const documents = await Promise.all(
    PUBLIC_DOCUMENTS.map(async ({ name, title }) => {
      const version = await currentDocument(name);
      return { name, title, href: documentHref(name), label: version ? documentLabel(version) : null, replaced: version?.replaced ?? false };
    }),
  );
  return data(
    { documents, alert: flashed?.alert ?? null, maxSize: megabytes(uploadLimits().bookMaxBytes) },
    { headers: flashed ? { "Set-Cookie": flashed.setCookie } : undefined },
  );
}

const refusal = (message: string, status: number, document?: string) => data({ document: document ?? null, message }, { status });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request);
  } catch (error) {
    if (error instanceof MalformedForm) return refusal(FORM_MESSAGES.malformed, 400);
    throw error;
  }
  let name: string | undefined;
  try {
    const { fields, firstFile } = await readLeadingFields(form, new Set([FIELDS.file]));
    name = fields.find(([field]) => field === FIELDS.document)?.[1];
    if (!isPublicDocumentName(name)) return refusal(DOCUMENT_MESSAGES.unknown, 400);
    if (!firstFile) return refusal(DOCUMENT_MESSAGES.noFile, 400, name);
    const maxBytes = uploadLimits().bookMaxBytes;
    const checked = await checkedFileBytes(firstFile, { kind: "book", maxBytes, label: "Dokumen" }).catch((error: unknown) => {
      // The book kind takes EPUB too: this page's message names PDF alone.
      throw error instanceof FormRejected && error.status === 400 ? new FormRejected(error.field, DOCUMENT_MESSAGES.notPdf) : error;
    });
    if (checked.mimeType !== "application/pdf") return refusal(DOCUMENT_MESSAGES.notPdf, 400, name);
    const size = await replaceDocument(name, checked.bytes);
    const title = PUBLIC_DOCUMENTS.find((document) => document.name === name)?.title ?? name;
    await recordChange({
      actor: { id: String(admin.user.id), email: admin.user.email },
      resource: AUDIT_RESOURCE,
      recordId: name,
      recordLabel: title,
      action: "update",
      outcome: "ok",
      changes: [{ field: FIELDS.file, label: "Berkas", kind: "file", name: firstFile.filename.split(/[\\/]/).pop()?.slice(0, 100) }],
    });
    log("document_replaced", { document: name, size });
    return redirectWithAlert(admin.session, PAGE_PATH, { type: "success", message: DOCUMENT_MESSAGES.replaced(title) });
  } catch (error) {
    if (error instanceof MalformedForm) return refusal(FORM_MESSAGES.malformed, 400, name);
    if (error instanceof FormRejected) return refusal(error.message, error.status, name);
    log("document_replace_failed", { document: name, ...errorFields(error) });
    return refusal(DOCUMENT_MESSAGES.storage, 503, name);
  } finally {
    await form.discard();
  }
}

export default function Documents() {
  const { documents, alert, maxSize } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="kit-screen">
      {alert ? (
        <div className="kit-alerts">
          <Alert type={alert.type} message={alert.message} closeHref={PAGE_PATH} />
        </div>
      ) : null}
      {refused && !refused.document ? (
        <div className="kit-alerts">
          <Alert type="error" message={refused.message} closeHref={PAGE_PATH} />
        </div>
      ) : null}
      <p>
        Dokumen PDF yang ditautkan di situs publik. Berkas baru menggantikan yang lama pada alamat yang sama; paling besar {maxSize}.
      </p>
      {documents.map((document) => {
        const error = refused?.document === document.name ? refused.message : null;
        const inputId = `document-${document.name}`;
        return (
          <section key={document.name} aria-labelledby={`${inputId}-title`}>
            <h2 id={`${inputId}-title`}>{document.title}</h2>
            <p>
              <a href={document.href} target="_blank" rel="noopener">
                {document.href}
                <span className="visually-hidden"> (membuka tab baru)</span>
              </a>{" "}
              {document.label ? `(${document.label}${document.replaced ? "" : ", bawaan situs"})` : "(belum ada berkas)"}
            </p>
            <Form method="post" encType="multipart/form-data" reloadDocument>
              <input type="hidden" name={FIELDS.document} value={document.name} />
              <div className="kit-field">
                <label htmlFor={inputId}>Berkas PDF baru untuk {document.title}</label>
                <input
                  id={inputId}
                  type="file"
                  name={FIELDS.file}
                  accept="application/pdf,.pdf"
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error ? (
                  <p id={`${inputId}-error`} className="field-error" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="kit-button kit-button-primary">
                Ganti {document.title}
              </button>
            </Form>
          </section>
        );
      })}
    </div>
  );
}
