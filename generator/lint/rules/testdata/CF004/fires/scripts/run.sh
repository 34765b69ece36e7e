#!/usr/bin/env bash
# plugforge-disable-next-line SE002 the command is built from constants # want CF004:31 `suppression of "SE002" matches no finding`
echo "hello"
