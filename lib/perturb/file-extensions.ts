/** Extensions that make a token a file mention ("see `frame.py`") rather than a dotted name. */
export const SOURCE_EXTENSIONS = [
  "py",
  "pyi",
  "pyx",
  "pxd",
  "ts",
  "tsx",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "mts",
  "cts",
  "json",
  "md",
  "rst",
  "toml",
  "yaml",
  "yml",
  "cfg",
  "ini",
  "txt",
  "c",
  "h",
  "cc",
  "cpp",
  "hpp",
  "go",
  "rs",
  "java",
  "kt",
  "rb",
  "sh",
  "css",
  "scss",
  "html",
  "sql",
  "lock",
  "ipynb",
];

const FILE_PATH = new RegExp(`^(?:\\.{1,2}/)?(?:[\\w.-]+/)*[\\w-][\\w.-]*\\.(?:${SOURCE_EXTENSIONS.join("|")})$`);

export function looksLikeFilePath(token: string): boolean {
  return FILE_PATH.test(token);
}
