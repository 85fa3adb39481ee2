/* Integer matrix product, transpose and a signed reduction. */
#include <stdio.h>

#define N 12

static void mul(int a[N][N], int b[N][N], int c[N][N], int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int s = 0;
      for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static long trace_minus(int c[N][N], int n) {
  long t = 0;
  for (int i = 0; i < n; i++) t += c[i][i] - c[i][n - 1 - i];
  return t;
}

int main(int argc, char **argv) {
  static int a[N][N], b[N][N], c[N][N];
  int n = 9 + argc;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (i * 3 - j * 5) % 7;
      b[i][j] = (i + 2 * j) % 5 - 2;
    }
  mul(a, b, c, n);
  printf("trace %ld\n", trace_minus(c, n));
  int neg = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) neg += c[i][j] < 0;
  printf("negative %d\n", neg);
  return 0;
}
