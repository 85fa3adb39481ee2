#!/usr/bin/env python3
"""count-runs.py LOG COMMAND ARG...: append a line to LOG, then run COMMAND
ARG... in its place (same arguments, same exit status). A test wrapped in it
leaves one line in LOG per time it was run."""
import os
import sys

with open(sys.argv[1], "a") as log:
    log.write("run\n")
os.execvp(sys.argv[2], sys.argv[2:])
