/* A tiny in-memory key/value store: the C half of whittle's demo input.
 * make-input.sh compiles it with clang-22 -O2 and adds a window snapshot
 * that copies 64 KiB as one first-class aggregate, the shape Rust and Zig
 * front ends emit for by-value arrays and the trigger of a real llc crash
 * (llvm/llvm-project#55737, still present in LLVM 22). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 256
#define WINDOW 65536

struct entry {
  char key[32];
  uint64_t value;
  int used;
};

struct store {
  struct entry slots[SLOTS];
  unsigned char window[WINDOW];
  size_t window_len;
  uint32_t generation;
};

static uint32_t fnv1a(const char *s) {
  uint32_t h = 2166136261u;
  while (*s) {
    h ^= (unsigned char)*s++;
    h *= 16777619u;
  }
  return h;
}

void store_init(struct store *st) {
  memset(st, 0, sizeof *st);
  st->generation = 1;
}

static struct entry *find_slot(struct store *st, const char *key, int create) {
  uint32_t h = fnv1a(key) % SLOTS;
  for (unsigned probe = 0; probe < SLOTS; ++probe) {
    struct entry *e = &st->slots[(h + probe) % SLOTS];
    if (e->used && strncmp(e->key, key, sizeof e->key) == 0)
      return e;
    if (!e->used) {
      if (!create)
        return NULL;
      strncpy(e->key, key, sizeof e->key - 1);
      e->used = 1;
      return e;
    }
  }
  return NULL;
}

int store_put(struct store *st, const char *key, uint64_t value) {
  struct entry *e = find_slot(st, key, 1);
  if (!e)
    return -1;
  e->value = value;
  st->generation++;
  return 0;
}

int store_get(struct store *st, const char *key, uint64_t *out) {
  struct entry *e = find_slot(st, key, 0);
  if (!e)
    return -1;
  *out = e->value;
  return 0;
}

int store_delete(struct store *st, const char *key) {
  struct entry *e = find_slot(st, key, 0);
  if (!e)
    return -1;
  e->used = 0;
  e->value = 0;
  st->generation++;
  return 0;
}

size_t store_count(const struct store *st) {
  size_t n = 0;
  for (unsigned i = 0; i < SLOTS; ++i)
    n += st->slots[i].used != 0;
  return n;
}

uint64_t store_sum(const struct store *st) {
  uint64_t sum = 0;
  for (unsigned i = 0; i < SLOTS; ++i)
    if (st->slots[i].used)
      sum += st->slots[i].value;
  return sum;
}

size_t store_append(struct store *st, const void *data, size_t len) {
  size_t room = WINDOW - st->window_len;
  if (len > room)
    len = room;
  memcpy(st->window + st->window_len, data, len);
  st->window_len += len;
  return len;
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t base64_encode(const unsigned char *in, size_t len, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < len; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16;
    if (i + 1 < len)
      v |= (uint32_t)in[i + 1] << 8;
    if (i + 2 < len)
      v |= in[i + 2];
    out[o++] = b64[(v >> 18) & 63];
    out[o++] = b64[(v >> 12) & 63];
    out[o++] = i + 1 < len ? b64[(v >> 6) & 63] : '=';
    out[o++] = i + 2 < len ? b64[v & 63] : '=';
  }
  out[o] = 0;
  return o;
}

uint32_t adler(const unsigned char *p, size_t n) {
  uint32_t a = 1, b = 0;
  while (n--) {
    a = (a + *p++) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

uint32_t store_checksum(const struct store *st) {
  uint32_t c = adler(st->window, st->window_len);
  for (unsigned i = 0; i < SLOTS; ++i)
    if (st->slots[i].used)
      c ^= fnv1a(st->slots[i].key) + (uint32_t)st->slots[i].value;
  return c ^ st->generation;
}

size_t escape_key(const char *key, char *out, size_t cap) {
  size_t o = 0;
  for (; *key && o + 4 < cap; ++key) {
    unsigned char c = (unsigned char)*key;
    if (c < 32 || c == '"' || c == '\\') {
      static const char hex[] = "0123456789abcdef";
      out[o++] = '\\';
      out[o++] = 'x';
      out[o++] = hex[c >> 4];
      out[o++] = hex[c & 15];
    } else {
      out[o++] = (char)c;
    }
  }
  out[o] = 0;
  return o;
}
