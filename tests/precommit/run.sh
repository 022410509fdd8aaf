#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml: pre-commit installs this work tree's hooks as
# it does for a user, they build robolint with cargo on first use (crates/cli/pre-commit.sh),
# and they run in a throwaway git repository.
# `robolint` must fail on a bad robots.txt and name the finding, pass on a good one, and
# catch a `Robots.txt`; `robolint-fix` must rewrite a fixable file; `robolint-diff` must fail
# a staged change that blocks a product path for Googlebot and pass one that blocks nothing.
# Exits non-zero when anything fails.
# Needs git and python3 with venv (pre-commit is installed in a virtual environment under
# target/ when missing), and crates.io.
# The release build takes minutes the first time and after each change to the work tree;
# a rerun on an unchanged tree takes seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
checkout="$(pwd)"

if command -v pre-commit >/dev/null 2>&1; then
  precommit=(pre-commit)
else
  # A virtual environment of its own: Debian's and Ubuntu's Python refuse `pip install`
  # into the system (PEP 668, "externally-managed-environment"). Kept under target/, so a
  # rerun installs nothing.
  venv="$checkout/target/precommit/venv"
  if [ ! -x "$venv/bin/pre-commit" ]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet pre-commit
  fi
  precommit=("$venv/bin/pre-commit")
fi
"${precommit[@]}" --version

# Kept between runs (target/ is ignored by git): pre-commit's store holds the installed
# hooks, keyed by repository and commit, and the cargo target directory keeps the compiled
# dependencies, so a rerun after a change to robolint rebuilds robolint alone. A directory of
# its own, not target/ itself: this release build then never waits on, or blocks, the debug
# builds that share target/.
cache="$checkout/target/precommit"
export PRE_COMMIT_HOME="$cache/home"
export CARGO_TARGET_DIR="$cache/cargo"
# What is tested is the hooks' behaviour, not the binary's speed: a release build without
# optimisation or link-time optimisation takes a fraction of the full one's minutes on CI.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

# The hook repository is a commit of the work tree (every file git does not ignore, changed
# or new), not HEAD: locally the test then sees uncommitted changes, and on CI's clean clone
# it is HEAD's content. The commit's author and dates are fixed and its path is too, so the
# same content gives the same commit and pre-commit reuses the hooks it installed.
hooks="$cache/hooks.git"
rm -rf "$hooks"
git init --quiet --bare "$hooks"
snapshot=(git --git-dir="$hooks" --work-tree="$checkout" -c user.name=robolint -c user.email=robolint@invalid)
"${snapshot[@]}" add --all
GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
  "${snapshot[@]}" commit --quiet --message "work tree under test"
rev="$(git --git-dir="$hooks" rev-parse HEAD)"

# The site repository stays where it is after a run, for a look when a step fails. Until
# it is replaced, its configuration names the commit installed last time, so `gc` keeps
# that one installation and removes older ones.
site="$cache/site"
"${precommit[@]}" gc >/dev/null
rm -rf "$site"
git init --quiet "$site"
cd "$site"
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: robolint
      - id: robolint-fix
      - id: robolint-diff
EOF

fail() {
  echo "tests/precommit/run.sh: FAILED: $1" >&2
  if [ -n "${output:-}" ]; then
    printf '%s\n' "--- pre-commit output" "$output" >&2
  fi
  exit 1
}

# Leaves one file in the site, staged as for a commit.
stage_only() {
  local name="$1" contents="$2"
  find . -mindepth 1 -maxdepth 1 ! -name .git ! -name .pre-commit-config.yaml -exec rm -rf {} +
  mkdir -p "$(dirname "$name")"
  printf '%s' "$contents" >"$name"
  git add --all
}

# Runs one hook over every file; sets `output` and `status`.
run_hook() {
  status=0
  output="$("${precommit[@]}" run "$1" --all-files --color never 2>&1)" || status=$?
}

expect_output() {
  grep --quiet --fixed-strings -- "$1" <<<"$output" || fail "$2: the output does not contain \`$1\`"
}

# The hooks share one build, made by the first hook that runs below.
echo "installing the hooks from $hooks at $rev"
"${precommit[@]}" install-hooks || fail "pre-commit could not install the hooks"

bad=$'User-agent: *\nDisallow /private/\n'
stage_only robots.txt "$bad"
run_hook robolint
[ "$status" -ne 0 ] || fail "robolint passed a robots.txt with a missing colon"
expect_output "RL101 missing-colon" "robolint on a missing colon"
echo "ok: robolint fails on a missing colon and names RL101"

stage_only robots.txt $'# Build output is not for robots.\nUser-agent: *\nDisallow: /build/\n'
run_hook robolint
[ "$status" -eq 0 ] || fail "robolint failed a clean robots.txt"
expect_output "Passed" "robolint on a clean file"
echo "ok: robolint passes a clean robots.txt"

stage_only public/Robots.txt $'User-agent: *\nDisallow: /build/\n'
run_hook robolint
[ "$status" -ne 0 ] || fail "robolint passed public/Robots.txt"
expect_output "RL012 file-name" "robolint on Robots.txt"
echo "ok: robolint checks public/Robots.txt and names RL012"

stage_only robots.txt "$bad"
run_hook robolint-fix
[ "$status" -ne 0 ] || fail "robolint-fix passed although it had a fix to apply"
expect_output "files were modified by this hook" "robolint-fix on a missing colon"
[ "$(cat robots.txt)" = $'User-agent: *\nDisallow: /private/' ] || fail "robolint-fix wrote: $(cat robots.txt)"
git add --all
run_hook robolint
[ "$status" -eq 0 ] || fail "robolint failed the file robolint-fix wrote"
echo "ok: robolint-fix inserts the colon and the result passes robolint"

# robolint-diff compares the staged file with HEAD's: blocking a path a search robot could
# fetch fails the commit and names the robot; a change that blocks nothing passes.
stage_only robots.txt $'User-agent: *\nDisallow: /build/\n'
git -c user.name=robolint -c user.email=robolint@invalid commit --quiet --message "robots.txt as deployed"
stage_only robots.txt $'User-agent: *\nDisallow: /build/\nDisallow: /products/\n'
run_hook robolint-diff
[ "$status" -ne 0 ] || fail "robolint-diff passed a change that blocks /products/"
expect_output "Googlebot" "robolint-diff on a newly blocked /products/"
expect_output "/products/" "robolint-diff on a newly blocked /products/"
echo "ok: robolint-diff fails a staged change that blocks /products/ and names Googlebot"

stage_only robots.txt $'# Build output is not for robots.\nUser-agent: *\nDisallow: /build/\n'
run_hook robolint-diff
[ "$status" -eq 0 ] || fail "robolint-diff failed a change that blocks nothing"
echo "ok: robolint-diff passes a staged change that blocks nothing"

echo "tests/precommit/run.sh: ok"
