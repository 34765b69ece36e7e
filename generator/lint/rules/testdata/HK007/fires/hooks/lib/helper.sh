#!/usr/bin/env bash
echo helper
