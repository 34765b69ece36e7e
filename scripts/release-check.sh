#!/usr/bin/env bash
# make release-check: validate .goreleaser.yaml, build a snapshot release of
# the work tree as it is, check what a user downloads (six archives, each
# with the binary for its platform, and checksums.txt that matches them),
# then build it again from another path and require identical bytes.
#
# GoReleaser runs in a throw-away repository holding one commit of the work
# tree (untracked, not ignored files included), with a nominal origin: it
# needs a remote to read the commit date that every timestamp in the
# archives is set to, and the go command needs a .git directory to stamp the
# version (it does not follow a linked worktree's .git file).
set -euo pipefail

GORELEASER=${GORELEASER:-goreleaser}
# A relative path (the Makefile's .tools/ copy) must survive the cd into the
# throw-away repositories below.
case $GORELEASER in
  */*) GORELEASER=$(cd "$(dirname "$GORELEASER")" && pwd)/$(basename "$GORELEASER") ;;
esac
root=$(git rev-parse --show-toplevel)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "$("$GORELEASER" --version 2>&1 | grep -m1 -i gitversion || true)"
"$GORELEASER" check

# One commit of the work tree, dated like HEAD so the snapshot's timestamps
# are those a release of HEAD would carry.
mkdir "$work/a"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do
    if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\0' "$f"; fi
  done |
  tar --null -T - -cf - | tar -xf - -C "$work/a"
date=$(git log -1 --format=%cI 2>/dev/null || echo 2000-01-01T00:00:00Z)
(
  cd "$work/a"
  export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
  export GIT_AUTHOR_NAME=release-check GIT_AUTHOR_EMAIL=release-check@localhost
  export GIT_COMMITTER_NAME=release-check GIT_COMMITTER_EMAIL=release-check@localhost
  export GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date
  git init -q
  git add -A
  git commit -q --no-verify -m "release-check snapshot"
  git remote add origin https://github.com/plugforge/plugforge.git
)
git clone -q "$work/a" "$work/b"

for d in a b; do
  echo "goreleaser release --snapshot in $d/"
  (cd "$work/$d" && "$GORELEASER" release --snapshot --clean >"$work/$d.log" 2>&1) ||
    { cat "$work/$d.log"; exit 1; }
done
out=$work/a/bin/release
rev=$(git -C "$work/a" rev-parse HEAD | cut -c1-12)

fail() { echo "release-check: $*" >&2; exit 1; }

# The archives, by the names the GitHub Action downloads.
want=""
for t in linux_amd64 linux_arm64 darwin_amd64 darwin_arm64 windows_amd64 windows_arm64; do
  case $t in windows_*) ext=zip ;; *) ext=tar.gz ;; esac
  want="$want plugforge_$t.$ext"
done
got=$(cd "$out" && ls plugforge_*.tar.gz plugforge_*.zip 2>/dev/null | sort | tr '\n' ' ')
[ "$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')" = "$got" ] ||
  fail "archives are [$got], want [$want ]"

# checksums.txt names exactly those archives, and they match.
[ "$(awk '{print $2}' "$out/checksums.txt" | sort | tr '\n' ' ')" = "$got" ] ||
  fail "checksums.txt does not list exactly the archives"
if command -v sha256sum >/dev/null; then sum="sha256sum"; else sum="shasum -a 256"; fi
(cd "$out" && $sum -c --quiet checksums.txt) || fail "checksums.txt does not match the archives"

# Each archive holds README.md and the binary for its own platform, built
# from this commit with -trimpath and without cgo.
mkdir "$work/x"
for a in $want; do
  t=${a#plugforge_}; t=${t%%.*}; os=${t%_*}; arch=${t#*_}
  dir=$work/x/$t
  mkdir "$dir"
  case $a in
    *.zip) (cd "$dir" && unzip -q "$out/$a") ;;
    *) tar -xzf "$out/$a" -C "$dir" ;;
  esac
  bin=plugforge; [ "$os" = windows ] && bin=plugforge.exe
  [ "$(cd "$dir" && ls | sort | tr '\n' ' ')" = "README.md $bin " ] ||
    fail "$a holds [$(cd "$dir" && ls | tr '\n' ' ')], want [README.md $bin]"
  info=$(go version -m "$dir/$bin")
  for setting in "GOOS=$os" "GOARCH=$arch" "-trimpath=true" "CGO_ENABLED=0" "vcs.revision=$(git -C "$work/a" rev-parse HEAD)"; do
    grep -q -- "[[:space:]]$setting\$" <<<"$info" || fail "$a: the binary's build info lacks $setting"
  done
  echo "ok $a"
done

# The binary for this machine runs and names its commit.
host=$(go env GOOS)_$(go env GOARCH)
if [ -d "$work/x/$host" ] && [ "$(go env GOOS)" != windows ]; then
  v=$("$work/x/$host/plugforge" --version)
  echo "$v"
  grep -Eq "^plugforge v[^ ]+ \(commit $rev\)\$" <<<"$v" || fail "--version printed \"$v\""
fi

# Reproducible: the same commit built from another path, byte for byte.
cmp -s "$out/checksums.txt" "$work/b/bin/release/checksums.txt" || {
  diff "$out/checksums.txt" "$work/b/bin/release/checksums.txt" >&2 || true
  fail "two snapshot builds of one commit differ"
}
echo "reproducible: two builds from different paths gave identical archives"

rm -rf "$root/bin/release"
mkdir -p "$root/bin"
cp -R "$out" "$root/bin/release"
echo "release-check: ok (archives in bin/release/)"
