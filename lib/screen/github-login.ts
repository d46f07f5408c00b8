// GitHub logins are case-insensitive. GitHub App accounts carry a "[bot]" suffix in REST
// responses ("dependabot[bot]") but not in GraphQL's `author { login }` ("dependabot"), so
// lists are compared without the suffix to match both sources.
const BOT_SUFFIX = /\[bot\]$/i;

export function hasBotSuffix(login: string): boolean {
  return BOT_SUFFIX.test(login);
}

export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase().replace(BOT_SUFFIX, "");
}

export function sameLogin(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
