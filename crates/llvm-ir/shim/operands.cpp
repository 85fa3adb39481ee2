// C entry points of the operand passes (passes/operands*.rs, Rust side in
// src/ir/operands.rs): which operands may change and to what, replacing
// an operand (PHI-aware), the candidates of operands-skip and the signature
// rewrite of operands-to-args.
//
// Every function takes handles that the Rust side guarantees are live and
// belong to one module of one context. Replacements keep a valid module
// valid: an operand that must stay as it is (see mustStay) is never a
// target, and a PHI's entries for one predecessor always change together.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <deque>
#include <vector>

using namespace llvm;
using namespace whittle;

namespace {

// What the constant passes replace an operand with.
enum ConstMode : unsigned {
  Cut = 0,    // `operands`: a use of an instruction/argument/global -> zero
  Zero = 1,   // operands-zero
  One = 2,    // operands-one
  NaN = 3,    // operands-nan
  Poison = 4, // operands-poison
};

// Intrinsics whose operands have to be what they are beyond what immarg
// says (an alloca, a thread-local global, a function, ...).
bool hasPinnedOperands(const CallBase *CB) {
  const Function *Callee = CB->getCalledFunction();
  if (!Callee || !Callee->isIntrinsic())
    return false;
  switch (Callee->getIntrinsicID()) {
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::localescape:
  case Intrinsic::localrecover:
  case Intrinsic::threadlocal_address:
  case Intrinsic::experimental_gc_statepoint:
  case Intrinsic::experimental_gc_relocate:
  case Intrinsic::experimental_gc_result:
    return true;
  default:
    return Callee->getName().starts_with("llvm.coro.");
  }
}

// Whether operand Idx of I must keep its value whatever replaces it: labels
// and metadata, every operand of an EH pad, switch case values, GEP struct
// indices, callees, the pointers of lifetime markers and the like, immarg,
// swifterror, inalloca and preallocated arguments, operands of bundles that
// name a function, and any PHI entry but the first for its predecessor (the
// first stands for all: entries for one block must agree). Tokens stay
// unless AllowTokens and they are call arguments (operands-skip swaps such
// a token for a dominating one).
bool mustStay(Instruction *I, unsigned Idx, bool AllowTokens) {
  if (Idx >= I->getNumOperands())
    return true;
  Use &U = I->getOperandUse(Idx);
  Type *T = U->getType();
  if (T->isLabelTy() || T->isMetadataTy() || T->isVoidTy() ||
      T->isFunctionTy())
    return true;
  // A token may only be swapped for another one as a plain call argument
  // (funclet and convergence bundles, EH pads and their returns need the
  // token they have).
  if (T->isTokenTy() &&
      !(AllowTokens && isa<CallBase>(I) && cast<CallBase>(I)->isArgOperand(&U)))
    return true;
  if (I->isEHPad())
    return true;
  // A musttail call's result must be returned as it is.
  if ((isa<ReturnInst>(I) || isa<BitCastInst>(I)) &&
      I->getParent()->getTerminatingMustTailCall())
    return true;
  if (isa<SwitchInst>(I))
    return Idx != 0;
  if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
    if (Idx == 0)
      return false;
    unsigned K = 1;
    for (auto GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
         ++GTI, ++K)
      if (K == Idx)
        return GTI.isStruct();
    return true;
  }
  if (auto *PN = dyn_cast<PHINode>(I)) {
    BasicBlock *From = PN->getIncomingBlock(Idx);
    for (unsigned J = 0; J < Idx; ++J)
      if (PN->getIncomingBlock(J) == From)
        return true;
    return false;
  }
  if (auto *CB = dyn_cast<CallBase>(I)) {
    if (CB->isCallee(&U))
      return true;
    if (hasPinnedOperands(CB))
      return true;
    if (CB->isArgOperand(&U)) {
      unsigned A = CB->getArgOperandNo(&U);
      for (auto K : {Attribute::ImmArg, Attribute::SwiftError,
                     Attribute::InAlloca, Attribute::Preallocated})
        if (CB->paramHasAttr(A, K))
          return true;
    }
    if (CB->isBundleOperand(Idx)) {
      uint32_t Tag = CB->getOperandBundleForOperand(Idx).getTagID();
      if (Tag == LLVMContext::OB_clang_arc_attachedcall ||
          Tag == LLVMContext::OB_gc_live || Tag == LLVMContext::OB_preallocated)
        return true;
    }
  }
  return false;
}

bool isZero(Value *V) {
  auto *C = dyn_cast<Constant>(V);
  return C && C->isNullValue();
}

bool isOne(Value *V) {
  auto *C = dyn_cast<Constant>(V);
  return C && C->isOneValue();
}

// The floating-point value of a scalar constant or of a splat vector
// without poison lanes.
const ConstantFP *fpValue(Value *V) {
  if (auto *CFP = dyn_cast<ConstantFP>(V))
    return CFP;
  if (auto *C = dyn_cast<Constant>(V))
    if (C->getType()->isVectorTy())
      return dyn_cast_or_null<ConstantFP>(C->getSplatValue());
  return nullptr;
}

// +0.0 or 1.0 (operands-one and operands-nan leave those alone).
bool isZeroOrOneFP(Value *V) {
  const ConstantFP *C = fpValue(V);
  if (!C)
    return false;
  const APFloat &F = C->getValueAPF();
  return (F.isZero() && !F.isNegative()) || F.isExactlyValue(1.0);
}

// A NaN, or a vector whose lanes are NaN (or undefined, with one NaN).
bool isNaN(Value *V) {
  if (auto *CFP = dyn_cast<ConstantFP>(V))
    return CFP->isNaN();
  auto *C = dyn_cast<Constant>(V);
  if (!C)
    return false;
  auto *VT = dyn_cast<FixedVectorType>(C->getType());
  if (!VT) {
    const ConstantFP *S = fpValue(V);
    return S && S->isNaN();
  }
  bool Seen = false;
  for (unsigned I = 0, E = VT->getNumElements(); I < E; ++I) {
    Constant *Elt = C->getAggregateElement(I);
    if (!Elt)
      return false;
    if (isa<UndefValue>(Elt))
      continue;
    auto *CFP = dyn_cast<ConstantFP>(Elt);
    if (!CFP || !CFP->isNaN())
      return false;
    Seen = true;
  }
  return Seen;
}

// The constant operand Idx of I becomes in the given mode, or null when it
// is no target of that mode (it must stay, or would not change).
Constant *replacement(Instruction *I, unsigned Idx, ConstMode Mode) {
  if (mustStay(I, Idx, /*AllowTokens=*/false))
    return nullptr;
  Value *V = I->getOperand(Idx);
  Type *T = V->getType();
  if (T->isX86_AMXTy())
    return nullptr;
  switch (Mode) {
  case Cut: {
    if (!isa<Instruction>(V) && !isa<Argument>(V) && !isa<GlobalValue>(V))
      return nullptr;
    // No zero-sized allocas: the element count becomes one.
    if (isa<AllocaInst>(I))
      return ConstantInt::get(T, 1);
    Constant *C = defaultValue(T);
    return C ? C : PoisonValue::get(T);
  }
  case Zero:
    // No zero-sized allocas.
    if (isa<AllocaInst>(I))
      return nullptr;
    if (auto *TET = dyn_cast<TargetExtType>(T)) {
      if (isa<ConstantTargetNone>(V) || isa<PoisonValue>(V) ||
          !TET->hasProperty(TargetExtType::HasZeroInit))
        return nullptr;
      return ConstantTargetNone::get(TET);
    }
    if (isZero(V))
      return nullptr;
    return Constant::getNullValue(T);
  case One: {
    if (T->isIntegerTy())
      return isOne(V) || isZero(V) ? nullptr : ConstantInt::get(T, 1);
    if (T->isFloatingPointTy())
      return isZeroOrOneFP(V) ? nullptr : ConstantFP::get(T, 1.0);
    auto *VT = dyn_cast<VectorType>(T);
    if (!VT || isOne(V) || isZero(V) || isZeroOrOneFP(V))
      return nullptr;
    Type *Elt = VT->getElementType();
    if (Elt->isFloatingPointTy())
      return ConstantFP::get(T, 1.0);
    if (Elt->isIntegerTy())
      return ConstantInt::get(T, 1);
    return nullptr;
  }
  case NaN:
    if (!T->isFPOrFPVectorTy() || isNaN(V) || isZeroOrOneFP(V))
      return nullptr;
    return ConstantFP::getQNaN(T);
  case Poison:
    if (!isa<TargetExtType>(T) || isa<ConstantTargetNone>(V) ||
        isa<PoisonValue>(V))
      return nullptr;
    return PoisonValue::get(T);
  }
  return nullptr;
}

// Set operand Idx of I to V; for a PHI, every entry for the same
// predecessor.
void setOperand(Instruction *I, unsigned Idx, Value *V) {
  if (auto *PN = dyn_cast<PHINode>(I)) {
    BasicBlock *From = PN->getIncomingBlock(Idx);
    for (unsigned J = 0, E = PN->getNumIncomingValues(); J < E; ++J)
      if (PN->getIncomingBlock(J) == From)
        PN->setIncomingValue(J, V);
    return;
  }
  I->setOperand(Idx, V);
}

// ---- operands-skip --------------------------------------------------------

// How far a value is reduced, higher is further: constant data (zero, one,
// other; undef and poison last of all), arguments, globals, other
// constants, instructions.
int reductionRank(Value *V) {
  if (auto *C = dyn_cast<ConstantData>(V)) {
    if (isa<UndefValue>(C))
      return -2;
    if (C->isNullValue())
      return 7;
    if (C->isOneValue())
      return 6;
    return 5;
  }
  if (isa<Argument>(V))
    return 3;
  if (isa<GlobalValue>(V))
    return 2;
  if (isa<Constant>(V))
    return 1;
  if (isa<Instruction>(V))
    return -1;
  return 0;
}

struct SkipContext {
  Function &F;
  DominatorTree DT;
  std::vector<Value *> Last;

  DenseMap<const BasicBlock *, unsigned> BlockIndex;

  explicit SkipContext(Function &F) : F(F), DT(F) {
    unsigned K = 0;
    for (BasicBlock &BB : F)
      BlockIndex[&BB] = K++;
  }

  // Instructions that dominate one point lie on one dominator-tree path:
  // order them by the depth of their block, then by position. (Block
  // layout order only separates unreachable ones.)
  bool before(Instruction *A, Instruction *B) {
    DomTreeNode *NA = DT.getNode(A->getParent());
    DomTreeNode *NB = DT.getNode(B->getParent());
    unsigned LA = NA ? NA->getLevel() : ~0u, LB = NB ? NB->getLevel() : ~0u;
    if (LA != LB)
      return LA < LB;
    if (A->getParent() != B->getParent())
      return BlockIndex.lookup(A->getParent()) <
             BlockIndex.lookup(B->getParent());
    return A != B && A->comesBefore(B);
  }

  // The order of candidates: most reduced first; among arguments the
  // first, among instructions the one defined highest up the dominator
  // tree; others keep their order.
  bool precedes(Value *A, Value *B) {
    int RA = reductionRank(A), RB = reductionRank(B);
    if (RA != RB)
      return RA > RB;
    auto *AA = dyn_cast<Argument>(A);
    auto *AB = dyn_cast<Argument>(B);
    if (AA && AB)
      return AA->getArgNo() < AB->getArgNo();
    auto *IA = dyn_cast<Instruction>(A);
    auto *IB = dyn_cast<Instruction>(B);
    if (IA && IB)
      return before(IA, IB);
    return false;
  }

  // Whether Cand is further reduced than Orig: a higher rank, or the same
  // rank and an instruction that dominates Orig, or an earlier argument.
  bool furtherReduced(Value *Cand, Value *Orig) {
    if (Cand == Orig)
      return false;
    int RC = reductionRank(Cand), RO = reductionRank(Orig);
    if (RC != RO)
      return RC > RO;
    auto *CI = dyn_cast<Instruction>(Cand);
    auto *OI = dyn_cast<Instruction>(Orig);
    if (CI && OI)
      return DT.dominates(CI, OI);
    auto *CA = dyn_cast<Argument>(Cand);
    auto *OA = dyn_cast<Argument>(Orig);
    if (CA && OA)
      return CA->getArgNo() < OA->getArgNo();
    return false;
  }

  // The values operand Idx of I may become, most reduced first: values
  // the operand refers to, directly or through other instructions and
  // constant expressions, and the function's arguments, of the same type
  // and further reduced than the operand.
  void compute(Instruction *I, unsigned Idx) {
    Last.clear();
    if (mustStay(I, Idx, /*AllowTokens=*/true) || isa<GetElementPtrInst>(I))
      return;
    Value *Orig = I->getOperand(Idx);
    Type *T = Orig->getType();
    if (T->isX86_AMXTy() && isa<Constant>(Orig))
      return;
    SetVector<Value *> Seen;
    std::deque<Value *> Work{Orig};
    while (!Work.empty()) {
      Value *V = Work.front();
      Work.pop_front();
      if (!Seen.insert(V))
        continue;
      if (auto *Op = dyn_cast<Operator>(V))
        for (Value *W : Op->operands())
          Work.push_back(W);
    }
    for (Argument &A : F.args())
      Seen.insert(&A);
    SmallVector<Value *, 16> Cands;
    // Deeper references first: each step of the search is a reduction of
    // its own.
    for (Value *V : reverse(Seen)) {
      if (V->getType() != T || !furtherReduced(V, Orig))
        continue;
      if (auto *Fn = dyn_cast<Function>(V))
        if (Fn->isIntrinsic())
          continue;
      // A swifterror slot may only be loaded, stored or passed as such.
      if (V->isSwiftError())
        continue;
      // Only a PHI may refer to itself.
      if (V == I && !isa<PHINode>(I))
        continue;
      Cands.push_back(V);
    }
    std::stable_sort(Cands.begin(), Cands.end(),
                     [this](Value *A, Value *B) { return precedes(A, B); });
    Last.assign(Cands.begin(), Cands.end());
  }
};

// ---- operands-to-args -----------------------------------------------------

bool callsWithMustTail(Function &F) {
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (CI->isMustTailCall())
          return true;
  return false;
}

// Build the call of NewF that replaces the direct call CB of the old
// function: the old arguments, then the default constant of each new
// parameter; bundles, attributes, flags, metadata and the name stay.
void rewriteCall(CallBase *CB, Function *NewF) {
  SmallVector<Value *, 8> Args(CB->args());
  for (unsigned I = Args.size(), E = NewF->arg_size(); I < E; ++I) {
    Type *T = NewF->getArg(I)->getType();
    Constant *C = defaultValue(T);
    Args.push_back(C ? C : PoisonValue::get(T));
  }
  SmallVector<OperandBundleDef, 2> Bundles;
  CB->getOperandBundlesAsDefs(Bundles);
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(CB))
    New = InvokeInst::Create(NewF->getFunctionType(), NewF,
                             II->getNormalDest(), II->getUnwindDest(), Args,
                             Bundles, CB->getName());
  else
    New = CallInst::Create(NewF->getFunctionType(), NewF, Args, Bundles,
                           CB->getName());
  New->setCallingConv(CB->getCallingConv());
  New->setAttributes(CB->getAttributes());
  if (auto *CI = dyn_cast<CallInst>(CB))
    cast<CallInst>(New)->setTailCallKind(CI->getTailCallKind());
  if (isa<FPMathOperator>(CB))
    New->copyFastMathFlags(CB);
  New->copyMetadata(*CB);
  New->insertBefore(CB->getIterator());
  CB->replaceAllUsesWith(New);
  CB->eraseFromParent();
}

} // namespace

extern "C" {

// The constant operand Idx of Inst becomes in mode Mode (a ConstMode), or
// null when that operand is no target of the mode.
LLVMValueRef whittle_operand_replacement(LLVMValueRef Inst, unsigned Idx,
                                         unsigned Mode) {
  if (Mode > Poison)
    return nullptr;
  return wrap(replacement(unwrap<Instruction>(Inst), Idx,
                          static_cast<ConstMode>(Mode)));
}

// Set operand Idx of Inst to V (same type; for a PHI, every entry for the
// same predecessor).
void whittle_operand_set(LLVMValueRef Inst, unsigned Idx, LLVMValueRef V) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (Idx < I->getNumOperands() &&
      I->getOperand(Idx)->getType() == unwrap(V)->getType())
    setOperand(I, Idx, unwrap(V));
}

// operands-skip: a context per function definition (its dominator tree).
void *whittle_skip_begin(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (F->isDeclaration())
    return nullptr;
  return new SkipContext(*F);
}

void whittle_skip_end(void *Ctx) { delete static_cast<SkipContext *>(Ctx); }

// Compute the candidates for operand Idx of Inst (an instruction of the
// context's function), most reduced first; returns how many there are.
unsigned whittle_skip_compute(void *Ctx, LLVMValueRef Inst, unsigned Idx) {
  auto *C = static_cast<SkipContext *>(Ctx);
  C->compute(unwrap<Instruction>(Inst), Idx);
  return C->Last.size();
}

// Candidate K of the last computation.
LLVMValueRef whittle_skip_candidate(void *Ctx, unsigned K) {
  auto *C = static_cast<SkipContext *>(Ctx);
  return K < C->Last.size() ? wrap(C->Last[K]) : nullptr;
}

// operands-to-args: whether a function may get new parameters: a
// definition, not variadic nor naked, used only as the callee of calls and
// invokes, with no musttail on either side.
int whittle_to_args_function_ok(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (F->isDeclaration() || F->isVarArg() || F->isIntrinsic() ||
      F->hasFnAttribute(Attribute::Naked))
    return 0;
  for (Use &U : F->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) ||
        !(isa<CallInst>(CB) || isa<InvokeInst>(CB)))
      return 0;
    if (auto *CI = dyn_cast<CallInst>(CB))
      if (CI->isMustTailCall())
        return 0;
  }
  return !callsWithMustTail(*F);
}

// Whether operand Idx of Inst may become a new parameter: not one that
// must stay, a first-class non-token type that a parameter can have, not
// already an argument, not a literal constant.
int whittle_to_args_operand_ok(LLVMValueRef Inst, unsigned Idx) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (mustStay(I, Idx, /*AllowTokens=*/false))
    return 0;
  Value *V = I->getOperand(Idx);
  Type *T = V->getType();
  if (!T->isFirstClassType() || T->isX86_AMXTy())
    return 0;
  return !isa<Argument>(V) && !isa<ConstantData>(V);
}

// Replace the given operands of Fn's instructions by new parameters (one
// per distinct value, named after it, with the attributes its metadata
// implies), giving Fn a new signature: every call passes the default
// constant for each new parameter. Fn is replaced by a new function of the
// same name; Fn's handle is dead afterwards, and so are the handles of the
// calls of Fn (rewritten).
void whittle_operands_to_args(LLVMValueRef Fn, LLVMValueRef *Insts,
                              unsigned *Idxs, unsigned N) {
  if (N == 0)
    return;
  Function *OldF = unwrap<Function>(Fn);
  Module *M = OldF->getParent();
  LLVMContext &Ctx = OldF->getContext();

  SetVector<Value *> Values;
  for (unsigned K = 0; K < N; ++K)
    Values.insert(unwrap<Instruction>(Insts[K])->getOperand(Idxs[K]));

  SmallVector<Type *, 8> Params(OldF->getFunctionType()->params());
  unsigned Offset = Params.size();
  for (Value *V : Values)
    Params.push_back(V->getType());
  FunctionType *FTy =
      FunctionType::get(OldF->getReturnType(), Params, OldF->isVarArg());
  Function *NewF = Function::Create(FTy, OldF->getLinkage(),
                                    OldF->getAddressSpace(), "", nullptr);
  M->getFunctionList().insert(OldF->getIterator(), NewF);
  NewF->copyAttributesFrom(OldF);
  NewF->setComdat(OldF->getComdat());
  NewF->copyMetadata(OldF, 0);

  // The old parameters, then the new ones, named after their values.
  for (unsigned K = 0; K < Offset; ++K) {
    Argument *Old = OldF->getArg(K), *New = NewF->getArg(K);
    New->takeName(Old);
    Old->replaceAllUsesWith(New);
  }
  DenseMap<Value *, Argument *> ArgOf;
  for (unsigned K = 0; K < Values.size(); ++K) {
    Value *V = Values[K];
    Argument *A = NewF->getArg(Offset + K);
    A->setName(V->getName());
    ArgOf[V] = A;
    if (auto *I = dyn_cast<Instruction>(V)) {
      AttrBuilder AB(Ctx);
      whittle::compat::addFromEquivalentMetadata(AB, *I);
      AB.remove(whittle::compat::typeIncompatible(A->getType(),
                                                  AttributeSet::get(Ctx, AB)));
      if (AB.hasAttributes())
        NewF->addParamAttrs(Offset + K, AB);
    }
  }
  for (unsigned K = 0; K < N; ++K) {
    Instruction *I = unwrap<Instruction>(Insts[K]);
    setOperand(I, Idxs[K], ArgOf.lookup(I->getOperand(Idxs[K])));
  }

  NewF->splice(NewF->begin(), OldF);

  // Direct calls get the new arguments; a call through a different function
  // type keeps its arguments and calls the new function.
  SmallVector<CallBase *, 8> Calls;
  for (Use &U : OldF->uses())
    if (auto *CB = dyn_cast<CallBase>(U.getUser()))
      if (CB->isCallee(&U) && CB->getFunctionType() == OldF->getFunctionType())
        Calls.push_back(CB);
  for (CallBase *CB : Calls)
    rewriteCall(CB, NewF);
  OldF->replaceAllUsesWith(NewF);
  NewF->takeName(OldF);
  OldF->eraseFromParent();
}

} // extern "C"
