; stores-to-initializers writes a stored constant into the variable's
; initializer and deletes the store: at an offset into a struct of arrays
; too. The store the test wants stays, and so do the ones it cannot fold:
; volatile, a value that is not a constant, a variable whose initializer a
; link may replace (weak), a store that splits an element (an i8 into the
; second byte of an i32), a store into a local. A store whose index
; varies (a loop filling an array) puts its value into every element of an
; array of the stored type, nested arrays too; not into a struct, nor into
; an array of another type.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=stores-to-initializers --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: store i32 9, ptr @kept

; CHECK-FINAL: @g = global i32 7
; CHECK-FINAL: @s = global { i32, [2 x i16] } { i32 0, [2 x i16] [i16 0, i16 -3] }
; CHECK-FINAL: @kept = global i32 0
; CHECK-FINAL: @v = global i32 0
; CHECK-FINAL: @n = global i32 0
; CHECK-FINAL: @w = weak global i32 0
; CHECK-FINAL: @odd = global i32 0
; CHECK-FINAL: @arr = global [4 x i16] [i16 5, i16 5, i16 5, i16 5]
; CHECK-FINAL: @grid = global [2 x [3 x i8]] {{\[}}[3 x i8] c"\01\01\01", [3 x i8] c"\01\01\01"]
; CHECK-FINAL: @pair = global { i32, i32 } zeroinitializer
; CHECK-FINAL: @wide = global [2 x i64] zeroinitializer
; CHECK-FINAL-LABEL: define i32 @f(
; CHECK-FINAL-NOT: store i32 7
; CHECK-FINAL-NOT: store i16 -3
; CHECK-FINAL: store i32 9, ptr @kept
; CHECK-FINAL: store volatile i32 1, ptr @v
; CHECK-FINAL: store i32 %x, ptr @n
; CHECK-FINAL: store i32 2, ptr @w
; CHECK-FINAL: store i8 5, ptr getelementptr (i8, ptr @odd, i64 1)
; CHECK-FINAL: store i32 4, ptr %a

@g = global i32 0
@s = global { i32, [2 x i16] } zeroinitializer
@kept = global i32 0
@v = global i32 0
@n = global i32 0
@w = weak global i32 0
@odd = global i32 0
@arr = global [4 x i16] zeroinitializer
@grid = global [2 x [3 x i8]] zeroinitializer
@pair = global { i32, i32 } zeroinitializer
@wide = global [2 x i64] zeroinitializer

define i32 @f(i32 %x) {
  %a = alloca i32
  store i32 7, ptr @g
  %p = getelementptr { i32, [2 x i16] }, ptr @s, i64 0, i32 1, i64 1
  store i16 -3, ptr %p
  store i32 9, ptr @kept
  store volatile i32 1, ptr @v
  store i32 %x, ptr @n
  store i32 2, ptr @w
  store i8 5, ptr getelementptr (i8, ptr @odd, i64 1)
  store i32 4, ptr %a
  %r = load i32, ptr %a
  ret i32 %r
}

; CHECK-FINAL-LABEL: define void @fill(
; CHECK-FINAL-NOT: store i16 5
; CHECK-FINAL-NOT: store i8 1
; CHECK-FINAL: store i32 3, ptr %in.pair
; CHECK-FINAL: store i32 6, ptr %in.wide
define void @fill(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %in.arr = getelementptr [4 x i16], ptr @arr, i64 0, i64 %i
  store i16 5, ptr %in.arr
  %in.grid = getelementptr i8, ptr @grid, i64 %i
  store i8 1, ptr %in.grid
  %in.pair = getelementptr i32, ptr @pair, i64 %i
  store i32 3, ptr %in.pair
  %in.wide = getelementptr i32, ptr @wide, i64 %i
  store i32 6, ptr %in.wide
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
