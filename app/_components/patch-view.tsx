import hljs from "highlight.js/lib/common";
import type { CommentAnchor, PatchFile } from "@/lib/annotate/parse-patch";

const LANG_BY_EXT: Record<string, string> = {
  py: "python", ts: "typescript", tsx: "typescript", js: "javascript", jsx: "javascript", rs: "rust", go: "go",
  java: "java", rb: "ruby", c: "c", h: "c", cc: "cpp", cpp: "cpp", md: "markdown", yml: "yaml", yaml: "yaml", json: "json", sh: "bash",
};

function highlight(code: string, lang: string | undefined): string {
  if (!lang || !hljs.getLanguage(lang)) return escapeHtml(code);
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}

function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const ROW_BG = { add: "bg-emerald-50", del: "bg-rose-50", context: "", meta: "text-slate-400 italic" } as const;
const SIGN = { add: "+", del: "-", context: " ", meta: "" } as const;

/** The whole patch, every file collapsible, the commented line marked and its file open. */
export function PatchView({ files, anchor }: { files: PatchFile[]; anchor: CommentAnchor | null }) {
  return (
    <div className="space-y-3" data-testid="patch-view">
      {files.map((file, fi) => {
        const lang = LANG_BY_EXT[file.path.split(".").pop() ?? ""];
        const holdsComment = anchor?.fileIndex === fi;
        return (
          <details key={file.path + fi} open={holdsComment || files.length <= 3} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <summary className="flex cursor-pointer items-center gap-3 bg-slate-50 px-3 py-2 font-mono text-xs">
              <span className="font-semibold">{file.path}</span>
              <span className="text-emerald-700">+{file.additions}</span>
              <span className="text-rose-700">-{file.deletions}</span>
              {holdsComment && <span className="rounded bg-amber-200 px-1.5 text-amber-900">comment here</span>}
            </summary>
            <table className="w-full border-collapse font-mono text-xs">
              <tbody>
                {file.hunks.map((hunk, hi) => [
                  <tr key={`h${hi}`} className="bg-indigo-50 text-indigo-800">
                    <td colSpan={4} className="px-3 py-1">{hunk.header}</td>
                  </tr>,
                  ...hunk.lines.map((line, li) => {
                    const marked = holdsComment && anchor?.hunkIndex === hi && anchor?.lineIndex === li;
                    return (
                      <tr key={`${hi}-${li}`} id={marked ? "commented-line" : undefined}
                        data-commented={marked ? "true" : undefined}
                        className={`${ROW_BG[line.kind]} ${marked ? "outline outline-2 -outline-offset-2 outline-amber-500" : ""}`}>
                        <td className="w-12 select-none px-2 text-right text-slate-400">{line.oldNo ?? ""}</td>
                        <td className="w-12 select-none px-2 text-right text-slate-400">{line.newNo ?? ""}</td>
                        <td className="w-4 select-none text-slate-500">{SIGN[line.kind]}</td>
                        <td className="whitespace-pre-wrap break-all pr-3"
                          dangerouslySetInnerHTML={{ __html: line.kind === "meta" ? escapeHtml(line.text) : highlight(line.text, lang) }} />
                      </tr>
                    );
                  }),
                ])}
              </tbody>
            </table>
          </details>
        );
      })}
    </div>
  );
}
