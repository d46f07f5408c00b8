import { z } from "zod";

/** ?kinds=a,b&take=N: the newest runs of those job kinds */
export const JobListQuerySchema = z.object({
  kinds: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(",").filter(Boolean) : undefined)),
  take: z.coerce.number().int().min(1).max(100).default(10),
});
