; Arguments go from definitions and declarations; every call and invoke is
; rewritten (call-site attributes of kept arguments stay with them); the
; instructions that used a removed argument go with it. Functions in musttail
; calls and callbr callees keep their signatures; the byval frame argument of
; an x86_intrcc function stays while it has others.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=arguments --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @table = global {{.*}}@callee
; CHECK-INTERESTINGNESS: define {{.*}}@callee({{.*}}%keep
; CHECK-INTERESTINGNESS: ret i32 %keep
; CHECK-INTERESTINGNESS: define void @caller(
; CHECK-INTERESTINGNESS: call {{.*}}@callee(
; CHECK-INTERESTINGNESS: invoke {{.*}}@callee(
; CHECK-INTERESTINGNESS: define {{.*}}@tail_callee(
; CHECK-INTERESTINGNESS: define {{.*}}@tail_caller(
; CHECK-INTERESTINGNESS: define {{.*}}@interrupt({{.*}}i32 %code
; CHECK-INTERESTINGNESS: define void @uses_blockaddress(
; CHECK-INTERESTINGNESS: blockaddress(@uses_blockaddress

; CHECK-FINAL: @table = global [1 x ptr] [ptr @callee]
; CHECK-FINAL: declare void @ext(ptr)
; CHECK-FINAL: define internal i32 @callee(i32 noundef %keep) #0 {
; CHECK-FINAL-NEXT: ret i32 %keep
; CHECK-FINAL: define void @caller() personality ptr @__gxx_personality_v0 {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: %r = call fastcc i32 @callee(i32 noundef 7) #1, !annotation
; CHECK-FINAL-NEXT: %s = invoke i32 @callee(i32 noundef 8)
; CHECK-FINAL-NEXT: to label %cont unwind label %lpad
; CHECK-FINAL: define i32 @tail_callee(i32 %a, i32 %b)
; CHECK-FINAL: define i32 @tail_caller(i32 %a, i32 %b)
; CHECK-FINAL-NEXT: musttail call i32 @tail_callee(i32 %a, i32 %b)
; CHECK-FINAL: define x86_intrcc void @interrupt(ptr byval(i32) %frame, i32 %code)
; CHECK-FINAL: define void @uses_blockaddress() {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: call void @ext(ptr blockaddress(@uses_blockaddress, %target))

@table = global [1 x ptr] [ptr @callee]

declare void @ext(ptr)

define internal i32 @callee(i32 %drop, i32 noundef %keep, ptr %gone) nounwind {
  %unused = add i32 %drop, 1
  store i32 %drop, ptr %gone
  ret i32 %keep
}

define void @caller(i32 %x, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %r = call fastcc i32 @callee(i32 %x, i32 noundef 7, ptr %p) readnone, !annotation !0
  %s = invoke i32 @callee(i32 %x, i32 noundef 8, ptr %p)
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define i32 @tail_callee(i32 %a, i32 %b) {
  ret i32 %a
}

define i32 @tail_caller(i32 %a, i32 %b) {
  %r = musttail call i32 @tail_callee(i32 %a, i32 %b)
  ret i32 %r
}

define x86_intrcc void @interrupt(ptr byval(i32) %frame, i32 %code, i32 %drop) {
  store i32 %code, ptr %frame
  ret void
}

define void @uses_blockaddress(i32 %x) {
entry:
  call void @ext(ptr blockaddress(@uses_blockaddress, %target))
  ret void

target:
  ret void
}

declare i32 @__gxx_personality_v0(...)

!0 = !{!"kept"}
