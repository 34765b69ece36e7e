#!/usr/bin/env bash
# A SessionStart hook's stdout is added to Claude's context. Keep it to one
# line: every session pays for it.
set -euo pipefail

echo "Before committing, {{.Cmd "review-changes"}} reviews the uncommitted changes against a checklist."
