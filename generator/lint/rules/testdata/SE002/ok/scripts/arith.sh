#!/usr/bin/env bash
# Counters the script sets itself: arithmetic assignments store numbers.
steps=3
for ((i = 0; i < steps; i++)); do
  eval "step_$i=$((i * 2 + steps))"
done
(( total += steps ))
eval "sum=$((total))"
# An associative array's index is a key, not arithmetic.
declare -A label=([ok]=fine)
eval "echo ${label[ok]}"
# The clock in the script's own format is a number, not outside text.
start=$(date +%s)
end=$(date +%s)
eval "took=$((end - start))"
