// Undefined behaviour that looks like a miscompilation: x + 1 > x
// overflows for INT_MAX, which -O0 wraps and -O2 folds to true.
#include <limits.h>
#include <stdio.h>
__attribute__((noinline)) int grow(int x) { return x + 1 > x; }
int main(int argc, char **argv) {
  printf("%d\n", grow(INT_MAX - 1 + argc));
  return 0;
}
