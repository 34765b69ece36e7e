#!/usr/bin/env bash
if [ -f x ]; then # want HK011:1 "script \"scripts/setup.sh\" does not parse: `if` statement must end with `fi`"
  echo hi
