# Defaults for the checks.
MAX_HEADINGS=40
