// Syntax highlighting for diffs and files, line by line (a line is the unit the views render).
// highlight.js core plus the languages review patches mostly contain keeps the client bundle small.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import go from "highlight.js/lib/languages/go";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const LANGUAGES = { bash, c, cpp, css, go, ini, java, javascript, json, markdown, python, ruby, rust, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(LANGUAGES)) if (!hljs.getLanguage(name)) hljs.registerLanguage(name, lang);

const LANG_BY_EXT: Record<string, keyof typeof LANGUAGES> = {
  py: "python",
  pyi: "python",
  ts: "typescript",
  tsx: "typescript",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  rs: "rust",
  go: "go",
  java: "java",
  rb: "ruby",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  hpp: "cpp",
  md: "markdown",
  yml: "yaml",
  yaml: "yaml",
  json: "json",
  sh: "bash",
  bash: "bash",
  toml: "ini",
  cfg: "ini",
  ini: "ini",
  sql: "sql",
  html: "xml",
  xml: "xml",
  svg: "xml",
  css: "css",
};

export function languageFor(path: string): string | undefined {
  return LANG_BY_EXT[path.split(".").pop()?.toLowerCase() ?? ""];
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// Minified or generated lines make highlight.js slow and help nobody.
const MAX_HIGHLIGHT_LINE = 2000;

/** HTML per line; highlight.js escapes its input, so the result is safe to inject. */
export function highlightLine(text: string, lang: string | undefined): string {
  if (!lang || text.length > MAX_HIGHLIGHT_LINE) return escapeHtml(text);
  return hljs.highlight(text, { language: lang, ignoreIllegals: true }).value;
}
