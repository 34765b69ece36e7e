#!/usr/bin/env python3
# /// script
# dependencies = []
# ///
print("found")
