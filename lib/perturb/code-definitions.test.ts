import { describe, expect, it } from "vitest";
import { blankCommentsAndStrings, definitionsIn, definitionsInHunk, mergeDefinitions } from "./code-definitions";

const kinds = (source: string) => Object.fromEntries(definitionsIn(source, "code").map((d) => [d.name, d.kind]));

describe("definitionsIn: the names code defines, by kind", () => {
  it("reads Python functions, classes, parameters and assignments", () => {
    const found = kinds("class Loader:\n    def load_entry(self, path, retries=3):\n        self.cache = {}\n        total = 0\n");
    expect(found).toMatchObject({
      Loader: "type",
      load_entry: "callable",
      path: "value",
      retries: "value",
      cache: "value",
      total: "value",
    });
  });

  it("reads Go funcs, methods, types and := variables", () => {
    const found = kinds(
      "type localOpenFile struct {\n\tfd *os.File\n}\nfunc (f *localOpenFile) Read(p []byte) (n int, err error) {\n\tfi, err := f.fd.Stat()\n}\n",
    );
    expect(found).toMatchObject({ localOpenFile: "type", Read: "callable", fi: "value", fd: "value" });
  });

  it("reads Java methods, fields and parameters", () => {
    const found = kinds(
      "public class PlaybackController {\n  private final Activity activity;\n  public int getDuration(String unit) {\n    return 0;\n  }\n}\n",
    );
    expect(found).toMatchObject({ PlaybackController: "type", activity: "value", getDuration: "callable", unit: "value" });
  });

  it("reads every name a multi-name binding declares", () => {
    const names = (source: string) => definitionsIn(source, "code").map((d) => d.name);
    expect(names("finfo, err := os.Stat(path)\nfor _, entry := range entries {\n}")).toEqual(
      expect.arrayContaining(["finfo", "err", "entry"]),
    );
    expect(names("first, rest = split(path)\nfor idx, item in enumerate(rest):\n    pass\nwith open(path) as handle:\n    pass")).toEqual(
      expect.arrayContaining(["first", "rest", "idx", "item", "handle"]),
    );
    expect(names("const { data, error: loadError, retries = 3 } = useQuery();\nlet [head, tail] = pair;")).toEqual(
      expect.arrayContaining(["data", "loadError", "retries", "head", "tail"]),
    );
    expect(names("for (String name : names) {}")).toContain("name");
    expect(names("attr_reader :options, :world")).toEqual(expect.arrayContaining(["options", "world"]));
    expect(names("public int MaxSize { get; set; }")).toContain("MaxSize");
  });

  it("never takes words from comments or string contents", () => {
    const found = kinds('# def commented_out():\nname = "def in_string(): pass"\n// function alsoNot() {}\n');
    expect(found).toEqual({ name: "value" });
    expect(blankCommentsAndStrings('x = "a b" # c').length).toBe('x = "a b" # c'.length);
  });

  it("skips keywords and control flow", () => {
    expect(Object.keys(kinds("if (ready) {\n  return run(x);\n}\nwhile (true) {\n}\n"))).not.toContain("if");
  });
});

describe("definitionsInHunk and mergeDefinitions", () => {
  it("marks the change's own names, and a name the code had before is not its own", () => {
    const hunk = "@@ -1,3 +1,4 @@\n def load_entry(path):\n-    return read(path)\n+    cached = read(path)\n+def save_entry(path):\n";
    const merged = mergeDefinitions(definitionsInHunk(hunk), definitionsIn("def save_entry(path):\n    pass\n", "code"));
    const origin = Object.fromEntries(merged.map((d) => [d.name, d.origin]));
    expect(origin).toMatchObject({ cached: "patch", load_entry: "code", save_entry: "code" });
  });
});
