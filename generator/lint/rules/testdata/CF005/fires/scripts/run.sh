#!/usr/bin/env bash
cmd="ls -l"
eval "$cmd" # plugforge-disable-line SE002
