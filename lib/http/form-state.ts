// What every server action answers its form with (useActionState). One flat shape, so a form
// reads `message` on success and `error` (plus field errors or a list) on failure, whatever the page.
import type { AppErrorCode } from "@/lib/errors";

export interface FormState<D = unknown> {
  /** undefined before the first submit */
  ok?: boolean;
  message?: string;
  error?: string;
  code?: AppErrorCode;
  /** per form field, from the zod schema that parsed the form */
  fieldErrors?: Record<string, string[]>;
  /** several problems to list at once */
  errors?: string[];
  details?: Record<string, unknown>;
  data?: D;
}
