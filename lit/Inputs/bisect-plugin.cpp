// Planted bugs for the `whittle bisect` lit tests: a new-PM pass plugin for
// LLVM 22's opt, built by lit.cfg.py (`llvm-config --cxxflags --ldflags`,
// -shared -fPIC) and loaded with -load-pass-plugin. Every pass is put into
// the default pipelines (`-passes='default<O2>'`, `-O2`) at an extension
// point, is skippable by opt-bisect (except wt-required-check) and has its
// own name for `-passes=` and in BISECT lines. Each acts only on a
// recognizable pattern, so the plugin can stay loaded for every test:
//
//   wt-crash           (ScalarOptimizerLate) fatal error in a function that
//                      calls @wt_crash.
//   wt-crash-imported  (ScalarOptimizerLate) fatal error in a function
//                      that calls @wt_imported and is available_externally:
//                      one ThinLTO imported from another module (a link
//                      bug that merging the modules makes vanish).
//   wt-crash-late      (VectorizerStart) fatal error in a function that
//                      calls @wt_crash_late.
//   wt-miscompile      (VectorizerStart) in functions named marked*,
//                      `sub X, 1` and `add X, -1` become `add X, 1`.
//   wt-mark            (PipelineStart) gives functions that call
//                      @wt_fragile the attribute "wt-marked";
//   wt-check-marked    (ScalarOptimizerLate and VectorizerStart) fatal
//                      error in a function with "wt-marked": a bug that
//                      needs another pass to have run, and that a later
//                      pass triggers too (a non-isolated culprit).
//   wt-normalize       (OptimizerEarly) gives functions that call
//                      @wt_guarded the attribute "wt-normalized";
//   wt-required-check  (OptimizerLast, required: opt-bisect cannot skip it)
//                      fatal error with another message in a function that
//                      calls @wt_guarded without "wt-normalized": probes
//                      that skip wt-normalize fail differently.
//   wt-arm             (PipelineStart) arms the process (state outside the
//                      IR) when a function calls @wt_armed;
//   wt-fire            (VectorizerStart) fatal error in a function that
//                      calls @wt_armed once the process is armed: the
//                      culprit alone on its input does not fail, a
//                      pipeline with wt-arm before it does.
//   wt-big-copy        (OptimizerLast) turns a call @wt_big_copy(ptr D,
//                      ptr S) into a load of a [65536 x i8] from S and its
//                      store to D, as front ends that copy arrays by value
//                      do: LLVM's code generator crashes on it (SIGSEGV in
//                      SelectionDAG, llvm/llvm-project#55737), a real
//                      back-end crash reached from C.
//   wt-counted         (ScalarOptimizerLate) visits every instruction, last
//                      to first, under the debug counter "wt-counted";
//                      rewriting a call to @wt_site(i32 42) is a fatal
//                      error, other visits change nothing.

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;
using namespace llvm::PatternMatch;

DEBUG_COUNTER(WtCountedCounter, "wt-counted", "Controls which visits wt-counted makes");

namespace {

bool callsFunction(const Function &F, StringRef Callee) {
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Target = Call->getCalledFunction())
        if (Target->getName() == Callee)
          return true;
  return false;
}

struct WtCrash : PassInfoMixin<WtCrash> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (callsFunction(F, "wt_crash"))
      report_fatal_error("wt-crash: the planted bug in @" + F.getName());
    return PreservedAnalyses::all();
  }
};

struct WtCrashImported : PassInfoMixin<WtCrashImported> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (F.hasAvailableExternallyLinkage() && callsFunction(F, "wt_imported"))
      report_fatal_error("wt-crash-imported: the planted bug in @" +
                         F.getName() + ", imported");
    return PreservedAnalyses::all();
  }
};

struct WtCrashLate : PassInfoMixin<WtCrashLate> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (callsFunction(F, "wt_crash_late"))
      report_fatal_error("wt-crash-late: the planted bug in @" + F.getName());
    return PreservedAnalyses::all();
  }
};

struct WtMiscompile : PassInfoMixin<WtMiscompile> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (!F.getName().starts_with("marked"))
      return PreservedAnalyses::all();
    SmallVector<BinaryOperator *, 4> Decrements;
    for (Instruction &I : instructions(F)) {
      Value *X;
      if (match(&I, m_Sub(m_Value(X), m_One())) ||
          match(&I, m_Add(m_Value(X), m_AllOnes())))
        Decrements.push_back(cast<BinaryOperator>(&I));
    }
    for (BinaryOperator *B : Decrements) {
      IRBuilder<> Builder(B);
      Value *Wrong = Builder.CreateAdd(B->getOperand(0),
                                       ConstantInt::get(B->getType(), 1));
      B->replaceAllUsesWith(Wrong);
      B->eraseFromParent();
    }
    return Decrements.empty() ? PreservedAnalyses::all()
                              : PreservedAnalyses::none();
  }
};

struct WtMark : PassInfoMixin<WtMark> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (!callsFunction(F, "wt_fragile"))
      return PreservedAnalyses::all();
    F.addFnAttr("wt-marked");
    return PreservedAnalyses::none();
  }
};

struct WtCheckMarked : PassInfoMixin<WtCheckMarked> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (F.hasFnAttribute("wt-marked"))
      report_fatal_error("wt-check-marked: a marked function, @" +
                         F.getName());
    return PreservedAnalyses::all();
  }
};

struct WtNormalize : PassInfoMixin<WtNormalize> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (!callsFunction(F, "wt_guarded"))
      return PreservedAnalyses::all();
    F.addFnAttr("wt-normalized");
    return PreservedAnalyses::none();
  }
};

struct WtRequiredCheck : PassInfoMixin<WtRequiredCheck> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (callsFunction(F, "wt_guarded") && !F.hasFnAttribute("wt-normalized"))
      report_fatal_error("wt-required-check: @" + F.getName() +
                         " was not normalized");
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

bool Armed = false;

struct WtArm : PassInfoMixin<WtArm> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (callsFunction(F, "wt_armed"))
      Armed = true;
    return PreservedAnalyses::all();
  }
};

struct WtFire : PassInfoMixin<WtFire> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (Armed && callsFunction(F, "wt_armed"))
      report_fatal_error("wt-fire: armed by an earlier pass in @" +
                         F.getName());
    return PreservedAnalyses::all();
  }
};

struct WtCounted : PassInfoMixin<WtCounted> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<Instruction *, 16> All;
    for (Instruction &I : instructions(F))
      All.push_back(&I);
    for (Instruction *I : reverse(All)) {
      if (!DebugCounter::shouldExecute(WtCountedCounter))
        continue;
      const auto *Call = dyn_cast<CallInst>(I);
      const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (Callee && Callee->getName() == "wt_site" && Call->arg_size() == 1)
        if (const auto *K = dyn_cast<ConstantInt>(Call->getArgOperand(0)))
          if (K->getZExtValue() == 42)
            report_fatal_error("wt-counted: rewrote the bad site in @" +
                               F.getName());
    }
    return PreservedAnalyses::all();
  }
};

struct WtBigCopy : PassInfoMixin<WtBigCopy> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<CallInst *, 2> Calls;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Function *Callee = Call->getCalledFunction())
          if (Callee->getName() == "wt_big_copy" && Call->arg_size() == 2)
            Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      IRBuilder<> B(Call);
      Type *Window = ArrayType::get(B.getInt8Ty(), 65536);
      Value *Loaded = B.CreateAlignedLoad(Window, Call->getArgOperand(1), Align(1));
      B.CreateAlignedStore(Loaded, Call->getArgOperand(0), Align(1));
      Call->eraseFromParent();
    }
    return Calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

template <typename PassT>
void name(PassBuilder &PB, StringRef Name) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(PassT::name(), Name);
}

void registerPasses(PassBuilder &PB) {
  name<WtCrash>(PB, "wt-crash");
  name<WtCrashImported>(PB, "wt-crash-imported");
  name<WtCrashLate>(PB, "wt-crash-late");
  name<WtMiscompile>(PB, "wt-miscompile");
  name<WtMark>(PB, "wt-mark");
  name<WtCheckMarked>(PB, "wt-check-marked");
  name<WtNormalize>(PB, "wt-normalize");
  name<WtRequiredCheck>(PB, "wt-required-check");
  name<WtCounted>(PB, "wt-counted");
  name<WtArm>(PB, "wt-arm");
  name<WtFire>(PB, "wt-fire");
  name<WtBigCopy>(PB, "wt-big-copy");

  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "wt-crash") FPM.addPass(WtCrash());
        else if (Name == "wt-crash-imported") FPM.addPass(WtCrashImported());
        else if (Name == "wt-crash-late") FPM.addPass(WtCrashLate());
        else if (Name == "wt-miscompile") FPM.addPass(WtMiscompile());
        else if (Name == "wt-mark") FPM.addPass(WtMark());
        else if (Name == "wt-check-marked") FPM.addPass(WtCheckMarked());
        else if (Name == "wt-normalize") FPM.addPass(WtNormalize());
        else if (Name == "wt-required-check") FPM.addPass(WtRequiredCheck());
        else if (Name == "wt-counted") FPM.addPass(WtCounted());
        else if (Name == "wt-arm") FPM.addPass(WtArm());
        else if (Name == "wt-fire") FPM.addPass(WtFire());
        else if (Name == "wt-big-copy") FPM.addPass(WtBigCopy());
        else return false;
        return true;
      });

  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(createModuleToFunctionPassAdaptor(WtMark()));
        MPM.addPass(createModuleToFunctionPassAdaptor(WtArm()));
      });
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(WtCrash());
        FPM.addPass(WtCrashImported());
        FPM.addPass(WtCheckMarked());
        FPM.addPass(WtCounted());
      });
  // The LTO phase argument (LLVM 20) is taken as `auto...`, so that the
  // plugin builds for every LLVM whittle does.
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {
        MPM.addPass(createModuleToFunctionPassAdaptor(WtNormalize()));
      });
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(WtCrashLate());
        FPM.addPass(WtMiscompile());
        FPM.addPass(WtCheckMarked());
        FPM.addPass(WtFire());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {
        MPM.addPass(createModuleToFunctionPassAdaptor(WtRequiredCheck()));
        MPM.addPass(createModuleToFunctionPassAdaptor(WtBigCopy()));
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "WhittleBisectBugs", "0.1", registerPasses};
}
