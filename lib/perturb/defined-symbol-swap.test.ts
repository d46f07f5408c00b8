import { describe, expect, it } from "vitest";
import type { Definition } from "./code-definitions";
import { definedSymbolCandidates, slipScore, wordsOf } from "./defined-symbol-swap";

const def = (name: string, kind: Definition["kind"], origin: Definition["origin"] = "code", line = 1): Definition => ({
  name,
  kind,
  origin,
  line,
});

describe("definedSymbolCandidates: swaps to names the code defines, of the same kind", () => {
  const definitions = [
    def("load_entry", "callable"),
    def("save_entry", "callable"),
    def("entry_count", "value"),
    def("EntryStore", "type"),
    def("EntryCache", "type"),
  ];

  it("offers the code's own sibling of the same kind (load_entry → save_entry), never a value for a function", () => {
    const { candidates } = definedSymbolCandidates("`load_entry` reads the whole file before parsing.", { definitions });
    expect(candidates.map((c) => c.after)).toContain("save_entry");
    expect(candidates.map((c) => c.after)).not.toContain("entry_count");
    expect(candidates[0].text).toBe("`save_entry` reads the whole file before parsing.");
  });

  it("never swaps a name the code does not define (library API, prose)", () => {
    expect(definedSymbolCandidates("Use `json.loads` and `log.Printf` here.", { definitions }).candidates).toEqual([]);
  });

  it("never offers a case twin or an invented name for a name the code had before", () => {
    const withTwin = [...definitions, def("entryStore", "type")];
    const after = definedSymbolCandidates("`EntryStore` keeps entries in memory.", { definitions: withTwin }).candidates.map(
      (c) => c.after,
    );
    expect(after).toEqual(["EntryCache"]);
  });

  it("invents a variant only for a callable or type the change adds (the paper's test_nanmedian → test_nanmedian_impl)", () => {
    const own = [def("test_nanmedian", "callable", "patch")];
    expect(
      definedSymbolCandidates("`test_nanmedian` covers the all-NaN case.", { definitions: own }).candidates.map((c) => c.after),
    ).toEqual(["test_nanmedian_impl"]);
    const before = [def("test_nanmedian", "callable", "code")];
    expect(definedSymbolCandidates("`test_nanmedian` covers the all-NaN case.", { definitions: before }).candidates).toEqual([]);
  });

  it("offers a compound name defined a few lines away when none shares a word, after every name that does", () => {
    const locals = [
      def("chain_to_execute", "value", "patch", 10),
      def("all_examples", "value", "patch", 12),
      def("now", "value", "patch", 11),
      def("retry_budget", "value", "patch", 40),
      def("chain_length", "value", "patch", 30),
    ];
    const after = definedSymbolCandidates("Why pass in `chain_to_execute` here?", { definitions: locals }).candidates.map((c) => c.after);
    // chain_length shares a word; all_examples is two lines away; `now` is one word; retry_budget is 30 lines away
    expect(after).toEqual(["chain_length", "all_examples"]);
  });

  it("leaves a name alone when a mention outside code spans would keep the old name beside the new one", () => {
    const defs = [def("addColumn", "callable"), def("addColumns", "callable"), def("addIndex", "callable")];
    expect(
      definedSymbolCandidates('Change the signature of `addColumn` like this: .addColumn("c5", 235)', { definitions: defs }).candidates,
    ).toEqual([]);
    expect(
      definedSymbolCandidates("Change the signature of `addColumn` to take the length.", { definitions: defs }).candidates.map(
        (c) => c.after,
      ),
    ).toContain("addIndex");
  });

  it("leaves the names inside the reviewer's proposed code alone, not the code they refer to", () => {
    const defs = [def("run_task", "callable", "code", 3), def("run_command", "callable", "code", 5)];
    expect(definedSymbolCandidates("`expect(run_task(target)).to match(/ok/)` seems clearer.", { definitions: defs }).candidates).toEqual(
      [],
    );
    expect(
      definedSymbolCandidates("`run_task(target)` returns before the hook runs.", { definitions: defs }).candidates.map((c) => c.after),
    ).toEqual(["run_command"]);
  });

  it("never swaps in a method every object has (`equals`, `__repr__`)", () => {
    const defs = [def("setContext", "callable", "code", 5), def("equals", "callable", "code", 6), def("setField", "callable", "code", 9)];
    expect(definedSymbolCandidates("Line 89 still calls `setContext()`.", { definitions: defs }).candidates.map((c) => c.after)).toEqual([
      "setField",
    ]);
  });

  it("leaves a name written in two forms alone (`media.getDuration` vs `getDuration`)", () => {
    const defs = [def("getDuration", "callable"), def("getDurationLong", "callable")];
    expect(definedSymbolCandidates("Replace media.getDuration with getDuration?", { definitions: defs }).candidates).toEqual([]);
  });
});

describe("slipScore", () => {
  it("needs a shared word or a close spelling", () => {
    expect(wordsOf("getDurationStringLong")).toEqual(["get", "duration", "string", "long"]);
    expect(slipScore("load_entry", def("save_entry", "callable"), 1)).toBeDefined();
    expect(slipScore("load_entry", def("render_frame", "callable"), 1)).toBeUndefined();
  });
});

describe("definedSymbolCandidates: the element the comment is about", () => {
  it("never swaps a namespace that qualifies another name (`::RSpec::Core::Time`)", () => {
    const definitions = [def("RSpec", "type"), def("CommandLine", "type"), def("Core", "type")];
    const out = definedSymbolCandidates("You might also want to reference `::RSpec::Core::Time` directly.", { definitions });
    expect(out.candidates.map((c) => c.before)).not.toContain("RSpec");
    expect(out.candidates.map((c) => c.before)).not.toContain("Core");
  });

  it("does not take a module's member (`RA.isPositiveZero(0)`) for the change's local binding of the same name", () => {
    const definitions = [def("isPositiveZero", "value", "patch"), def("isNegativeZero", "value", "patch")];
    const text = "We are missing a test for assert.isTrue(RA.isPositiveZero(0));";
    expect(definedSymbolCandidates(text, { definitions }).candidates).toEqual([]);
    // through `self` it is still the code's own value
    const own = definedSymbolCandidates("`self.isPositiveZero` is set twice.", { definitions }).candidates.map((c) => c.after);
    expect(own).toEqual(["isNegativeZero"]);
  });
});

describe("definedSymbolCandidates: a comment with no swap says why", () => {
  it("names each name it considered and why it was left alone", () => {
    const definitions = [def("err", "value"), def("isPositiveZero", "value", "patch")];
    const { candidates, reason } = definedSymbolCandidates("ineffectual assignment to `err`; see RA.isPositiveZero(0) and `json.loads`", {
      definitions,
    });
    expect(candidates).toEqual([]);
    expect(reason).toContain(`"err": the code defines no plausible other value`);
    expect(reason).toContain(`"isPositiveZero": another object's member`);
    expect(reason).toContain(`"loads": library or builtin API`);
  });
});
