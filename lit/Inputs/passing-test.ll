; RUN: opt -S %s | FileCheck %s
; CHECK: @f
define void @f() {
  ret void
}
