#!/usr/bin/env bash
version() {
  if [ -f VERSION ]; then
    cat VERSION
} # want HK011:1 "script \"scripts/lib.sh\" does not parse: `}` can only be used to close a block"
