// The one wording of the label panel's draft banner: whether a label was submitted before, whether the
// draft came back from an earlier visit, and where it is kept now. A draft restored from the server is on
// the server already: it says so, not "in this browser".

/** Where the browser's sends put the draft during this visit: not sent yet, on the server, or refused. */
export type DraftSendState = "browser" | "server" | "failed";

export function draftBanner(input: {
  hasSubmittedLabel: boolean;
  /** the draft came back from an earlier visit: from this browser's storage or from the server */
  restoredFrom: "browser" | "server" | null;
  sent: DraftSendState;
}): string {
  // nothing sent yet in this visit: a draft the server gave back is on the server already
  const where = input.sent === "browser" && input.restoredFrom === "server" ? "server" : input.sent;
  const kept = {
    browser: "in this browser",
    server: "on the server and in this browser",
    failed: "in this browser only (the server did not take it; it is sent with your next edit)",
  }[where];
  return [
    `Draft — not submitted yet (Ctrl+Enter)${input.hasSubmittedLabel ? "; your submitted label stands until you submit" : ""}.`,
    input.restoredFrom ? "Your draft from earlier is back." : null,
    `It is kept ${kept}.`,
  ]
    .filter(Boolean)
    .join(" ");
}
