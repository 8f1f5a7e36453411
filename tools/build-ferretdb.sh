#!/usr/bin/env bash
# Builds FerretDB v1 (SQLite backend, pure Go) from the Go module proxy into .cache/ferretdb/.
# `go install …/cmd/ferretdb@v1.24.2` alone gives a binary that panics at start-up: the module
# lacks the generated build/version/version.txt, so we write it into a copy of the source.
set -euo pipefail
VERSION="${FERRETDB_VERSION:-v1.24.2}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.cache/ferretdb"
bin="$out/ferretdb-$VERSION"
if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
command -v go >/dev/null || { echo "go is not installed: cannot build FerretDB" >&2; exit 1; }
mkdir -p "$out"
src="$(go mod download -json "github.com/FerretDB/FerretDB@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "go mod download gave no source directory" >&2; exit 1; }
work="$(mktemp -d)"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cp -r "$src/." "$work/"
chmod -R u+w "$work"
echo "$VERSION" >"$work/build/version/version.txt"
echo "unknown" >"$work/build/version/commit.txt"
echo "unknown" >"$work/build/version/branch.txt"
echo "herald-test" >"$work/build/version/package.txt"
(cd "$work" && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -o "$bin.tmp.$$" ./cmd/ferretdb >&2)
mv "$bin.tmp.$$" "$bin"
echo "$bin"
