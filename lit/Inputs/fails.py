#!/usr/bin/env python3
"""Run a command and succeed when it fails, by a non-zero exit status or by
a signal: `fails.py CMD ARGS...`. A clang driver reports a crash of its -cc1
either way, depending on how that clang was built (Debian's clang exits with
status 1, PyPI's LLVM 23 clang dies by the -cc1's signal), and `not` accepts
only the first, `not --crash` only the second."""

import subprocess
import sys

sys.exit(0 if subprocess.run(sys.argv[1:]).returncode != 0 else 1)
