/* A middle-end crash: the test plugin's wt-crash fails in clang -O2's
   optimizer on a function that calls wt_crash. */
void wt_crash(void);
int ext(int);
static int helper(int x) { return ext(x * 7) + 3; }
int noise(int x) { return helper(x) - helper(x + 1); }
int victim(int x) {
  int y = noise(x);
  if (y > 3)
    wt_crash();
  return y + 1;
}
