int main(void) {
  volatile int x = 1;
  while (x) {
  }
  return 0;
}
