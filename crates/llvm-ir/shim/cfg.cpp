// C entry points of the control-flow passes (passes/conditionals.rs,
// simplify_cfg.rs, invokes.rs, switch_cases.rs); the Rust side is
// src/ir/cfg.rs.
//
// Every function takes handles the Rust side guarantees are live and belong
// to one module. Blocks a transformation may delete are tracked with WeakVH,
// so that a block deleted by an earlier step is skipped, never touched.
// Each keeps a valid module valid: LLVM's own CFG utilities fix PHIs, and
// blocks that become unreachable are deleted whole.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace whittle;

namespace {

// Instructions in the dominator subtree of every reachable block: what goes
// when the block becomes unreachable.
class DeadWeights {
public:
  explicit DeadWeights(Function &F) : DT(F) {
    // Children before parents: an explicit post-order walk of the tree.
    SmallVector<std::pair<DomTreeNode *, bool>, 32> Stack;
    if (DomTreeNode *Root = DT.getRootNode())
      Stack.push_back({Root, false});
    while (!Stack.empty()) {
      auto [N, Expanded] = Stack.pop_back_val();
      if (!Expanded) {
        Stack.push_back({N, true});
        for (DomTreeNode *C : N->children())
          Stack.push_back({C, false});
        continue;
      }
      uint64_t Sum = N->getBlock()->size();
      for (DomTreeNode *C : N->children())
        Sum += Subtree.lookup(C->getBlock());
      Subtree[N->getBlock()] = Sum;
    }
  }

  // The instructions that become unreachable when the only edge From -> To
  // is cut (none when To stays reachable another way, or From is dead).
  uint64_t ofEdge(BasicBlock *From, BasicBlock *To) const {
    if (!DT.isReachableFromEntry(From))
      return 0;
    if (!compat::isSingleEdge(From, To) ||
        !DT.dominates(BasicBlockEdge(From, To), To))
      return 0;
    return Subtree.lookup(To);
  }

private:
  DominatorTree DT;
  DenseMap<BasicBlock *, uint64_t> Subtree;
};

// Delete every block the entry cannot reach, as llvm-reduce's cleanup after
// folding conditionals does (not removeUnreachableBlocks, which would also
// turn undefined behaviour the reduction introduced into `unreachable`).
void deleteUnreachable(Function &F) {
  SmallPtrSet<BasicBlock *, 32> Reachable;
  for (BasicBlock *BB : depth_first(&F.getEntryBlock()))
    Reachable.insert(BB);
  if (Reachable.size() == F.size())
    return;
  SmallVector<BasicBlock *, 16> Dead;
  for (BasicBlock &BB : F)
    if (!Reachable.count(&BB))
      Dead.push_back(&BB);
  // Dead blocks may refer to each other (cycles): drop every reference
  // first, then erase them all.
  for (BasicBlock *BB : Dead) {
    for (BasicBlock *S : successors(BB))
      if (Reachable.count(S))
        S->removePredecessor(BB, /*KeepOneInputPHIs=*/true);
    BB->dropAllReferences();
  }
  for (BasicBlock *BB : Dead)
    BB->eraseFromParent();
}

// The conditional branch ending BB that folding to Direction would change
// (not one whose condition already is that constant), or null.
compat::CondBranch *foldableBranch(BasicBlock &BB, bool Direction) {
  auto *BR = compat::asCondBranch(BB.getTerminator());
  if (!BR)
    return nullptr;
  Constant *To = ConstantInt::getBool(BB.getContext(), Direction);
  return BR->getCondition() == To ? nullptr : BR;
}

// Whether simplifyCFG would delete BB as dead while another block still
// uses a token it defines (a catchswitch its catchpads sit in, a pad a
// funclet bundle names): the uses would become poison, which the verifier
// rejects for tokens. llvm-reduce just lets such a candidate fail; whittle
// leaves the block alone.
bool deadWithSharedToken(BasicBlock &BB) {
  bool Dead = (pred_empty(&BB) && !BB.isEntryBlock()) ||
              BB.getSinglePredecessor() == &BB;
  if (!Dead)
    return false;
  for (Instruction &I : BB)
    if (I.getType()->isTokenTy())
      for (User *U : I.users())
        if (cast<Instruction>(U)->getParent() != &BB)
          return true;
  return false;
}

} // namespace

extern "C" {

// For each block of F (in layout order, N of them), the weight of folding
// its conditional branch to Direction: 1 plus the instructions the cut edge
// makes unreachable; 0 for blocks that are no target.
void whittle_conditional_weights(LLVMValueRef Fn, int Direction,
                                 uint64_t *Out, unsigned N) {
  Function *F = unwrap<Function>(Fn);
  DeadWeights Dead(*F);
  unsigned I = 0;
  for (BasicBlock &BB : *F) {
    if (I == N)
      break;
    uint64_t W = 0;
    if (compat::CondBranch *BR = foldableBranch(BB, Direction)) {
      BasicBlock *Kept = BR->getSuccessor(Direction ? 0 : 1);
      BasicBlock *Cut = BR->getSuccessor(Direction ? 1 : 0);
      W = 1 + (Kept == Cut ? 0 : Dead.ofEdge(&BB, Cut));
    }
    Out[I++] = W;
  }
}

// Fold the conditional branches ending the given blocks of F to Direction,
// as llvm-reduce's simplify-conditionals-true/false do: the condition
// becomes the constant, the branch folds to an unconditional one (PHIs of
// the other successor fixed), the block merges into its single predecessor
// when it can, and then every unreachable block of F goes.
void whittle_fold_conditionals(LLVMValueRef Fn, int Direction,
                               LLVMBasicBlockRef *Blocks, unsigned N) {
  Function *F = unwrap<Function>(Fn);
  SmallVector<WeakVH, 16> Folded;
  for (unsigned I = 0; I < N; ++I) {
    BasicBlock *BB = unwrap(Blocks[I]);
    if (compat::CondBranch *BR = foldableBranch(*BB, Direction)) {
      BR->setCondition(ConstantInt::getBool(F->getContext(), Direction));
      Folded.push_back(WeakVH(BB));
    }
  }
  if (Folded.empty())
    return;
  for (WeakVH &H : Folded) {
    auto *BB = cast_or_null<BasicBlock>(H);
    if (!BB)
      continue;
    ConstantFoldTerminator(BB);
    MergeBlockIntoPredecessor(BB);
  }
  deleteUnreachable(*F);
}

// Run LLVM's local simplifyCFG on each given block, in order (a block an
// earlier step deleted is skipped, and so is a dead block defining a token
// other blocks use), as llvm-reduce's simplify-cfg does.
void whittle_simplify_cfg(LLVMBasicBlockRef *Blocks, unsigned N) {
  if (N == 0)
    return;
  SmallVector<WeakVH, 16> Todo;
  for (unsigned I = 0; I < N; ++I)
    Todo.push_back(WeakVH(unwrap(Blocks[I])));
  const DataLayout &DL = unwrap(Blocks[0])->getModule()->getDataLayout();
  TargetTransformInfo TTI(DL);
  for (WeakVH &H : Todo)
    if (auto *BB = cast_or_null<BasicBlock>(H))
      if (!deadWithSharedToken(*BB))
        simplifyCFG(BB, TTI);
}

// The weight of turning an invoke into a call: 1, plus the landing pad
// block's instructions when this invoke is the block's only predecessor
// (the block is then dead, for unreachable-blocks to delete).
uint64_t whittle_invoke_weight(LLVMValueRef Inv) {
  auto *II = unwrap<InvokeInst>(Inv);
  BasicBlock *Unwind = II->getUnwindDest();
  return 1 + (Unwind->getSinglePredecessor() == II->getParent()
                  ? Unwind->size()
                  : 0);
}

// Turn an invoke into a call followed by a branch to its normal destination
// (LLVM's changeToCall; the unwind destination loses the predecessor). The
// landing pad block stays, as in llvm-reduce.
void whittle_invoke_to_call(LLVMValueRef Inv) {
  changeToCall(unwrap<InvokeInst>(Inv));
}

// For every case of every switch in F (blocks in layout order, cases in
// order; N in all), the weight of removing the case: 1 plus the
// instructions that become unreachable with its edge.
void whittle_switch_case_weights(LLVMValueRef Fn, uint64_t *Out, unsigned N) {
  Function *F = unwrap<Function>(Fn);
  DeadWeights Dead(*F);
  unsigned I = 0;
  for (BasicBlock &BB : *F)
    if (auto *SI = dyn_cast_or_null<SwitchInst>(BB.getTerminator()))
      for (auto Case : SI->cases()) {
        if (I == N)
          return;
        Out[I++] = 1 + Dead.ofEdge(&BB, Case.getCaseSuccessor());
      }
}

// Remove the cases of F's switches whose ordinals (in the order of
// whittle_switch_case_weights) are listed, ascending. The successor's PHIs
// lose the edge; a switch left without cases becomes a branch to its
// default; then every unreachable block of F goes.
void whittle_remove_switch_cases(LLVMValueRef Fn, const uint32_t *Ordinals,
                                 unsigned N) {
  Function *F = unwrap<Function>(Fn);
  if (N == 0)
    return;
  unsigned Next = 0, Ordinal = 0;
  SmallVector<SwitchInst *, 8> Emptied;
  for (BasicBlock &BB : *F) {
    auto *SI = dyn_cast_or_null<SwitchInst>(BB.getTerminator());
    if (!SI)
      continue;
    unsigned Cases = SI->getNumCases();
    SmallVector<unsigned, 8> Doomed; // case indices, ascending
    for (unsigned C = 0; C < Cases; ++C, ++Ordinal)
      if (Next < N && Ordinals[Next] == Ordinal) {
        Doomed.push_back(C);
        ++Next;
      }
    if (Doomed.empty())
      continue;
    // removeCase moves the last case into the hole; to keep the cases in
    // order, take them all off the end and put the survivors back.
    SmallVector<std::pair<ConstantInt *, BasicBlock *>, 8> Kept;
    unsigned D = 0;
    for (unsigned C = 0; C < Cases; ++C) {
      auto Case = *(SI->case_begin() + C);
      if (D < Doomed.size() && Doomed[D] == C) {
        ++D;
        Case.getCaseSuccessor()->removePredecessor(&BB,
                                                   /*KeepOneInputPHIs=*/true);
      } else {
        Kept.push_back({Case.getCaseValue(), Case.getCaseSuccessor()});
      }
    }
    while (SI->getNumCases() != 0)
      SI->removeCase(SI->case_begin() + (SI->getNumCases() - 1));
    for (auto &[Value, Dest] : Kept)
      SI->addCase(Value, Dest);
    // Branch weights no longer match the successors.
    SI->setMetadata(LLVMContext::MD_prof, nullptr);
    if (SI->getNumCases() == 0)
      Emptied.push_back(SI);
  }
  for (SwitchInst *SI : Emptied) {
    compat::createBranch(SI->getDefaultDest(), SI->getIterator());
    SI->eraseFromParent();
  }
  deleteUnreachable(*F);
}

// For each block of F (layout order, N of them): 1 if the entry reaches it.
void whittle_reachable_blocks(LLVMValueRef Fn, uint8_t *Out, unsigned N) {
  Function *F = unwrap<Function>(Fn);
  if (F->isDeclaration())
    return;
  df_iterator_default_set<BasicBlock *> Reached;
  for (BasicBlock *BB : depth_first_ext(&F->getEntryBlock(), Reached))
    (void)BB;
  unsigned I = 0;
  for (BasicBlock &BB : *F) {
    if (I == N)
      break;
    Out[I++] = Reached.count(&BB) ? 1 : 0;
  }
}

// Delete the given blocks, which the entry does not reach, with the blocks
// that use a token they define (no constant can stand in for a token: a
// funclet goes with its pad) and the predecessors whose terminator is a
// catchswitch (which cannot lose a handler and stay an EH pad). Their
// successors' PHIs lose the edges (one-input PHIs stay). A predecessor that
// stays (unreachable too) ends in `unreachable` where it reached a deleted
// block; an invoke there becomes a call first.
void whittle_delete_unreachable_blocks(LLVMBasicBlockRef *Blocks, unsigned N) {
  SmallSetVector<BasicBlock *, 16> Dead;
  for (unsigned I = 0; I < N; ++I)
    Dead.insert(unwrap(Blocks[I]));
  for (size_t I = 0; I < Dead.size(); ++I) {
    BasicBlock *BB = Dead[I];
    for (Instruction &Inst : *BB)
      if (Inst.getType()->isTokenTy())
        for (User *U : Inst.users())
          Dead.insert(cast<Instruction>(U)->getParent());
    for (BasicBlock *P : predecessors(BB))
      if (P->getTerminator()->isEHPad())
        Dead.insert(P);
  }
  SmallSetVector<BasicBlock *, 16> Staying;
  for (BasicBlock *BB : Dead)
    for (BasicBlock *P : predecessors(BB))
      if (!Dead.count(P))
        Staying.insert(P);
  for (BasicBlock *P : Staying) {
    if (auto *II = dyn_cast<InvokeInst>(P->getTerminator()))
      if (Dead.count(II->getUnwindDest()))
        changeToCall(II);
    Instruction *T = P->getTerminator();
    if (none_of(successors(P), [&](BasicBlock *S) { return Dead.count(S); }))
      continue;
    for (BasicBlock *S : successors(P))
      if (!Dead.count(S))
        S->removePredecessor(P, /*KeepOneInputPHIs=*/true);
    if (!T->use_empty())
      T->replaceAllUsesWith(PoisonValue::get(T->getType()));
    T->eraseFromParent();
    new UnreachableInst(P->getContext(), P);
  }
  SmallVector<BasicBlock *, 16> List(Dead.begin(), Dead.end());
  DeleteDeadBlocks(List, nullptr, /*KeepOneInputPHIs=*/true);
}

// How BB can be merged away: 1 into its single predecessor (which ends in an
// unconditional branch to it), 2 as an empty forwarding block (PHIs and a
// branch) into its only successor, 0 not at all. EH pads and blocks whose
// address is taken stay.
int whittle_block_merge_kind(LLVMBasicBlockRef B) {
  BasicBlock *BB = unwrap(B);
  if (BB->isEHPad() || BB->hasAddressTaken() || BB->isEntryBlock())
    return 0;
  BasicBlock *Pred = BB->getSinglePredecessor();
  if (Pred && Pred != BB && compat::isUncondBranch(Pred->getTerminator()))
    return 1;
  Instruction *T = BB->getTerminator();
  if (!compat::isUncondBranch(T) || T->getSuccessor(0) == BB || pred_empty(BB))
    return 0;
  for (Instruction &I : *BB)
    if (&I != T && !isa<PHINode>(I) && !I.isDebugOrPseudoInst())
      return 0;
  return 2;
}

// Merge each of the given blocks away as whittle_block_merge_kind says, in
// order (a block an earlier merge deleted, or one no longer mergeable, is
// skipped). LLVM's MergeBlockIntoPredecessor and
// TryToSimplifyUncondBranchFromEmptyBlock do the work, PHIs included.
void whittle_merge_blocks(LLVMBasicBlockRef *Blocks, unsigned N) {
  SmallVector<WeakVH, 16> Todo;
  for (unsigned I = 0; I < N; ++I)
    Todo.push_back(WeakVH(unwrap(Blocks[I])));
  for (WeakVH &H : Todo) {
    auto *BB = cast_or_null<BasicBlock>(H);
    if (!BB)
      continue;
    switch (whittle_block_merge_kind(wrap(BB))) {
    case 1:
      MergeBlockIntoPredecessor(BB);
      break;
    case 2:
      TryToSimplifyUncondBranchFromEmptyBlock(BB);
      break;
    default:
      break;
    }
  }
}

} // extern "C"
