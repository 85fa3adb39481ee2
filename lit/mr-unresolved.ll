; A metamorphic oracle only trusts a source run that repeats itself: a
; program whose output changes from run to run would look like a violation
; every time. Here the "program runner" prints a random number, so the
; input cannot be judged, and whittle says why instead of reducing noise.
;
; RUN: not %whittle --mr user --mr-followup 'cp %%s %%t' --mr-run '%python -c "import random; print(random.random())" %%s' %s 2>&1 | FileCheck %s
; CHECK: whittle: error: --mr user-defined ({{.*}}) cannot judge the input: the source behaves differently from run to run

define i32 @main() {
  ret i32 0
}
