#!/usr/bin/env bash
cmd=$(cat "$1")
# plugforge-disable-next-line SE002 the caller passes a command file it wrote itself
eval "$cmd"
eval "$cmd" # plugforge-disable-line eval-input same command file
