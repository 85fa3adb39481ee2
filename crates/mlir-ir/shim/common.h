// Helpers shared by the MLIR shim files (shim/*.cpp): the module
// handle the Rust side owns, the per-thread context, crash recovery, and the
// value helpers every mutation uses (a replacement for a value that goes
// away, a constant of any type).
//
// Every function exported to Rust is `extern "C"`, takes a `WModule *` it
// does not own (unless it says so) and runs its IR work inside `safely`, so
// that a crash in MLIR (a verifier or printer that does not expect the IR it
// is given) poisons the module instead of ending the process.

#ifndef WHITTLE_MLIR_COMMON_H
#define WHITTLE_MLIR_COMMON_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Config/llvm-config.h"

#include <cstdint>
#include <string>

namespace whittle_mlir {

// Build an OpTy with B at Loc: `OpTy::create(B, ...)` since MLIR 21 (which
// deprecates `B.create<OpTy>(...)`), the builder's method before. The one
// MLIR API difference between the versions whittle builds for (19 to 22).
template <typename OpTy, typename... Args>
OpTy create(mlir::OpBuilder &B, mlir::Location Loc, Args &&...args) {
#if LLVM_VERSION_MAJOR >= 21
  return OpTy::create(B, Loc, std::forward<Args>(args)...);
#else
  return B.create<OpTy>(Loc, std::forward<Args>(args)...);
#endif
}

// Asks the Rust side whether to keep one target (true: keep).
using KeepFn = bool (*)(void *Ctx, uint64_t Weight);

struct Asker {
  KeepFn Keep;
  void *Ctx;
  bool operator()(uint64_t Weight) const { return Keep(Ctx, Weight); }
};

// A module owned by the Rust side. It lives in its thread's context; once
// `Poisoned` (something crashed while it was being worked on) it is never
// touched again, and leaked rather than destroyed.
struct WModule {
  mlir::OwningOpRef<mlir::ModuleOp> Module;
  bool Poisoned = false;
};

// The calling thread's context (created on first use: every upstream
// dialect and extension registered, threading off, diagnostics recorded
// instead of printed).
mlir::MLIRContext &context();

// Run `F` with crash recovery. A crash poisons `M` (when given) and retires
// the thread's context (leaked: it may be inconsistent); returns false.
bool safely(WModule *M, llvm::function_ref<void()> F);

// The error diagnostics recorded since the last `clearDiagnostics` on this
// thread, one per line with their location.
void clearDiagnostics();
std::string takeDiagnostics();

// Copy `S` into a caller buffer of `Cap` bytes (NUL-terminated, truncated).
void copyOut(const std::string &S, char *Buf, size_t Cap);

// The mlir-passes pass (pipeline.cpp): one target weighing the module's
// size; not kept, the --mlir-passes pipeline runs on a copy that replaces
// the module only if all went well. 1, or 0 when MLIR crashed.
int runPipeline(WModule *M, const char *Pipeline, Asker Ask);

// The number of operations in `Op`, itself included.
uint64_t countOps(mlir::Operation *Op);

// Operations scheduled to go away: a value is unusable as a replacement when
// it is defined in one of them (or in a block of one of them).
struct Doomed {
  llvm::DenseSet<mlir::Operation *> Ops;
  llvm::DenseSet<mlir::Block *> Blocks;
  bool contains(mlir::Operation *Op) const;
  bool excludes(mlir::Value V) const;
};

// A value of type `T` usable wherever `Anchor` is (it properly dominates
// `Anchor`, hence everything `Anchor` dominates): the nearest of
// `Preferred`, else the nearest earlier result or block argument, walking up through
// dominating blocks and enclosing regions up to the nearest isolated
// operation. Null when there is none.
mlir::Value dominatingValue(mlir::Type T, mlir::Operation *Anchor,
                            llvm::ArrayRef<mlir::Value> Preferred,
                            const Doomed &Excluded,
                            mlir::DominanceInfo &Dom);

// The nearest value of type `T` properly dominating `Anchor` (walking back
// through its block, dominating blocks and enclosing regions), among
// `*Among` when given.
mlir::Value nearest(mlir::Type T, mlir::Operation *Anchor,
                    const Doomed &Excluded, mlir::DominanceInfo &Dom,
                    llvm::ArrayRef<mlir::Value> *Among);

// Whether a constant of `T` can be materialised (always: `ub.poison` takes
// any type), and whether it would be an `arith.constant`.
bool hasArithConstant(mlir::Type T);

// A fresh constant of type `T` before `Before`: a zero for signless
// integers, index, floats and static vectors/tensors of them, made by
// `Hint`'s own constant operation when it has one (the dialect that produced
// the replaced value), else `arith.constant`; `ub.poison` otherwise.
mlir::Value materialize(mlir::Operation *Before, mlir::Type T,
                        mlir::Dialect *Hint = nullptr);

// The dialect of the operation that defines `V` (of the operation owning
// its block, for a block argument).
mlir::Dialect *producerDialect(mlir::Value V);

// A replacement for `V` usable at `Anchor`: a dominating value (see
// `dominatingValue`) or a constant materialised before `Anchor`.
mlir::Value replacementFor(mlir::Value V, mlir::Operation *Anchor,
                           llvm::ArrayRef<mlir::Value> Preferred,
                           const Doomed &Excluded, mlir::DominanceInfo &Dom);

// Replace every use of `Op`'s results (a value of the same type that
// dominates them, `Op`'s own operands first, else a constant), then erase
// `Op`.
void eraseReplacingUses(mlir::Operation *Op, const Doomed &Excluded,
                        mlir::DominanceInfo &Dom);

// Whether `Op` holds symbols whose children are top-level items
// (builtin.module, gpu.module, ...).
bool isContainer(mlir::Operation *Op);

// The top-level items of `Root` in pre-order: the operations of containers,
// containers nested in containers included (with their items after them).
void topLevelItems(mlir::Operation *Root,
                   llvm::SmallVectorImpl<mlir::Operation *> &Out);

// Whether `Op`'s regions are implied by the op itself and not printed
// (named linalg ops): nothing inside them is a target.
bool hasImplicitBody(mlir::Operation *Op);

// Every operation nested in a top-level item, in pre-order (not the
// insides of operations with an implicit body).
void nestedOps(mlir::Operation *Root,
               llvm::SmallVectorImpl<mlir::Operation *> &Out);

} // namespace whittle_mlir

#endif
