import { looksLikeFilePath } from "./file-extensions";
import { inventedPlural, nearMissRelation, synthesiseNames, type NameVariant } from "./symbol-variants";

/** The repository's names at the base commit plus the patch's, split for near-miss lookup. */
export type SymbolIndex = {
  /** Every known spelling: bare names, dotted names and each dotted name's last part. */
  identifiers: ReadonlySet<string>;
  /** Bare names, scanned for near misses. */
  names: readonly string[];
  paths: readonly string[];
  pathSet: ReadonlySet<string>;
  basenames: ReadonlySet<string>;
};

export function buildSymbolIndex(knownSymbols: Iterable<string>): SymbolIndex {
  const identifiers = new Set<string>();
  const paths = new Set<string>();
  const basenames = new Set<string>();
  for (const raw of knownSymbols) {
    const symbol = raw.trim();
    if (!symbol) continue;
    if (symbol.includes("/") || looksLikeFilePath(symbol)) {
      paths.add(symbol.replace(/^\.\//, ""));
      basenames.add(symbol.slice(symbol.lastIndexOf("/") + 1));
      continue;
    }
    identifiers.add(symbol);
    const last = symbol.slice(symbol.lastIndexOf(".") + 1);
    if (last) identifiers.add(last);
  }
  const names = [...identifiers].filter((s) => /^[A-Za-z_$][\w$]*$/.test(s)).sort();
  return { identifiers, names, paths: [...paths].sort(), pathSet: paths, basenames };
}

/** Per code element, at most this many existing near misses: the closest are the hardest negatives. */
const MAX_EXISTING_PER_ELEMENT = 12;

function byScore(a: NameVariant, b: NameVariant): number {
  return b.score - a.score || a.name.localeCompare(b.name);
}

export function existingNearMisses(name: string, index: SymbolIndex): NameVariant[] {
  const found: NameVariant[] = [];
  for (const other of index.names) {
    const relation = nearMissRelation(name, other);
    if (relation) found.push(relation);
  }
  return found.sort(byScore).slice(0, MAX_EXISTING_PER_ELEMENT);
}

export function inventedNames(name: string, index: SymbolIndex): NameVariant[] {
  return synthesiseNames(name).filter((v) => !index.identifiers.has(v.name));
}

const EXTENSION_FAMILIES = [
  ["ts", "tsx", "js", "jsx", "mts", "cts", "mjs", "cjs"],
  ["py", "pyi", "pyx", "pxd"],
  ["yml", "yaml"],
  ["c", "h", "cc", "cpp", "hpp"],
  ["md", "rst", "txt"],
];

function splitPath(path: string): { dir: string; stem: string; ext: string } {
  const slash = path.lastIndexOf("/");
  const base = path.slice(slash + 1);
  const dot = base.lastIndexOf(".");
  return { dir: path.slice(0, slash + 1), stem: dot > 0 ? base.slice(0, dot) : base, ext: dot > 0 ? base.slice(dot + 1) : "" };
}

function sameFamily(a: string, b: string): boolean {
  return EXTENSION_FAMILIES.some((f) => f.includes(a) && f.includes(b));
}

/**
 * Known files a path mention nearly matches: same name in another folder, a sibling extension
 * (`.ts` ↔ `.tsx`), or a near-miss file name in the same folder. A mention without a folder is
 * compared with file names only.
 */
export function existingNearMissPaths(path: string, index: SymbolIndex): NameVariant[] {
  const mine = splitPath(path);
  const pool = mine.dir === "" ? [...index.basenames] : index.paths;
  const found: NameVariant[] = [];
  for (const other of pool) {
    if (other === path) continue;
    const theirs = splitPath(other);
    const sameDir = mine.dir === "" || theirs.dir === mine.dir || theirs.dir.endsWith(`/${mine.dir}`);
    if (theirs.stem === mine.stem && theirs.ext === mine.ext && mine.dir !== "") {
      found.push({ name: other, relation: "same file name in another folder", score: 88 });
    } else if (sameDir && theirs.stem === mine.stem && sameFamily(mine.ext, theirs.ext)) {
      found.push({ name: `${mine.dir + theirs.stem}.${theirs.ext}`, relation: "sibling extension", score: 94 });
    } else if (sameDir && theirs.ext === mine.ext) {
      const relation = nearMissRelation(mine.stem, theirs.stem);
      if (relation)
        found.push({
          name: `${mine.dir}${theirs.stem}.${theirs.ext}`,
          relation: `file name ${relation.relation}`,
          score: relation.score - 2,
        });
    }
  }
  const unique = found.filter((v, i) => v.name !== path && found.findIndex((w) => w.name === v.name) === i);
  return unique.sort(byScore).slice(0, MAX_EXISTING_PER_ELEMENT);
}

export function inventedPaths(path: string, index: SymbolIndex): NameVariant[] {
  const { dir, stem, ext } = splitPath(path);
  const out: NameVariant[] = [];
  const plural = /^[a-z_]+$/.test(stem) ? inventedPlural(stem) : undefined; // README.md never becomes READMES.md
  if (plural) out.push({ name: `${dir}${plural}.${ext}`, relation: "file name singular/plural toggled", score: 50 });
  const sibling = EXTENSION_FAMILIES.find((f) => f.includes(ext))?.find((e) => e !== ext && (e.startsWith(ext) || ext.startsWith(e)));
  if (sibling) out.push({ name: `${dir}${stem}.${sibling}`, relation: "sibling extension", score: 52 });
  const module = EXTENSION_FAMILIES[0].includes(ext) || EXTENSION_FAMILIES[1].includes(ext);
  if (module && !stem.startsWith("__"))
    out.push({
      name: `${dir}${stem.startsWith("_") ? stem.slice(1) : `_${stem}`}.${ext}`,
      relation: "leading underscore toggled",
      score: 48,
    });
  const exists = (candidate: string) =>
    index.pathSet.has(candidate) || (dir === "" && index.basenames.has(candidate)) || index.paths.some((p) => p.endsWith(`/${candidate}`));
  return out.filter((v) => v.name !== path && !exists(v.name));
}
