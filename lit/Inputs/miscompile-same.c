#include <stdio.h>
int main(void) {
  printf("7\n");
  return 0;
}
