// The one shape of a server action: check the role on the server, parse the form with a zod
// schema, run the work, and answer a FormState. A ZodError or an AppError becomes a failed state the
// form shows; Next's own control flow (redirect, notFound) passes through; anything else is a bug,
// logged with an id and answered with a generic message.
import "server-only";
import { unstable_rethrow } from "next/navigation";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { type z, ZodError } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { AppError, isAppError } from "@/lib/errors";
import { formFieldWithNul } from "@/lib/untrusted-json";
import { failedState, formDataArgument, succeededState, type FormActionResult } from "./form-result";
import { describeIssues } from "./error-response";
import type { FormState } from "./form-state";

/** What a refused plain action says on its page: every issue of bad input, or the AppError's message. */
const failedMessage = (e: ZodError | AppError) => (e instanceof ZodError ? describeIssues(e) : e.message);

export interface FormActionSpec<S extends z.ZodType> {
  roles: Role[];
  input: S;
  /** the form fields the schema parses; default: every field, as the form sent it */
  read?: (form: FormData) => unknown;
}

const readAll = (form: FormData) => Object.fromEntries(form.entries());

/** PostgreSQL cannot store the NUL character: a field holding one is refused by name, before any work. */
function refuseNul(form: FormData) {
  const field = formFieldWithNul(form.entries());
  if (field !== null)
    throw new AppError("invalid_input", `The field "${field}" contains the NUL character (\\u0000); remove it and send again.`);
}

export function formAction<S extends z.ZodType, D = unknown>(
  spec: FormActionSpec<S>,
  work: (input: z.output<S>, user: SessionUser, form: FormData) => Promise<FormActionResult<D>>,
): (previous: FormState<D>, form: FormData) => Promise<FormState<D>> {
  return async (_previous, sent) => {
    try {
      const user = await requireRole(...spec.roles);
      const form = formDataArgument(sent);
      refuseNul(form);
      const input = spec.input.parse((spec.read ?? readAll)(form));
      return succeededState(await work(input, user, form));
    } catch (e) {
      unstable_rethrow(e);
      return failedState(e);
    }
  };
}

/**
 * A server action used directly as a form's action (no state to show): signed out goes to the
 * sign-in page and a wrong role to the forbidden page instead of a 500; bad input or an AppError
 * (an unknown task, a state that changed meanwhile) goes back to the page it came from with its message
 * in `?notice=` (the workbench layout shows it), instead of a production build's bare error digest.
 */
export function plainAction<S extends z.ZodType>(
  spec: FormActionSpec<S>,
  work: (input: z.output<S>, user: SessionUser, form: FormData) => Promise<void>,
): (form: FormData) => Promise<void> {
  return async (sent) => {
    let user: SessionUser;
    try {
      user = await requireRole(...spec.roles);
    } catch (e) {
      if (isAppError(e, "unauthorized")) redirect("/sign-in");
      if (isAppError(e, "forbidden")) redirect(`/forbidden?needs=${spec.roles.join(",")}`);
      throw e;
    }
    let refused: string | null = null;
    try {
      const form = formDataArgument(sent);
      refuseNul(form);
      await work(spec.input.parse((spec.read ?? readAll)(form)), user, form);
    } catch (e) {
      unstable_rethrow(e);
      if (!(e instanceof ZodError) && !isAppError(e)) throw e;
      refused = failedMessage(e);
    }
    if (refused !== null) redirect(withNotice((await headers()).get("referer"), refused));
  };
}

/** The page a form was sent from (same origin only), with `notice` set to the message. */
function withNotice(referer: string | null, message: string): string {
  let back = "/";
  try {
    const url = referer ? new URL(referer) : null;
    if (url) back = `${url.pathname}${url.search}`;
  } catch {
    // an unreadable Referer: back to the overview
  }
  const url = new URL(back, "http://workbench.invalid");
  url.searchParams.set("notice", message.slice(0, 500));
  return `${url.pathname}${url.search}`;
}
