import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import rehypeSanitize from "rehype-sanitize";
import { BIDI_CONTROL_CLASS, hasBidiControls, splitBidiControls } from "@/lib/text/bidi-controls";

// Review comments are untrusted Markdown: GitHub-flavoured, sanitised (rehype-sanitize's GitHub
// schema: no scripts, no event handlers, no javascript: links). Raw HTML is shown as text rather than
// dropped, so "returns List<T>" keeps its "<T>" and nothing in a comment ever becomes markup.

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

function remarkHtmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown; title?: string; dataBidiControl?: string };
  children?: HastNode[];
}

/** Bidirectional control characters in the comment's text become visible placeholders (lib/text/bidi-controls.ts). */
function rehypeRevealBidi() {
  const walk = (node: HastNode) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child): HastNode[] => {
      if (child.type !== "text" || !child.value || !hasBidiControls(child.value)) {
        walk(child);
        return [child];
      }
      return splitBidiControls(child.value).map((s) =>
        "control" in s
          ? {
              type: "element",
              tagName: "span",
              properties: { className: BIDI_CONTROL_CLASS.split(" "), title: s.title, dataBidiControl: s.label.slice(1, -1) },
              children: [{ type: "text", value: s.label }],
            }
          : { type: "text", value: s.text },
      );
    });
  };
  return (tree: HastNode) => walk(tree);
}

const textOf = (n: HastNode): string => (n.type === "text" ? (n.value ?? "") : (n.children ?? []).map(textOf).join(""));

/** GitHub's ```suggestion block: the commented line(s) replaced by the block's lines. */
function SuggestedChange({ suggestion, original }: { suggestion: string; original?: string }) {
  const added = suggestion.replace(/\n$/, "").split("\n");
  return (
    <div className="overflow-hidden rounded-md border border-slate-300" data-testid="suggested-change">
      <p className="bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-600">Suggested change</p>
      <pre className="!m-0 !rounded-none !bg-white !p-0 font-mono text-xs !text-slate-900">
        {original !== undefined && <div className="bg-rose-50 px-3 whitespace-pre-wrap">- {original}</div>}
        {added.map((line, i) => (
          <div key={i} className="bg-emerald-50 px-3 whitespace-pre-wrap">
            + {line}
          </div>
        ))}
      </pre>
    </div>
  );
}

export function Markdown({ text, suggestionBase }: { text: string; suggestionBase?: string }) {
  const components: Components = {
    pre({ node, children }) {
      const code: HastNode | undefined = node?.children?.find((c) => c.type === "element" && c.tagName === "code");
      const classes = code?.properties?.className;
      if (code && Array.isArray(classes) && classes.includes("language-suggestion"))
        return <SuggestedChange suggestion={textOf(code)} original={suggestionBase} />;
      // a code block wider than the comment scrolls: it takes focus so a keyboard can scroll it (axe: scrollable-region-focusable)
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
        <pre tabIndex={0}>{children}</pre>
      );
    },
    a({ href, children }) {
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    },
    // An image in a comment is fetched from its host when shown, which tells that host who opened
    // the instance and when (a tracking pixel). Shown as a link instead: fetched only on a click.
    img({ src, alt }) {
      const label = `image: ${alt || (typeof src === "string" ? src : "")}`;
      return typeof src === "string" && src ? (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow" data-testid="comment-image-link">
          [{label}]
        </a>
      ) : (
        <span>[{label}]</span>
      );
    },
  };
  return (
    <div className="prose-comment space-y-2 text-sm leading-relaxed break-words [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_a]:text-indigo-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        rehypePlugins={[rehypeSanitize, rehypeRevealBidi]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
