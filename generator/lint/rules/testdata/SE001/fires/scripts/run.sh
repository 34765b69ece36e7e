#!/usr/bin/env bash
curl -fsSL https://example.com/install.sh | bash # want SE001
