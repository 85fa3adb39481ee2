// C entry points for the function-level passes: removing arguments, returning
// an argument or an intermediate value early, inlining call sites, and
// dropping function data (personality, prefix/prologue data, section,
// alignment, GC, calling convention). The Rust side is src/ir/functions.rs.
//
// Every function here takes handles that the Rust side guarantees are live
// and belong to one module of one context. The predicates (whittle_*_is_*,
// whittle_can_*) say when a mutation keeps a valid module valid; the
// mutations assume their predicate held when the targets were collected.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace whittle;

// From core.cpp: whether an instruction may be removed on its own.
extern "C" int whittle_instruction_is_removable(LLVMValueRef Inst);

namespace {

bool isRemovableInstruction(Instruction &I) {
  return whittle_instruction_is_removable(wrap(&I)) != 0;
}

bool isMustTailCall(const User *U) {
  auto *CI = dyn_cast<CallInst>(U);
  return CI && CI->isMustTailCall();
}

// Whether F is the callee of a musttail call, or makes one itself: both
// tie F's prototype and calling convention to another function's.
bool involvedInMustTail(const Function &F) {
  for (const Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (CB && CB->isCallee(&U) && isMustTailCall(CB))
      return true;
  }
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (isMustTailCall(&I))
        return true;
  return false;
}

// Calls and invokes whose callee operand is F itself with F's own function
// type (the ones a signature change must rewrite). Calls through a
// mismatching function type stay as they are: they remain valid, if
// undefined, calls of whatever F becomes.
SmallVector<CallBase *, 8> directCallSites(Function &F) {
  SmallVector<CallBase *, 8> Sites;
  for (Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (CB && CB->isCallee(&U) &&
        CB->getFunctionType() == F.getFunctionType())
      Sites.push_back(CB);
  }
  return Sites;
}

// A new, empty function of type Ty in F's place (right after F), with F's
// linkage, attributes (AL), calling convention, GC, personality,
// prefix/prologue data, section, alignment, comdat and metadata, and F's
// name. F keeps its body and uses; the caller moves them.
Function *makeReplacement(Function &F, FunctionType *Ty, AttributeList AL) {
  Function *NewF = Function::Create(Ty, F.getLinkage(), F.getAddressSpace(),
                                    "", F.getParent());
  NewF->removeFromParent();
  F.getParent()->getFunctionList().insertAfter(F.getIterator(), NewF);
  NewF->copyAttributesFrom(&F);
  NewF->setAttributes(AL);
  NewF->setComdat(F.getComdat());
  NewF->copyMetadata(&F, 0);
  NewF->takeName(&F);
  return NewF;
}

// Move F's body into NewF, point F's remaining uses at NewF and erase F.
// Arguments are matched by the position map ArgMap (F's index -> NewF's
// index, or -1 when the argument is gone and its uses were already
// replaced).
void replaceFunction(Function &F, Function *NewF, ArrayRef<int> ArgMap) {
  NewF->splice(NewF->begin(), &F);
  for (Argument &A : F.args()) {
    int To = ArgMap[A.getArgNo()];
    if (To < 0)
      continue;
    Argument *NA = NewF->getArg(To);
    A.replaceAllUsesWith(NA);
    NA->takeName(&A);
  }
  F.replaceAllUsesWith(NewF);
  F.eraseFromParent();
}

// Function attributes FnAttrs with `allocsize` (which names parameters by
// position) renumbered by ArgMap, or dropped when it names a removed one.
AttributeSet remapAllocSize(LLVMContext &Ctx, AttributeSet FnAttrs,
                            ArrayRef<int> ArgMap) {
  auto Args = FnAttrs.getAllocSizeArgs();
  if (!Args)
    return FnAttrs;
  AttrBuilder B(Ctx, FnAttrs);
  B.removeAttribute(Attribute::AllocSize);
  auto Map = [&](unsigned I) { return I < ArgMap.size() ? ArgMap[I] : -1; };
  int Elem = Map(Args->first);
  int Num = Args->second ? Map(*Args->second) : 0;
  if (Elem >= 0 && Num >= 0)
    B.addAllocSizeAttr(Elem, Args->second ? std::optional<unsigned>(Num)
                                          : std::nullopt);
  return AttributeSet::get(Ctx, B);
}

bool isReallyValidReturnType(Type *Ty) {
  return FunctionType::isValidReturnType(Ty) && !Ty->isTokenTy() &&
         !Ty->isX86_AMXTy() && Ty->isFirstClassType();
}

// Whether V is a swifterror value (which only loads, stores and swifterror
// arguments may use).
bool isSwiftErrorValue(const Value *V) {
  if (auto *AI = dyn_cast<AllocaInst>(V))
    return AI->isSwiftError();
  if (auto *A = dyn_cast<Argument>(V))
    return A->hasSwiftErrorAttr();
  return false;
}

// The block whose new return would return V (an argument returns from the
// entry block).
BasicBlock *returnBlockFor(Function &F, Value *V) {
  if (auto *I = dyn_cast<Instruction>(V))
    return I->getParent();
  return &F.getEntryBlock();
}

bool isGCIntrinsicCall(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  Function *Callee = CB->getCalledFunction();
  if (!Callee || !Callee->isIntrinsic())
    return false;
  StringRef Name = Callee->getName();
  return Name.starts_with("llvm.gc") ||
         Name.starts_with("llvm.experimental.gc.");
}

// Whether F has more than Limit non-terminator instructions (counting stops
// as soon as it knows).
bool hasMoreNonTerminatorsThan(const Function &F, uint64_t Limit) {
  uint64_t N = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (!I.isTerminator() && ++N > Limit)
        return true;
  return false;
}

} // namespace

extern "C" {

// ---------------------------------------------------------------------------
// arguments

// Whether the arguments of F may be removed at all: F is no intrinsic, every
// call site with F as callee is a call or an invoke (callbr is not
// rewritten), and F takes part in no musttail call.
int whittle_function_args_removable(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (F->arg_empty() || F->isIntrinsic())
    return 0;
  for (const Use &U : F->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (CB && CB->isCallee(&U) && !isa<CallInst>(CB) && !isa<InvokeInst>(CB))
      return 0;
  }
  return !involvedInMustTail(*F);
}

// Whether argument Idx of F (whose arguments are removable) may go: not the
// byval frame argument an x86_intrcc function needs while it has others,
// not a swifterror or preallocated argument (their call-site operands are
// tied to special allocas and bundles).
int whittle_argument_is_removable(LLVMValueRef Fn, unsigned Idx) {
  Function *F = unwrap<Function>(Fn);
  if (Idx >= F->arg_size())
    return 0;
  if (F->getCallingConv() == CallingConv::X86_INTR && Idx == 0 &&
      F->arg_size() != 1)
    return 0;
  if (F->hasParamAttribute(Idx, Attribute::SwiftError) ||
      F->hasParamAttribute(Idx, Attribute::Preallocated))
    return 0;
  return 1;
}

// The number of calls and invokes a signature change of F rewrites.
unsigned whittle_direct_call_site_count(LLVMValueRef Fn) {
  return directCallSites(*unwrap<Function>(Fn)).size();
}

// Remove the arguments Idx[0..N) of F: a new function with the remaining
// parameters (and their attributes) takes F's place, name and body; uses of
// a removed argument see its type's default constant; every direct call and
// invoke passes only the remaining arguments (variadic ones stay);
// `allocsize` follows its parameters, or goes with them.
void whittle_remove_arguments(LLVMValueRef Fn, const unsigned *Idx,
                              unsigned N) {
  Function *F = unwrap<Function>(Fn);
  SmallVector<bool, 8> Remove(F->arg_size(), false);
  for (unsigned I = 0; I < N; ++I)
    if (Idx[I] < F->arg_size())
      Remove[Idx[I]] = true;
  if (none_of(Remove, [](bool B) { return B; }))
    return;

  LLVMContext &Ctx = F->getContext();
  FunctionType *OldTy = F->getFunctionType();
  AttributeList PAL = F->getAttributes();
  SmallVector<Type *, 8> Params;
  SmallVector<AttributeSet, 8> ParamAttrs;
  SmallVector<int, 8> ArgMap;
  for (unsigned I = 0, E = F->arg_size(); I < E; ++I) {
    if (Remove[I]) {
      ArgMap.push_back(-1);
      continue;
    }
    ArgMap.push_back(Params.size());
    Params.push_back(OldTy->getParamType(I));
    ParamAttrs.push_back(PAL.getParamAttrs(I));
  }
  FunctionType *NewTy =
      FunctionType::get(OldTy->getReturnType(), Params, OldTy->isVarArg());
  AttributeList NewPAL =
      AttributeList::get(Ctx, remapAllocSize(Ctx, PAL.getFnAttrs(), ArgMap),
                         PAL.getRetAttrs(), ParamAttrs);

  // As llvm-reduce does, the instructions using a removed argument go with
  // it (their own uses see the default constant); the ones that cannot go
  // on their own (terminators, EH pads, token producers) stay and see the
  // default constant in place of the argument. x86_amx values, which
  // have no constant to stand in for them, stay too.
  SmallSetVector<Instruction *, 16> Users;
  for (Argument &A : F->args())
    if (Remove[A.getArgNo()])
      for (User *U : A.users())
        if (auto *I = dyn_cast<Instruction>(U))
          if (isRemovableInstruction(*I) && !I->getType()->isX86_AMXTy())
            Users.insert(I);
  for (Argument &A : F->args())
    if (Remove[A.getArgNo()])
      replaceUsesWithDefault(&A);
  for (Instruction *I : Users)
    replaceUsesWithDefault(I);
  for (Instruction *I : Users)
    I->eraseFromParent();

  Function *NewF = makeReplacement(*F, NewTy, NewPAL);

  for (CallBase *CB : directCallSites(*F)) {
    AttributeList CAL = CB->getAttributes();
    SmallVector<Value *, 8> Args;
    SmallVector<AttributeSet, 8> ArgAttrs;
    for (unsigned I = 0, E = CB->arg_size(); I < E; ++I) {
      if (I < Remove.size() && Remove[I])
        continue;
      Args.push_back(CB->getArgOperand(I));
      ArgAttrs.push_back(CAL.getParamAttrs(I));
    }
    SmallVector<OperandBundleDef, 2> Bundles;
    CB->getOperandBundlesAsDefs(Bundles);
    CallBase *New;
    if (auto *II = dyn_cast<InvokeInst>(CB))
      New = InvokeInst::Create(NewTy, NewF, II->getNormalDest(),
                               II->getUnwindDest(), Args, Bundles, "",
                               CB->getIterator());
    else {
      auto *CI = CallInst::Create(NewTy, NewF, Args, Bundles, "",
                                  CB->getIterator());
      CI->setTailCallKind(cast<CallInst>(CB)->getTailCallKind());
      New = CI;
    }
    New->setCallingConv(CB->getCallingConv());
    New->setAttributes(AttributeList::get(
        Ctx, remapAllocSize(Ctx, CAL.getFnAttrs(), ArgMap), CAL.getRetAttrs(),
        ArgAttrs));
    if (isa<FPMathOperator>(New))
      New->copyFastMathFlags(CB);
    New->copyMetadata(*CB);
    New->setDebugLoc(CB->getDebugLoc());
    New->takeName(CB);
    CB->replaceAllUsesWith(New);
    CB->eraseFromParent();
  }

  replaceFunction(*F, NewF, ArgMap);
}

// ---------------------------------------------------------------------------
// arguments-to-return, instructions-to-return

// Whether F's return type may change: F is a definition without an sret
// argument, its calling convention allows a non-void return, it takes part
// in no musttail call, and it resolves no ifunc (a resolver returns a
// pointer).
int whittle_can_change_return(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  return !F->isDeclaration() && !F->hasStructRetAttr() &&
         whittle::compat::supportsNonVoidReturnType(F->getCallingConv()) &&
         !involvedInMustTail(*F) && none_of(F->users(), [](const User *U) {
           return isa<GlobalIFunc>(U);
         });
}

// The candidates of arguments-to-return (Instructions == 0: F's arguments)
// or instructions-to-return (F's non-terminator instructions), in order,
// with their weights (an argument: F's instruction count; an instruction:
// the instructions after it), written to Out/Weights (room for Cap each).
// Returns how many there are. F's return type must be changeable. A value
// is a candidate when its type can be returned, every call site can take
// that type, its block does not return it already, and returning it would
// cut something (the block does not end right after it in a return of its
// type). A PHI of an EH pad block is no candidate (the pad would move to
// the cut tail).
unsigned whittle_return_candidates(LLVMValueRef Fn, int Instructions,
                                   LLVMValueRef *Out, uint64_t *Weights,
                                   unsigned Cap) {
  Function *F = unwrap<Function>(Fn);
  Type *RetTy = F->getReturnType();
  // Non-void call sites fix the only type a new return may have.
  Type *Required = nullptr;
  bool Any = true;
  for (const Use &U : F->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || CB->getType()->isVoidTy())
      continue;
    if (Required && Required != CB->getType())
      Any = false;
    Required = CB->getType();
  }
  if (!Any)
    return 0;
  auto Returnable = [&](Value *V, BasicBlock::iterator After) {
    Type *Ty = V->getType();
    if (!isReallyValidReturnType(Ty) || isSwiftErrorValue(V))
      return false;
    if (Required && Ty != Required)
      return false;
    // The block returns V already (cutting what lies between is the
    // instructions pass's work).
    auto *RI = dyn_cast<ReturnInst>(After->getParent()->getTerminator());
    if (RI && RI->getReturnValue() == V)
      return false;
    // Nothing to cut: returning V would only put back a use of V in place
    // of the value returned now (another pass may have cut it; the two
    // would undo each other sweep after sweep).
    return !(isa<ReturnInst>(&*After) && Ty == RetTy);
  };
  uint64_t Total = F->getInstructionCount();
  unsigned N = 0;
  auto Add = [&](Value *V, uint64_t W) {
    if (N < Cap) {
      Out[N] = wrap(V);
      Weights[N] = W;
    }
    ++N;
  };
  if (!Instructions) {
    BasicBlock &Entry = F->getEntryBlock();
    for (Argument &A : F->args())
      if (Returnable(&A, Entry.begin()))
        Add(&A, Total);
    return N;
  }
  uint64_t Seen = 0;
  for (BasicBlock &BB : *F) {
    bool Pad = BB.isEHPad();
    for (Instruction &I : BB) {
      ++Seen;
      if (I.isTerminator() || (Pad && isa<PHINode>(I)))
        continue;
      if (Returnable(&I, std::next(I.getIterator())))
        Add(&I, Total - Seen);
    }
  }
  return N;
}

// Make F return V right where V becomes available: the rest of V's block is
// cut off (with whatever becomes unreachable, and whatever was unreachable
// already), other returns return the default constant of the new return
// type, return attributes that do not fit it and `returned` go, and void
// call sites take the new type.
void whittle_return_value(LLVMValueRef Fn, LLVMValueRef Val) {
  Function *F = unwrap<Function>(Fn);
  Value *V = unwrap(Val);
  LLVMContext &Ctx = F->getContext();
  FunctionType *OldTy = F->getFunctionType();
  Type *OldRetTy = OldTy->getReturnType();
  Type *NewRetTy = V->getType();
  BasicBlock *RetBB = returnBlockFor(*F, V);
  auto *I = dyn_cast<Instruction>(V);
  BasicBlock::iterator SplitAt =
      I ? std::next(I->getIterator()) : RetBB->begin();

  if (OldRetTy != NewRetTy) {
    for (BasicBlock &BB : *F) {
      if (&BB == RetBB)
        continue;
      auto *RI = dyn_cast<ReturnInst>(BB.getTerminator());
      if (!RI)
        continue;
      RI->eraseFromParent();
      Value *C = defaultValue(NewRetTy);
      ReturnInst::Create(Ctx, C ? C : PoisonValue::get(NewRetTy), &BB);
    }
  }

  // Split off the rest of the block and return V instead of branching to it;
  // the tail and everything only it reached become unreachable.
  RetBB->splitBasicBlock(SplitAt);
  RetBB->getTerminator()->eraseFromParent();
  ReturnInst::Create(Ctx, V, RetBB);
  EliminateUnreachableBlocks(*F, nullptr, /*KeepOneInputPHIs=*/true);

  AttributeList AL = F->getAttributes();
  if (OldRetTy != NewRetTy)
    AL = AL.removeRetAttributes(
        Ctx, whittle::compat::typeIncompatible(NewRetTy, AL.getRetAttrs()));
  for (unsigned A = 0, E = F->arg_size(); A < E; ++A)
    AL = AL.removeParamAttribute(Ctx, A, Attribute::Returned);

  FunctionType *NewTy =
      FunctionType::get(NewRetTy, OldTy->params(), OldTy->isVarArg());
  Function *NewF = makeReplacement(*F, NewTy, AL);

  for (User *U : make_early_inc_range(F->users())) {
    auto *CB = dyn_cast<CallBase>(U);
    if (!CB || CB->getCalledOperand() != F || !CB->getType()->isVoidTy())
      continue;
    FunctionType *CallTy = CB->getFunctionType();
    CB->mutateType(NewRetTy);
    CB->setCalledFunction(
        FunctionType::get(NewRetTy, CallTy->params(), CallTy->isVarArg()),
        NewF);
  }

  SmallVector<int, 8> ArgMap;
  for (unsigned A = 0, E = F->arg_size(); A < E; ++A)
    ArgMap.push_back(A);
  replaceFunction(*F, NewF, ArgMap);
}

// ---------------------------------------------------------------------------
// inline-call-sites

// Whether call site Call is an inlining target: its callee operand is a
// defined function that LLVM can inline there, and, unless Threshold < 0,
// that function has no other use and both it and the caller have at most
// Threshold + 1 non-terminator instructions (llvm-reduce's measure).
int whittle_call_site_is_inlinable(LLVMValueRef Call, int64_t Threshold) {
  auto *CB = dyn_cast<CallBase>(unwrap(Call));
  if (!CB)
    return 0;
  auto *Callee = dyn_cast<Function>(CB->getCalledOperand());
  if (!Callee || Callee->isDeclaration())
    return 0;
  if (Threshold >= 0) {
    if (!Callee->hasOneUse())
      return 0;
    uint64_t Limit = static_cast<uint64_t>(Threshold) + 1;
    if (hasMoreNonTerminatorsThan(*Callee, Limit) ||
        hasMoreNonTerminatorsThan(*CB->getFunction(), Limit))
      return 0;
  }
  return whittle::compat::canInline(*CB);
}

// Inline a call site that whittle_call_site_is_inlinable accepted.
void whittle_inline_call_site(LLVMValueRef Call) {
  auto *CB = cast<CallBase>(unwrap(Call));
  whittle::compat::inlineCall(*CB);
}

// ---------------------------------------------------------------------------
// function-data

// Which pieces of function data F carries that may go, one bit each (see
// FunctionData in src/ir/functions.rs for the order).
enum : unsigned {
  FD_Personality = 1u << 0,
  FD_Prefix = 1u << 1,
  FD_Prologue = 1u << 2,
  FD_Section = 1u << 3,
  FD_Partition = 1u << 4,
  FD_Alignment = 1u << 5,
  FD_GC = 1u << 6,
  FD_CallingConv = 1u << 7,
};

unsigned whittle_function_data(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (F->isIntrinsic())
    return 0;
  unsigned Bits = 0;
  if (F->hasPersonalityFn() && none_of(*F, [](const BasicBlock &BB) {
        return BB.isEHPad() || isa<ResumeInst>(BB.getTerminator());
      }))
    Bits |= FD_Personality;
  if (F->hasPrefixData())
    Bits |= FD_Prefix;
  if (F->hasPrologueData())
    Bits |= FD_Prologue;
  if (F->hasSection())
    Bits |= FD_Section;
  if (F->hasPartition())
    Bits |= FD_Partition;
  if (F->getAlign())
    Bits |= FD_Alignment;
  if (F->hasGC() && none_of(*F, [](const BasicBlock &BB) {
        return any_of(BB, isGCIntrinsicCall);
      }))
    Bits |= FD_GC;
  if (F->getCallingConv() != CallingConv::C && !involvedInMustTail(*F))
    Bits |= FD_CallingConv;
  return Bits;
}

// Drop the pieces of function data in Bits (a subset of what
// whittle_function_data reported). A calling convention becomes C on the
// function and on its direct call sites.
void whittle_drop_function_data(LLVMValueRef Fn, unsigned Bits) {
  Function *F = unwrap<Function>(Fn);
  if (Bits & FD_Personality)
    F->setPersonalityFn(nullptr);
  if (Bits & FD_Prefix)
    F->setPrefixData(nullptr);
  if (Bits & FD_Prologue)
    F->setPrologueData(nullptr);
  if (Bits & FD_Section)
    F->setSection("");
  if (Bits & FD_Partition)
    F->setPartition("");
  if (Bits & FD_Alignment)
    F->setAlignment(MaybeAlign());
  if (Bits & FD_GC)
    F->clearGC();
  if (Bits & FD_CallingConv) {
    F->setCallingConv(CallingConv::C);
    for (Use &U : F->uses()) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      if (CB && CB->isCallee(&U))
        CB->setCallingConv(CallingConv::C);
    }
  }
}

} // extern "C"
