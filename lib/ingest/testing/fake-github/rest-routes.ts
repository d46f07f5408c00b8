// The REST endpoints a crawler needs: repository search by stars, one repository, and the pulls list
// (newest updated first) whose ETag tells a re-crawl whether anything changed.
import { restFullRepository, restPullRequestSimple, restSearchItem } from "./rest-objects";
import { fullNameOf, type FakeWorld } from "./world-types";

export interface RestResult {
  status: number;
  /** OpenAPI path template, for response validation */
  route: string;
  body: unknown;
  headers?: Record<string, string>;
}

const notFound = (route: string, docs: string): RestResult => ({
  status: 404,
  route,
  body: { message: "Not Found", documentation_url: `https://docs.github.com/rest/${docs}`, status: "404" },
});

export function handleRest(world: FakeWorld, api: string, method: string, url: URL): RestResult {
  if (method !== "GET")
    return {
      status: 404,
      route: "unknown",
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
    };
  const p = url.pathname;
  const q = url.searchParams;
  if (p === "/search/repositories") {
    const language = /language:("?)([^"\s]+)\1/.exec(q.get("q") ?? "")?.[2];
    if (!language)
      return {
        status: 422,
        route: "/search/repositories",
        body: {
          message: "Validation Failed",
          errors: [{ resource: "Search", field: "q", code: "missing" }],
          documentation_url: "https://docs.github.com/v3/search",
          status: "422",
        },
      };
    const perPage = Math.min(100, Number(q.get("per_page") ?? 30));
    const pageNo = Math.max(1, Number(q.get("page") ?? 1));
    const all = world.repositories.filter((r) => r.language.toLowerCase() === language.toLowerCase()).sort((a, b) => b.stars - a.stars);
    // GitHub's search stops at 1,000 results
    const reachable = all.slice(0, 1000);
    const items = reachable.slice((pageNo - 1) * perPage, pageNo * perPage).map((r) => restSearchItem(api, r));
    const last = Math.max(1, Math.ceil(reachable.length / perPage));
    const link = (n: number, rel: string) => {
      const u = new URL(url.href);
      u.searchParams.set("page", String(n));
      return `<${api}${u.pathname}${u.search}>; rel="${rel}"`;
    };
    const links = [pageNo < last && link(pageNo + 1, "next"), pageNo < last && link(last, "last")].filter(Boolean).join(", ");
    return {
      status: 200,
      route: "/search/repositories",
      body: { total_count: all.length, incomplete_results: false, items },
      headers: links ? { link: links } : {},
    };
  }
  const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/pulls)?$/.exec(p);
  if (repoMatch) {
    const [, owner, name, pulls] = repoMatch;
    const repo = world.repositories.find((r) => fullNameOf(r).toLowerCase() === `${owner}/${name}`.toLowerCase());
    if (!pulls) {
      if (!repo || repo.deleted) return notFound("/repos/{owner}/{repo}", "repos/repos#get-a-repository");
      return { status: 200, route: "/repos/{owner}/{repo}", body: restFullRepository(api, repo) };
    }
    if (!repo || repo.deleted) return notFound("/repos/{owner}/{repo}/pulls", "pulls/pulls#list-pull-requests");
    const perPage = Math.min(100, Number(q.get("per_page") ?? 30));
    const pageNo = Math.max(1, Number(q.get("page") ?? 1));
    const state = q.get("state") ?? "open";
    const sort = q.get("sort") ?? "created";
    const dir = q.get("direction") ?? (sort === "created" ? "desc" : "desc");
    const key = sort === "updated" ? "updatedAt" : "createdAt";
    const prs = repo.pullRequests
      .filter((pr) => state === "all" || (state === "open") === (pr.state === "OPEN"))
      .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (dir === "asc" ? 1 : -1));
    return {
      status: 200,
      route: "/repos/{owner}/{repo}/pulls",
      body: prs.slice((pageNo - 1) * perPage, pageNo * perPage).map((pr) => restPullRequestSimple(api, repo, pr)),
    };
  }
  return {
    status: 404,
    route: "unknown",
    body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
  };
}
