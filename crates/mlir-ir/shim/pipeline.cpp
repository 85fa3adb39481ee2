// --mlir-passes: an mlir-opt pass pipeline run in-process as one candidate
// (like mlir-reduce's opt-reduction-pass). The pipeline runs on a copy of
// the module; a pipeline that fails, reports an error or crashes changes
// nothing.

#include "common.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace whittle_mlir;

namespace {

std::once_flag PassesOnce;

void registerPasses() {
  std::call_once(PassesOnce, [] { registerAllPasses(); });
}

// `builtin.module(a,b)` and `a,b` both mean passes on the module.
StringRef body(StringRef Pipeline) {
  StringRef P = Pipeline.trim();
  if (P.consume_front("builtin.module(") && P.consume_back(")"))
    return P;
  return Pipeline.trim();
}

LogicalResult parse(StringRef Pipeline, OpPassManager &PM, std::string &Err) {
  llvm::raw_string_ostream OS(Err);
  return parsePassPipeline(body(Pipeline), PM, OS);
}

} // namespace

extern "C" {

// 0 when `Pipeline` parses; else its error in `Err`.
int whittle_mlir_pipeline_check(const char *Pipeline, char *Err, size_t Cap) {
  registerPasses();
  std::string Message;
  int Status = 0;
  bool Survived = safely(nullptr, [&] {
    PassManager PM(&context(), ModuleOp::getOperationName());
    if (failed(parse(Pipeline, PM, Message)))
      Status = 1;
  });
  if (!Survived) {
    Status = 1;
    Message = "MLIR crashed while parsing the pipeline";
  }
  while (!Message.empty() && (Message.back() == '\n' || Message.back() == ' '))
    Message.pop_back();
  copyOut(Message, Err, Cap);
  return Status;
}

} // extern "C"

// mlir-passes: the `--mlir-passes` pipeline (mlir-opt syntax, e.g.
// `canonicalize,cse,symbol-dce`) as one target, like mlir-reduce's
// opt-reduction-pass. Not kept: the pipeline runs on a copy of the module,
// which replaces it if the pipeline succeeds; a pipeline that fails changes
// nothing, one that crashes makes the candidate unresolved. A result with
// more operations is no progress.
int whittle_mlir::runPipeline(WModule *M, const char *Pipeline, Asker Ask) {
  registerPasses();
  bool Run = false;
  if (!safely(M, [&] { Run = !Ask(countOps(M->Module->getOperation())); }))
    return 0;
  if (!Run)
    return 1;
  // The copy is run on; it replaces the module only if all went well. If it
  // crashes, the copy (and the context) are abandoned, the module stays.
  ModuleOp Copy;
  bool Ok = false;
  bool Survived = safely(nullptr, [&] {
    Copy = M->Module->clone();
    PassManager PM(Copy.getContext(), ModuleOp::getOperationName());
    std::string Err;
    clearDiagnostics();
    Ok = succeeded(parse(Pipeline, PM, Err)) && succeeded(PM.run(Copy));
    (void)takeDiagnostics();
  });
  if (!Survived) {
    // The context is retired; the module lived in it and goes with it.
    M->Poisoned = true;
    (void)M->Module.release();
    return 0;
  }
  if (!Ok) {
    (void)safely(nullptr, [&] { Copy->erase(); });
    return 1;
  }
  return safely(M, [&] { M->Module = OwningOpRef<ModuleOp>(Copy); }) ? 1 : 0;
}
