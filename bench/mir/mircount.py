#!/usr/bin/env python3
"""Machine instructions in MIR files: lines of `body:` blocks that are not
block labels, successors/liveins lists, comments or blank (bundled
instructions count one each). Independent of either reducer."""
import re, sys
for path in sys.argv[1:]:
    n = 0
    in_body = False
    for line in open(path):
        if line.startswith("body:"):
            in_body = True
            continue
        if in_body and (line.startswith("...") or line.startswith("---") or not line.startswith(" ")):
            in_body = False
            continue
        if not in_body:
            continue
        s = line.strip()
        if not s or s.startswith(";") or s.startswith("#"):
            continue
        if re.match(r"bb\.\d+", s) or s.startswith(("successors:", "liveins:")) or s in ("}", "{"):
            continue
        if s.endswith("{") :
            s = s[:-1].strip()
        n += 1
    print(n, path)
