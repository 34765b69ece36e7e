#!/usr/bin/env bash
npm install --prefix "$HOME/.local" tool
