import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { ADMIN_ROLES, authenticator, LoginBusy, LoginRejected, safeRedirectPath } from "~/platform/auth.server";
import { getConfig } from "@server/config.server";
import { boundedReply, readTextForm, requestWithForm } from "~/platform/forms.server";
import { beginLoginAttempt, waitText, type LoginAttempt } from "~/platform/login-throttle.server";
import { commitSession, destroySession, getSession, startSession } from "~/platform/session.server";
import { browserScriptOf } from "~/public/browser-scripts.server";
import { RESOURCES } from "~/resources/resources.server";
import { MESSAGES } from "~/config/messages";
import { loginSchema } from "~/forms/login";
import type { HydrationHandle } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { pageTitle } from "~/lib/title";
import type { RootData } from "~/root";
import loginStyles from "~/styles/login.css?url";

export const links = () => [{ rel: "stylesheet", href: loginStyles }];

/**
 * Not hydrated: the server's HTML and `app/browser/login.ts`. Remix's and React's scripts (about
 * 120 KB) held the page's first paint on a phone for a form that posts as a document anyway.
 */
export const handle: HydrationHandle = { hydrate: false };

/** The throttle's Retry-After reaches the page's answer too (Remix passes on only Set-Cookie by itself). */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  const product = root?.product.title ?? "";
  // Indexable on purpose: staff who search for the agency's back-office find its door; the door
  // itself is throttled and reveals nothing, and everything behind it stays noindex.
  return [
    { title: pageTitle(product, "Login") },
    { name: "description", content: `Masuk ke panel admin ${product} untuk mengelola isi situs dan katalog aplikasi.` },
  ];
};

/** An admin who is already logged in goes straight to the back-office. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const role = session.get("user")?.role;
  if (session.get("token") && role !== undefined && ADMIN_ROLES.has(role)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), RESOURCES.home));
  }
  return {
    // How old a form draft may be (app/lib/form-drafts.ts): the login's script sweeps older ones
    // too, so that none waits on a shared desk for the next admin page.
    draftMaxAgeMs: getConfig().formDrafts.maxAgeMs,
    script: browserScriptOf("login")?.src ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Bounded before it gets here (FORM_MAX_BYTES); a body that is not a readable form is a 400.
  const read = await readTextForm(request);
  if (!read.ok) return data({ result: { status: "error", error: { "": [read.message] } } as SubmissionResult }, { status: read.status });
  const form = read.formData;
  const submission = parseWithZod(form, { schema: loginSchema });
  // Only the form's own fields are echoed, each cut to its maximum length.
  const reply = (options: Parameters<typeof submission.reply>[0]) => boundedReply(submission.reply(options), loginSchema);
  if (submission.status !== "success") {
    return data({ result: reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data({ result: reply({ formErrors: [message], hideFields: ["password"] }) }, { status, headers });

  // Counted before the password is checked, atomically: parallel attempts cannot all get through.
  let attempt: LoginAttempt;
  try {
    attempt = await beginLoginAttempt(submission.value.email, context.clientIp ?? "unknown");
  } catch {
    // The shared store (Redis) cannot answer.
    return refuse(MESSAGES.upstreamUnavailable, 503);
  }
  if (!attempt.allowed) {
    const { windowMs } = getConfig().login;
    return refuse(MESSAGES.loginThrottled(waitText(windowMs)), 429, { "Retry-After": String(Math.ceil(attempt.retryAfterMs / 1000)) });
  }

  let loggedIn;
  try {
    loggedIn = await authenticator.authenticate("form", requestWithForm(request, form));
  } catch (error) {
    if (error instanceof LoginRejected) {
      await attempt.failed();
      return refuse(MESSAGES.loginFailed, 401);
    }
    if (error instanceof LoginBusy) {
      // The upstream's own limit: not a wrong password, and no attempt of this site's.
      await attempt.undecided();
      return refuse(MESSAGES.loginBusy, 429, { "Retry-After": "60" });
    }
    // The upstream cannot answer: the attempt proved nothing and is given back.
    await attempt.undecided();
    return refuse(MESSAGES.upstreamUnavailable, 503);
  }
  await attempt.succeeded();

  const previous = await getSession(request);
  const headers = new Headers();
  if (previous.id) headers.append("Set-Cookie", await destroySession(previous));
  const session = await startSession(loggedIn.token, loggedIn.user);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(safeRedirectPath(submission.value.redirectTo, RESOURCES.home), { headers });
}

export default function Login() {
  const { draftMaxAgeMs, script } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  // Rendered on the server only: the answer's errors (`lastResult`) are the page's, as without JavaScript.
  const [form, fields] = useForm({ lastResult: actionData?.result, constraint: getZodConstraint(loginSchema) });
  // After a refused attempt, the field to correct gets the focus (the script's): a new document's is at its top.
  const focus = fields.email.errors ? fields.email.id : fields.password.errors || form.errors ? fields.password.id : undefined;
  const product = useRouteLoaderData<RootData>("root")?.product.title;

  return (
    <main className="login-page">
      <div className="login-card">
        {/* Whose back-office this is; the logo is decorative beside the name. */}
        <p className="login-agency">
          <img src="/logo.svg" alt="" width="48" height="48" />
          <span>{product}</span>
        </p>
        <h1>Login</h1>
        {/* Sent to this address, its query (redirectTo) and all, as a document: the page is not hydrated. */}
        <form method="post" {...getFormProps(form)} data-enhance="login-form" data-draft-max-age-ms={draftMaxAgeMs} data-focus={focus}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div className="field">
            <label htmlFor={fields.email.id}>Email</label>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="username"
              inputMode="email"
            />
            {fields.email.errors ? (
              <p className="field-error" id={fields.email.errorId}>
                {fields.email.errors[0]}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={fields.password.id}>Password</label>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              autoComplete="current-password"
            />
            {fields.password.errors ? (
              <p className="field-error" id={fields.password.errorId}>
                {fields.password.errors[0]}
              </p>
            ) : null}
          </div>
          {form.errors ? (
            <p className="form-error" role="alert" id={form.errorId}>
              {form.errors[0]}
            </p>
          ) : null}
          <button type="submit" className="button-primary" data-pending-text="Memproses...">
            LOGIN
          </button>
        </form>
        <p className="login-back">
          <a href="/">Kembali ke situs</a>
        </p>
      </div>
      {/* By its nonce: the login has the back-office's policy, a fresh nonce per answer, not the public pages' (nor their page cache). */}
      {script ? <script type="module" src={script} nonce={nonce} /> : null}
    </main>
  );
}
