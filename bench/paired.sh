#!/usr/bin/env bash
# Times two commands as whole processes, in turn (A B B A A B ...), and reports
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
# "wall cpu peak_kb": the wall time from the clock's nanoseconds, the CPU
# time from the shell's count of its children's (milliseconds; GNU time
# prints hundredths, too coarse for a command of a few milliseconds), the
# peak from GNU time. A command that fails stops the comparison: its times
# would not be of the work asked.
run() {
	local t0 t1
	t0="$(date +%s%N)"
	if ! (/usr/bin/time -f '%M' -o "$tmp/peak" sh -c "$1" >/dev/null 2>"$tmp/err" && times >"$tmp/times"); then
		echo "paired.sh: failed: $1" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	t1="$(date +%s%N)"
	# The second line of times is the children's user and system time,
	# as 0m0.012s 0m0.004s.
	awk -v wall="$(((t1 - t0) / 1000))" -v peak="$(tail -1 "$tmp/peak")" 'NR == 2 {
		cpu = 0
		for (f = 1; f <= 2; f++) {
			split($f, p, "m"); sub("s", "", p[2]); cpu += p[1] * 60 + p[2]
		}
		printf "%.6f %.6f %s\n", wall / 1e6, cpu, peak
	}' "$tmp/times" >>"$2"
}

for _ in $(seq "$warmup"); do
	run "$a" "$tmp/warm"
	run "$b" "$tmp/warm"
done
# The order within a pair changes from one pair to the next (A B, B A, …),
# so that neither command always runs right after the other.
for i in $(seq "$pairs"); do
	if [ $((i % 2)) -eq 1 ]; then
		run "$a" "$tmp/a"
		run "$b" "$tmp/b"
	else
		run "$b" "$tmp/b"
		run "$a" "$tmp/a"
	fi
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# Each pair as one row: A's wall, cpu, peak (MB), B's, then A/B of wall and
# of cpu (0 when B's is: a command too short to time).
paste -d' ' "$tmp/a" "$tmp/b" | awk '{
	printf "%s %s %.3f %s %s %.3f %.4f %.4f\n", $1, $2, $3 / 1024, $4, $5, $6 / 1024,
		($4 > 0) ? $1 / $4 : 0, ($5 > 0) ? $2 / $5 : 0
}' >"$tmp/pairs"
# stats LABEL COLUMN: the min, median and max of one column of the pairs.
stats() {
	cut -d' ' -f"$2" "$tmp/pairs" | sort -g | awk -v k="$1" '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%-14s %9.4f %9.4f %9.4f\n", k, v[1], m, v[NR]
	}'
}
printf '%-14s %9s %9s %9s\n' figure min median max
stats "A wall s" 1
stats "B wall s" 4
stats "A cpu s" 2
stats "B cpu s" 5
stats "A peak MB" 3
stats "B peak MB" 6
stats "A/B wall" 7
stats "A/B cpu" 8
