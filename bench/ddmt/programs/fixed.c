/* Signed fixed-point (Q16) arithmetic: a moving average, a Newton square
   root and a small filter over ten samples, all with signed shifts. */
#include <stdio.h>

typedef int q16;

static q16 to_q(int x) { return x * 65536; }
static q16 qmul(q16 a, q16 b) { return (q16)(((long long)a * b) >> 16); }
static q16 qdiv(q16 a, q16 b) { return (q16)(((long long)a << 16) / b); }

static q16 qsqrt(q16 x) {
  if (x <= 0) return 0;
  q16 r = x > to_q(1) ? x >> 1 : to_q(1);
  for (int i = 0; i < 12; i++) r = (r + qdiv(x, r)) >> 1;
  return r;
}

static void smooth(q16 *v, int n) {
  q16 prev = v[0];
  for (int i = 1; i < n; i++) {
    q16 cur = v[i];
    v[i] = (prev + cur) >> 1;
    prev = cur;
  }
}

static int sign_bucket(q16 x) {
  /* -1, 0 or 1 from the sign bit, by an arithmetic shift */
  return (x >> 31) | (int)((unsigned)-x >> 31);
}

int main(int argc, char **argv) {
  q16 s[10];
  int n = 9 + argc;
  for (int i = 0; i < n; i++) s[i] = to_q(i * i - 30) / 3 - (i << 12);
  smooth(s, n);
  long long sum = 0;
  int hist[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    sum += s[i];
    hist[sign_bucket(s[i]) + 1]++;
  }
  q16 mean = (q16)(sum / n);
  q16 var = 0;
  for (int i = 0; i < n; i++) var += qmul(s[i] - mean, s[i] - mean) / n;
  printf("mean %d.%04d\n", mean >> 16, ((mean & 0xffff) * 10000) >> 16);
  printf("sd %d\n", qsqrt(var) >> 8);
  printf("neg %d zero %d pos %d\n", hist[0], hist[1], hist[2]);
  return 0;
}
