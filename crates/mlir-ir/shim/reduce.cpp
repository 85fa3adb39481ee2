// The MLIR reductions: each walks the module in a fixed order, asks
// `Keep(weight)` once per target before changing anything, then changes the
// targets it was told not to keep. With every target kept nothing changes.
// Each returns 1, or 0 when MLIR crashed (the module is then poisoned).
//
// Areas: top-level items (functions, globals, nested modules) with the uses
// of the symbols they define; regions inlined in place of their operation;
// blocks of CFG regions with the branches to them; block arguments with
// their branch operands; operations at any depth; operands replaced by
// constants; discardable attributes.

#include "common.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>

using namespace mlir;
using namespace whittle_mlir;

namespace {

uint64_t countRegionOps(Region &R) {
  uint64_t N = 0;
  for (Block &B : R)
    for (Operation &Op : B)
      N += countOps(&Op);
  return N;
}

bool hasStrictAncestorIn(Operation *Op, const Doomed &D) {
  for (Operation *P = Op->getParentOp(); P; P = P->getParentOp())
    if (D.Ops.contains(P))
      return true;
  return false;
}

// Erase the operations of `Chosen` (in walk order) with their uses
// replaced, innermost and latest first; operations inside another chosen
// one go with it. With `Cascade`, producers left without uses (and without
// side effects) go too, transitively: removing a consumer removes the
// computation only it needed, in the same candidate.
// Erase the producers in `Producers` that have no uses and no side
// effects, transitively (not top-level items).
void eraseDeadProducers(SmallVectorImpl<Operation *> &Producers,
                        const Doomed &D) {
  while (!Producers.empty()) {
    Operation *Def = Producers.pop_back_val();
    if (D.contains(Def) || !Def->use_empty() || !isOpTriviallyDead(Def) ||
        !Def->getParentOp() || isContainer(Def->getParentOp()))
      continue;
    for (Value V : Def->getOperands())
      if (Operation *Up = V.getDefiningOp())
        if (Up != Def)
          Producers.push_back(Up);
    Def->erase();
  }
}

void addProducers(Operation *Op, SmallVectorImpl<Operation *> &Producers) {
  for (Value V : Op->getOperands())
    if (Operation *Def = V.getDefiningOp())
      Producers.push_back(Def);
}

void eraseAll(ArrayRef<Operation *> Chosen, const Doomed &D,
              DominanceInfo &Dom, bool Cascade = false) {
  SmallVector<Operation *> Producers;
  for (Operation *Op : llvm::reverse(Chosen))
    if (!hasStrictAncestorIn(Op, D)) {
      if (Cascade)
        addProducers(Op, Producers);
      eraseReplacingUses(Op, D, Dom);
    }
  // Producers left without uses (and without side effects) go too.
  eraseDeadProducers(Producers, D);
}

// ---------------------------------------------------------------------------
// Symbol users, found in one walk per symbol table. Asking
// `SymbolTable::getSymbolUses(symbol, root)` walks the whole module (every
// operation and attribute) for each symbol asked about, so a pass that asks
// for thousands of functions is quadratic in the module: minutes per
// candidate on a module of 277,000 operations. This finds the same users, in
// the same order: within each scope the symbol is visible from (its own
// table first, then each enclosing one up to the root), in walk order, each
// user once; none at all when a scope cannot be walked (an unregistered
// operation with regions may hide a symbol table), as getSymbolUses says.

class SymbolUsers {
public:
  explicit SymbolUsers(Operation *Root) : Root(Root) {
    SmallVector<Operation *> Tables;
    Root->walk<WalkOrder::PreOrder>([&](Operation *Op) {
      if (Op->hasTrait<OpTrait::SymbolTable>() && Op->getNumRegions() == 1)
        Tables.push_back(Op);
    });
    SymbolTableCollection Collection;
    SmallVector<Operation *> Path;
    for (Operation *Table : Tables) {
      auto Uses = SymbolTable::getSymbolUses(&Table->getRegion(0));
      if (!Uses) {
        Unwalkable.insert(Table);
        continue;
      }
      for (const SymbolTable::SymbolUse &Use : *Uses) {
        // Every symbol on the reference's path is used (@m::@f uses @m too).
        Path.clear();
        if (failed(Collection.lookupSymbolIn(Table, Use.getSymbolRef(), Path)))
          continue;
        for (Operation *Symbol : Path) {
          auto &Users = UsersIn[{Table, Symbol}];
          if (Users.Seen.insert(Use.getUser()).second)
            Users.List.push_back(Use.getUser());
        }
      }
    }
  }

  // The operations that refer to `Symbol`, or nothing when a scope it is
  // visible from could not be walked.
  std::optional<SmallVector<Operation *>> of(Operation *Symbol) const {
    SmallVector<Operation *> Out;
    llvm::DenseSet<Operation *> Seen;
    for (Operation *Scope = Symbol->getParentOp(); Scope;
         Scope = Scope->getParentOp()) {
      if (!Scope->hasTrait<OpTrait::SymbolTable>())
        continue;
      if (Unwalkable.contains(Scope))
        return std::nullopt;
      auto It = UsersIn.find({Scope, Symbol});
      if (It != UsersIn.end())
        for (Operation *User : It->second.List)
          if (Seen.insert(User).second)
            Out.push_back(User);
      if (Scope == Root)
        break;
    }
    return Out;
  }

private:
  struct Users {
    SmallVector<Operation *> List;
    llvm::DenseSet<Operation *> Seen;
  };
  Operation *Root;
  llvm::DenseMap<std::pair<Operation *, Operation *>, Users> UsersIn;
  llvm::DenseSet<Operation *> Unwalkable;
};

// ---------------------------------------------------------------------------
// top-level: each item of the module (function, global, nested module,
// and the items of nested modules), weighted by the operations it holds.
// An erased symbol's uses go too: the operations referring to it are
// erased (their results replaced by dominating values or constants), so
// calls to an erased function disappear with it.

void topLevel(ModuleOp Module, Asker Keep) {
  Operation *Root = Module.getOperation();
  SmallVector<Operation *> Items;
  topLevelItems(Root, Items);
  SmallVector<Operation *> Chosen;
  for (Operation *Item : Items)
    if (!Keep(countOps(Item)))
      Chosen.push_back(Item);
  if (Chosen.empty())
    return;
  Doomed D;
  D.Ops.insert(Chosen.begin(), Chosen.end());

  // Operations that refer to a symbol going away go too, unless they are
  // items themselves or terminators (then the verifier decides).
  llvm::DenseSet<Operation *> IsItem(Items.begin(), Items.end());
  SmallVector<Operation *> Users;
  llvm::DenseSet<Operation *> Seen;
  SymbolUsers AllUsers(Root);
  for (Operation *Op : Chosen) {
    if (hasStrictAncestorIn(Op, D) || !isa<SymbolOpInterface>(Op))
      continue;
    auto OpUsers = AllUsers.of(Op);
    if (!OpUsers)
      continue;
    for (Operation *User : *OpUsers) {
      if (D.contains(User) || IsItem.contains(User) ||
          User->hasTrait<OpTrait::IsTerminator>())
        continue;
      if (Seen.insert(User).second)
        Users.push_back(User);
    }
  }
  D.Ops.insert(Users.begin(), Users.end());
  DominanceInfo Dom;
  for (Operation *User : Users)
    if (!hasStrictAncestorIn(User, D))
      eraseReplacingUses(User, D, Dom);
  eraseAll(Chosen, D, Dom);
}

// ---------------------------------------------------------------------------
// function-results: each result of a function definition that nothing
// refers to (a call would need rewriting). A dropped result leaves the
// signature and every return of the body; the operations that only
// computed it (no other uses, no side effects) go too.

void functionResults(ModuleOp Module, Asker Keep) {
  Operation *Root = Module.getOperation();
  SmallVector<Operation *> Items;
  topLevelItems(Root, Items);
  SmallVector<std::pair<FunctionOpInterface, llvm::BitVector>> Chosen;
  std::optional<SymbolUsers> AllUsers;
  for (Operation *Item : Items) {
    auto F = dyn_cast<FunctionOpInterface>(Item);
    if (!F || F.isExternal() || F.getNumResults() == 0)
      continue;
    if (!AllUsers)
      AllUsers.emplace(Root);
    auto Users = AllUsers->of(Item);
    if (!Users || !Users->empty())
      continue;
    bool Returns = true;
    for (Block &B : F.getFunctionBody())
      if (!B.empty() && B.back().hasTrait<OpTrait::ReturnLike>() &&
          B.back().getNumOperands() != F.getNumResults())
        Returns = false;
    if (!Returns)
      continue;
    llvm::BitVector Drop(F.getNumResults());
    for (unsigned I = 0; I < F.getNumResults(); ++I)
      if (!Keep(1))
        Drop.set(I);
    if (Drop.any())
      Chosen.push_back({F, Drop});
  }
  Doomed None;
  for (auto &[F, Drop] : Chosen) {
    SmallVector<Operation *> Producers;
    for (Block &B : F.getFunctionBody()) {
      if (B.empty() || !B.back().hasTrait<OpTrait::ReturnLike>())
        continue;
      Operation *Ret = &B.back();
      addProducers(Ret, Producers);
      Ret->eraseOperands(Drop);
    }
    (void)F.eraseResults(Drop);
    eraseDeadProducers(Producers, None);
  }
}

// ---------------------------------------------------------------------------
// ops: every operation nested in a top-level item, at any depth, weighted
// by the operations under it. An erased operation's results are replaced by
// a value of the same type that dominates their uses (its own operands
// first, then the nearest earlier value) or by a constant (a zero for
// integers, index, floats and static vectors/tensors of them, made by the
// producing dialect's own constant operation when it has one, else
// `arith.constant`; `ub.poison` otherwise). Registered terminators stay, unless the operation
// before them is unregistered (it may end the block); a constant whose uses
// could only get another constant is no target.

bool isOpTarget(Operation *Op, DominanceInfo &Dom) {
  // The last operation of a block that needs a terminator ends it (an
  // unregistered one may be a terminator).
  Operation *Parent = Op->getParentOp();
  if (!Op->getNextNode() &&
      !(Parent && Parent->hasTrait<OpTrait::NoTerminator>()) &&
      !Op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (Op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *Prev = Op->getPrevNode();
    return Op->getNumSuccessors() == 0 && Prev && !Prev->isRegistered();
  }
  if (Op->hasTrait<OpTrait::ConstantLike>() && !Op->use_empty()) {
    Doomed Self;
    Self.Ops.insert(Op);
    for (OpResult R : Op->getResults())
      if (!R.use_empty() &&
          !dominatingValue(R.getType(), Op, {}, Self, Dom))
        return false;
  }
  return true;
}

void ops(ModuleOp Module, Asker Keep) {
  SmallVector<Operation *> All;
  nestedOps(Module.getOperation(), All);
  DominanceInfo Dom;
  SmallVector<Operation *> Chosen;
  for (Operation *Op : All) {
    if (!isOpTarget(Op, Dom))
      continue;
    if (!Keep(countOps(Op)))
      Chosen.push_back(Op);
  }
  // A terminator goes only if the unregistered operation before it stays
  // (to end the block).
  llvm::DenseSet<Operation *> Set(Chosen.begin(), Chosen.end());
  llvm::erase_if(Chosen, [&](Operation *Op) {
    return Op->hasTrait<OpTrait::IsTerminator>() &&
           Set.contains(Op->getPrevNode());
  });
  if (Chosen.empty())
    return;
  Doomed D;
  D.Ops.insert(Chosen.begin(), Chosen.end());
  eraseAll(Chosen, D, Dom, /*Cascade=*/true);
}

// ---------------------------------------------------------------------------
// regions: an operation whose control flow into its regions is known
// (RegionBranchOpInterface: scf.if, scf.for, scf.while, tosa.cond_if, ...,
// or an unregistered operation) is replaced by the body of one of its
// single-block regions. Block arguments get the operation's operands where
// types line up (else dominating values or constants), results get the
// values the region yields (else the same). Each region with operations
// besides its terminator is a target, weighted by the operations in it.

bool regionsTargetable(Operation *Op) {
  if (Op->getNumRegions() == 0 || Op->getNumSuccessors() != 0 ||
      Op->hasTrait<OpTrait::IsIsolatedFromAbove>() || isContainer(Op))
    return false;
  return isa<RegionBranchOpInterface>(Op) || !Op->isRegistered();
}

bool inlinable(Region &R) {
  if (!R.hasOneBlock())
    return false;
  Block &B = R.front();
  // At least one operation besides the terminator, else this is plain
  // erasure (the ops pass does that).
  for (Operation &Op : B)
    if (!Op.hasTrait<OpTrait::IsTerminator>())
      return true;
  return false;
}

void inlineRegion(Operation *Op, Region &R, DominanceInfo &Dom) {
  Block &B = R.front();
  Doomed None;
  SmallVector<Value> Operands(Op->getOperands());
  // Block arguments: the operation's trailing operands when their types
  // line up (loop-carried values, forwarded operands), else the first
  // operand of the same type, else whatever dominates.
  unsigned NArgs = B.getNumArguments();
  bool Positional = NArgs <= Operands.size();
  for (unsigned I = 0; Positional && I < NArgs; ++I)
    Positional = Operands[Operands.size() - NArgs + I].getType() ==
                 B.getArgument(I).getType();
  for (unsigned I = 0; I < NArgs; ++I) {
    BlockArgument Arg = B.getArgument(I);
    if (Arg.use_empty())
      continue;
    Value V = Positional ? Operands[Operands.size() - NArgs + I]
                         : replacementFor(Arg, Op, Operands, None, Dom);
    Arg.replaceAllUsesWith(V);
  }
  Operation *Term =
      (!B.empty() && B.back().hasTrait<OpTrait::IsTerminator>()) ? &B.back()
                                                                   : nullptr;
  SmallVector<Value> Yielded;
  if (Term)
    Yielded.assign(Term->operand_begin(), Term->operand_end());
  bool Matches = Yielded.size() == Op->getNumResults();
  for (unsigned I = 0; Matches && I < Yielded.size(); ++I)
    Matches = Yielded[I].getType() == Op->getResult(I).getType();
  for (OpResult Res : Op->getResults()) {
    if (Res.use_empty())
      continue;
    Value V = Matches ? Yielded[Res.getResultNumber()]
                      : replacementFor(Res, Op, Operands, None, Dom);
    Res.replaceAllUsesWith(V);
  }
  if (Term)
    Term->erase();
  Op->getBlock()->getOperations().splice(Block::iterator(Op),
                                         B.getOperations());
  Op->erase();
  Dom.invalidate();
}

void regions(ModuleOp Module, Asker Keep) {
  SmallVector<Operation *> All;
  nestedOps(Module.getOperation(), All);
  SmallVector<std::pair<Operation *, unsigned>> Chosen;
  for (Operation *Op : All) {
    if (!regionsTargetable(Op))
      continue;
    bool Taken = false;
    for (Region &R : Op->getRegions()) {
      if (!inlinable(R))
        continue;
      if (!Keep(countRegionOps(R)) && !Taken) {
        Chosen.push_back({Op, R.getRegionNumber()});
        Taken = true;
      }
    }
  }
  if (Chosen.empty())
    return;
  // Innermost first: an inner operation's body moves into its parent's
  // region before that one moves out. One inside a region that goes away
  // with its parent is inlined for nothing (harmless).
  DominanceInfo Dom;
  for (auto &[Op, Index] : llvm::reverse(Chosen))
    inlineRegion(Op, Op->getRegion(Index), Dom);
}

// ---------------------------------------------------------------------------
// blocks: each non-entry block of a multi-block (CFG) region. A branch to
// an erased block goes to another successor of the same terminator that
// stays (its operands made to fit that block's arguments); a terminator
// with nowhere left to go becomes a copy of a return-like terminator of the
// region. Values of an erased block used elsewhere are replaced.

void forEachRegionOp(Operation *Root, llvm::function_ref<void(Operation *)> F) {
  Root->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    for (Region &R : Op->getRegions())
      if (!R.empty() && !R.hasOneBlock()) {
        F(Op);
        return;
      }
  });
}

// Operands for the arguments of `Dest` at terminator `T`: the operands in
// `Old` where types line up, else dominating values, else constants.
SmallVector<Value> operandsFor(Block *Dest, Operation *T, ValueRange Old,
                               const Doomed &D, DominanceInfo &Dom) {
  SmallVector<Value> Out;
  SmallVector<Value> Preferred(Old.begin(), Old.end());
  for (BlockArgument Arg : Dest->getArguments()) {
    unsigned I = Arg.getArgNumber();
    if (I < Old.size() && Old[I].getType() == Arg.getType() &&
        !D.excludes(Old[I]))
      Out.push_back(Old[I]);
    else
      Out.push_back(replacementFor(Arg, T, Preferred, D, Dom));
  }
  return Out;
}

// Point successor `Index` of `T` at `Dest`. False when its operands could not
// be made to fit.
bool redirect(Operation *T, unsigned Index, Block *Dest, const Doomed &D,
              DominanceInfo &Dom) {
  auto Branch = dyn_cast<BranchOpInterface>(T);
  if (!Branch) {
    T->setSuccessor(Dest, Index);
    return Dest->getNumArguments() == 0;
  }
  SuccessorOperands SO = Branch.getSuccessorOperands(Index);
  if (SO.getProducedOperandCount() != 0)
    return false;
  SmallVector<Value> Old(SO.getForwardedOperands());
  SmallVector<Value> New = operandsFor(Dest, T, Old, D, Dom);
  SO.getMutableForwardedOperands().assign(New);
  T->setSuccessor(Dest, Index);
  return true;
}

// Replace `T` by a copy of a return-like terminator of its region (one in a
// block being removed will do: it is only a model), its operands replaced by
// values that fit at `T`.
bool replaceByReturn(Operation *T, const Doomed &D, DominanceInfo &Dom) {
  Operation *Model = nullptr;
  for (Block &B : *T->getParentRegion()) {
    if (B.empty())
      continue;
    Operation &Last = B.back();
    if (Last.hasTrait<OpTrait::ReturnLike>() && Last.getNumSuccessors() == 0) {
      Model = &Last;
      break;
    }
  }
  if (!Model)
    return false;
  OpBuilder Builder(T);
  Operation *Copy = Builder.clone(*Model);
  for (OpOperand &Operand : Copy->getOpOperands())
    Operand.set(replacementFor(Operand.get(), T, {}, D, Dom));
  T->erase();
  return true;
}

void blocks(ModuleOp Module, Asker Keep) {
  SmallVector<Block *> Chosen;
  forEachRegionOp(Module.getOperation(), [&](Operation *Op) {
    for (Region &R : Op->getRegions()) {
      if (R.empty() || R.hasOneBlock())
        continue;
      for (Block &B : llvm::drop_begin(R.getBlocks())) {
        uint64_t W = 0;
        for (Operation &Inner : B)
          W += countOps(&Inner);
        if (!Keep(W))
          Chosen.push_back(&B);
      }
    }
  });
  if (Chosen.empty())
    return;
  Doomed D;
  D.Blocks.insert(Chosen.begin(), Chosen.end());
  DominanceInfo Dom;
  // Branches into removed blocks, from blocks that stay. A terminator that
  // can go neither to a successor that stays nor become a return (the
  // region has no return-like terminator to copy, e.g. its blocks end in
  // unregistered operations) keeps its successors: they stay, and their own
  // branches are looked at in turn.
  llvm::DenseSet<Operation *> Replaced;
  for (bool Again = true; Again;) {
    Again = false;
    SmallVector<std::pair<Operation *, unsigned>> Edges;
    for (Block *B : Chosen)
      if (D.Blocks.contains(B))
        for (BlockOperand &Use : B->getUses()) {
          Operation *T = Use.getOwner();
          if (!D.Blocks.contains(T->getBlock()) && !Replaced.contains(T))
            Edges.push_back({T, Use.getOperandNumber()});
        }
    for (auto &[T, Index] : Edges) {
      if (Replaced.contains(T))
        continue;
      Block *Dest = nullptr;
      for (Block *S : T->getSuccessors())
        if (!D.Blocks.contains(S)) {
          Dest = S;
          break;
        }
      if (Dest && redirect(T, Index, Dest, D, Dom))
        continue;
      if (replaceByReturn(T, D, Dom)) {
        Replaced.insert(T);
        continue;
      }
      for (Block *S : T->getSuccessors())
        D.Blocks.erase(S);
      Again = true;
      break;
    }
  }
  llvm::erase_if(Chosen, [&](Block *B) { return !D.Blocks.contains(B); });
  if (Chosen.empty())
    return;
  // Values of removed blocks used elsewhere.
  for (Block *B : Chosen) {
    auto Fix = [&](Value V) {
      for (OpOperand &Use : llvm::make_early_inc_range(V.getUses())) {
        Operation *User = Use.getOwner();
        Block *UB = User->getBlock();
        bool Inside = false;
        for (Block *P = UB; P;
             P = P->getParentOp() ? P->getParentOp()->getBlock() : nullptr)
          if (D.Blocks.contains(P)) {
            Inside = true;
            break;
          }
        if (!Inside)
          Use.set(replacementFor(V, User, {}, D, Dom));
      }
    };
    for (BlockArgument A : B->getArguments())
      Fix(A);
    B->walk([&](Operation *Op) {
      for (Value R : Op->getResults())
        Fix(R);
    });
  }
  for (Block *B : Chosen) {
    B->dropAllDefinedValueUses();
    B->dropAllReferences();
  }
  for (Block *B : Chosen)
    B->erase();
  Dom.invalidate();
}

// ---------------------------------------------------------------------------
// block-arguments: each argument of a non-entry block whose predecessors
// all branch through BranchOpInterface with a forwarded operand for it.
// Its uses get a value dominating the block (or a constant), and the
// operand is removed from every branch.

bool argRemovable(BlockArgument Arg) {
  Block *B = Arg.getOwner();
  if (B->isEntryBlock())
    return false;
  for (BlockOperand &Use : B->getUses()) {
    auto Branch = dyn_cast<BranchOpInterface>(Use.getOwner());
    if (!Branch)
      return false;
    SuccessorOperands SO = Branch.getSuccessorOperands(Use.getOperandNumber());
    if (SO.isOperandProduced(Arg.getArgNumber()) ||
        Arg.getArgNumber() >= SO.size())
      return false;
  }
  return true;
}

void blockArguments(ModuleOp Module, Asker Keep) {
  SmallVector<BlockArgument> Chosen;
  forEachRegionOp(Module.getOperation(), [&](Operation *Op) {
    for (Region &R : Op->getRegions())
      for (Block &B : llvm::drop_begin(R.getBlocks()))
        for (BlockArgument Arg : B.getArguments())
          if (argRemovable(Arg) && !Keep(1))
            Chosen.push_back(Arg);
  });
  if (Chosen.empty())
    return;
  DominanceInfo Dom;
  // Per block, highest index first (indices of the others stay valid).
  std::stable_sort(Chosen.begin(), Chosen.end(),
                   [](BlockArgument A, BlockArgument B) {
                     if (A.getOwner() != B.getOwner())
                       return A.getOwner() < B.getOwner();
                     return A.getArgNumber() > B.getArgNumber();
                   });
  Doomed None;
  for (BlockArgument Arg : Chosen) {
    Block *B = Arg.getOwner();
    unsigned Index = Arg.getArgNumber();
    if (!Arg.use_empty()) {
      // Anything dominating the block: the search starts at its first
      // operation and must skip the block's own arguments.
      Operation *Anchor = &B->front();
      Value V;
      Doomed Self;
      Self.Blocks.insert(B);
      V = dominatingValue(Arg.getType(), Anchor, {}, Self, Dom);
      if (!V)
        V = materialize(Anchor, Arg.getType(), producerDialect(Arg));
      Arg.replaceAllUsesWith(V);
    }
    for (BlockOperand &Use : B->getUses()) {
      auto Branch = cast<BranchOpInterface>(Use.getOwner());
      Branch.getSuccessorOperands(Use.getOperandNumber()).erase(Index);
    }
    B->eraseArgument(Index);
  }
}

// ---------------------------------------------------------------------------
// operands: each use of a value computed by a non-constant operation (or a
// block argument) whose type has a zero (signless integers, index, floats,
// static vectors and tensors of them), replaced by a zero made by the
// value's own dialect when it has a constant operation, else
// `arith.constant`; never poison. A producer left without uses goes in the
// same candidate, so a target weighs one plus the producer's operations
// when it is the producer's only use. Finer than `ops`, which replaces all
// uses of a value at once: this cuts one use and keeps the others.

bool isOperandTarget(OpOperand &Use) {
  Value V = Use.get();
  if (Operation *Def = V.getDefiningOp())
    if (Def->hasTrait<OpTrait::ConstantLike>())
      return false;
  return hasArithConstant(V.getType());
}

uint64_t operandWeight(OpOperand &Use) {
  Operation *Def = Use.get().getDefiningOp();
  return Def && Use.get().hasOneUse() ? 1 + countOps(Def) : 1;
}

void operands(ModuleOp Module, Asker Keep) {
  SmallVector<Operation *> All;
  nestedOps(Module.getOperation(), All);
  SmallVector<OpOperand *> Chosen;
  for (Operation *Op : All)
    for (OpOperand &Use : Op->getOpOperands())
      if (isOperandTarget(Use) && !Keep(operandWeight(Use)))
        Chosen.push_back(&Use);
  // Zeros already in the module (and the ones made here) are reused where
  // they dominate the user and come from the operation a new one would.
  SmallVector<Value> Zeros;
  Module.getOperation()->walk([&](Operation *Op) {
    if (Op->hasTrait<OpTrait::ConstantLike>() && Op->getNumResults() == 1 &&
        (matchPattern(Op->getResult(0), m_Zero()) ||
         matchPattern(Op->getResult(0), m_AnyZeroFloat())))
      Zeros.push_back(Op->getResult(0));
  });
  DominanceInfo Dom;
  SmallVector<Operation *> Producers;
  for (OpOperand *Use : Chosen) {
    Value V = Use->get();
    if (Operation *Def = V.getDefiningOp())
      Producers.push_back(Def);
    Value Made = materialize(Use->getOwner(), V.getType(), producerDialect(V));
    Operation *MadeOp = Made.getDefiningOp();
    SmallVector<Value> Alike;
    for (Value Z : Zeros)
      if (Z.getDefiningOp()->getName() == MadeOp->getName())
        Alike.push_back(Z);
    ArrayRef<Value> Among(Alike);
    if (Value Old = nearest(V.getType(), MadeOp, Doomed(), Dom, &Among)) {
      MadeOp->erase();
      Made = Old;
    } else {
      Zeros.push_back(Made);
    }
    Use->set(Made);
  }
  eraseDeadProducers(Producers, Doomed());
}

// ---------------------------------------------------------------------------
// attributes: each discardable attribute of each operation (the inherent
// ones, an operation's properties, stay). Usually all removable: the
// search tries removing them all at once first.

void attributes(ModuleOp Module, Asker Keep) {
  SmallVector<std::pair<Operation *, StringAttr>> Chosen;
  Module.getOperation()->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    for (NamedAttribute Attr : Op->getDiscardableAttrs())
      if (!Keep(1))
        Chosen.push_back({Op, Attr.getName()});
  });
  for (auto &[Op, Name] : Chosen)
    Op->removeDiscardableAttr(Name);
}

// The passes by name, as the Rust registry (src/mlir/passes.rs at the top
// of the repository) names them.
struct NamedPass {
  const char *Name;
  void (*Run)(ModuleOp, Asker);
};

constexpr NamedPass Passes[] = {
    {"top-level", topLevel},   {"function-results", functionResults},
    {"regions", regions},      {"blocks", blocks},
    {"block-arguments", blockArguments}, {"ops", ops},
    {"operands", operands},    {"attributes", attributes},
};

} // namespace

extern "C" {

// Run the pass called `Name` on the module, asking `Keep` once per target;
// `Pipeline` is --mlir-passes, for the pass that runs it. Returns 1, 0 when
// MLIR crashed (the module is then poisoned), -1 for an unknown name.
int whittle_mlir_reduce(WModule *M, const char *Name, const char *Pipeline,
                        KeepFn Keep, void *Ctx) {
  StringRef Wanted(Name);
  if (Wanted == "mlir-passes")
    return runPipeline(M, Pipeline, Asker{Keep, Ctx});
  for (const NamedPass &P : Passes)
    if (Wanted == P.Name)
      return safely(M, [&] { P.Run(*M->Module, Asker{Keep, Ctx}); }) ? 1 : 0;
  return -1;
}

} // extern "C"
