/* A front-end crash: clang's debug pragma crashes the preprocessor. */
struct point { int x, y; };
static int sum(struct point p) { return p.x + p.y; }
int f(int x) {
  struct point p = {x, 2};
  return sum(p) + 1;
}
#pragma clang __debug crash
int g(int y) { return y * 2; }
