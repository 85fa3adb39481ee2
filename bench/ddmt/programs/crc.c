/* CRC-32 (bitwise and table-driven) over generated data. */
#include <stdio.h>

static unsigned table[256];

static void make_table(void) {
  for (unsigned i = 0; i < 256; i++) {
    unsigned c = i;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
}

static unsigned crc_table(const unsigned char *p, int n) {
  unsigned c = 0xFFFFFFFFu;
  for (int i = 0; i < n; i++)
    c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static unsigned crc_bitwise(const unsigned char *p, int n) {
  unsigned c = 0xFFFFFFFFu;
  for (int i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++)
      c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
  }
  return ~c;
}

int main(int argc, char **argv) {
  unsigned char buf[200];
  int n = 150 + argc;
  for (int i = 0; i < n; i++) buf[i] = (unsigned char)(i * 7 + 3);
  make_table();
  printf("table %08x\n", crc_table(buf, n));
  printf("bitwise %08x\n", crc_bitwise(buf, n));
  return 0;
}
