#!/usr/bin/env bash
if [ -f x ]; then
  echo hi
fi
