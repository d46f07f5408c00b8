// Highlights the open files of a patch view in idle slices of bounded work, rows in reach of the
// viewport first (issue #31 item 10): a slice stops after SLICE_LINES lines, SLICE_MS milliseconds or
// when the browser's idle period runs out (IdleDeadline.timeRemaining()), so no highlighting task
// comes near 50 ms and scrolling never waits behind it.
import { highlightLine } from "./highlight";

const SLICE_LINES = 200;
const SLICE_MS = 12;
/** an idle callback that only ran because its timeout passed still does this many lines */
const OVERDUE_LINES = 40;

interface Job {
  /** the file's lines, read when the first slice reaches it (parsing off the click's task) */
  texts: () => (string | null)[];
  loaded: (string | null)[] | null;
  lang: string;
  html: (string | undefined)[];
  /** next line to highlight in file order */
  cursor: number;
  done: number;
  total: number | null;
  /** the rows rendered now, as line indices: highlighted before anything else */
  focus: { start: number; end: number } | null;
  open: boolean;
  listeners: Set<() => void>;
}

type Deadline = Pick<IdleDeadline, "timeRemaining" | "didTimeout">;

function requestSlice(run: (deadline: Deadline) => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => {
    const until = performance.now() + SLICE_MS;
    run({ didTimeout: false, timeRemaining: () => Math.max(0, until - performance.now()) });
  }, 16);
  return () => window.clearTimeout(handle);
}

export class IdleHighlighter<K extends object> {
  private jobs = new Map<K, Job>();
  private cancel: (() => void) | null = null;

  /** `onPending` hears how many lines of open files are still plain, after every slice */
  constructor(private onPending: (lines: number) => void = () => {}) {}

  /**
   * Starts (or resumes) highlighting a file; `listener` hears of each slice that highlighted some of
   * its lines. Returns the function that stops it when the file closes (what is done is kept).
   */
  open(key: K, lang: string, texts: () => (string | null)[], listener: () => void): () => void {
    let job = this.jobs.get(key);
    if (!job) {
      job = { texts, loaded: null, lang, html: [], cursor: 0, done: 0, total: null, focus: null, open: true, listeners: new Set() };
      this.jobs.set(key, job);
    }
    const opened = job;
    opened.open = true;
    opened.listeners.add(listener);
    this.schedule();
    return () => {
      opened.listeners.delete(listener);
      opened.open = opened.listeners.size > 0;
      this.reportPending();
    };
  }

  /** The file's lines in [start, end) are on screen (or about to be): they go first. */
  focus(key: K, span: { start: number; end: number } | null) {
    const job = this.jobs.get(key);
    if (!job) return;
    job.focus = span && span.end > span.start ? span : null;
    if (job.focus) this.schedule();
  }

  /** HTML of a line once highlighted; "" for a line that is not highlighted (meta lines). */
  html(key: K, n: number): string | undefined {
    return this.jobs.get(key)?.html[n];
  }

  pendingLines(): number {
    let pending = 0;
    for (const job of this.jobs.values()) if (job.open) pending += job.total === null ? 1 : job.total - job.done;
    return pending;
  }

  dispose() {
    this.cancel?.();
    this.cancel = null;
    this.jobs.clear();
  }

  private reportPending() {
    this.onPending(this.pendingLines());
  }

  private schedule() {
    if (this.cancel || typeof window === "undefined") return;
    this.cancel = requestSlice((deadline) => {
      this.cancel = null;
      this.slice(deadline);
    });
  }

  private highlightAt(job: Job, texts: (string | null)[], n: number) {
    const text = texts[n];
    job.html[n] = text === null ? "" : highlightLine(text, job.lang);
    job.done++;
  }

  private load(job: Job): (string | null)[] {
    if (!job.loaded) {
      job.loaded = job.texts();
      job.total = job.loaded.length;
    }
    return job.loaded;
  }

  /** the next (job, line) to highlight: a focused line first, then open files in the order they opened */
  private next(): { job: Job; n: number } | null {
    for (const job of this.jobs.values()) {
      if (!job.open || !job.focus) continue;
      const texts = this.load(job);
      for (let n = job.focus.start; n < Math.min(job.focus.end, texts.length); n++) if (job.html[n] === undefined) return { job, n };
      job.focus = null;
    }
    for (const job of this.jobs.values()) {
      if (!job.open) continue;
      const texts = this.load(job);
      while (job.cursor < texts.length && job.html[job.cursor] !== undefined) job.cursor++;
      if (job.cursor < texts.length) return { job, n: job.cursor };
    }
    return null;
  }

  private slice(deadline: Deadline) {
    const started = performance.now();
    const touched = new Set<Job>();
    let lines = 0;
    let more = true;
    while (lines < SLICE_LINES) {
      const out = deadline.didTimeout ? lines >= OVERDUE_LINES : deadline.timeRemaining() < 1;
      if (out || performance.now() - started > SLICE_MS) break;
      const next = this.next();
      if (!next) {
        more = false;
        break;
      }
      this.highlightAt(next.job, next.job.loaded ?? [], next.n);
      touched.add(next.job);
      lines++;
    }
    for (const job of touched) for (const listener of job.listeners) listener();
    this.reportPending();
    if (more) this.schedule();
  }
}
