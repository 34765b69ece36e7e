#!/usr/bin/env bash
# Helper for another tool; nothing in the plugin runs it.
if [ -n "$1" ]; then
  echo "$1"
