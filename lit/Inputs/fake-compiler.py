"""A stand-in for a buggy LLVM tool, for deterministic oracle tests.

usage: fake-compiler.py FILE.ll

Reads the module text and "compiles" it: prints one `emit <opcode>` line per
instruction on stdout and exits 0, except that it
- dies like an LLVM fatal error (message, stack dump, SIGABRT) when the
  module calls @boom;
- dies like a failed assertion (message, SIGABRT) when it calls @other_bug;
- segfaults (stack dump naming FakeISel::select) when it calls @segv.
"""
import os
import re
import signal
import sys

text = open(sys.argv[1]).read()
calls = set(re.findall(r"call \w+ @(\w+)\(", text))


def stack_dump(frames):
    sys.stderr.write("PLEASE submit a bug report.\nStack dump:\n")
    sys.stderr.write("0.\tProgram arguments: fake-compiler %s\n" % sys.argv[1])
    sys.stderr.write("Stack dump without symbol names:\n")
    for i, f in enumerate(["llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)"] + frames):
        sys.stderr.write("%d  libFake.so 0x%016x %s + %d\n" % (i, 0x7F0000000000 + 16 * i, f, 3 * i))
    sys.stderr.flush()


if "boom" in calls:
    sys.stderr.write("LLVM ERROR: boom reached while lowering 0x%x\n" % id(text))
    stack_dump(["llvm::report_fatal_error(llvm::Twine const&, bool)", "FakeLowering::lowerBoom()", "FakeLowering::run()"])
    os.kill(os.getpid(), signal.SIGABRT)
if "other_bug" in calls:
    sys.stderr.write("fake-compiler: Fake.cpp:42: void check(): Assertion `!OtherBug' failed.\n")
    stack_dump(["__assert_fail", "FakeChecker::check()", "FakeLowering::run()"])
    os.kill(os.getpid(), signal.SIGABRT)
if "segv" in calls:
    stack_dump(["FakeISel::select(Node*)", "FakeISel::run()"])
    os.kill(os.getpid(), signal.SIGSEGV)
for opcode in re.findall(r"^\s+(?:%\S+ = )?(\w+)", text, re.M):
    print("emit", opcode)
