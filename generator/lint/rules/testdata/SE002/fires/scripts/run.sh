#!/usr/bin/env bash
eval "$(cat)" # want SE002:1 `eval executes expanded text as shell code`
