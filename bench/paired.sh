#!/usr/bin/env bash
# Times two commands as whole processes, in turn (A B A B ...), and reports
# each one's wall time, CPU time (user + system) and peak RSS, and the
# ratio A/B pair by pair: pairing keeps the ratio meaningful when the
# machine's speed drifts during the runs (another tenant, the load).
#
#   bench/paired.sh [-n PAIRS] [-w WARMUP] 'COMMAND_B' 'COMMAND_A'
#
# B is the baseline (the build before a change), A the command measured
# (the build after it). Each command is one string run by sh -c, its output
# thrown away; -n pairs are timed (default 11) after -w warm-up runs of
# each (default 1). Printed: min, median and max of each figure; quote the
# median. Needs GNU time (apt-get install time).
#
# Example, the check of 5,000 cards by two builds:
#   bench/paired.sh -n 21 'old/oncard validate cards/*.json' 'new/oncard validate cards/*.json'
set -euo pipefail

pairs=11
warmup=1
while getopts "n:w:" opt; do
	case "$opt" in
	n) pairs="$OPTARG" ;;
	w) warmup="$OPTARG" ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ "$#" -ne 2 ]; then
	echo "usage: bench/paired.sh [-n PAIRS] [-w WARMUP] 'COMMAND_B' 'COMMAND_A'" >&2
	exit 2
fi
b="$1"
a="$2"
if ! [ -x /usr/bin/time ]; then
	echo "paired.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2
	exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# run CMD OUT: one timed run of CMD, its figures appended to OUT as
# "wall cpu peak_kb". A command that fails stops the comparison: its
# times would not be of the work asked.
run() {
	if ! /usr/bin/time -f '%e %U %S %M' -o "$tmp/t" sh -c "$1" >/dev/null 2>"$tmp/err"; then
		echo "paired.sh: failed: $1" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	awk '{printf "%s %.3f %s\n", $1, $2 + $3, $4}' "$tmp/t" >>"$2"
}

for _ in $(seq "$warmup"); do
	run "$a" "$tmp/warm"
	run "$b" "$tmp/warm"
done
for _ in $(seq "$pairs"); do
	run "$a" "$tmp/a"
	run "$b" "$tmp/b"
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
paste -d' ' "$tmp/a" "$tmp/b" | awk -v n="$pairs" '
function stats(v, k,   i, j, t, m) {
	for (i = 1; i <= n; i++) s[i] = v[i]
	for (i = 2; i <= n; i++) {
		t = s[i]
		for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]
		s[j + 1] = t
	}
	m = (n % 2) ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
	printf "%-14s %9.3f %9.3f %9.3f\n", k, s[1], m, s[n]
}
{
	aw[NR] = $1; ac[NR] = $2; ap[NR] = $3 / 1024
	bw[NR] = $4; bc[NR] = $5; bp[NR] = $6 / 1024
	rw[NR] = ($4 > 0) ? $1 / $4 : 0
	rc[NR] = ($5 > 0) ? $2 / $5 : 0
}
END {
	printf "%-14s %9s %9s %9s\n", "figure", "min", "median", "max"
	stats(aw, "A wall s"); stats(bw, "B wall s")
	stats(ac, "A cpu s"); stats(bc, "B cpu s")
	stats(ap, "A peak MB"); stats(bp, "B peak MB")
	stats(rw, "A/B wall"); stats(rc, "A/B cpu")
}'
