#!/usr/bin/env bash
eval "$(cat)" # want SE002
