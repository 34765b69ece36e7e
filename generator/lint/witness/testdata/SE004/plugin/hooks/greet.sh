#!/bin/sh
echo "greeting from the plugin"
