#!/usr/bin/env bash
# Descriptor numbers listed by the kernel, each checked to be a whole
# number before eval closes it: a number carries no shell syntax.
for fd in $(ls /proc/self/fd); do
  [ "$fd" -gt 2 ] && eval "exec $fd>&-"
done
for slot in $(cat "$1"); do
  if [[ $slot =~ ^[0-9]+$ ]]; then
    eval "exec $slot<&-"
  fi
done
