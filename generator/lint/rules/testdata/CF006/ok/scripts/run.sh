#!/usr/bin/env bash
cmd=$(cat "$1")
# plugforge-disable-next-line eval-input the caller passes a command file it wrote itself
eval "$cmd"
