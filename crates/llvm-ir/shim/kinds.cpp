// What an instruction is, and building one like it, for the Rust side
// (src/ir/kinds.rs), without LLVM-C's enums: LLVMOpcode and LLVMTypeKind
// change between LLVM versions (LLVM 23 replaced LLVMBr by LLVMUncondBr and
// LLVMCondBr, and added LLVMByteTypeKind), and the Rust bindings may be
// older than the LLVM linked (a build for an LLVM newer than inkwell's
// bindings uses its newest ones). Reading a value the bindings' enum lacks
// would be undefined behaviour in Rust; here the numbers are whittle's own
// and the names LLVM's C++ ones, compiled against the LLVM of the build.

#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace {

// The numbers of `Opcode` in src/ir/kinds.rs (0: any other instruction).
enum WOpcode : unsigned {
  Other = 0,
  Add,
  Sub,
  Mul,
  UDiv,
  SDiv,
  URem,
  SRem,
  Shl,
  LShr,
  AShr,
  And,
  Or,
  Xor,
  Trunc,
  ZExt,
  SExt,
  Switch,
  Invoke,
  Br,
};

WOpcode opcodeOf(const Instruction &I) {
  if (whittle::compat::isBranch(I))
    return Br;
  switch (I.getOpcode()) {
  case Instruction::Add:
    return Add;
  case Instruction::Sub:
    return Sub;
  case Instruction::Mul:
    return Mul;
  case Instruction::UDiv:
    return UDiv;
  case Instruction::SDiv:
    return SDiv;
  case Instruction::URem:
    return URem;
  case Instruction::SRem:
    return SRem;
  case Instruction::Shl:
    return Shl;
  case Instruction::LShr:
    return LShr;
  case Instruction::AShr:
    return AShr;
  case Instruction::And:
    return And;
  case Instruction::Or:
    return Or;
  case Instruction::Xor:
    return Xor;
  case Instruction::Trunc:
    return Trunc;
  case Instruction::ZExt:
    return ZExt;
  case Instruction::SExt:
    return SExt;
  case Instruction::Switch:
    return Switch;
  case Instruction::Invoke:
    return Invoke;
  default:
    return Other;
  }
}

} // namespace

extern "C" {

// The opcode of instruction I, in whittle's numbers.
unsigned whittle_opcode(LLVMValueRef I) {
  return opcodeOf(*unwrap<Instruction>(I));
}

// Whether T is a scalar integer type.
int whittle_is_integer_type(LLVMTypeRef T) {
  return unwrap(T)->isIntegerTy();
}

// A new instruction of Like's kind (a binary operator: its opcode; icmp or
// fcmp: its predicate) on LHS and RHS, unnamed and without flags, inserted
// before Before; or the constant it folds to when both are constants (as
// LLVMBuild* do). Like is a binary operator or a comparison, and LHS and
// RHS are valid operands of such an instruction before Before.
LLVMValueRef whittle_build_like(LLVMValueRef Like, LLVMValueRef LHS,
                                LLVMValueRef RHS, LLVMValueRef Before) {
  auto *L = unwrap<Instruction>(Like);
  IRBuilder<> B(unwrap<Instruction>(Before));
  Value *X = unwrap(LHS), *Y = unwrap(RHS);
  if (auto *Cmp = dyn_cast<CmpInst>(L))
    return wrap(Cmp->isIntPredicate() ? B.CreateICmp(Cmp->getPredicate(), X, Y)
                                      : B.CreateFCmp(Cmp->getPredicate(), X, Y));
  return wrap(
      B.CreateBinOp(cast<BinaryOperator>(L)->getOpcode(), X, Y));
}

} // extern "C"
