import { describe, expect, test } from "vitest";
import { draftBanner } from "./draft-banner";

describe("the draft banner, one wording", () => {
  test("a draft restored from the server says it is on the server, not only in this browser", () => {
    expect(draftBanner({ hasSubmittedLabel: false, restoredFrom: "server", sent: "browser" })).toBe(
      "Draft — not submitted yet (Ctrl+Enter). Your draft from earlier is back. It is kept on the server and in this browser.",
    );
    expect(draftBanner({ hasSubmittedLabel: false, restoredFrom: "browser", sent: "browser" })).toBe(
      "Draft — not submitted yet (Ctrl+Enter). Your draft from earlier is back. It is kept in this browser.",
    );
  });

  test("a change to a submitted label reads the same way, saying the submitted one stands", () => {
    const changed = draftBanner({ hasSubmittedLabel: true, restoredFrom: null, sent: "server" });
    const fresh = draftBanner({ hasSubmittedLabel: false, restoredFrom: null, sent: "server" });
    expect(changed).toBe(
      "Draft — not submitted yet (Ctrl+Enter); your submitted label stands until you submit. It is kept on the server and in this browser.",
    );
    expect(fresh).toBe("Draft — not submitted yet (Ctrl+Enter). It is kept on the server and in this browser.");
    expect(draftBanner({ hasSubmittedLabel: false, restoredFrom: "server", sent: "failed" })).toContain("It is kept in this browser only");
  });
});
