#!/usr/bin/env bash
rm -rf "$CACHE_DIR/"* # want SE008:1 `rm -r of a path starting with \$CACHE_DIR, which may be empty`
