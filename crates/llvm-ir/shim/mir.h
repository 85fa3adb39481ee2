// Machine IR for whittle (src/mir/mod.rs): the module handle the Rust side
// owns (an LLVM context of its own with the embedded IR module, the target
// machine the file names and the machine functions), and what the MIR
// files share: crash recovery and the question asked per target.
//
// Every entry point takes a `WMir *` it does not own (unless it says so) and
// runs its work inside `mirSafely`: a crash inside LLVM (a verifier or a
// printer that does not expect the machine code it is given) poisons the
// module, which is then never touched again and leaked, instead of ending
// the process.

#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdint>
#include <memory>

namespace whittle {

// Asks the Rust side whether to keep one target (true: keep).
using MirKeepFn = bool (*)(void *Ctx, uint64_t Weight);

struct MirAsker {
  MirKeepFn Keep;
  void *Ctx;
  bool operator()(uint64_t Weight) const { return Keep(Ctx, Weight); }
};

// A parsed MIR file. Members are destroyed in reverse order: the machine
// functions before the IR they point into, the IR before its context. The
// target machine is shared with the thread's other files of the same
// target (making one costs more than parsing a small file).
struct WMir {
  std::shared_ptr<llvm::TargetMachine> Target;
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> IR;
  std::unique_ptr<llvm::MachineModuleInfo> MMI;
  bool Poisoned = false;
};

// The machine function of each IR function that has one, in module order.
void machineFunctions(WMir &M,
                      llvm::SmallVectorImpl<llvm::MachineFunction *> &Out);

// Run `F` with crash recovery; a crash poisons `M`. False if it crashed
// (or `M` was poisoned already).
bool mirSafely(WMir *M, llvm::function_ref<void()> F);

// The MIR passes (mir_passes.cpp): run the pass called `Name`, asking `Ask`
// once per target. False for an unknown name.
bool runMirPass(WMir &M, llvm::StringRef Name, MirAsker Ask);

} // namespace whittle
