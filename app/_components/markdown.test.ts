import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Markdown } from "./markdown";

const render = (text: string, suggestionBase?: string) => renderToStaticMarkup(createElement(Markdown, { text, suggestionBase }));

describe("Markdown (review comments are untrusted)", () => {
  test("raw HTML is shown as text, never executed or dropped", () => {
    const html = render('Returns `List<T>` but <script>alert("x")</script> and <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("List&lt;T&gt;");
  });

  test("javascript: links lose their href; other links open in a new tab without referrer", () => {
    const html = render("[click](javascript:alert(1)) and [docs](https://docs.python.org/3/)");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://docs.python.org/3/"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  test("images become links fetched only on a click (no tracking pixel when an annotator opens an instance)", () => {
    const html = render("Looks off: ![screenshot](https://tracker.example/p.gif?u=1) and ![](https://x.example/a.png)");
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://tracker.example/p.gif?u=1"');
    expect(html).toContain("[image: screenshot]");
    expect(html).toContain("[image: https://x.example/a.png]");
  });

  test("a suggestion block renders as a suggested change against the commented line", () => {
    const html = render("Catch only this:\n\n```suggestion\n        except ValueError:\n```", "        except Exception:");
    expect(html).toContain('data-testid="suggested-change"');
    expect(html).toContain("Suggested change");
    expect(html).toContain("-         except Exception:");
    expect(html).toContain("+         except ValueError:");
  });

  test("GitHub-flavoured Markdown: tables and task lists", () => {
    const html = render("| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done");
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
  });
});
