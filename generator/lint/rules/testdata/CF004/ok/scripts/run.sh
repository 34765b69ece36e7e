#!/usr/bin/env bash
cmd="ls -l"
# plugforge-disable-next-line SE002 the command is built from constants above
eval "$cmd"
eval "$cmd" # plugforge-disable-line eval-input same constant command
