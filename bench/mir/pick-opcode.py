#!/usr/bin/env python3
"""Pick the machine opcode a sweep case asks about: in the function with the
most instructions, an opcode used once or twice, from the middle of its
body (not a COPY, PHI, IMPLICIT_DEF, debug or pseudo for the frame), so
that the question is neither trivial nor answered by the first block.
Prints it, or exits 1 when there is none."""
import re, sys

funcs, cur, in_body = [], None, False
for line in open(sys.argv[1]):
    if line.startswith("name:"):
        cur = []
        funcs.append(cur)
    elif line.startswith("body:"):
        in_body = True
    elif in_body and not line.startswith(" "):
        in_body = False
    elif in_body and cur is not None:
        m = re.match(r"\s+(?:[^=]+=\s+)?(?:[a-z-]+\s+)*([A-Z][A-Za-z0-9_]*)\b", line)
        if m and not line.strip().startswith(("bb.", "successors:", "liveins:")):
            cur.append(m.group(1))

boring = re.compile(r"^(COPY|PHI|G_PHI|IMPLICIT_DEF|G_IMPLICIT_DEF|KILL|DBG_\w+|CFI_INSTRUCTION|"
                    r"ADJCALLSTACK\w+|EH_LABEL|G_CONSTANT|G_BR|G_BRCOND|RET\w*|TAILJMP\w*|JMP\w*|B|PseudoRET)$")
if not funcs:
    sys.exit(1)
body = max(funcs, key=len)
counts = {}
for op in body:
    counts[op] = counts.get(op, 0) + 1
n = len(body)
middle = [op for i, op in enumerate(body) if n // 4 <= i <= 3 * n // 4]
for op in middle:
    if counts[op] <= 2 and not boring.match(op):
        print(op)
        sys.exit(0)
sys.exit(1)
