// Module rewrites for the metamorphic oracles. Follow-up inputs for the
// `reorder` relation: the same module with its functions in reverse order and
// its local names dropped. Neither changes what the module means, so neither
// may change what opt or llc make of it (modulo names). And the
// pattern-initialised variants the undefined-behaviour check runs.

#include "common.h"

#include "llvm-c/Core.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <vector>

using namespace llvm;

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


// Every fixed-size alloca is followed by a memset of its whole allocation to
// `Byte`. Running a program built this way twice, with two different bytes,
// tells whether what it does depends on stack memory it never wrote: a
// reduction easily deletes the store that initialised a local, and the
// program then reads whatever the stack held (undefined behaviour that can
// mimic, or hide, a miscompilation). Returns how many allocas were filled.
unsigned whittle_pattern_init_allocas(LLVMModuleRef Mod, unsigned char Byte) {
  Module &M = *unwrap(Mod);
  const DataLayout &DL = M.getDataLayout();
  unsigned Filled = 0;
  for (Function &F : M) {
    std::vector<AllocaInst *> Allocas;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *AI = dyn_cast<AllocaInst>(&I))
          Allocas.push_back(AI);
    for (AllocaInst *AI : Allocas) {
      std::optional<TypeSize> Size = AI->getAllocationSize(DL);
      if (!Size || Size->isScalable() || Size->getFixedValue() == 0)
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
      for (Instruction *At : Starts) {
        IRBuilder<> B(At->getNextNode());
        B.CreateMemSet(AI, B.getInt8(Byte), Size->getFixedValue(),
                       AI->getAlign());
      }
      ++Filled;
    }
  }
  return Filled;
}

} // extern "C"
