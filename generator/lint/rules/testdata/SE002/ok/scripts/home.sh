#!/usr/bin/env bash
# Finds the user's home when HOME is unset by expanding ~login: the login
# name comes from the account running the script, not from any input.
home="${HOME:-$(eval echo ~${USER:-$(whoami)})}"
eval "cd ~${LOGNAME:-$(id -un)}"
echo "$home"
