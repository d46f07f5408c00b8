// REST payloads with every field GitHub's OpenAPI description requires (repo-search-result-item,
// full-repository, pull-request-simple, simple-user), so responses validate against @octokit/openapi.
import { fullNameOf, type FakeAccount, type FakePullRequest, type FakeRepository } from "./world-types";

const WEB = "https://github.com";

function restLogin(a: FakeAccount): string {
  // REST spells bot logins with a suffix GraphQL leaves off
  return a.type === "Bot" ? `${a.login}[bot]` : a.login;
}

function restUser(api: string, a: FakeAccount) {
  const login = restLogin(a);
  const u = `${api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id: a.databaseId,
    node_id: `U_${a.databaseId}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${a.databaseId}?v=4`,
    gravatar_id: "",
    url: u,
    html_url: `${WEB}/${login}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
    type: a.type === "Mannequin" ? "User" : a.type,
    site_admin: false,
    user_view_type: "public",
  };
}

/** Fields shared by search items, repositories and the `repo` of a pull request's head/base. */
function restRepository(api: string, repo: FakeRepository) {
  const full = fullNameOf(repo);
  const u = `${api}/repos/${full}`;
  const owner: FakeAccount = { login: repo.owner, type: "Organization", databaseId: repo.databaseId + 1 };
  return {
    id: repo.databaseId,
    node_id: repo.nodeId,
    name: repo.name,
    full_name: full,
    owner: restUser(api, owner),
    private: false,
    html_url: `${WEB}/${full}`,
    description: repo.description,
    fork: false,
    url: u,
    archive_url: `${u}/{archive_format}{/ref}`,
    assignees_url: `${u}/assignees{/user}`,
    blobs_url: `${u}/git/blobs{/sha}`,
    branches_url: `${u}/branches{/branch}`,
    collaborators_url: `${u}/collaborators{/collaborator}`,
    comments_url: `${u}/comments{/number}`,
    commits_url: `${u}/commits{/sha}`,
    compare_url: `${u}/compare/{base}...{head}`,
    contents_url: `${u}/contents/{+path}`,
    contributors_url: `${u}/contributors`,
    deployments_url: `${u}/deployments`,
    downloads_url: `${u}/downloads`,
    events_url: `${u}/events`,
    forks_url: `${u}/forks`,
    git_commits_url: `${u}/git/commits{/sha}`,
    git_refs_url: `${u}/git/refs{/sha}`,
    git_tags_url: `${u}/git/tags{/sha}`,
    git_url: `git://github.com/${full}.git`,
    issue_comment_url: `${u}/issues/comments{/number}`,
    issue_events_url: `${u}/issues/events{/number}`,
    issues_url: `${u}/issues{/number}`,
    keys_url: `${u}/keys{/key_id}`,
    labels_url: `${u}/labels{/name}`,
    languages_url: `${u}/languages`,
    merges_url: `${u}/merges`,
    milestones_url: `${u}/milestones{/number}`,
    notifications_url: `${u}/notifications{?since,all,participating}`,
    pulls_url: `${u}/pulls{/number}`,
    releases_url: `${u}/releases{/id}`,
    ssh_url: `git@github.com:${full}.git`,
    stargazers_url: `${u}/stargazers`,
    statuses_url: `${u}/statuses/{sha}`,
    subscribers_url: `${u}/subscribers`,
    subscription_url: `${u}/subscription`,
    tags_url: `${u}/tags`,
    teams_url: `${u}/teams`,
    trees_url: `${u}/git/trees{/sha}`,
    clone_url: `${WEB}/${full}.git`,
    mirror_url: null,
    hooks_url: `${u}/hooks`,
    svn_url: `${WEB}/${full}`,
    homepage: null,
    language: repo.language,
    forks_count: Math.floor(repo.stars / 9),
    forks: Math.floor(repo.stars / 9),
    stargazers_count: repo.stars,
    watchers_count: repo.stars,
    watchers: repo.stars,
    size: 48_213,
    default_branch: "main",
    open_issues_count: 412,
    open_issues: 412,
    is_template: false,
    topics: [repo.language.toLowerCase()],
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: true,
    archived: false,
    disabled: false,
    visibility: "public",
    pushed_at: repo.pushedAt,
    created_at: repo.createdAt,
    updated_at: repo.pushedAt,
    license: {
      key: "bsd-3-clause",
      name: 'BSD 3-Clause "New" or "Revised" License',
      spdx_id: "BSD-3-Clause",
      url: `${api}/licenses/bsd-3-clause`,
      node_id: "MDc6TGljZW5zZTU=",
    },
  };
}

export function restSearchItem(api: string, repo: FakeRepository): Record<string, unknown> {
  const item: Record<string, unknown> = { ...restRepository(api, repo), score: 1 };
  if (repo.malformedSearchItem) {
    // a payload that breaks GitHub's own schema: the crawler must skip it alone
    delete item.full_name;
    item.stargazers_count = "lots";
  }
  return item;
}

export function restFullRepository(api: string, repo: FakeRepository) {
  return { ...restRepository(api, repo), network_count: Math.floor(repo.stars / 9), subscribers_count: 1_204 };
}

export function restPullRequestSimple(api: string, repo: FakeRepository, pr: FakePullRequest) {
  const full = fullNameOf(repo);
  const u = `${api}/repos/${full}/pulls/${pr.number}`;
  const issue = `${api}/repos/${full}/issues/${pr.number}`;
  const href = (h: string) => ({ href: h });
  const side = (ref: string, sha: string) => ({
    label: `${repo.owner}:${ref}`,
    ref,
    sha,
    repo: restRepository(api, repo),
    user: restUser(api, { login: repo.owner, type: "Organization", databaseId: repo.databaseId + 1 }),
  });
  return {
    url: u,
    id: pr.databaseId,
    node_id: pr.id,
    html_url: `${WEB}/${full}/pull/${pr.number}`,
    diff_url: `${WEB}/${full}/pull/${pr.number}.diff`,
    patch_url: `${WEB}/${full}/pull/${pr.number}.patch`,
    issue_url: issue,
    commits_url: `${u}/commits`,
    review_comments_url: `${u}/comments`,
    review_comment_url: `${api}/repos/${full}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${api}/repos/${full}/statuses/${pr.headRefOid}`,
    number: pr.number,
    state: pr.state === "OPEN" ? "open" : "closed",
    locked: false,
    title: pr.title,
    // deleted accounts come back as user: null
    user: pr.author && restUser(api, pr.author),
    body: pr.body || null,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.state === "OPEN" ? null : pr.updatedAt,
    merged_at: pr.mergedAt,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(`feature-${pr.number}`, pr.headRefOid),
    base: side("main", pr.baseRefOid),
    _links: {
      self: href(u),
      html: href(`${WEB}/${full}/pull/${pr.number}`),
      issue: href(issue),
      comments: href(`${issue}/comments`),
      review_comments: href(`${u}/comments`),
      review_comment: href(`${api}/repos/${full}/pulls/comments{/number}`),
      commits: href(`${u}/commits`),
      statuses: href(`${api}/repos/${full}/statuses/${pr.headRefOid}`),
    },
    author_association: "CONTRIBUTOR",
    auto_merge: null,
    draft: false,
  };
}
