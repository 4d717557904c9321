import { sweepDrafts } from "~/lib/form-drafts";

/**
 * The login page's only script. The page is the server's HTML and is not hydrated (see
 * `hydratesInBrowser` in `app/lib/hydration.ts`): React and Remix's runtime, about 120 KB, held a
 * cheap phone's first paint for a form that needs none of it. The form is sent as a document and
 * the server renders its answer, errors and all, as it does without JavaScript. This adds what
 * only a script can: drafts past their age leave this browser (a shared desk), the field to
 * correct after a refused attempt gets the focus, and a sent form says so and cannot be sent twice.
 */
function enhanceLoginForm(form: HTMLFormElement): void {
  const maxAgeMs = Number(form.dataset.draftMaxAgeMs);
  if (maxAgeMs > 0) sweepDrafts({ maxAgeMs });
  // The field to correct after a refused attempt, as the server names it.
  if (form.dataset.focus) document.getElementById(form.dataset.focus)?.focus();

  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!button) return;
  const label = button.textContent;
  const ready = () => {
    button.disabled = false;
    button.textContent = label;
  };
  form.addEventListener("submit", () => {
    // Disabled once the submission is under way: the fields are sent all the same.
    button.disabled = true;
    button.textContent = button.dataset.pendingText ?? label;
  });
  // Back to the page from the browser's page cache (the Back button): it can be sent again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) ready();
  });
  // The sending stopped (the browser's Stop or Esc on a slow connection): the page stays, and so
  // would "Memproses..." with the button disabled. The Navigation API says so (not in TypeScript's
  // DOM types yet; a browser without it needs the page reloaded).
  (window as Window & { navigation?: EventTarget }).navigation?.addEventListener("navigateerror", ready);
}

const form = document.querySelector<HTMLFormElement>("form[data-enhance=login-form]");
if (form) enhanceLoginForm(form);
// Tests wait for this before they act on the page, as on the public pages.
document.documentElement.dataset.enhanced = "";
