// Module rewrites for the metamorphic oracles. Follow-up inputs for the
// `reorder` relation: the same module with its functions in reverse order and
// its local names dropped. Neither changes what the module means, so neither
// may change what opt or llc make of it (modulo names). The
// pattern-initialised variants the undefined-behaviour check runs. And the
// check that a candidate holds no undefined behaviour its own constants
// make certain (a division by zero), which no run can tell from a bug.

#include "common.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

// Calls Visit on each use of stack slot `A`, followed through address
// arithmetic (GEPs, bitcasts, address-space casts), other than that
// arithmetic; false as soon as Visit is, or a user is not an instruction.
static bool forEachSlotUse(AllocaInst *A,
                           function_ref<bool(Use &, Instruction &)> Visit) {
  SmallVector<Value *, 8> Work{A};
  SmallPtrSet<Value *, 8> Seen{A};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (Use &U : V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I)
        return false;
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
          isa<AddrSpaceCastInst>(I)) {
        if (Seen.insert(I).second)
          Work.push_back(I);
      } else if (!Visit(U, *I)) {
        return false;
      }
    }
  }
  return true;
}

// The accesses to stack slot `A` the unwritten-read check instruments, when
// every use of it, through address arithmetic, is one: a load or store
// through it, a memset, memcpy or memmove into or out of it, or a lifetime
// marker. None when the slot escapes (its address stored, passed to a call,
// compared, merged by a phi): a callee may write it, so only the fill can
// tell what a read of it depends on.
static std::optional<std::vector<Instruction *>> slotAccesses(AllocaInst *A) {
  std::vector<Instruction *> Accesses;
  bool Tracked = forEachSlotUse(A, [&](Use &U, Instruction &I) {
    if (isa<LoadInst>(I)) {
      Accesses.push_back(&I);
    } else if (auto *S = dyn_cast<StoreInst>(&I)) {
      if (U.getOperandNo() != S->getPointerOperandIndex())
        return false;
      Accesses.push_back(&I);
    } else if (isa<MemIntrinsic>(I)) {
      // A copy out of the slot reads it as raw bytes (a struct's padding
      // included): not a read of a value.
      if (U.getOperandNo() == 0)
        Accesses.push_back(&I);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      return II->isLifetimeStartOrEnd();
    } else {
      return false;
    }
    return true;
  });
  if (!Tracked)
    return std::nullopt;
  return Accesses;
}

// Whether load L only feeds stores of values computed from it back to the
// address it read (a bit-field's first assignment at -O0 loads its storage
// unit, masks the field in and stores it back), or nothing at all: the
// bytes it read that were never written are then never used.
static bool storedBack(LoadInst *L) {
  SmallVector<Value *, 4> Work{L};
  SmallPtrSet<Value *, 4> Seen{L};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      if (auto *S = dyn_cast<StoreInst>(U)) {
        if (S->getValueOperand() != V ||
            S->getPointerOperand() != L->getPointerOperand())
          return false;
      } else if (auto *I = dyn_cast<Instruction>(U);
                 I && (I->isBitwiseLogicOp() || I->isShift() || isa<TruncInst>(I) ||
                       isa<ZExtInst>(I) || isa<SExtInst>(I))) {
        if (Seen.size() > 16)
          return false;
        if (Seen.insert(I).second)
          Work.push_back(I);
      } else {
        return false;
      }
    }
  }
  return true;
}

// A stack slot whose reads the unwritten-read check follows: its size,
// where it is made, its accesses, and its shadow (one byte per byte, 1 where
// the program wrote it since the slot was made).
struct TrackedSlot {
  AllocaInst *A;
  uint64_t Size;
  std::vector<Instruction *> Starts;
  std::vector<Instruction *> Accesses;
  AllocaInst *Shadow = nullptr;
};

// Whether instruction I computes its value from its operands' values
// without using any of them as a condition, an address or a divisor: a
// value computed from garbage is garbage, and only where such a value
// decides something (a branch, an address, what a call or `ret` is given)
// does the program depend on it.
static bool propagates(const Instruction *I, unsigned OperandNo) {
  if (auto *BO = dyn_cast<BinaryOperator>(I))
    switch (BO->getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
      return OperandNo == 0;
    default:
      return true;
    }
  return isa<CastInst>(I) || isa<CmpInst>(I) || isa<SelectInst>(I) ||
         isa<PHINode>(I) || isa<FreezeInst>(I) || isa<UnaryOperator>(I) ||
         isa<ExtractElementInst>(I) || isa<InsertElementInst>(I) ||
         isa<ShuffleVectorInst>(I) || isa<ExtractValueInst>(I) ||
         isa<InsertValueInst>(I);
}

// The unwritten-read check of function F's tracked slots. Each slot gets a
// shadow, cleared where the slot is made and set by every store and memory
// intrinsic into it; a load of a scalar from the slot is *unwritten* when a
// byte it reads is not set. Whether a value is computed from an unwritten
// load is followed through the function's values (one bit per value, as
// MemorySanitizer does), and through the slots: a store of such a value
// clears the bytes it writes. Where such a value is used other than to
// compute another value (a branch or switch condition, an address, a
// divisor, a call's or `ret`'s operand, a store outside the tracked slots),
// the program traps, or with `Record` stores 1 to it (volatile) and goes
// on, so that a variant that traps and one that does not are built alike
// but for the trap. A load that only writes its bits back (a bit-field's
// first assignment) is taken as written. Accesses outside their slot are
// neither marked nor checked (the bounds checks are another check's).
static void checkUnwrittenReads(Function &F, std::vector<TrackedSlot> &Slots,
                                GlobalVariable *Record) {
  if (Slots.empty())
    return;
  const DataLayout &DL = F.getParent()->getDataLayout();
  LLVMContext &C = F.getContext();
  Type *I1 = Type::getInt1Ty(C);
  Type *I8 = Type::getInt8Ty(C);
  // The offset of the access at `P` into slot S, and whether `Len` bytes
  // from it lie within the slot.
  auto Within = [&](IRBuilder<> &B, TrackedSlot &S, Value *P, Value *Len) {
    Type *IntPtr = DL.getIntPtrType(S.A->getType());
    Value *Off = B.CreateSub(B.CreatePtrToInt(P, IntPtr),
                             B.CreatePtrToInt(S.A, IntPtr));
    Len = B.CreateZExtOrTrunc(Len, IntPtr);
    Value *Fits = B.CreateICmpULE(Len, ConstantInt::get(IntPtr, S.Size));
    Value *Room = B.CreateSub(ConstantInt::get(IntPtr, S.Size), Len);
    Value *In = B.CreateAnd(Fits, B.CreateICmpULE(Off, Room));
    return std::make_pair(Off, In);
  };

  // Shadows, and whether each checked load is unwritten (computed before it,
  // without a branch: the shadow read at offset 0 when out of the slot).
  DenseMap<Value *, Value *> Unwritten;
  // The values that have a bit, in a fixed order (the module's text must
  // not depend on where pointers happen to be).
  std::vector<Value *> Tainted;
  SmallPtrSet<Instruction *, 16> SlotStores;
  for (TrackedSlot &S : Slots) {
    IRBuilder<> B(S.A);
    S.Shadow = B.CreateAlloca(ArrayType::get(I8, S.Size), nullptr,
                              "whittle.shadow");
    for (Instruction *At : S.Starts) {
      B.SetInsertPoint(At->getNextNode());
      B.CreateMemSet(S.Shadow, B.getInt8(0), S.Size, Align(1));
    }
    for (Instruction *I : S.Accesses) {
      if (!isa<LoadInst>(I)) {
        SlotStores.insert(I);
        continue;
      }
      auto *L = cast<LoadInst>(I);
      Type *T = L->getType();
      uint64_t Bytes = DL.getTypeStoreSize(T);
      // Aggregates and vectors are read whole, padding and unused lanes
      // included.
      if (!(T->isIntegerTy() || T->isPointerTy() || T->isFloatingPointTy()) ||
          Bytes == 0 || Bytes > 16 || Bytes > S.Size || storedBack(L))
        continue;
      B.SetInsertPoint(L);
      Type *IntPtr = DL.getIntPtrType(S.A->getType());
      auto [Off, In] = Within(B, S, L->getPointerOperand(),
                              ConstantInt::get(IntPtr, Bytes));
      Value *At = B.CreateSelect(In, Off, ConstantInt::get(IntPtr, 0));
      Type *Marks = B.getIntNTy(8 * Bytes);
      Value *Got = B.CreateAlignedLoad(Marks, B.CreateGEP(I8, S.Shadow, At),
                                       Align(1));
      Value *All =
          ConstantInt::get(Marks, APInt::getSplat(8 * Bytes, APInt(8, 1)));
      Unwritten[L] = B.CreateAnd(In, B.CreateICmpNE(Got, All));
      Tainted.push_back(L);
    }
  }

  // Every value computed from an unwritten load, and its bit: the OR of its
  // operands' (placed right after it; phis get a phi of the bits).
  std::vector<Instruction *> Derived;
  {
    SmallPtrSet<Value *, 16> Seen(Tainted.begin(), Tainted.end());
    for (size_t K = 0; K < Tainted.size(); ++K)
      for (Use &U : Tainted[K]->uses()) {
        auto *I = cast<Instruction>(U.getUser());
        if (propagates(I, U.getOperandNo()) && Seen.insert(I).second) {
          Derived.push_back(I);
          Tainted.push_back(I);
        }
      }
  }
  SmallPtrSet<Instruction *, 16> IsDerived(Derived.begin(), Derived.end());
  auto Bit = [&](Value *V) -> Value * {
    auto It = Unwritten.find(V);
    return It == Unwritten.end() ? nullptr : It->second;
  };
  for (Instruction *I : Derived)
    if (auto *PN = dyn_cast<PHINode>(I))
      Unwritten[I] = PHINode::Create(I1, PN->getNumIncomingValues(),
                                     "whittle.unwritten",
                                     PN->getParent()->getFirstNonPHIIt());
  // Non-phis in an order where each operand's bit exists first.
  std::function<Value *(Instruction *)> Compute = [&](Instruction *I) {
    if (Value *B = Bit(I))
      return B;
    IRBuilder<> B(I->getNextNode());
    Value *Any = ConstantInt::getFalse(C);
    for (Use &Op : I->operands())
      if (auto *OI = dyn_cast<Instruction>(Op.get())) {
        Value *OB = Bit(OI);
        if (!OB && !isa<PHINode>(OI) && IsDerived.contains(OI))
          OB = Compute(OI);
        if (OB)
          Any = B.CreateOr(Any, OB);
      }
    Unwritten[I] = Any;
    return Any;
  };
  for (Instruction *I : Derived)
    if (!isa<PHINode>(I))
      Compute(I);
  for (Instruction *I : Derived)
    if (auto *PN = dyn_cast<PHINode>(I)) {
      auto *BitPN = cast<PHINode>(Unwritten[I]);
      for (unsigned K = 0; K < PN->getNumIncomingValues(); ++K) {
        Value *In = PN->getIncomingValue(K);
        Value *B = Bit(In);
        BitPN->addIncoming(B ? B : ConstantInt::getFalse(C),
                           PN->getIncomingBlock(K));
      }
    }

  // Where the program uses such a value other than to compute another one:
  // the check goes before the use.
  MapVector<Instruction *, SmallVector<Value *, 2>> Uses;
  for (Value *V : Tainted) {
    for (Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      // Nothing can go before an EH pad in its block.
      if (propagates(I, U.getOperandNo()) || I->isEHPad())
        continue;
      // A store into a tracked slot carries the bit into the shadow.
      if (isa<StoreInst>(I) && SlotStores.contains(I) && U.getOperandNo() == 0)
        continue;
      Uses[I].push_back(Unwritten[V]);
    }
  }

  // Stores and memory intrinsics into the slots set the shadow: to 1, or
  // for a store of a value computed from an unwritten load, to 0.
  for (TrackedSlot &S : Slots)
    for (Instruction *I : S.Accesses) {
      Value *P, *Len, *Mark = ConstantInt::get(I8, 1);
      Type *IntPtr = DL.getIntPtrType(S.A->getType());
      if (auto *St = dyn_cast<StoreInst>(I)) {
        P = St->getPointerOperand();
        Len = ConstantInt::get(
            IntPtr, DL.getTypeStoreSize(St->getValueOperand()->getType()));
        if (Value *B = Bit(St->getValueOperand())) {
          IRBuilder<> At(St);
          Mark = At.CreateZExt(At.CreateNot(B), I8);
        }
      } else if (auto *MI = dyn_cast<MemIntrinsic>(I)) {
        P = MI->getRawDest();
        Len = MI->getLength();
      } else {
        continue;
      }
      IRBuilder<> B(I);
      auto [Off, In] = Within(B, S, P, Len);
      Instruction *Then = SplitBlockAndInsertIfThen(In, I, false);
      B.SetInsertPoint(Then);
      B.CreateMemSet(B.CreateGEP(I8, S.Shadow, Off), Mark,
                     B.CreateZExtOrTrunc(Len, IntPtr), Align(1));
    }

  for (auto &[I, Bits] : Uses) {
    IRBuilder<> B(I);
    Value *Any = Bits[0];
    for (size_t K = 1; K < Bits.size(); ++K)
      Any = B.CreateOr(Any, Bits[K]);
    Instruction *Found = SplitBlockAndInsertIfThen(Any, I, !Record);
    IRBuilder<> U(Found);
    if (Record)
      U.CreateStore(U.getInt8(1), Record, /*isVolatile=*/true);
    else
      U.CreateIntrinsic(Intrinsic::trap, ArrayRef<Type *>(),
                        ArrayRef<Value *>());
  }
}

extern "C" {

void whittle_reverse_functions(LLVMModuleRef Mod) {
  Module &M = *unwrap(Mod);
  std::vector<Function *> Order;
  for (Function &F : M)
    Order.push_back(&F);
  for (Function *F : Order) {
    F->removeFromParent();
    M.getFunctionList().push_front(F);
  }
}

void whittle_strip_local_names(LLVMModuleRef Mod) {
  for (Function &F : *unwrap(Mod)) {
    for (Argument &A : F.args())
      A.setName("");
    for (BasicBlock &BB : F) {
      BB.setName("");
      for (Instruction &I : BB)
        if (!I.getType()->isVoidTy())
          I.setName("");
    }
  }
}


// The size of the stack slot `AI` makes, when a fill can cover it: fixed
// and not zero.
static std::optional<TypeSize> fillableSize(AllocaInst *AI,
                                            const DataLayout &DL) {
  std::optional<TypeSize> Size = AI->getAllocationSize(DL);
  if (!Size || Size->isScalable() || Size->getFixedValue() == 0)
    return std::nullopt;
  return Size;
}

// Whether whittle_pattern_init_allocas would fill anything in `Mod` (which
// is left as it is).
bool whittle_has_fillable_allocas(LLVMModuleRef Mod) {
  Module &M = *unwrap(Mod);
  const DataLayout &DL = M.getDataLayout();
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *AI = dyn_cast<AllocaInst>(&I))
          if (fillableSize(AI, DL))
            return true;
  return false;
}

// Every fixed-size alloca is followed by a memset of its whole allocation to
// `Byte`. Running a program built this way twice, with two different bytes,
// tells whether what it does depends on stack memory it never wrote: a
// reduction easily deletes the store that initialised a local, and the
// program then reads whatever the stack held (undefined behaviour that can
// mimic, or hide, a miscompilation). `Unwritten` 2 also traps where the
// program uses a value computed from bytes of a slot that never escapes and
// that it never wrote since the slot was made (checkUnwrittenReads):
// garbage a program switches on can take it anywhere, and no fill byte
// need take it where the stack's garbage does on some runs. `Unwritten` 1
// adds the same checks, which record what they find in a global instead of
// trapping (a variant built like the trapping one, to compare it with).
// Returns how many allocas were filled.
unsigned whittle_pattern_init_allocas(LLVMModuleRef Mod, unsigned char Byte,
                                      unsigned Unwritten) {
  Module &M = *unwrap(Mod);
  const DataLayout &DL = M.getDataLayout();
  unsigned Filled = 0;
  GlobalVariable *Record = nullptr;
  if (Unwritten == 1) {
    Type *I8 = Type::getInt8Ty(M.getContext());
    Record = new GlobalVariable(M, I8, false, GlobalValue::InternalLinkage,
                                ConstantInt::get(I8, 0),
                                "whittle.unwritten_read");
  }
  for (Function &F : M) {
    std::vector<AllocaInst *> Allocas;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *AI = dyn_cast<AllocaInst>(&I))
          Allocas.push_back(AI);
    std::vector<TrackedSlot> Tracked;
    for (AllocaInst *AI : Allocas) {
      std::optional<TypeSize> Size = fillableSize(AI, DL);
      if (!Size)
        continue;
      // Where lifetime markers bound the slot, the stack may share it with
      // other locals outside them: fill at each start of its lifetime
      // instead of at the alloca.
      std::vector<Instruction *> Starts;
      for (User *U : AI->users())
        if (auto *II = dyn_cast<IntrinsicInst>(U))
          if (II->getIntrinsicID() == Intrinsic::lifetime_start)
            Starts.push_back(II);
      if (Starts.empty())
        Starts.push_back(AI);
      // Found before the fill is added: it writes no value of the program.
      if (Unwritten)
        if (auto Accesses = slotAccesses(AI))
          Tracked.push_back({AI, Size->getFixedValue(), Starts, *Accesses});
      for (Instruction *At : Starts) {
        IRBuilder<> B(At->getNextNode());
        B.CreateMemSet(AI, B.getInt8(Byte), Size->getFixedValue(),
                       AI->getAlign());
      }
      ++Filled;
    }
    checkUnwrittenReads(F, Tracked, Record);
  }
  return Filled;
}

// Undefined behaviour a candidate's own constants make certain, where it is
// executed: an integer division or remainder by a value known to be zero,
// a signed one of the minimum by -1, a shift by at least the width (poison),
// a memory access or call through null or undef. Reduction makes these
// (an operand replaced by zero, a deleted definition's uses given zero),
// and a program that divides by zero crashes the same way on every run,
// so the trust checks cannot tell it from a miscompilation while the
// optimizer under test is free to fold it away. Returns a description of
// the first one found (LLVMDisposeMessage frees it), or null.
static std::optional<std::string> certainUB(Instruction &I, const DataLayout &DL) {
  auto Known = [&](Value *V) { return computeKnownBits(V, DL); };
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    if (!BO->getType()->isIntegerTy())
      return std::nullopt;
    unsigned Width = BO->getType()->getIntegerBitWidth();
    switch (BO->getOpcode()) {
    case Instruction::UDiv:
    case Instruction::URem:
    case Instruction::SDiv:
    case Instruction::SRem: {
      KnownBits D = Known(BO->getOperand(1));
      if (D.isZero())
        return std::string("division by zero");
      if (BO->getOpcode() == Instruction::SDiv ||
          BO->getOpcode() == Instruction::SRem) {
        KnownBits N = Known(BO->getOperand(0));
        if (D.isAllOnes() && N.isConstant() &&
            N.getConstant().isMinSignedValue())
          return std::string("signed division overflow");
      }
      return std::nullopt;
    }
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
      if (Known(BO->getOperand(1)).getMinValue().uge(Width))
        return std::string("shift by at least the width");
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
  Value *Ptr = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&I))
    Ptr = L->getPointerOperand();
  else if (auto *S = dyn_cast<StoreInst>(&I))
    Ptr = S->getPointerOperand();
  else if (auto *R = dyn_cast<AtomicRMWInst>(&I))
    Ptr = R->getPointerOperand();
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptr = X->getPointerOperand();
  else if (auto *C = dyn_cast<CallBase>(&I))
    Ptr = C->getCalledOperand();
  if (!Ptr)
    return std::nullopt;
  const Value *Base = getUnderlyingObject(Ptr);
  if (isa<UndefValue>(Base))
    return std::string("memory access or call through undef");
  if (isa<ConstantPointerNull>(Base) &&
      !NullPointerIsDefined(I.getFunction(),
                            Base->getType()->getPointerAddressSpace()))
    return std::string("memory access or call through null");
  return std::nullopt;
}

// The stack slots of `F` that nothing can write: every use, through
// address arithmetic, is a load from it (or a lifetime marker). Reading one
// reads undef, which the optimizer may fold into anything, and the stack
// patterns see it only where the value changes what the program does (not
// where a value is compared with itself, say).
static SmallPtrSet<const Value *, 8> unwrittenLocals(Function &F) {
  SmallPtrSet<const Value *, 8> Out;
  for (Instruction &I : instructions(F)) {
    auto *A = dyn_cast<AllocaInst>(&I);
    if (!A)
      continue;
    bool OnlyRead = forEachSlotUse(A, [](Use &, Instruction &U) {
      if (auto *L = dyn_cast<LoadInst>(&U))
        return !L->isVolatile();
      auto *II = dyn_cast<IntrinsicInst>(&U);
      return II && II->isLifetimeStartOrEnd();
    });
    if (OnlyRead)
      Out.insert(A);
  }
  return Out;
}

// Uses of undef or poison as operands of instructions, but for the idioms
// that build a vector or aggregate from an undefined base (insertelement,
// insertvalue, operand 0) or fill a shuffle's unused input. Reduction makes
// them where a pass folds a read of a local never written (SROA turns the
// load into undef), and a program computing with one is undefined.
unsigned whittle_undefined_operand_uses(LLVMModuleRef Mod) {
  unsigned N = 0;
  for (Function &F : *unwrap(Mod))
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        for (Use &U : I.operands())
          N += whittle::isUndefinedOperand(U);
  return N;
}

char *whittle_certain_ub(LLVMModuleRef Mod) {
  Module &M = *unwrap(Mod);
  const DataLayout &DL = M.getDataLayout();
  for (Function &F : M) {
    SmallPtrSet<const Value *, 8> Unwritten = unwrittenLocals(F);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        auto Why = certainUB(I, DL);
        if (!Why)
          if (auto *L = dyn_cast<LoadInst>(&I))
            if (Unwritten.contains(getUnderlyingObject(L->getPointerOperand())))
              Why = std::string("a read of a local nothing ever writes");
        if (Why) {
          std::string Where = *Why + " in @" + F.getName().str();
          if (I.hasName())
            Where += " (%" + I.getName().str() + ")";
          return LLVMCreateMessage(Where.c_str());
        }
      }
  }
  return nullptr;
}

} // extern "C"

bool whittle::isUndefinedOperand(const Use &U) {
  if (!isa<UndefValue>(U.get()))
    return false;
  const auto *I = dyn_cast<Instruction>(U.getUser());
  if (!I)
    return false;
  if ((isa<InsertElementInst>(I) || isa<InsertValueInst>(I)) &&
      U.getOperandNo() == 0)
    return false;
  return !isa<ShuffleVectorInst>(I);
}
