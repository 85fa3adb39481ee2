// Follow-up inputs for the metamorphic `reorder` relation: the same module
// with its functions in reverse order and its local names dropped. Neither
// changes what the module means, so neither may change what opt or llc make
// of it (modulo names).

#include "common.h"

#include "llvm-c/Core.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

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

} // extern "C"
