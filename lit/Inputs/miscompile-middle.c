// A program the test plugin's wt-miscompile makes misbehave at -O2: it
// turns `add X, -1` into `add X, 1` in functions named marked*. It reads a
// number from stdin and counts its arguments, so that --stdin and
// --run-args reach every run.
#include <stdio.h>

__attribute__((noinline)) int marked_dec(int x) { return x - 1; }

__attribute__((noinline)) int scale(int x) { return x * 3 + 1; }

int main(int argc, char **argv) {
  int n = 0;
  if (scanf("%d", &n) != 1)
    return 2;
  printf("%d %d\n", scale(n), marked_dec(n + argc));
  return 0;
}
