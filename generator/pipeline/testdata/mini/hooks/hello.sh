#!/usr/bin/env bash
echo "hello from {{.Plugin.Name}}"
