#!/usr/bin/env bash
# Compares `oncard validate` with an Ajv-based validator (bench/ajv) on the
# same 300 large cards (testcards.Large(200,50,20)): the card schema plus the
# On Request schema for Ajv, every oncard check for oncard. Both list every
# finding. Needs go, node + npm, and hyperfine (apt-get install hyperfine);
# without hyperfine it falls back to bash's `time`.
#
#   bench/compare.sh [N_CARDS]        (from the repository root or anywhere)
#
# ONCARD_BIN=path uses an oncard binary already built instead of building.
set -euo pipefail

n="${1:-300}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "building oncard and generating $n large cards in $tmp" >&2
if [ -n "${ONCARD_BIN:-}" ]; then
	cp "$ONCARD_BIN" "$tmp/oncard"
else
	(cd "$repo" && go build -o "$tmp/oncard" ./cmd/oncard)
fi
(cd "$repo" && go run ./bench/gencards -n "$n" -shape large -out "$tmp/cards")
(cd "$repo/bench/ajv" && npm ci --silent --no-audit --no-fund)

card_schema="$repo/validate/schemas/a2a-card-v1.schema.json"
# The embedded On Request schema is the spec's, byte for byte
# (TestOnRequestSchemaIsSpecCopy).
or_schema="$repo/validate/schemas/on-request-v1.schema.json"

oncard_cmd="$tmp/oncard validate $tmp/cards/*.json"
ajv_cmd="node $repo/bench/ajv/validate.mjs $card_schema $or_schema $tmp/cards/*.json"

# Sanity: both accept every card (a benchmark of failures would measure
# error formatting, not validation).
eval "$tmp/oncard validate $tmp/cards/*.json" | tail -1
eval "node $repo/bench/ajv/validate.mjs $card_schema $or_schema $tmp/cards/*.json" | tail -1

echo "cores: $(nproc), GOMAXPROCS default" >&2
if command -v hyperfine > /dev/null; then
	# hyperfine discards the commands' output; exit status 0 is checked.
	hyperfine --warmup 2 --runs 10 \
		--command-name "oncard validate ($n cards)" "$oncard_cmd" \
		--command-name "ajv ($n cards)" "$ajv_cmd"
else
	echo "oncard:"; time (eval "$oncard_cmd" > /dev/null)
	echo "ajv:"; time (eval "$ajv_cmd" > /dev/null)
fi
