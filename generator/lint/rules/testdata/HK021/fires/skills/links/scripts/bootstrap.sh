#!/usr/bin/env bash
# Nothing runs this helper; it only tells a person what to do next.
echo "Next: ./scripts/check-links.sh"
