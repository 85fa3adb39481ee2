/* A tiny stack machine running a fixed program (a loop summing squares). */
#include <stdio.h>

enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, JMP, PRINT, HALT, OVER };

static int run(const int *code, int budget) {
  int stack[32], sp = 0, pc = 0, steps = 0, out = 0;
  while (steps++ < budget) {
    int op = code[pc++];
    switch (op) {
    case PUSH: stack[sp++] = code[pc++]; break;
    case ADD: sp--; stack[sp - 1] += stack[sp]; break;
    case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
    case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
    case DUP: stack[sp] = stack[sp - 1]; sp++; break;
    case OVER: stack[sp] = stack[sp - 2]; sp++; break;
    case SWAP: { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
    case JNZ: sp--; if (stack[sp] != 0) pc = code[pc]; else pc++; break;
    case JMP: pc = code[pc]; break;
    case PRINT: out = out * 7 + stack[sp - 1]; break;
    case HALT: return out;
    }
  }
  return -1;
}

int main(int argc, char **argv) {
  /* acc = 0; i = n; while (i) { acc += i*i; i -= 1; } print acc */
  int n = 9 + argc;
  int code[] = {PUSH, 0, PUSH, n,            /* acc i */
                DUP, JNZ, 9, JMP, 21,        /* 4: if i goto 9 else 21 */
                DUP, DUP, MUL,               /* 9: acc i i*i */
                SWAP, PUSH, 0, ADD,          /* acc i*i i */
                SWAP, PUSH, 1, JMP, 23,      /* placeholder */
                PRINT, HALT,                 /* 21 */
                0};
  code[19] = JMP; code[20] = 4;
  /* fix up: acc i i*i -> (acc+i*i) (i-1) */
  int prog[] = {PUSH, 0, PUSH, n,          /* 0: acc i */
                DUP, JNZ, 9, JMP, 22,      /* 4 */
                DUP, DUP, MUL,             /* 9: acc i sq */
                SWAP, PUSH, 1, SUB,        /* 12: acc sq i-1 */
                SWAP, PUSH, 0, ADD,        /* 16: acc i-1 sq */
                JMP, 26,                   /* 20 */
                SWAP, PRINT, HALT, 0,      /* 22 */
                /* 26: acc i-1 sq -> (acc+sq) i-1 */
                SWAP, OVER, SUB, SUB, SWAP, JMP, 4};
  (void)code;
  printf("run %d\n", run(prog, 2000));
  return 0;
}
