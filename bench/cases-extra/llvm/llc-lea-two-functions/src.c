// Two functions of a small program, for llc-lea-two-functions: llc turns
// the times-three in the loop of sum() into an LEA.
#include <string.h>
struct S { int a[16]; long n; };
int sum(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i] * 3; return s; }
void fill(struct S *s, const int *src, int n) {
  memcpy(s->a, src, n * sizeof(int));
  s->n = sum(s->a, n);
}
