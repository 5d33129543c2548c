#!/usr/bin/env bash
# Compares `oncard validate` with an Ajv-based validator (bench/ajv) on the
# same N large cards (testcards.Large(200,50,20), 133 KB each): the card
# schema plus the On Request schema for Ajv, every oncard check for oncard.
# Both list every finding. Each tool is run as a process, ROUNDS times,
# alternating, and measured the same way by /usr/bin/time: wall time, CPU
# time (user + system) and peak RSS. On a machine shared with other work,
# compare CPU times: wall times also count waiting for a core.
#
#   bench/compare.sh [N_CARDS] [ROUNDS]     (defaults: 5000 cards, 3 rounds)
#
# Needs go, node + npm and GNU time (apt-get install time).
# ONCARD_BIN=path uses an oncard binary already built instead of building.
set -euo pipefail

n="${1:-5000}"
rounds="${2:-3}"
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

oncard=("$tmp/oncard" validate)
ajv=(node "$repo/bench/ajv/validate.mjs" "$card_schema" "$or_schema")

# Sanity: both accept every card (a benchmark of failures would measure
# error formatting, not validation).
"${oncard[@]}" "$tmp"/cards/*.json | tail -1
"${ajv[@]}" "$tmp"/cards/*.json | tail -1

echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
printf '%-7s %8s %8s %8s %8s %9s\n' tool wall_s user_s sys_s cpu_s maxrss_MB
for _ in $(seq "$rounds"); do
	for tool in oncard ajv; do
		if [ "$tool" = oncard ]; then cmd=("${oncard[@]}"); else cmd=("${ajv[@]}"); fi
		/usr/bin/time -o "$tmp/t" -f '%e %U %S %M' "${cmd[@]}" "$tmp"/cards/*.json > /dev/null
		awk -v tool="$tool" '{ printf "%-7s %8s %8s %8s %8.2f %9.0f\n", tool, $1, $2, $3, $2 + $3, $4 / 1024 }' "$tmp/t"
	done
done
