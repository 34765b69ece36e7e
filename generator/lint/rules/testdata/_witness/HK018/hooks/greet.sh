#!/bin/sh
echo "session started"
