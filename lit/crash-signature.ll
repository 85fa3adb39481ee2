; A candidate that crashes *differently* is not interesting: the input
; crashes with @boom's fatal error, so the call to @boom stays even though
; deleting it would still crash (with @other_bug's assertion). With
; --signature=any either crash will do, and the result keeps only one.
;
; RUN: %whittle --abort-on-invalid-reduction --crash-cmd '%python %inputs/fake-compiler.py' %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=SAME --implicit-check-not=other_bug %s < %t
; RUN: %whittle --abort-on-invalid-reduction --signature=any --crash-cmd '%python %inputs/fake-compiler.py %%s' %s -o %t.any
; RUN: FileCheck --check-prefix=ANY %s < %t.any
; RUN: %whittle --abort-on-invalid-reduction --signature=frames:2 --crash-cmd '%python %inputs/fake-compiler.py %%s' %s -o %t.frames 2> %t.frames.log
; RUN: FileCheck --check-prefix=FRAMES %s < %t.frames.log
; RUN: FileCheck --check-prefix=SAME %s < %t.frames

; LOG: crash signature (--signature=auto): killed by signal 6 (SIGABRT), message "LLVM ERROR: boom reached while lowering 0x?"
; FRAMES: crash signature (--signature=frames:2): killed by signal 6 (SIGABRT), top frames: FakeLowering::lowerBoom() <- FakeLowering::run()

; SAME: call void @boom()
; ANY: define void @f() {
; ANY-NEXT: call void @{{boom|other_bug}}()
; ANY-NEXT: ret void

declare void @boom()
declare void @other_bug()

define void @f() {
  call void @boom()
  call void @other_bug()
  ret void
}
