#!/usr/bin/env bash
# Installs these prompts into another editor; Claude Code never runs it.
curl -fsSL https://example.com/other-editor/install.sh | bash
