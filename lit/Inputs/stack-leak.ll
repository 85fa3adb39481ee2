; The issue's result: main returns the address of a stack slot, so the exit
; status is a byte of a randomized address. It also prints something the
; buggy optimizer changes (argc < 1 becomes argc <= 1), so the relation
; looks violated every time.
@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main(i32 %argc, ptr %argv) {
  %a = alloca [10 x i32], align 16
  %p = ptrtoint ptr %a to i64
  %v = trunc i64 %p to i32
  %c = icmp slt i32 %argc, 1
  %z = zext i1 %c to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %z)
  ret i32 %v
}
