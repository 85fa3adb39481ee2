; operands-zero turns operands into zero/null, except those that must stay:
; switch case values (no duplicate cases), GEP struct indices, alloca
; counts (no zero-sized allocas), lifetime pointers, immarg, swifterror and
; EH pad operands, tokens and callees. A PHI's entries for one predecessor
; change together. The test only needs the instructions to exist.
;
; RUN: %ir_for_llvm %s > %t.in.ll
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-zero --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %t.in.ll -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: store
; CHECK-INTERESTINGNESS: call void @llvm.memset
; CHECK-INTERESTINGNESS: landingpad
; CHECK-INTERESTINGNESS: switch

; CHECK-FINAL: %slot = alloca i32, i32 %n
; CHECK-FINAL-NEXT: %err = alloca swifterror ptr
; CHECK-FINAL-NEXT: call void @llvm.lifetime.start.p0({{(i64 -1, )?}}ptr %slot)
; CHECK-FINAL-NEXT: %field = getelementptr { i32, [4 x i32] }, ptr null, i64 0, i32 1, i64 0
; CHECK-FINAL-NEXT: store i32 0, ptr null
; CHECK-FINAL-NEXT: call void @llvm.memset.p0.i64(ptr null, i8 0, i64 0, i1 true)
; CHECK-FINAL-NEXT: call void @takes_error(ptr swifterror %err)
; CHECK-FINAL-NEXT: %tok = call token @llvm.make.token()
; CHECK-FINAL-NEXT: call void @llvm.use.token(token %tok)
; CHECK-FINAL-NEXT: invoke void @may_throw(i32 0)
; CHECK-FINAL: landingpad { ptr, i32 }
; CHECK-FINAL-NEXT: catch ptr @typeinfo
; CHECK-FINAL: switch i32 0, label %done [
; CHECK-FINAL-NEXT: i32 1, label %join
; CHECK-FINAL-NEXT: i32 2, label %join
; CHECK-FINAL: %p = phi i32 [ 0, %cont ], [ 0, %cont ], [ 0, %other ]

@typeinfo = external constant ptr

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @takes_error(ptr swifterror)
declare token @llvm.make.token()
declare void @llvm.use.token(token)
declare void @may_throw(i32)
declare i32 @personality(...)

define i32 @f(i32 %s, i32 %n, i32 %x, i32 %y, ptr %q, i8 %v, i64 %len) personality ptr @personality {
entry:
  %slot = alloca i32, i32 %n
  %err = alloca swifterror ptr
  call void @llvm.lifetime.start.p0(ptr %slot)
  %field = getelementptr { i32, [4 x i32] }, ptr %q, i64 %len, i32 1, i64 %len
  store i32 %x, ptr %field
  call void @llvm.memset.p0.i64(ptr %slot, i8 %v, i64 %len, i1 true)
  call void @takes_error(ptr swifterror %err)
  %tok = call token @llvm.make.token()
  call void @llvm.use.token(token %tok)
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo
  resume { ptr, i32 } %lp

cont:
  switch i32 %s, label %done [
    i32 1, label %join
    i32 2, label %join
  ]

done:
  br label %other

other:
  br label %join

join:
  %p = phi i32 [ %y, %cont ], [ %y, %cont ], [ %x, %other ]
  ret i32 %p
}
