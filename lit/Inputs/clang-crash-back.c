/* A back-end crash reached from C: the test plugin's wt-big-copy turns the
   call into a copy of a 64 KiB array as one value, on which LLVM's code
   generator crashes (SIGSEGV in SelectionDAG, llvm/llvm-project#55737). */
void wt_big_copy(void *dst, const void *src);
struct store { long count; char pad[12280]; char window[65536]; };
long checksum(const struct store *s) {
  long c = 0;
  for (int i = 0; i < 64; i++)
    c += s->window[i];
  return c;
}
long snapshot(struct store *s, char *backup) {
  long n = s->count;
  wt_big_copy(backup + 16, s->window);
  return n + checksum(s);
}
