#!/bin/sh
if [ -f NOTES.md ]; then
  echo notes
