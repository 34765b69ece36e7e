#!/usr/bin/env python3
"""Flag long lines: python3 check_style.py DIR"""
import sys
print(sys.argv[1:])
