import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { Role } from "@/lib/db/enums";
import { homeLinkWords, homePathOf, landingPathOf, mayOpen, OVERVIEW_ROLES, PAGE_ROLES, pageOf } from "./page-access";

const APP = path.resolve(__dirname, "../../app");

/** Every page file under app/, with the route it serves ("(group)" folders leave the path). */
function pages(dir = APP): { route: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return pages(full);
    if (e.name !== "page.tsx") return [];
    const segments = path
      .relative(APP, dir)
      .split(path.sep)
      .filter((s) => s && !s.startsWith("("));
    return [{ route: `/${segments.join("/")}`, file: full }];
  });
}

/** The roles a page's own check names: requirePageRole("a", "b") → ["a", "b"]; none → "public". */
function checkedRoles(source: string): Role[] | "public" | "any" {
  const call = /requirePageRole\(([^)]*)\)/.exec(source);
  if (!call) return "public";
  const roles = [...call[1].matchAll(/"([a-z]+)"/g)].map((m) => m[1] as Role);
  return roles.length ? roles : "any";
}

const alice = { roles: ["annotator"] as Role[] };
const carol = { roles: ["adjudicator", "annotator"] as Role[] };
const admin = { roles: ["admin", "adjudicator"] as Role[] };

describe("which pages each role opens", () => {
  test("the table says what every page's own check says, for every page", () => {
    const found = pages();
    expect(found.length).toBeGreaterThan(20);
    expect(found.map((p) => p.route).sort()).toEqual(Object.keys(PAGE_ROLES).sort());
    for (const { route, file } of found) {
      const source = readFileSync(file, "utf8");
      const roles = checkedRoles(source);
      if (route === "/") {
        // any signed-in user, and those without the overview's roles are sent on
        expect(roles).toBe("any");
        expect(source).toMatch(/OVERVIEW_ROLES/);
        expect(PAGE_ROLES[route]).toEqual(OVERVIEW_ROLES);
        continue;
      }
      const table = PAGE_ROLES[route];
      expect([...(table === "public" ? [] : table)].sort(), route).toEqual(roles === "public" || roles === "any" ? [] : [...roles].sort());
      expect(table === "public", route).toBe(roles === "public");
    }
  });

  test("paths find their page, literal segments first", () => {
    expect(pageOf("/annotate/team")).toBe("/annotate/team");
    expect(pageOf("/annotate/abc123?view=final")).toBe("/annotate/[instanceId]");
    expect(pageOf("/evaluate/judge/r1/t2")).toBe("/evaluate/judge/[runId]/[taskId]");
    expect(pageOf("/nothing/here")).toBeNull();
  });

  test("an annotator's next=/agreement lands on their queue; a next their role opens is followed", () => {
    expect(mayOpen(alice, "/agreement")).toBe(false);
    expect(landingPathOf(alice, "/agreement", 3)).toBe("/annotate");
    expect(landingPathOf(alice, "/annotate/abc?view=final", 3)).toBe("/annotate/abc?view=final");
    expect(landingPathOf(alice, "/", 0)).toBe("/annotate");
    expect(landingPathOf(admin, "/agreement", 0)).toBe("/agreement");
    expect(landingPathOf(carol, "/splits", 0)).toBe("/");
  });

  test("a lead who still has items to label starts on the queue; the home link says where it goes", () => {
    expect(homePathOf(carol, 4)).toBe("/annotate");
    expect(homePathOf(carol, 0)).toBe("/");
    expect(homePathOf(admin, 0)).toBe("/");
    expect(homePathOf(alice, 0)).toBe("/annotate");
    expect(landingPathOf(carol, null, 4)).toBe("/annotate");
    expect(homeLinkWords(homePathOf(alice, 0))).toBe("Back to your queue");
    expect(homeLinkWords(homePathOf(admin, 0))).toBe("Back to the overview");
  });
});
