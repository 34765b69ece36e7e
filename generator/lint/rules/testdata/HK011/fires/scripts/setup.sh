#!/usr/bin/env bash
if [ -f x ]; then # want HK011
  echo hi
