#!/bin/sh
if [ -n "$HOME" ]
  echo "session started"
fi
