#!/usr/bin/env bash
source "${CLAUDE_PLUGIN_ROOT}/scripts/lib.sh"
echo "v$(version)"
