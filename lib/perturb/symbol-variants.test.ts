import { describe, expect, it } from "vitest";
import { editDistance } from "./edit-distance";
import {
  camelToSnake,
  inventedPlural,
  looksLikeWord,
  nearMissRelation,
  snakeToCamel,
  synthesiseNames,
  togglePlural,
} from "./symbol-variants";

describe("togglePlural", () => {
  it.each([
    ["get_user", "get_users"],
    ["get_users", "get_user"],
    ["getEntry", "getEntries"],
    ["entries", "entry"],
    ["MAX_RETRY", "MAX_RETRIES"],
    ["DataFrame", "DataFrames"],
    ["box", "boxes"],
  ])("%s → %s", (name, expected) => {
    expect(togglePlural(name)).toBe(expected);
  });

  it.each(["series", "status", "groupby", "axis", "cached", "test_v2"])("leaves %s alone", (name) => {
    expect(togglePlural(name)).toBeUndefined();
  });
});

describe("case style", () => {
  it("converts both ways and keeps leading underscores", () => {
    expect(snakeToCamel("_render_frame")).toBe("_renderFrame");
    expect(camelToSnake("useLayoutEffect")).toBe("use_layout_effect");
  });
});

describe("synthesiseNames", () => {
  it("paper example first: test_nanmedian → test_nanmedian_impl", () => {
    expect(synthesiseNames("test_nanmedian")[0]).toMatchObject({ name: "test_nanmedian_impl" });
  });

  it("offers nothing for dunder names", () => {
    expect(synthesiseNames("__init__")).toEqual([]);
  });

  it("gives classes an Impl suffix and a Base prefix", () => {
    expect(synthesiseNames("GroupBy").map((v) => v.name)).toEqual(["GroupByImpl", "BaseGroupBy"]);
    expect(synthesiseNames("Config").map((v) => v.name)).toEqual(["ConfigImpl", "Configs", "BaseConfig"]);
  });
});

describe("nearMissRelation", () => {
  it.each([
    ["test_nanmedian", "test_nanmedian_impl", "adds a suffix"],
    ["get_user", "get_users", "singular/plural differs"],
    ["cache", "_cache", "leading underscore differs"],
    ["renderFrame", "render_frame", "same words, other case style"],
    ["get_user", "fetch_user", "verb prefix differs"],
    ["test_nanmedian", "test_nanmean", "2 character edits away"],
  ])("%s ~ %s: %s", (name, other, relation) => {
    expect(nearMissRelation(name, other)?.relation).toBe(relation);
  });

  it("finds unrelated names unrelated", () => {
    expect(nearMissRelation("get_user", "render_frame")).toBeUndefined();
    expect(nearMissRelation("cache", "cache")).toBeUndefined();
  });
});

describe("editDistance", () => {
  it("counts edits and transpositions and stops at the limit", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("form", "from")).toBe(1);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("inventedPlural", () => {
  it.each([
    ["normalize_email", "normalize_emails"],
    ["getEntry", "getEntries"],
    ["groupCards", "groupCard"],
    ["MAX_RETRIES", "MAX_RETRY"],
    ["batch", "batches"],
  ])("%s → %s", (name, expected) => {
    expect(inventedPlural(name)).toBe(expected);
  });
  it.each(["utcnow", "strict", "README", "flat", "status", "data"])("makes no non-word of %s", (name) => {
    expect(inventedPlural(name)).toBeUndefined();
  });
  it("inflects through the noun, not by cutting letters: assertRaises never becomes assertRais", () => {
    expect(inventedPlural("assertRaises")).toBe("assertRaise");
  });
});

describe("looksLikeWord", () => {
  it("tells words from letter soup", () => {
    expect(["header", "batch", "strength", "column"].every(looksLikeWord)).toBe(true);
    expect(["utcnow", "ctx", "README", "xs"].some(looksLikeWord)).toBe(false);
  });
});
