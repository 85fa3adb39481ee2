/* A front-end fatal error: clang's debug pragma calls LLVM's
   report_fatal_error (exit status 70 from -cc1, no signal). */
int f(int x) { return x + 1; }
#pragma clang __debug llvm_fatal_error
int g(int y) { return y * 2; }
