#!/usr/bin/env bash
cmd="ls -l"
# plugforge-disable-next-line eval-input the command is built from constants above
eval "$cmd"
