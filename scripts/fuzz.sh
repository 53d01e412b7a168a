#!/bin/sh
# `make fuzz`: runs every libFuzzer target of skillbook-fuzz for FUZZ_SECONDS each, then the
# whole-pipeline mutation fuzzer, and prints executions and coverage per target.
#
# Seeds come from the fixtures, Content/ and ../shared/corpora (when present). Each input gets
# FUZZ_TIMEOUT seconds and FUZZ_RSS_MB of memory; an input that crashes, hangs or runs out of
# memory is saved under Tests/FuzzRegressions/TARGET/, where `swift test` replays it for good.
set -u
BIN=${FUZZ_BIN:-.build/fuzz/release/skillbook-fuzz}   # linked with libFuzzer
TOOL=${FUZZ_TOOL:-.build/release/skillbook-fuzz}      # ordinary build: target list, pipeline fuzzer
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
WORK=.build/fuzz-corpus
REGRESSIONS=Tests/FuzzRegressions
failed=""

markdown_seeds() {
    find Tests Content ../shared/corpora -name '*.md' -size -64k 2>/dev/null | sort | head -400
}

# Seeds for one target into its working corpus (once: later runs keep what they found).
seed() {
    target=$1; corpus=$2
    [ -n "$(ls -A "$corpus" 2>/dev/null)" ] && return
    case $target in
    mustache) cp Templates/*.mustache "$corpus"/ ;;
    query) cut -f1 Tests/search-relevance/queries.tsv | head -300 | while IFS= read -r line; do
               printf '%s' "$line" > "$corpus/q-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"; done ;;
    links) markdown_seeds | xargs grep -ho '](\([^)]*\))' 2>/dev/null | sort -u | head -500 | while IFS= read -r link; do
               printf '%s' "$link" | sed 's/^](//; s/)$//' > "$corpus/l-$(printf '%s' "$link" | cksum | cut -d' ' -f1)"; done ;;
    frontmatter) markdown_seeds | while IFS= read -r file; do
               awk 'NR==1 && $0!="---" {exit} NR>1 && $0=="---" {exit} NR>1 {print}' "$file" > "$corpus/f-$(echo "$file" | cksum | cut -d' ' -f1)"; done ;;
    *) markdown_seeds | while IFS= read -r file; do cp "$file" "$corpus/m-$(echo "$file" | cksum | cut -d' ' -f1)"; done ;;
    esac
    # Hostile shapes: deep nesting, alias chains, long lines.
    python3 - "$corpus" <<'PY'
import sys
d = sys.argv[1]
shapes = {
    "deep-quotes": ">" * 3000 + " x\n",
    "deep-lists": "- " * 2000 + "x\n",
    "deep-emphasis": "*" * 3000 + "x" + "*" * 3000 + "\n",
    "alias-chain": "a: &a [x, x, x]\n" + "".join(f"b{i}: &b{i} [*{'a' if i == 0 else 'b' + str(i - 1)}, *{'a' if i == 0 else 'b' + str(i - 1)}]\n" for i in range(12)),
    "long-line": "`a` " * 3000 + "\n",
}
for name, text in shapes.items():
    open(f"{d}/g-{name}", "w").write(text)
PY
}

printf '%-14s %12s %10s %10s %8s  %s\n' target executions coverage features corpus result
for target in $("$TOOL" --list); do
    corpus=$WORK/$target
    mkdir -p "$corpus" "$REGRESSIONS/$target"
    seed "$target" "$corpus"
    log=$WORK/$target.log
    SKILLBOOK_FUZZ_TARGET=$target "$BIN" "$corpus" "$REGRESSIONS/$target" -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" \
        -rss_limit_mb="$RSS_MB" -max_len=65536 -artifact_prefix="$REGRESSIONS/$target/" -print_final_stats=1 \
        >"$log" 2>&1
    status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    inputs=$(ls "$corpus" | wc -l)
    if [ $status -eq 0 ]; then result=ok; else result="FAILED (see $log; input saved in $REGRESSIONS/$target/)"; failed="$failed $target"; fi
    printf '%-14s %12s %10s %10s %8s  %s\n' "$target" "${executions:-?}" "${coverage:-?}" "${features:-?}" "$inputs" "$result"
done
"$TOOL" pipeline --seconds "$SECONDS_PER_TARGET" Content || failed="$failed pipeline"
if [ -n "$failed" ]; then echo "fuzz: failures in:$failed"; exit 1; fi
