import { Markdown } from "@/app/_components/markdown";
import { cardBody } from "@/lib/export/render-dataset-card";

// The card as the Hub will show it (tables styled), with the exact README.md bytes one click away.
export function CardPreview({ card }: { card: string }) {
  const front = card.slice(0, card.length - cardBody(card).length);
  return (
    <div data-testid="card-preview">
      <div className="[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:text-base [&_h2]:font-semibold [&_table]:my-2 [&_table]:w-full [&_table]:text-xs [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:text-slate-500">
        <Markdown text={cardBody(card)} />
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-xs text-slate-500">README.md source (front matter with configs / data_files)</summary>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
          tabIndex={0}
          role="region"
          aria-label="README.md source"
          className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
          data-testid="card-front-matter"
        >
          {front}
        </pre>
      </details>
    </div>
  );
}
