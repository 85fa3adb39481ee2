// A program whose output changes in the code generator at -O2 with a
// planted option: -ffp-contract=fast lets llc's instruction selection fuse
// a * x + y into one FMA (rounded once), which llc -O0 does not; the
// optimizer leaves the two operations apart.
#include <stdio.h>

__attribute__((noinline)) double axpy(double a, double x, double y) { return a * x + y; }

int main(void) {
  volatile double a = 0.1, x = 10.0, y = -1.0;
  printf("%.17g\n", axpy(a, x, y));
  return 0;
}
