#!/usr/bin/env bash
sudo npm install -g tool # want SE009:1 `script runs sudo`
