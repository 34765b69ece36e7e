#!/usr/bin/env bash
cmd=$(cat "$1")
eval "$cmd" # plugforge-disable-line SE002
