@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @mix(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 1, %entry ], [ %s.next, %loop ]
  %t = mul i32 %s, 3
  %s.next = add i32 %t, %i
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @square(i32 %x) {
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = add i32 %argc, 9
  %r = call i32 @mix(i32 %n)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  %q = call i32 @square(i32 %argc)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %q)
  ret i32 0
}
