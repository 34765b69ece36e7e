#!/bin/bash
ARGS="-name x"
eval "find . $ARGS"
