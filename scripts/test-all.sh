#!/usr/bin/env bash
# `npm test`: every test. Type check; lint (biome); unit and data-layer tests on embedded PGlite and on
# PostgreSQL (127.0.0.1:5432); a production build; Playwright in Debian's Chromium against the
# app on both databases. At the end it prints each phase's wall time (phase_seconds_<name>=…) and the
# total (total_seconds=…), so a run can be quoted.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

phases=()
started_all=$(date +%s)
phase() {
  local name=$1
  shift
  local t0
  t0=$(date +%s)
  "$@"
  phases+=("phase_seconds_${name}=$(($(date +%s) - t0))")
}
report() {
  local rc=$?
  # a build still running beside a failed unit phase goes with the run (its own process group)
  [ -z "${build_pid:-}" ] || kill -- -"$build_pid" 2>/dev/null || true
  [ -z "${build_dir:-}" ] || rm -rf "$build_dir"
  for p in "${phases[@]}"; do echo "$p"; done
  echo "total_seconds=$(($(date +%s) - started_all))"
  [ "$rc" = 0 ] || echo "npm test failed (exit $rc)" >&2
}
trap report EXIT

install_system_packages() {
  # Debian packages the tests use: Chromium's headless shell for the browser tests (playwright.config.ts),
  # bubblewrap for the judge's sandbox
  local missing=()
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  command -v bwrap >/dev/null || missing+=(bubblewrap)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "The tests need Debian's ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
}

phase install bash scripts/ensure-installed.sh
phase system_packages install_system_packages
phase typecheck npx tsc --noEmit
phase lint npm run lint
# The production build runs beside the unit phase: no unit test reads it, and the unit phase leaves a core
# idle about a quarter of the time (it waits on PostgreSQL, child processes and timers). Its output is
# printed when it ends; a failed build fails the run after the unit phase.
build_dir=$(mktemp -d)
build_in_background() {
  local t0 rc=0
  t0=$(date +%s)
  # tsc has checked every file above: the build does not check them again
  WB_BUILD_TYPES_CHECKED=1 npx next build >"$build_dir/log" 2>&1 || rc=$?
  echo $(($(date +%s) - t0)) >"$build_dir/seconds"
  return "$rc"
}
set -m # the build in a process group of its own, so that it can be stopped whole
build_in_background &
build_pid=$!
set +m
phase unit npx vitest run
wait_for_build() {
  local rc=0
  wait "$build_pid" || rc=$?
  build_pid=""
  cat "$build_dir/log"
  phases+=("phase_seconds_build=$(cat "$build_dir/seconds" 2>/dev/null || echo 0)")
  rm -rf "$build_dir"
  build_dir=""
  if [ "$rc" != 0 ]; then
    echo "next build failed (exit $rc)" >&2
    return "$rc"
  fi
}
phase build_wait wait_for_build
phase e2e npx playwright test
