#!/usr/bin/env bash
# Compares `oncard validate` with two Ajv validators (bench/ajv) on the same
# N different large cards (testcards.LargeVariant(SEED, i): 200 skills, all
# listed in the On Request extension, 50 OASF skills and 20 domains, 91 KB
# (89 KiB) minified on average; hosts, names, ids, OASF picks and On
# Request entries differ per card). Both Ajv setups are Ajv 8 with the card schema plus the
# On Request schema, allErrors, formats asserted, files read and checked
# one by one in one process:
#   ajv             bench/ajv/validate.mjs: the schemas compiled at start-up;
#   ajv-standalone  bench/ajv/standalone.mjs: Ajv's standalone code,
#                   generated at npm ci (build-standalone.mjs), so start-up
#                   compiles nothing.
# oncard runs every oncard check. All list every finding. Each tool is run
# as a process, ROUNDS times, alternating (oncard, ajv, ajv-standalone,
# oncard, ...), and measured the same way by /usr/bin/time: wall time, CPU
# time (user + system) and peak RSS. Then the median of each tool and the
# ratios oncard/ajv and oncard/ajv-standalone. On a machine shared with
# other work, compare CPU times: wall times also count waiting for a core.
#
#   bench/compare.sh [N_CARDS] [ROUNDS] [FEWER]   (defaults: 5000 cards, 3 rounds)
#
# With FEWER (a number below N_CARDS) each round also runs each tool on the
# first FEWER cards, and the marginal cost of a card is printed per tool:
# (median at N_CARDS - median at FEWER) / (N_CARDS - FEWER), which leaves
# out start-up (process, runtime, Ajv's compilation).
#
# Needs go, node + npm and GNU time (apt-get install time).
# ONCARD_BIN=path uses an oncard binary already built instead of building.
# SEED=n generates another family of cards (default: gencards' default);
# SHAPE=large-same runs on N copies of testcards.Large(200, 50, 20) instead
# (133 KB, indented: the cards of the figures before the variants).
set -euo pipefail

n="${1:-5000}"
rounds="${2:-3}"
fewer="${3:-}"
if [ -n "$fewer" ] && ! [ "$fewer" -lt "$n" ] 2>/dev/null; then
	echo "compare.sh: FEWER ($fewer) must be a number below N_CARDS ($n)" >&2
	exit 2
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

shape="${SHAPE:-large}"
echo "building oncard and generating $n cards ($shape) in $tmp" >&2
if [ -n "${ONCARD_BIN:-}" ]; then
	cp "$ONCARD_BIN" "$tmp/oncard"
else
	(cd "$repo" && go build -o "$tmp/oncard" ./cmd/oncard)
fi
(cd "$repo" && go run ./bench/gencards -n "$n" -shape "$shape" ${SEED:+-seed "$SEED"} -out "$tmp/cards")
# npm ci also writes ajv-standalone's code from the repository's schemas
# (the postinstall script).
(cd "$repo/bench/ajv" && npm ci --silent --no-audit --no-fund)

card_schema="$repo/validate/schemas/a2a-card-v1.schema.json"
# The embedded On Request schema is the spec's, byte for byte
# (TestOnRequestSchemaIsSpecCopy).
or_schema="$repo/validate/schemas/on-request-v1.schema.json"

tools=(oncard ajv ajv-standalone)
command_of() {
	case "$1" in
	oncard) cmd=("$tmp/oncard" validate) ;;
	ajv) cmd=(node "$repo/bench/ajv/validate.mjs" "$card_schema" "$or_schema") ;;
	ajv-standalone) cmd=(node "$repo/bench/ajv/standalone.mjs") ;;
	esac
}

cards=("$tmp"/cards/*.json)
counts=("$n")
[ -z "$fewer" ] || counts+=("$fewer")

# Sanity: every tool accepts every card (a benchmark of failures would
# measure error formatting, not validation). Each exits 1 on an invalid
# card.
for tool in "${tools[@]}"; do
	command_of "$tool"
	if ! out=$("${cmd[@]}" "${cards[@]}"); then
		printf '%s\n' "$out" | tail -20
		echo "compare.sh: $tool does not accept every card" >&2
		exit 1
	fi
	if grep -q 'validate/unknown-document' <<< "$out"; then
		echo "compare.sh: oncard does not take every file for a card" >&2
		exit 1
	fi
	printf '%-15s %s\n' "$tool:" "$(printf '%s\n' "$out" | tail -2 | paste -sd '|' | sed 's/|/; /')"
done

echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
printf '%-15s %6s %8s %8s %8s %8s %9s\n' tool cards wall_s user_s sys_s cpu_s maxrss_MB
for _ in $(seq "$rounds"); do
	for count in "${counts[@]}"; do
		for tool in "${tools[@]}"; do
			command_of "$tool"
			/usr/bin/time -o "$tmp/t" -f '%e %U %S %M' "${cmd[@]}" "${cards[@]:0:count}" > /dev/null
			awk -v tool="$tool" -v count="$count" \
				'{ printf "%-15s %6d %8s %8s %8s %8.2f %9.0f\n", tool, count, $1, $2, $3, $2 + $3, $4 / 1024 }' "$tmp/t" |
				tee -a "$tmp/rows"
		done
	done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# median TOOL CARDS COLUMN: the median of one column of the rows above.
median() {
	awk -v tool="$1" -v count="$2" -v col="$3" '$1 == tool && $2 == count { print $col }' "$tmp/rows" | sort -n |
		awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo
printf 'median of %s rounds, %s cards (%s)\n' "$rounds" "$n" "$shape"
printf '%-15s %8s %8s %9s\n' tool wall_s cpu_s maxrss_MB
declare -A wall cpu
for tool in "${tools[@]}"; do
	wall[$tool]=$(median "$tool" "$n" 3)
	cpu[$tool]=$(median "$tool" "$n" 6)
	printf '%-15s %8.2f %8.2f %9.0f\n' "$tool" "${wall[$tool]}" "${cpu[$tool]}" "$(median "$tool" "$n" 7)"
done
for base in ajv ajv-standalone; do
	awk -v b="$base" -v cw="${wall[oncard]}" -v cc="${cpu[oncard]}" -v bw="${wall[$base]}" -v bc="${cpu[$base]}" \
		'BEGIN { printf "oncard/%-15s CPU %.2fx  wall %.2fx\n", b, cc / bc, cw / bw }'
done
if [ -n "$fewer" ]; then
	echo
	printf 'marginal cost of a card (%s cards against %s), ms\n' "$n" "$fewer"
	printf '%-15s %8s %8s\n' tool wall_ms cpu_ms
	for tool in "${tools[@]}"; do
		awk -v tool="$tool" -v d="$((n - fewer))" \
			-v w1="$(median "$tool" "$fewer" 3)" -v c1="$(median "$tool" "$fewer" 6)" \
			-v w2="${wall[$tool]}" -v c2="${cpu[$tool]}" \
			'BEGIN { printf "%-15s %8.3f %8.3f\n", tool, (w2 - w1) * 1000 / d, (c2 - c1) * 1000 / d }'
	done
fi
