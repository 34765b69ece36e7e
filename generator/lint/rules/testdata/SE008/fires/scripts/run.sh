#!/usr/bin/env bash
rm -rf "$CACHE_DIR/"* # want SE008
