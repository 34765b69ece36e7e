#!/usr/bin/env bash
echo installing
