// GitHub's REST API writes timestamps to the second with a Z (2025-03-11T09:14:02Z), and so do
// the released rows; Date#toISOString would add ".000", which changes every row's bytes.
export function formatGitHubTime(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/** True when a timestamp string survives storage as a Date and re-export unchanged. */
export function isCanonicalGitHubTime(value: string): boolean {
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && formatGitHubTime(date) === value;
}
