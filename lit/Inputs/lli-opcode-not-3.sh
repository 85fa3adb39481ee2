#!/bin/sh
# Interesting when @main still returns whether the opcode it loads is 3
# (what lit/flaky-unwritten-opcode.ll keeps) and lli runs it to exit
# status 0: the opcode is not 3.
f=$1
for line in 'define i32 @main()' '%slot1 = getelementptr [2 x i32], ptr %ops, i64 0, i64 1' \
    '%op = load i32, ptr %slot1' '%is3 = icmp eq i32 %op, 3' \
    '%r = zext i1 %is3 to i32' 'ret i32 %r'; do
  grep -qF "$line" "$f" || exit 1
done
timeout 5 lli "$f" > /dev/null 2>&1
