// C entry points for the LLVM C++ operations the LLVM-C API lacks: the
// helpers every area shares (common.h) and the deletion passes' mutations.
//
// Every function here takes handles that the Rust side (src/ir/)
// guarantees are live and belong to one module of one context. Each keeps the
// module valid when it was valid before: uses of anything removed are
// replaced by a constant of the right type first, and CFG edits fix PHIs.
// Nothing here allocates memory the caller must free.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <string>
#include <utility>

using namespace llvm;

namespace whittle {

Constant *defaultValue(Type *T) {
  if (T->isVoidTy() || T->isLabelTy() || T->isMetadataTy() ||
      T->isFunctionTy())
    return nullptr;
  if (T->isTokenTy())
    return ConstantTokenNone::get(T->getContext());
  if (auto *TET = dyn_cast<TargetExtType>(T)) {
    if (TET->hasProperty(TargetExtType::HasZeroInit))
      return ConstantTargetNone::get(TET);
    return PoisonValue::get(TET);
  }
  if (T->isX86_AMXTy())
    return PoisonValue::get(T);
  return Constant::getNullValue(T);
}

bool isLifetimeMarker(User *U) {
  auto *II = dyn_cast<IntrinsicInst>(U);
  return II && (II->getIntrinsicID() == Intrinsic::lifetime_start ||
                II->getIntrinsicID() == Intrinsic::lifetime_end);
}

void replaceUsesWithDefault(Value *V) {
  if (V->use_empty())
    return;
  Constant *Poison = PoisonValue::get(V->getType());
  // Lifetime markers accept only an alloca or poison. (They are
  // instructions, so setting the use directly is fine; constant users must
  // go through replaceAllUsesWith.)
  for (Use &U : make_early_inc_range(V->uses()))
    if (isLifetimeMarker(U.getUser()))
      U.set(Poison);
  Constant *C = defaultValue(V->getType());
  V->replaceAllUsesWith(C ? C : Poison);
}

namespace {

thread_local std::string LastFatalError;

// Inside a crash recovery context, a fatal error ends the work it guards,
// not the process (its reason kept for lastFatalError); elsewhere it
// behaves like LLVM's default (message, exit 1).
void fatalErrorHandler(void *, const char *Reason, bool) {
  if (CrashRecoveryContext *CRC = CrashRecoveryContext::GetCurrent()) {
    LastFatalError = Reason;
    CRC->HandleExit(1);
  }
  errs() << "LLVM ERROR: " << Reason << "\n";
}

} // namespace

std::string takeLastFatalError() { return std::exchange(LastFatalError, ""); }

void initializeTargetsOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
    InitializeAllAsmParsers();
    CrashRecoveryContext::Enable();
    install_fatal_error_handler(fatalErrorHandler);
  });
}

} // namespace whittle

using namespace whittle;

namespace {

// Successor -> number of CFG edges from BB to it.
SmallDenseMap<BasicBlock *, unsigned, 8> edgeCounts(BasicBlock &BB) {
  SmallDenseMap<BasicBlock *, unsigned, 8> Counts;
  if (Instruction *T = BB.getTerminator())
    for (BasicBlock *S : successors(T))
      ++Counts[S];
  return Counts;
}

// After BB's terminator changed, make every PHI in BB's surviving successors
// list BB exactly once per remaining edge.
void fixPhisOfSuccessors(BasicBlock &BB,
                         const SmallDenseMap<BasicBlock *, unsigned, 8> &Before,
                         const SmallPtrSetImpl<BasicBlock *> &Dying) {
  auto After = edgeCounts(BB);
  SmallPtrSet<BasicBlock *, 8> Touched;
  for (auto &KV : Before)
    Touched.insert(KV.first);
  for (auto &KV : After)
    Touched.insert(KV.first);
  for (BasicBlock *S : Touched) {
    if (Dying.count(S))
      continue;
    unsigned Old = Before.lookup(S), New = After.lookup(S);
    for (PHINode &PN : S->phis()) {
      for (unsigned I = New; I < Old; ++I)
        PN.removeIncomingValue(&BB, /*DeletePHIIfEmpty=*/false);
      if (New > Old) {
        int Idx = PN.getBasicBlockIndex(&BB);
        Value *In = Idx >= 0 ? PN.getIncomingValue(Idx)
                             : static_cast<Value *>(
                                   PoisonValue::get(PN.getType()));
        for (unsigned I = Old; I < New; ++I)
          PN.addIncoming(In, &BB);
      }
    }
  }
}

// Whether BB starts with a Windows-style EH pad (catchswitch, catchpad,
// cleanuppad). Such blocks are never removed on their own: their tokens tie
// whole funclets together.
bool isFuncletPad(const BasicBlock *BB) {
  return BB->isEHPad() && !BB->isLandingPad();
}

void appendReturn(BasicBlock &BB) {
  Type *RetTy = BB.getParent()->getReturnType();
  Value *RetVal = nullptr;
  if (!RetTy->isVoidTy()) {
    RetVal = defaultValue(RetTy);
    if (!RetVal)
      RetVal = PoisonValue::get(RetTy);
  }
  ReturnInst::Create(BB.getContext(), RetVal, &BB);
}

bool startsWithEHPad(BasicBlock *BB) { return BB->isEHPad(); }

// Whether constant C mentions one of the given globals, looking through
// constant expressions (an alias may point into a global with a GEP).
bool refersTo(Constant *C, const SmallPtrSetImpl<GlobalValue *> &Globals) {
  if (auto *GV = dyn_cast<GlobalValue>(C))
    return Globals.count(GV) != 0;
  if (isa<ConstantExpr>(C) || isa<ConstantAggregate>(C))
    for (Value *Op : C->operands())
      if (refersTo(cast<Constant>(Op), Globals))
        return true;
  return false;
}

// Rewrite BB's terminator so that it no longer reaches a block in Dying.
void detachFromDying(BasicBlock &BB, const SmallPtrSetImpl<BasicBlock *> &Dying) {
  Instruction *T = BB.getTerminator();
  if (!T)
    return;
  bool Reaches = false;
  for (BasicBlock *S : successors(T))
    Reaches |= Dying.count(S) != 0;
  if (!Reaches)
    return;
  auto Before = edgeCounts(BB);

  // An invoke that loses a successor goes, as in llvm-reduce: its uses see
  // the default value and a branch to its surviving normal destination takes
  // its place (the `invokes` pass is the one that keeps the call). When no
  // other invoke unwinds to its landing pad block, the landingpad goes too,
  // so that the block, if it survives, is an ordinary one a branch may
  // reach; otherwise a branch cannot go there and the block returns.
  if (auto *II = dyn_cast<InvokeInst>(T)) {
    BasicBlock *Normal = II->getNormalDest(), *Unwind = II->getUnwindDest();
    Instruction *Pad = &*Unwind->getFirstNonPHIIt();
    bool Shared = any_of(Unwind->users(), [II](User *U) {
      return U != II && isa<InvokeInst>(U);
    });
    BasicBlock *Target = nullptr;
    if (!Dying.count(Normal))
      Target = Normal;
    else if (!Dying.count(Unwind) && isa<LandingPadInst>(Pad) && !Shared)
      Target = Unwind;
    if (isa<LandingPadInst>(Pad) && !Shared) {
      replaceUsesWithDefault(Pad);
      Pad->eraseFromParent();
    }
    replaceUsesWithDefault(II);
    II->eraseFromParent();
    if (Target)
      compat::createBranch(Target, &BB);
    else
      appendReturn(BB);
    fixPhisOfSuccessors(BB, Before, Dying);
    return;
  }

  // A catchret whose target goes cannot become a return inside its funclet.
  if (isa<CatchReturnInst>(T)) {
    T->eraseFromParent();
    new UnreachableInst(BB.getContext(), &BB);
    fixPhisOfSuccessors(BB, Before, Dying);
    return;
  }

  if (auto *SI = dyn_cast<SwitchInst>(T)) {
    // Branch weights would no longer match the successors.
    SI->setMetadata(LLVMContext::MD_prof, nullptr);
    for (auto It = SI->case_begin(); It != SI->case_end();) {
      if (Dying.count(It->getCaseSuccessor()))
        It = SI->removeCase(It);
      else
        ++It;
    }
    if (Dying.count(SI->getDefaultDest())) {
      if (SI->getNumCases() == 0) {
        SI->eraseFromParent();
        appendReturn(BB);
      } else {
        SI->setDefaultDest(SI->case_begin()->getCaseSuccessor());
      }
    }
    fixPhisOfSuccessors(BB, Before, Dying);
    return;
  }

  // Any other terminator becomes a branch to its first surviving successor
  // that a plain branch may reach (never an EH pad), keeping indirectbr's
  // shape; with no such successor, a return.
  SmallVector<BasicBlock *, 4> Kept;
  for (BasicBlock *S : successors(T))
    if (!Dying.count(S) && !startsWithEHPad(S))
      Kept.push_back(S);
  Value *Address = nullptr;
  if (auto *IB = dyn_cast<IndirectBrInst>(T))
    Address = IB->getAddress();
  replaceUsesWithDefault(T);
  T->eraseFromParent();
  if (Kept.empty()) {
    appendReturn(BB);
  } else if (Address) {
    auto *IB = IndirectBrInst::Create(Address, Kept.size(), &BB);
    for (BasicBlock *S : Kept)
      IB->addDestination(S);
  } else {
    compat::createBranch(Kept.front(), &BB);
  }
  fixPhisOfSuccessors(BB, Before, Dying);
}

} // namespace

extern "C" {

// Erase global values (functions, variables, aliases, ifuncs). They leave
// llvm.used / llvm.compiler.used; aliases and ifuncs that point at an erased
// value go with it; remaining uses see the type's default constant.
void whittle_erase_globals(LLVMValueRef *Values, unsigned N) {
  if (N == 0)
    return;
  SmallPtrSet<GlobalValue *, 16> Dead;
  SmallVector<GlobalValue *, 16> Order;
  for (unsigned I = 0; I < N; ++I) {
    auto *GV = unwrap<GlobalValue>(Values[I]);
    if (Dead.insert(GV).second)
      Order.push_back(GV);
  }
  Module &M = *Order.front()->getParent();
  // Aliases and ifuncs that refer to a dying value die too, transitively.
  bool Grew = true;
  auto Consider = [&](GlobalValue &GV, Constant *Target) {
    if (!Dead.count(&GV) && refersTo(Target, Dead)) {
      Dead.insert(&GV);
      Order.push_back(&GV);
      Grew = true;
    }
  };
  while (Grew) {
    Grew = false;
    for (GlobalAlias &GA : M.aliases())
      Consider(GA, GA.getAliasee());
    for (GlobalIFunc &GI : M.ifuncs())
      Consider(GI, GI.getResolver());
  }
  // removeFromUsedLists rebuilds llvm.used and llvm.compiler.used as new
  // globals; when one of them dies itself, erase it first so that it is not
  // rebuilt, nor erased twice.
  for (const char *Name : {"llvm.used", "llvm.compiler.used"}) {
    GlobalVariable *List = M.getGlobalVariable(Name);
    if (List && Dead.erase(List)) {
      Order.erase(std::find(Order.begin(), Order.end(), List));
      List->eraseFromParent();
    }
  }
  removeFromUsedLists(M, [&](Constant *C) {
    auto *GV = dyn_cast<GlobalValue>(C->stripPointerCasts());
    return GV && Dead.count(GV);
  });
  for (GlobalValue *GV : Order)
    replaceUsesWithDefault(GV);
  for (GlobalValue *GV : Order)
    GV->eraseFromParent();
}

// Turn a function definition into a declaration (personality, prefix data
// and attached metadata go with the body; linkage becomes external).
void whittle_delete_body(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (F->isDeclaration())
    return;
  F->deleteBody();
  F->setComdat(nullptr);
}

// Remove the given blocks from a function: every terminator that reaches
// one is rewritten (switch cases dropped, an invoke replaced by a branch to
// its surviving normal destination, other branches redirected to a
// surviving successor, or a return), then
// everything unreachable is deleted, fixing PHIs. Entry blocks and funclet
// pads are never removed.
void whittle_remove_blocks(LLVMValueRef Fn, LLVMBasicBlockRef *Blocks,
                           unsigned N) {
  Function *F = unwrap<Function>(Fn);
  SmallPtrSet<BasicBlock *, 16> Dying;
  for (unsigned I = 0; I < N; ++I)
    Dying.insert(unwrap(Blocks[I]));
  Dying.erase(&F->getEntryBlock());
  for (BasicBlock &BB : *F)
    if (isFuncletPad(&BB))
      Dying.erase(&BB);
  if (Dying.empty())
    return;
  for (BasicBlock &BB : *F)
    if (!Dying.count(&BB))
      detachFromDying(BB, Dying);
  EliminateUnreachableBlocks(*F, nullptr, /*KeepOneInputPHIs=*/true);
}

// Whether a block may be removed on its own (not an entry block, not a
// Windows-style EH pad).
int whittle_block_is_removable(LLVMBasicBlockRef Block) {
  BasicBlock *BB = unwrap(Block);
  return !BB->isEntryBlock() && !isFuncletPad(BB);
}

// Whether an instruction may be removed on its own: not a terminator, not an
// EH pad, not a token producer, not a swifterror slot, not a used x86_amx
// value (no constant of that type may stand in for it as a call argument).
int whittle_instruction_is_removable(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  if (I->isTerminator() || I->isEHPad() || I->getType()->isTokenTy())
    return 0;
  if (I->getType()->isX86_AMXTy() && !I->use_empty())
    return 0;
  if (auto *AI = dyn_cast<AllocaInst>(I))
    if (AI->isSwiftError())
      return 0;
  return 1;
}

// Remove instructions, replacing their uses with the default constant.
void whittle_erase_instructions(LLVMValueRef *Insts, unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    replaceUsesWithDefault(unwrap<Instruction>(Insts[I]));
  for (unsigned I = 0; I < N; ++I)
    unwrap<Instruction>(Insts[I])->eraseFromParent();
}

// Instructions in all function bodies of the module.
uint64_t whittle_module_instruction_count(LLVMModuleRef Mod) {
  uint64_t N = 0;
  for (Function &F : *unwrap(Mod))
    N += F.getInstructionCount();
  return N;
}

uint64_t whittle_function_instruction_count(LLVMValueRef Fn) {
  return unwrap<Function>(Fn)->getInstructionCount();
}

} // extern "C"
