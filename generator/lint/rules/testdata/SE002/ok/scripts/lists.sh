#!/usr/bin/env bash
# A bash 3.2 stand-in for mapfile: the array's name is the function's first
# argument, and every call passes a literal name, so eval sees only text
# this script wrote.
read_into() {
  local __name=$1 __line
  eval "$__name=()"
  while IFS= read -r __line; do
    eval "$__name+=(\"\$__line\")"
  done
}
read_into FILES < files.txt
read_into RULES < rules.txt
