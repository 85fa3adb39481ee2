"""Interestingness test for bitcode candidates: fails unless the candidate is
bitcode, then runs FileCheck --check-prefix=INTERESTING on its disassembly.

usage: dis-and-check.py CHECK-FILE CANDIDATE
"""
import subprocess
import sys

check_file, candidate = sys.argv[1], sys.argv[2]
with open(candidate, "rb") as f:
    if f.read(4) != b"BC\xc0\xde":
        sys.exit(2)
dis = subprocess.run(["llvm-dis", candidate, "-o", "-"], capture_output=True, check=True)
check = subprocess.run(
    ["FileCheck", "--check-prefix=INTERESTING", check_file], input=dis.stdout
)
sys.exit(check.returncode)
