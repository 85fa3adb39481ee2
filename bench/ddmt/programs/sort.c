/* Insertion sort and binary search over pseudo-random data. */
#include <stdio.h>

static unsigned seed = 12345;
static int next(void) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 16) & 0x7fff) - 16384;
}

static void insertion_sort(int *a, int n) {
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

static int find(const int *a, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] < key) lo = mid + 1;
    else if (a[mid] > key) hi = mid - 1;
    else return mid;
  }
  return -1;
}

int main(int argc, char **argv) {
  int a[64];
  int n = 40 + argc;
  for (int i = 0; i < n; i++) a[i] = next();
  insertion_sort(a, n);
  long sum = 0;
  for (int i = 0; i < n; i++) sum = sum * 31 + a[i];
  printf("checksum %ld\n", sum);
  printf("min %d max %d\n", a[0], a[n - 1]);
  printf("found %d\n", find(a, n, a[n / 3]));
  return 0;
}
