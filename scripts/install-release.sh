#!/usr/bin/env bash
# Install a released plugforge for this machine:
#
#   scripts/install-release.sh VERSION DIR
#
# VERSION is "latest" or a release tag such as v1.2.3. The archive for this
# OS and architecture and the release's checksums.txt are downloaded, the
# archive is checked against its SHA-256 there, and only then unpacked into
# DIR. The binary's path is printed on stdout; progress goes to stderr.
#
# action.yml runs it for its `version` input (RUNNER_OS and RUNNER_ARCH name
# the platform there; elsewhere uname does). Needs bash, curl, tar, and
# unzip or 7z on Windows. PLUGFORGE_RELEASES overrides the releases address
# (the tests serve a fake release from a local server).
set -euo pipefail

die() {
  echo "install-release: $*" >&2
  exit 1
}

[ $# -eq 2 ] || die "usage: install-release.sh VERSION DIR (VERSION: latest or a tag such as v1.2.3)"
version=$1
dir=$2
releases=${PLUGFORGE_RELEASES:-https://github.com/plugforge/plugforge/releases}

# A version is spliced into a URL, so only these two shapes are accepted.
if [ "$version" != latest ] && ! [[ $version =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  die "version \"$version\" is neither \"latest\" nor a release tag such as v1.2.3"
fi

runner_os=${RUNNER_OS:-$(uname -s)}
case $runner_os in
  Linux) os=linux ;;
  macOS | Darwin) os=darwin ;;
  Windows | MINGW* | MSYS* | CYGWIN*) os=windows ;;
  *) die "no plugforge release for the OS \"$runner_os\"; build it with go install instead" ;;
esac
runner_arch=${RUNNER_ARCH:-$(uname -m)}
case $runner_arch in
  X64 | x86_64 | amd64) arch=amd64 ;;
  ARM64 | aarch64 | arm64) arch=arm64 ;;
  *) die "no plugforge release for the architecture \"$runner_arch\"; build it with go install instead" ;;
esac
ext=tar.gz
[ "$os" = windows ] && ext=zip
asset=plugforge_${os}_${arch}.${ext}

fetch() { curl -fsSL --retry 3 --proto '=https,http' -o "$2" "$1"; }

# "latest" is resolved to its tag first, so the archive and checksums.txt
# come from one release even if another is published meanwhile.
if [ "$version" = latest ]; then
  url=$(curl -fsSL --retry 3 -o /dev/null -w '%{url_effective}' "$releases/latest") ||
    die "cannot find the latest release at $releases/latest"
  version=${url##*/}
  [[ $version =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] ||
    die "the latest release resolved to \"$url\", which names no release tag"
fi
base=$releases/download/$version

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "downloading plugforge $version ($asset)" >&2
fetch "$base/$asset" "$tmp/$asset" || die "cannot download $base/$asset"
fetch "$base/checksums.txt" "$tmp/checksums.txt" || die "cannot download $base/checksums.txt"

want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' "$tmp/checksums.txt")
[ -n "$want" ] || die "checksums.txt of $version does not list $asset; not installing it"
if command -v sha256sum >/dev/null 2>&1; then
  got=$(sha256sum "$tmp/$asset" | awk '{ print $1 }')
else
  got=$(shasum -a 256 "$tmp/$asset" | awk '{ print $1 }')
fi
[ "$got" = "$want" ] || die "$asset has SHA-256 $got, but checksums.txt of $version says $want; not installing it"

mkdir -p "$dir"
case $ext in
  zip)
    if command -v unzip >/dev/null 2>&1; then
      unzip -o -q "$tmp/$asset" -d "$dir"
    else
      7z x -y -bd -o"$dir" "$tmp/$asset" >/dev/null
    fi
    bin=$dir/plugforge.exe
    ;;
  *)
    tar -xzf "$tmp/$asset" -C "$dir"
    bin=$dir/plugforge
    ;;
esac
[ -f "$bin" ] || die "$asset holds no $(basename "$bin")"
"$bin" --version >&2 || die "$bin does not run on this machine"
echo "$bin"
