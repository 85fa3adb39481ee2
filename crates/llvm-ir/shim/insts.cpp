// C entry points for the instruction-level passes: optimization flags,
// volatile, atomic orderings and sync scopes, operand bundles, opcode
// replacement, InstSimplify and sinking definitions toward their uses.
//
// The Rust side (src/ir/insts.rs) passes live instructions of one
// module. Every query here is read-only; every mutation keeps a valid module
// valid (a flag or ordering that is dropped is never required by the
// verifier; replaced instructions hand their uses to a value of the same
// type that dominates them).

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GEPNoWrapFlags.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace whittle;

namespace {

// One bit per optimization flag, in the order the instruction-flags pass
// offers them (llvm-reduce's order).
enum FlagBit : uint32_t {
  NSW = 1u << 0,
  NUW = 1u << 1,
  Exact = 1u << 2,
  NNeg = 1u << 3,
  Disjoint = 1u << 4,
  SameSign = 1u << 5,
  GEPInBounds = 1u << 6,
  GEPNUSW = 1u << 7,
  GEPNUW = 1u << 8,
  Reassoc = 1u << 9,
  NNaN = 1u << 10,
  NInf = 1u << 11,
  NSZ = 1u << 12,
  ARcp = 1u << 13,
  Contract = 1u << 14,
  AFn = 1u << 15,
};

uint32_t presentFlags(Instruction &I) {
  uint32_t M = 0;
  auto Set = [&](bool Has, uint32_t Bit) {
    if (Has)
      M |= Bit;
  };
  if (auto *OBO = dyn_cast<OverflowingBinaryOperator>(&I)) {
    Set(OBO->hasNoSignedWrap(), NSW);
    Set(OBO->hasNoUnsignedWrap(), NUW);
  } else if (auto *T = dyn_cast<TruncInst>(&I)) {
    Set(T->hasNoSignedWrap(), NSW);
    Set(T->hasNoUnsignedWrap(), NUW);
  } else if (auto *PE = dyn_cast<PossiblyExactOperator>(&I)) {
    Set(PE->isExact(), Exact);
  } else if (auto *NN = dyn_cast<PossiblyNonNegInst>(&I)) {
    Set(NN->hasNonNeg(), NNeg);
  } else if (auto *PD = dyn_cast<PossiblyDisjointInst>(&I)) {
    Set(PD->isDisjoint(), Disjoint);
  } else if (auto *IC = dyn_cast<ICmpInst>(&I)) {
    Set(whittle::compat::hasSameSign(*IC), SameSign);
  } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEPNoWrapFlags NW = GEP->getNoWrapFlags();
    Set(NW.isInBounds(), GEPInBounds);
    Set(NW.hasNoUnsignedSignedWrap(), GEPNUSW);
    Set(NW.hasNoUnsignedWrap(), GEPNUW);
  } else if (isa<FPMathOperator>(&I)) {
    FastMathFlags F = I.getFastMathFlags();
    Set(F.allowReassoc(), Reassoc);
    Set(F.noNaNs(), NNaN);
    Set(F.noInfs(), NInf);
    Set(F.noSignedZeros(), NSZ);
    Set(F.allowReciprocal(), ARcp);
    Set(F.allowContract(), Contract);
    Set(F.approxFunc(), AFn);
  }
  return M;
}

// The intrinsics the opcodes pass rewrites, and how.
enum class IntrinsicRewrite { None, SqrtToFMul, ToFMul, ToWorkitemX, ToWorkgroupX, ToFma };

IntrinsicRewrite intrinsicRewrite(IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::sqrt:
    return IntrinsicRewrite::SqrtToFMul;
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::amdgcn_fmul_legacy:
    return IntrinsicRewrite::ToFMul;
  case Intrinsic::amdgcn_workitem_id_y:
  case Intrinsic::amdgcn_workitem_id_z:
    return IntrinsicRewrite::ToWorkitemX;
  case Intrinsic::amdgcn_workgroup_id_y:
  case Intrinsic::amdgcn_workgroup_id_z:
    return IntrinsicRewrite::ToWorkgroupX;
  case Intrinsic::amdgcn_div_fixup:
  case Intrinsic::amdgcn_fma_legacy:
    return IntrinsicRewrite::ToFma;
  default:
    return IntrinsicRewrite::None;
  }
}

// Undef and poison arguments are taken not to matter to a call.
bool ignoredArgument(const Value *V) { return isa<UndefValue>(V); }

// A call f(a, b, ...) whose meaningful arguments all have its (integer or
// FP) return type, one to three of them: it can become an operator on those
// arguments (fneg/fmul/fma, bswap/and/fshl).
bool callLikeOperator(CallBase &CB, SmallVectorImpl<Value *> &Args) {
  Type *Ty = CB.getType();
  if (!Ty->isIntOrIntVectorTy() && !Ty->isFPOrFPVectorTy())
    return false;
  for (Value *A : CB.args()) {
    if (ignoredArgument(A))
      continue;
    if (A->getType() != Ty)
      return false;
    Args.push_back(A);
  }
  if (Args.empty() || Args.size() > 3)
    return false;
  // bswap needs a whole, even number of bytes.
  if (Ty->isIntOrIntVectorTy() && Args.size() == 1 &&
      Ty->getScalarSizeInBits() % 16 != 0)
    return false;
  // The IR builder folds an operator on constants into a constant, which
  // would leave the call as it is.
  if (all_of(Args, [](Value *A) { return isa<Constant>(A); }))
    return false;
  return true;
}

// A call that reads or writes through at most one pointer: it can become a
// volatile load of its return type or a volatile store of its one other
// argument (or of i32 0). Without a pointer argument the access goes
// through null in the alloca address space.
bool callLikeLoadStore(CallBase &CB, Value *&Data, Value *&Ptr) {
  // Target extension types (and unsized ones) cannot always be loaded or
  // stored.
  auto Storable = [](Type *T) {
    return T->isSized() && !T->isTargetExtTy();
  };
  bool IsStore = CB.getType()->isVoidTy();
  if (!IsStore && !Storable(CB.getType()))
    return false;
  Data = nullptr;
  Ptr = nullptr;
  for (Value *A : CB.args()) {
    if (ignoredArgument(A))
      continue;
    // A swifterror slot may only be the address of a load or store.
    if (!Storable(A->getType()) || A->isSwiftError())
      return false;
    if (!Ptr && A->getType()->isPointerTy()) {
      Ptr = A;
      continue;
    }
    if (!IsStore || Data)
      return false;
    Data = A;
  }
  return true;
}

// What the opcodes pass would do with I (none: I is no target).
enum class OpcodeRewrite {
  None,
  FDivToFMul,
  DivToMul,
  AddToOr,
  Intrinsic,
  CallToOperator,
  CallToLoadStore
};

OpcodeRewrite opcodeRewrite(Instruction &I) {
  auto BothConstant = [&] {
    return isa<Constant>(I.getOperand(0)) && isa<Constant>(I.getOperand(1));
  };
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::FRem:
    return BothConstant() ? OpcodeRewrite::None : OpcodeRewrite::FDivToFMul;
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return BothConstant() ? OpcodeRewrite::None : OpcodeRewrite::DivToMul;
  case Instruction::Add:
  case Instruction::Sub:
    return BothConstant() ? OpcodeRewrite::None : OpcodeRewrite::AddToOr;
  case Instruction::Call:
    break;
  default:
    return OpcodeRewrite::None;
  }
  if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (intrinsicRewrite(*II)) {
    case IntrinsicRewrite::None:
      return OpcodeRewrite::None;
    case IntrinsicRewrite::SqrtToFMul:
      return isa<Constant>(II->getArgOperand(0)) ? OpcodeRewrite::None
                                                 : OpcodeRewrite::Intrinsic;
    case IntrinsicRewrite::ToFMul:
      return isa<Constant>(II->getArgOperand(0)) &&
                     isa<Constant>(II->getArgOperand(1))
                 ? OpcodeRewrite::None
                 : OpcodeRewrite::Intrinsic;
    default:
      return OpcodeRewrite::Intrinsic;
    }
  }
  auto &CB = cast<CallBase>(I);
  // Calls of other "llvm." functions (unknown intrinsics) stay, and so do
  // the calls a preallocated setup token is tied to.
  if (Function *Callee = CB.getCalledFunction())
    if (Callee->isIntrinsic())
      return OpcodeRewrite::None;
  if (CB.getOperandBundle(LLVMContext::OB_preallocated))
    return OpcodeRewrite::None;
  SmallVector<Value *, 4> Args;
  if (callLikeOperator(CB, Args))
    return OpcodeRewrite::CallToOperator;
  Value *Data, *Ptr;
  if (callLikeLoadStore(CB, Data, Ptr))
    return OpcodeRewrite::CallToLoadStore;
  return OpcodeRewrite::None;
}

Value *buildOpcodeReplacement(Instruction &I, OpcodeRewrite R) {
  Module &M = *I.getModule();
  IRBuilder<> B(&I);
  switch (R) {
  case OpcodeRewrite::None:
    return nullptr;
  case OpcodeRewrite::FDivToFMul:
    return B.CreateFMul(I.getOperand(0), I.getOperand(1));
  case OpcodeRewrite::DivToMul:
    return B.CreateMul(I.getOperand(0), I.getOperand(1));
  case OpcodeRewrite::AddToOr:
    return B.CreateOr(I.getOperand(0), I.getOperand(1));
  case OpcodeRewrite::Intrinsic: {
    auto &II = cast<IntrinsicInst>(I);
    auto Redirect = [&](Intrinsic::ID ID, ArrayRef<Type *> Tys) {
      II.setCalledFunction(whittle::compat::intrinsicDeclaration(&M, ID, Tys));
      return &II;
    };
    switch (intrinsicRewrite(II)) {
    case IntrinsicRewrite::SqrtToFMul:
      return B.CreateFMul(II.getArgOperand(0),
                          ConstantFP::get(II.getType(), 2.0));
    case IntrinsicRewrite::ToFMul:
      return B.CreateFMul(II.getArgOperand(0), II.getArgOperand(1));
    case IntrinsicRewrite::ToWorkitemX:
      return Redirect(Intrinsic::amdgcn_workitem_id_x, {});
    case IntrinsicRewrite::ToWorkgroupX:
      return Redirect(Intrinsic::amdgcn_workgroup_id_x, {});
    case IntrinsicRewrite::ToFma:
      return Redirect(Intrinsic::fma, {II.getType()});
    case IntrinsicRewrite::None:
      return nullptr;
    }
    return nullptr;
  }
  case OpcodeRewrite::CallToOperator: {
    auto &CB = cast<CallBase>(I);
    SmallVector<Value *, 4> Args;
    if (!callLikeOperator(CB, Args))
      return nullptr;
    Type *Ty = CB.getType();
    if (Ty->isFPOrFPVectorTy()) {
      if (Args.size() == 1)
        return B.CreateFNeg(Args[0]);
      if (Args.size() == 2)
        return B.CreateFMul(Args[0], Args[1]);
      return B.CreateIntrinsic(Intrinsic::fma, {Ty}, Args);
    }
    if (Args.size() == 1)
      return B.CreateUnaryIntrinsic(Intrinsic::bswap, Args[0]);
    if (Args.size() == 2)
      return B.CreateAnd(Args[0], Args[1]);
    return B.CreateIntrinsic(Intrinsic::fshl, {Ty}, Args);
  }
  case OpcodeRewrite::CallToLoadStore: {
    auto &CB = cast<CallBase>(I);
    Value *Data, *Ptr;
    if (!callLikeLoadStore(CB, Data, Ptr))
      return nullptr;
    LLVMContext &Ctx = I.getContext();
    bool IsStore = CB.getType()->isVoidTy();
    if (IsStore && !Data)
      Data = ConstantInt::get(Type::getInt32Ty(Ctx), 0);
    if (!Ptr)
      Ptr = ConstantPointerNull::get(
          PointerType::get(Ctx, M.getDataLayout().getAllocaAddrSpace()));
    if (IsStore)
      return B.CreateStore(Data, Ptr, /*isVolatile=*/true);
    return B.CreateLoad(CB.getType(), Ptr, /*isVolatile=*/true);
  }
  }
  return nullptr;
}

// Whether the sink-defs-to-uses pass leaves I where it is as a user (its
// operands are used at a fixed place) or as a definition.
bool keepsUsePosition(const Instruction &I) {
  return isa<AllocaInst>(I) || isa<PHINode>(I) || I.isEHPad();
}

bool keepsDefPosition(const Instruction &I) {
  if (keepsUsePosition(I) || I.isTerminator())
    return true;
  // Token producers and users (convergence control, statepoints) have
  // placement rules of their own: a convergence token may not be used in a
  // cycle that does not contain its definition, for one.
  if (I.getType()->isTokenTy())
    return true;
  return any_of(I.operands(),
                [](const Use &U) { return U->getType()->isTokenTy(); });
}

// Whether Def may move to just before User: every other use of Def is
// dominated by User, and the move is not a no-op.
bool canSink(DominatorTree &DT, Instruction &Def, Instruction &User) {
  if (&Def == &User || Def.getNextNode() == &User)
    return false;
  if (!DT.isReachableFromEntry(User.getParent()) ||
      !DT.isReachableFromEntry(Def.getParent()))
    return false;
  for (const Use &U : Def.uses()) {
    if (U.getUser() == &User)
      continue;
    if (!DT.dominates(&User, U))
      return false;
  }
  return true;
}

} // namespace

extern "C" {

// ---- instruction-flags ----------------------------------------------------

// The optimization flags I carries, one bit per flag (FlagBit).
uint32_t whittle_inst_flags(LLVMValueRef Inst) {
  return presentFlags(*unwrap<Instruction>(Inst));
}

// Drop the flags in Mask (FlagBit bits that I carries). Dropping a GEP's
// nusw drops inbounds too, which implies it.
void whittle_drop_inst_flags(LLVMValueRef Inst, uint32_t Mask) {
  Instruction &I = *unwrap<Instruction>(Inst);
  Mask &= presentFlags(I);
  if (!Mask)
    return;
  if (isa<OverflowingBinaryOperator>(&I)) {
    if (Mask & NSW)
      I.setHasNoSignedWrap(false);
    if (Mask & NUW)
      I.setHasNoUnsignedWrap(false);
  } else if (auto *T = dyn_cast<TruncInst>(&I)) {
    if (Mask & NSW)
      T->setHasNoSignedWrap(false);
    if (Mask & NUW)
      T->setHasNoUnsignedWrap(false);
  } else if (isa<PossiblyExactOperator>(&I)) {
    I.setIsExact(false);
  } else if (auto *NN = dyn_cast<PossiblyNonNegInst>(&I)) {
    NN->setNonNeg(false);
  } else if (auto *PD = dyn_cast<PossiblyDisjointInst>(&I)) {
    PD->setIsDisjoint(false);
  } else if (auto *IC = dyn_cast<ICmpInst>(&I)) {
    whittle::compat::dropSameSign(*IC);
  } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEPNoWrapFlags NW = GEP->getNoWrapFlags();
    if (Mask & GEPInBounds)
      NW = NW.withoutInBounds();
    if (Mask & GEPNUSW)
      NW = NW.withoutNoUnsignedSignedWrap();
    if (Mask & GEPNUW)
      NW = NW.withoutNoUnsignedWrap();
    GEP->setNoWrapFlags(NW);
  } else if (isa<FPMathOperator>(&I)) {
    FastMathFlags F = I.getFastMathFlags();
    if (Mask & Reassoc)
      F.setAllowReassoc(false);
    if (Mask & NNaN)
      F.setNoNaNs(false);
    if (Mask & NInf)
      F.setNoInfs(false);
    if (Mask & NSZ)
      F.setNoSignedZeros(false);
    if (Mask & ARcp)
      F.setAllowReciprocal(false);
    if (Mask & Contract)
      F.setAllowContract(false);
    if (Mask & AFn)
      F.setApproxFunc(false);
    I.copyFastMathFlags(F);
  }
}

// ---- volatile ---------------------------------------------------------------

// Whether I is a volatile load, store, atomicrmw, cmpxchg or memory
// intrinsic (memcpy, memmove, memset and their inline forms).
int whittle_inst_is_volatile(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (auto *L = dyn_cast<LoadInst>(I))
    return L->isVolatile();
  if (auto *S = dyn_cast<StoreInst>(I))
    return S->isVolatile();
  if (auto *R = dyn_cast<AtomicRMWInst>(I))
    return R->isVolatile();
  if (auto *C = dyn_cast<AtomicCmpXchgInst>(I))
    return C->isVolatile();
  if (auto *MI = dyn_cast<MemIntrinsic>(I))
    return MI->isVolatile();
  return 0;
}

void whittle_drop_volatile(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (auto *L = dyn_cast<LoadInst>(I))
    L->setVolatile(false);
  else if (auto *S = dyn_cast<StoreInst>(I))
    S->setVolatile(false);
  else if (auto *R = dyn_cast<AtomicRMWInst>(I))
    R->setVolatile(false);
  else if (auto *C = dyn_cast<AtomicCmpXchgInst>(I))
    C->setVolatile(false);
  else if (auto *MI = dyn_cast<MemIntrinsic>(I))
    MI->setVolatile(ConstantInt::getFalse(I->getContext()));
}

// ---- atomic-ordering --------------------------------------------------------

// Bit 0: I's ordering can be weakened (an atomic load or store can become
// plain; an atomicrmw's or cmpxchg's success ordering can become monotonic).
// Bit 1: a cmpxchg's failure ordering can become monotonic.
uint32_t whittle_inst_orderings(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (auto *L = dyn_cast<LoadInst>(I))
    return L->isAtomic() ? 1 : 0;
  if (auto *S = dyn_cast<StoreInst>(I))
    return S->isAtomic() ? 1 : 0;
  if (auto *R = dyn_cast<AtomicRMWInst>(I))
    return R->getOrdering() != AtomicOrdering::Monotonic ? 1 : 0;
  if (auto *C = dyn_cast<AtomicCmpXchgInst>(I))
    return (C->getSuccessOrdering() != AtomicOrdering::Monotonic ? 1 : 0) |
           (C->getFailureOrdering() != AtomicOrdering::Monotonic ? 2 : 0);
  return 0;
}

void whittle_weaken_orderings(LLVMValueRef Inst, uint32_t Mask) {
  Instruction *I = unwrap<Instruction>(Inst);
  Mask &= whittle_inst_orderings(Inst);
  if (auto *L = dyn_cast<LoadInst>(I)) {
    if (Mask & 1)
      L->setAtomic(AtomicOrdering::NotAtomic);
  } else if (auto *S = dyn_cast<StoreInst>(I)) {
    if (Mask & 1)
      S->setAtomic(AtomicOrdering::NotAtomic);
  } else if (auto *R = dyn_cast<AtomicRMWInst>(I)) {
    if (Mask & 1)
      R->setOrdering(AtomicOrdering::Monotonic);
  } else if (auto *C = dyn_cast<AtomicCmpXchgInst>(I)) {
    if (Mask & 1)
      C->setSuccessOrdering(AtomicOrdering::Monotonic);
    if (Mask & 2)
      C->setFailureOrdering(AtomicOrdering::Monotonic);
  }
}

// ---- syncscopes -------------------------------------------------------------

// Whether I is a load, store, atomicrmw, cmpxchg or fence with a sync scope
// other than the system one.
int whittle_inst_has_syncscope(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (auto SSID = getAtomicSyncScopeID(I))
    return *SSID != SyncScope::System;
  return 0;
}

void whittle_reset_syncscope(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (!getAtomicSyncScopeID(I))
    return;
  whittle::compat::setSyncScope(I, SyncScope::System);
}

// ---- operand-bundles --------------------------------------------------------

uint32_t whittle_bundle_count(LLVMValueRef Inst) {
  if (auto *CB = dyn_cast<CallBase>(unwrap<Instruction>(Inst)))
    return CB->getNumOperandBundles();
  return 0;
}

// Whether bundle Idx of a call may go without breaking the IR:
// convergencectrl bundles stay (a function that uses convergence control
// needs it on every convergent call), so do preallocated bundles (required
// by preallocated arguments) and gc-live bundles (indexed by gc.relocate).
int whittle_bundle_is_removable(LLVMValueRef Inst, uint32_t Idx) {
  auto *CB = dyn_cast<CallBase>(unwrap<Instruction>(Inst));
  if (!CB || Idx >= CB->getNumOperandBundles())
    return 0;
  switch (CB->getOperandBundleAt(Idx).getTagID()) {
  case LLVMContext::OB_convergencectrl:
  case LLVMContext::OB_preallocated:
  case LLVMContext::OB_gc_live:
    return 0;
  default:
    return 1;
  }
}

// Rebuild a call without the bundles whose indices are listed (the call is
// replaced; its uses, attributes and metadata carry over).
void whittle_remove_bundles(LLVMValueRef Inst, const uint32_t *Drop,
                            unsigned N) {
  auto *CB = cast<CallBase>(unwrap<Instruction>(Inst));
  SmallVector<bool, 8> Dropped(CB->getNumOperandBundles(), false);
  bool Any = false;
  for (unsigned I = 0; I < N; ++I)
    if (Drop[I] < Dropped.size()) {
      Dropped[Drop[I]] = true;
      Any = true;
    }
  if (!Any)
    return;
  SmallVector<OperandBundleDef, 4> Kept;
  for (unsigned I = 0, E = CB->getNumOperandBundles(); I < E; ++I)
    if (!Dropped[I])
      Kept.emplace_back(CB->getOperandBundleAt(I));
  CallBase *New = CallBase::Create(CB, Kept, CB->getIterator());
  New->copyMetadata(*CB);
  New->takeName(CB);
  CB->replaceAllUsesWith(New);
  CB->eraseFromParent();
}

// ---- opcodes ----------------------------------------------------------------

// Whether the opcodes pass can rewrite I into something simpler: a division
// or remainder into a multiplication, add/sub into or, some intrinsics into
// arithmetic or a plainer intrinsic, a call into an operator on its
// arguments or a volatile load/store.
int whittle_opcode_is_reducible(LLVMValueRef Inst) {
  return opcodeRewrite(*unwrap<Instruction>(Inst)) != OpcodeRewrite::None;
}

// Rewrite I as whittle_opcode_is_reducible describes. The replacement takes
// I's name, flags, fast-math flags and metadata.
void whittle_reduce_opcode(LLVMValueRef Inst) {
  Instruction &I = *unwrap<Instruction>(Inst);
  OpcodeRewrite R = opcodeRewrite(I);
  auto *New = dyn_cast_or_null<Instruction>(buildOpcodeReplacement(I, R));
  if (!New || New == &I)
    return;
  if (isa<FPMathOperator>(New))
    New->copyFastMathFlags(&I);
  New->copyIRFlags(&I);
  New->copyMetadata(I);
  New->takeName(&I);
  I.replaceAllUsesWith(New);
  I.eraseFromParent();
}

// ---- simplify-instructions -------------------------------------------------

// Whether InstSimplify folds I into a simpler existing value or constant.
int whittle_inst_simplifies(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  SimplifyQuery Q(I->getModule()->getDataLayout(), I);
  Value *V = simplifyInstruction(I, Q);
  return V && V != I;
}

// Replace each instruction by what InstSimplify folds it into, in order,
// each on the module as the earlier replacements left it (one that no
// longer folds stays); the replaced instructions are erased at the end.
void whittle_simplify_instructions(LLVMValueRef *Insts, unsigned N) {
  SmallVector<Instruction *, 16> Dead;
  for (unsigned K = 0; K < N; ++K) {
    Instruction *I = unwrap<Instruction>(Insts[K]);
    SimplifyQuery Q(I->getModule()->getDataLayout(), I);
    Value *V = simplifyInstruction(I, Q);
    if (!V || V == I)
      continue;
    I->replaceAllUsesWith(V);
    Dead.push_back(I);
  }
  for (Instruction *I : Dead)
    I->eraseFromParent();
}

// ---- sink-defs-to-uses -----------------------------------------------------

// The (user, definition) pairs of a function the sink pass may act on: for
// each block, its instructions from last to first; for each, the distinct
// instructions among its operands, in operand order, that may move to just
// before it. Writes up to Cap pairs and returns how many there are.
unsigned whittle_sink_pairs(LLVMValueRef Fn, LLVMValueRef *Users,
                            LLVMValueRef *Defs, unsigned Cap) {
  Function *F = unwrap<Function>(Fn);
  if (F->isDeclaration())
    return 0;
  DominatorTree DT(*F);
  unsigned N = 0;
  for (BasicBlock &BB : *F) {
    for (Instruction &User : reverse(BB)) {
      if (keepsUsePosition(User))
        continue;
      SmallVector<Instruction *, 4> Seen;
      for (Value *Op : User.operands()) {
        auto *Def = dyn_cast<Instruction>(Op);
        if (!Def || keepsDefPosition(*Def) || is_contained(Seen, Def))
          continue;
        Seen.push_back(Def);
        if (!canSink(DT, *Def, User))
          continue;
        if (N < Cap) {
          Users[N] = wrap(&User);
          Defs[N] = wrap(Def);
        }
        ++N;
      }
    }
  }
  return N;
}

// Move each definition to just before its user, in order, skipping a pair
// that the earlier moves made invalid or pointless.
void whittle_sink_apply(LLVMValueRef Fn, LLVMValueRef *Users,
                        LLVMValueRef *Defs, unsigned N) {
  if (N == 0)
    return;
  Function *F = unwrap<Function>(Fn);
  DominatorTree DT(*F);
  for (unsigned K = 0; K < N; ++K) {
    Instruction *User = unwrap<Instruction>(Users[K]);
    Instruction *Def = unwrap<Instruction>(Defs[K]);
    if (canSink(DT, *Def, *User))
      Def->moveBeforePreserving(*User->getParent(), User->getIterator());
  }
}

} // extern "C"
