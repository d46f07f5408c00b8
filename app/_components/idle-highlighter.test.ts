import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { IdleHighlighter } from "./idle-highlighter";

// The browser's idle callbacks, run by hand: each gets a deadline with `remaining` ms left.
let queued: IdleRequestCallback[] = [];
const runSlice = (remaining = 50) => {
  const next = queued.shift();
  next?.({ didTimeout: false, timeRemaining: () => remaining });
};

beforeEach(() => {
  queued = [];
  vi.stubGlobal("window", {
    requestIdleCallback: (cb: IdleRequestCallback) => queued.push(cb),
    cancelIdleCallback: () => {},
  });
});
afterEach(() => vi.unstubAllGlobals());

const pythonLines = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 50 === 49 ? null : `    return compute_${i}(values) if values else None`));

describe("IdleHighlighter", () => {
  test("highlights in slices of at most 200 lines, the focused lines first, and reports what is pending", () => {
    const pending: number[] = [];
    const highlighter = new IdleHighlighter<object>((n) => pending.push(n));
    const first = {};
    const second = {};
    const heard: string[] = [];
    highlighter.open(
      first,
      "python",
      () => pythonLines(300),
      () => heard.push("first"),
    );
    highlighter.open(
      second,
      "python",
      () => pythonLines(300),
      () => heard.push("second"),
    );
    highlighter.focus(second, { start: 250, end: 260 });
    expect(queued).toHaveLength(1);

    // The slice's own 12 ms clock stands still here: on a busy machine the first highlight can take
    // longer than that, the slice would end before the first file is even read, and the count would
    // depend on the machine. The 12 ms stop has its own test below.
    const clock = vi.spyOn(performance, "now").mockReturnValue(1_000);
    runSlice();
    clock.mockRestore();
    // at most 200 lines, the second file's focused lines before anything of the first file
    expect(pending.at(-1)).toBe(600 - 200);
    expect(highlighter.html(second, 250)).toContain("hljs-keyword");
    expect(highlighter.html(second, 0)).toBeUndefined();
    if (highlighter.html(first, 0) !== undefined) for (let n = 250; n < 260; n++) expect(highlighter.html(second, n)).toBeDefined();
    expect(highlighter.html(first, 250)).toBeUndefined();
    expect(heard).toContain("second");

    while (queued.length > 0) runSlice();
    expect(pending.at(-1)).toBe(0);
    expect(highlighter.html(first, 49)).toBe(""); // a `\ No newline` marker stays plain
    expect(highlighter.html(second, 298)).toContain("hljs-keyword");
  });

  test("a slice stops when the idle period runs out, and a closed file is not highlighted", () => {
    const highlighter = new IdleHighlighter<object>();
    const open = {};
    const closed = {};
    highlighter.open(
      open,
      "python",
      () => pythonLines(100),
      () => {},
    );
    const close = highlighter.open(
      closed,
      "python",
      () => pythonLines(100),
      () => {},
    );
    close();
    runSlice(0.5);
    expect(highlighter.html(open, 0)).toBeUndefined();
    expect(queued).toHaveLength(1);
    while (queued.length > 0) runSlice();
    expect(highlighter.html(open, 98)).toContain("hljs-keyword");
    expect(highlighter.html(closed, 0)).toBeUndefined();
    expect(highlighter.pendingLines()).toBe(0);
  });

  test("a slice stops after 12 ms of its own, however long the idle period", () => {
    const pending: number[] = [];
    const highlighter = new IdleHighlighter<object>((n) => pending.push(n));
    highlighter.open(
      {},
      "python",
      () => pythonLines(100),
      () => {},
    );
    let now = 0;
    // every reading of the clock is 5 ms later: the slice's own budget runs out after two lines
    const clock = vi.spyOn(performance, "now").mockImplementation(() => (now += 5));
    runSlice(1_000);
    clock.mockRestore();
    expect(100 - (pending.at(-1) ?? 100)).toBeGreaterThan(0);
    expect(100 - (pending.at(-1) ?? 0)).toBeLessThanOrEqual(3);
    expect(queued).toHaveLength(1);
  });
});
