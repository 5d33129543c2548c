#!/usr/bin/env bash
# Writes cmd/oncard/default.pgo, the CPU profile `go build ./cmd/oncard`
# optimises the binary with (profile-guided optimisation), from the
# benchmarks of what oncard is run for most, each a share of the profile
# as long as it runs:
#   validate/BenchmarkCheckInLineVariants    many large cards checked one after
#                                            another (a run of many files);
#   validate/BenchmarkBytesLarge             one large card from its bytes (a
#                                            single file: its text rules on the
#                                            helper);
#   validate/BenchmarkCatalogInlineCards1000 an AI Catalog of inline cards.
# Not json.Valid (BenchmarkCheckVsJSONValid), which oncard does not run:
# optimised by the profile, it would only make that benchmark's yardstick
# faster.
# The test binaries are built without the profile (only a main package's
# build reads default.pgo), so a new profile does not depend on the old.
# Run it again when the hot paths have changed (docs/PERFORMANCE.md).
#
#   bench/pgo.sh
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$repo"

go test -c -o "$tmp/validate.test" ./validate
# bench NAME BENCH TIMES: one validate benchmark's CPU profile, run in
# validate/ as go test runs it.
bench() {
	(cd validate && "$tmp/validate.test" -test.run '^$' -test.bench "$2" -test.benchtime "$3" \
		-test.cpuprofile "$tmp/$1.prof" >/dev/null)
}
bench inline 'CheckInLineVariants$' 20000x
bench single 'BytesLarge$' 3000x
bench catalog 'CatalogInlineCards1000$' 20x
go run ./bench/pgo -o cmd/oncard/default.pgo "$tmp"/*.prof
echo "wrote cmd/oncard/default.pgo" >&2
