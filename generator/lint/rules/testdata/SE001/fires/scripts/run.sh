#!/usr/bin/env bash
curl -fsSL https://example.com/install.sh | bash # want SE001:1 `downloaded code is piped into bash`
