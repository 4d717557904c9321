import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type * as z from "zod";
import type { Cells, ScreenActionData } from "~/admin-kit/screen";
import { isSubmissionId, SUBMISSION_FIELD } from "~/admin-kit/submissions";
import { log } from "@server/log.server";
import type { AdminContext } from "~/platform/auth.server";
import { flashedAlert, redirectWithAlert, type FlashAlert } from "~/platform/flash.server";
import { formDataOf } from "~/platform/forms.server";
import { handledOnce, type Outcome } from "~/platform/handled-once.server";
import { lockKey } from "~/platform/record-locks.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { alertOf, echoedForm, firstValue, leftOutcomeUnknown } from "./answers.server.ts";
import { lockRefusal } from "./locks.server.ts";

/**
 * A save sent once (app/admin-kit/submissions.ts): a form's copies, by its one-time id in this
 * admin's session, go one after the other (app/platform/handled-once.server.ts), and once one of
 * them may have written the record, the others write nothing and get its answer. Kept: the
 * redirect to the list with the alert it flashed, or the form sent back when the upstream did not
 * answer in time. Any other answer wrote nothing (the form's rules, a likely duplicate, a
 * conflict, a refusal): a copy is checked and sent anew, as the admin's correction would be.
 */

type Answer = Response | ReturnType<typeof data<ScreenActionData>>;

/** What a save's copies are answered with, as JSON (kept in Redis with several processes). */
type Kept = { redirect: { location: string; alert?: FlashAlert } } | { sentBack: { status: number; data: ScreenActionData } };

/**
 * Runs `save` once per form: with the form's id, its calls to the upstream going on when the
 * visitor goes away (the copy waiting for its outcome is the answer the browser shows); without
 * one (a tab opened before this release), or with one that is not an id, as it always ran.
 */
export async function savedOnce<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  fields: Array<[string, string]>,
  save: (admin: AdminContext) => Promise<Answer>,
): Promise<Answer> {
  const submission = firstValue(fields, SUBMISSION_FIELD);
  if (!isSubmissionId(submission)) return save(admin);
  const { definition } = adapter;
  const key = lockKey("submission", definition.id, `${admin.session.id}\0${submission}`);
  try {
    return await handledOnce<Answer, Kept>(key, async () => outcomeOf(await save(admin.outlastingVisitor())), (kept) => {
      log("submission_repeated", { screen: definition.id });
      if ("redirect" in kept) return redirectWithAlert(admin.session, kept.redirect.location, kept.redirect.alert);
      return data(kept.sentBack.data, { status: kept.sentBack.status });
    });
  } catch (error) {
    const refusal = lockRefusal(error, definition.id);
    if (!refusal) throw error;
    // The first copy still under way, or Redis away: the form comes back as typed, its id with it, to be sent again.
    const typed = parseWithZod(formDataOf(fields), { schema: definition.schema }).reply();
    return data<ScreenActionData>({ result: echoedForm(definition)(typed), alert: alertOf("error", refusal.message) }, { status: refusal.status });
  }
}

function outcomeOf(answer: Answer): Outcome<Answer, Kept> {
  if (answer instanceof Response) {
    const location = answer.headers.get("Location");
    const redirected = answer.status >= 300 && answer.status < 400 && location !== null;
    return { answer, kept: redirected ? { redirect: { location, alert: flashedAlert(answer) } } : undefined };
  }
  return { answer, kept: leftOutcomeUnknown(answer.data) ? { sentBack: { status: answer.init?.status ?? 200, data: answer.data } } : undefined };
}
