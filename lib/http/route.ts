// `route(spec, work)` for every app/api route handler: the session's user checked against spec.roles,
// then the input parsed and the work answered (lib/http/route-answer.ts).
import "server-only";
import { currentUser } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { routeWith } from "./route-answer";

export const route = routeWith(currentUser, { trustProxy: () => config().TRUST_PROXY });
