#!/bin/sh
# The hand-written opt-bisect binary search a compiler engineer writes
# today (for the side-by-side figures in README.md; not used by whittle).
#
#   manual-opt-bisect.sh 'CMD' 'TEST'
#
# CMD is the failing tool command with LIMIT where -opt-bisect-limit's
# value goes; TEST is a shell command that reads CMD's combined output on
# stdin and exits 0 when the failure shows ("bad"). Prints the number of
# passes, the first bad limit (the culprit's number) with its BISECT line,
# and how many times CMD ran.
set -u
cmd=$1
test=$2
runs=0
run() { # LIMIT -> exit status of TEST on CMD's output
    runs=$((runs + 1))
    c=$(printf '%s' "$cmd" | sed "s/LIMIT/$1/g")
    sh -c "$c" 2>&1 | sh -c "$test" >/dev/null 2>&1
}
c=$(printf '%s' "$cmd" | sed "s/LIMIT/-1/g")
runs=$((runs + 1))
total=$(sh -c "$c" 2>&1 | grep -c '^BISECT: running pass')
echo "passes: $total"
run "$total" || { echo "not bad with every pass"; exit 1; }
run 0 && { echo "bad with no pass: not a pass bug"; exit 1; }
good=0
bad=$total
while [ $((bad - good)) -gt 1 ]; do
    mid=$(((good + bad) / 2))
    if run "$mid"; then bad=$mid; else good=$mid; fi
done
c=$(printf '%s' "$cmd" | sed "s/LIMIT/$bad/g")
runs=$((runs + 1))
sh -c "$c" 2>&1 | grep "^BISECT: running pass ($bad) "
echo "culprit: $bad; tool runs: $runs"
