#!/usr/bin/env bash
input=$(cat)
echo "$input"
