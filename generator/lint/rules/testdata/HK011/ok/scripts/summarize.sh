#!/usr/bin/env python3
# Named .sh by habit, but the #! line makes this a python script.
import json, sys

def main():
    data = json.load(sys.stdin)
    print(f"{len(data.get('files', []))} files changed")

if __name__ == "__main__":
    main()
