// The value helpers every mutation shares (see common.h): which values may
// replace one that goes away, constants of any type, erasing an operation
// with its uses rewired, and the walk orders the passes agree on.

#include "common.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

namespace whittle_mlir {

bool Doomed::contains(Operation *Op) const {
  for (Operation *P = Op; P; P = P->getParentOp())
    if (Ops.contains(P))
      return true;
  return false;
}

bool Doomed::excludes(Value V) const {
  Block *B = nullptr;
  if (Operation *Def = V.getDefiningOp()) {
    if (contains(Def))
      return true;
    B = Def->getBlock();
  } else {
    B = cast<BlockArgument>(V).getOwner();
  }
  // A value in a doomed block, or in a block nested in a doomed operation.
  for (; B; B = B->getParentOp() ? B->getParentOp()->getBlock() : nullptr) {
    if (Blocks.contains(B))
      return true;
    if (Operation *Parent = B->getParentOp(); Parent && Ops.contains(Parent))
      return true;
  }
  return false;
}

namespace {

// The latest result of type `T` among the operations of `B` before `End`
// (walking backwards), then `B`'s arguments; among `*Among` if given.
Value latestIn(Type T, Block *B, Block::iterator End, const Doomed &Excluded,
               ArrayRef<Value> *Among) {
  auto Fits = [&](Value V) {
    return V.getType() == T && !Excluded.excludes(V) &&
           (!Among || llvm::is_contained(*Among, V));
  };
  for (auto It = Block::reverse_iterator(End); It != B->rend(); ++It) {
    for (unsigned I = It->getNumResults(); I-- > 0;) {
      Value R = It->getResult(I);
      if (Fits(R))
        return R;
    }
  }
  for (BlockArgument A : B->getArguments())
    if (Fits(A))
      return A;
  return {};
}

} // namespace

Value dominatingValue(Type T, Operation *Anchor, ArrayRef<Value> Preferred,
                      const Doomed &Excluded, DominanceInfo &Dom) {
  // The nearest of `Preferred` (the latest computed keeps the most of what
  // led up to `Anchor`), then the nearest of anything.
  SmallVector<Value> Usable;
  for (Value V : Preferred)
    if (V.getType() == T && !Excluded.excludes(V) &&
        V.getDefiningOp() != Anchor && Dom.properlyDominates(V, Anchor))
      Usable.push_back(V);
  if (Usable.size() == 1)
    return Usable.front();
  if (!Usable.empty()) {
    ArrayRef<Value> Among(Usable);
    if (Value V = nearest(T, Anchor, Excluded, Dom, &Among))
      return V;
    return Usable.front();
  }
  return nearest(T, Anchor, Excluded, Dom, nullptr);
}

Value nearest(Type T, Operation *Anchor, const Doomed &Excluded,
              DominanceInfo &Dom, ArrayRef<Value> *Among) {
  for (Operation *At = Anchor; At;) {
    Block *B = At->getBlock();
    if (!B)
      break;
    if (Value V = latestIn(T, B, Block::iterator(At), Excluded, Among))
      return V;
    // Blocks dominating B in its region (a CFG), nearest first.
    Region *R = B->getParent();
    if (R && !R->hasOneBlock() && Dom.hasSSADominance(R)) {
      if (DominanceInfoNode *Node = Dom.getNode(B)) {
        for (DominanceInfoNode *Up = Node->getIDom(); Up; Up = Up->getIDom()) {
          Block *D = Up->getBlock();
          if (!D)
            break;
          if (Value V = latestIn(T, D, D->end(), Excluded, Among))
            return V;
        }
      }
    }
    Operation *Parent = B->getParentOp();
    if (!Parent || Parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
    At = Parent;
  }
  return {};
}

namespace {

// A zero attribute for scalar type `T`, or null.
TypedAttr zeroScalar(Type T) {
  if (auto Int = dyn_cast<IntegerType>(T))
    return Int.isSignless() ? IntegerAttr::get(T, 0) : TypedAttr();
  if (isa<IndexType>(T))
    return IntegerAttr::get(T, 0);
  if (auto Float = dyn_cast<FloatType>(T))
    return FloatAttr::get(T, 0.0);
  return {};
}

TypedAttr zeroAttr(Type T) {
  if (TypedAttr Scalar = zeroScalar(T))
    return Scalar;
  if (isa<VectorType, RankedTensorType>(T)) {
    auto Shaped = cast<ShapedType>(T);
    if (!Shaped.hasStaticShape())
      return {};
    if (auto Tensor = dyn_cast<RankedTensorType>(T); Tensor && Tensor.getEncoding())
      return {};
    if (TypedAttr Element = zeroScalar(Shaped.getElementType()))
      return DenseElementsAttr::get(Shaped, Element);
  }
  return {};
}

} // namespace

bool hasArithConstant(Type T) { return static_cast<bool>(zeroAttr(T)); }

namespace {

// A zero of type `T` made by `D`'s own constant operation (its
// materializeConstant hook: `tosa.const`, `spirv.Constant`, ...), or null
// when the dialect makes none or makes one that does not verify.
Value dialectConstant(Dialect *D, OpBuilder &B, Location Loc, TypedAttr Zero,
                      Type T) {
  if (!D)
    return {};
  Operation *Made = D->materializeConstant(B, Zero, T, Loc);
  if (!Made)
    return {};
  if (Made->getNumResults() == 1 && Made->getResult(0).getType() == T &&
      succeeded(verify(Made)))
    return Made->getResult(0);
  Made->erase();
  return {};
}

} // namespace

Value materialize(Operation *Before, Type T, Dialect *Hint) {
  OpBuilder B(Before);
  if (TypedAttr Zero = zeroAttr(T)) {
    // A pipeline written for one dialect may reject, or take another path
    // on, an `arith.constant` it never expected: the dialect that made the
    // value goes first.
    if (Hint && Hint->getNamespace() != arith::ArithDialect::getDialectNamespace())
      if (Value V = dialectConstant(Hint, B, Before->getLoc(), Zero, T))
        return V;
    return create<arith::ConstantOp>(B, Before->getLoc(), Zero).getResult();
  }
  return create<ub::PoisonOp>(B, Before->getLoc(), T).getResult();
}

Dialect *producerDialect(Value V) {
  if (Operation *Def = V.getDefiningOp())
    return Def->getDialect();
  Operation *Owner = cast<BlockArgument>(V).getOwner()->getParentOp();
  return Owner ? Owner->getDialect() : nullptr;
}

Value replacementFor(Value V, Operation *Anchor, ArrayRef<Value> Preferred,
                     const Doomed &Excluded, DominanceInfo &Dom) {
  if (Value D = dominatingValue(V.getType(), Anchor, Preferred, Excluded, Dom))
    return D;
  return materialize(Anchor, V.getType(), producerDialect(V));
}

void eraseReplacingUses(Operation *Op, const Doomed &Excluded,
                        DominanceInfo &Dom) {
  SmallVector<Value> Operands(Op->getOperands());
  for (OpResult R : Op->getResults()) {
    if (R.use_empty())
      continue;
    R.replaceAllUsesWith(replacementFor(R, Op, Operands, Excluded, Dom));
  }
  bool HadRegions = Op->getNumRegions() != 0;
  Op->erase();
  if (HadRegions)
    Dom.invalidate();
}

bool isContainer(Operation *Op) {
  return Op->hasTrait<OpTrait::SymbolTable>() && Op->getNumRegions() == 1 &&
         Op->getRegion(0).hasOneBlock();
}

bool hasImplicitBody(Operation *Op) {
  // Named linalg ops (linalg.matmul, linalg.add, ...) print without their
  // body, which is fixed by the op: changing it can only fail the verifier.
  return isa<linalg::LinalgOp>(Op) &&
         !isa<linalg::GenericOp, linalg::MapOp, linalg::ReduceOp>(Op);
}

namespace {

void collectItems(Operation *Container, SmallVectorImpl<Operation *> &Out) {
  for (Operation &Op : Container->getRegion(0).front()) {
    if (Op.hasTrait<OpTrait::IsTerminator>())
      continue;
    Out.push_back(&Op);
    if (isContainer(&Op))
      collectItems(&Op, Out);
  }
}

} // namespace

void topLevelItems(Operation *Root, SmallVectorImpl<Operation *> &Out) {
  collectItems(Root, Out);
}

void nestedOps(Operation *Root, SmallVectorImpl<Operation *> &Out) {
  SmallVector<Operation *> Items;
  topLevelItems(Root, Items);
  for (Operation *Item : Items) {
    if (isContainer(Item))
      continue;
    Item->walk<WalkOrder::PreOrder>([&](Operation *Op) {
      if (Op != Item)
        Out.push_back(Op);
      return hasImplicitBody(Op) ? WalkResult::skip() : WalkResult::advance();
    });
  }
}

} // namespace whittle_mlir
