; A user-defined relation violated only by chance: the "program" (here a
; runner that prints A or B from a fixed sequence, standing in for a source
; whose output is random) prints A on the source's run and B on the
; follow-up's, so the relation looks violated, and a single repeat run of
; the source prints A again and would call the violation real. The trust
; checks run the source three more times (two with address randomization
; off, one with it on), see B among them, and the input cannot be judged.
;
; RUN: rm -f %t.count
; RUN: not %whittle --mr user --mr-followup 'cp %%s %%t' --mr-run '%python %inputs/flaky-run.py %t.count ABABB %%s' %s -o %t 2>&1 | FileCheck %s
; CHECK: whittle: error: --mr user-defined ({{.*}}) cannot judge the input: the source behaves differently from run to run
;
; Run by run: the source (A), the follow-up (B), then the trust checks: the
; source with randomization off (A), with its stack moved (B), and the
; first of those again (B: not the stack, just not repeatable).
; RUN: FileCheck --check-prefix=RUNS %s < %t.count
; RUNS: 5

define i32 @main() {
  ret i32 0
}
