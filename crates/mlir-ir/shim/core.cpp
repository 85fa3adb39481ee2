// The MLIR front end's core: one context per thread, parsing (text or
// bytecode), verifying, printing, writing bytecode, counting operations.
// Implements the `whittle_mlir_*` functions declared in src/lib.rs.

#include "common.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <mutex>

using namespace mlir;

namespace whittle_mlir {

namespace {

std::once_flag InitOnce;

void fatalErrorHandler(void *, const char *Reason, bool) {
  // Inside crash recovery, an LLVM fatal error (report_fatal_error) is a
  // crash like any other: unwind to the recovery point.
  if (llvm::CrashRecoveryContext *CRC =
          llvm::CrashRecoveryContext::GetCurrent())
    CRC->HandleExit(1);
  llvm::errs() << "LLVM ERROR: " << Reason << "\n";
}

void initializeOnce() {
  std::call_once(InitOnce, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::remove_fatal_error_handler();
    llvm::install_fatal_error_handler(fatalErrorHandler);
  });
}

const DialectRegistry &registry() {
  // Built once, copied into each context (contexts load dialects lazily).
  static const DialectRegistry *R = [] {
    auto *Registry = new DialectRegistry();
    registerAllDialects(*Registry);
    registerAllExtensions(*Registry);
    return Registry;
  }();
  return *R;
}

thread_local std::string Diagnostics;

std::string describe(Location Loc) {
  if (auto File = dyn_cast<FileLineColLoc>(Loc))
    return (File.getFilename().str() + ":" + std::to_string(File.getLine()) +
            ":" + std::to_string(File.getColumn()) + ": ");
  if (auto Name = dyn_cast<NameLoc>(Loc))
    return describe(Name.getChildLoc());
  if (auto Fused = dyn_cast<FusedLoc>(Loc))
    if (!Fused.getLocations().empty())
      return describe(Fused.getLocations().front());
  if (auto CallSite = dyn_cast<CallSiteLoc>(Loc))
    return describe(CallSite.getCallee());
  return "";
}

// Records errors (never prints anything): MLIR would otherwise print every
// diagnostic of every rejected candidate.
LogicalResult record(Diagnostic &Diag) {
  if (Diag.getSeverity() == DiagnosticSeverity::Error) {
    if (!Diagnostics.empty())
      Diagnostics += "\n";
    Diagnostics += describe(Diag.getLocation()) + "error: " + Diag.str();
  }
  return success();
}

struct ThreadContext {
  // Leaked when retired after a crash (it may be in any state).
  MLIRContext *Context = nullptr;
  ~ThreadContext() { delete Context; }
};

thread_local ThreadContext Current;

} // namespace

MLIRContext &context() {
  initializeOnce();
  if (!Current.Context) {
    auto *Ctx = new MLIRContext(registry(), MLIRContext::Threading::DISABLED);
    Ctx->getDiagEngine().registerHandler(record);
    // The dialects replacement constants come from.
    Ctx->getOrLoadDialect<arith::ArithDialect>();
    Ctx->getOrLoadDialect<ub::UBDialect>();
    Current.Context = Ctx;
  }
  return *Current.Context;
}

bool safely(WModule *M, llvm::function_ref<void()> F) {
  if (M && M->Poisoned)
    return false;
  initializeOnce();
  llvm::CrashRecoveryContext CRC;
  if (CRC.RunSafely(F))
    return true;
  if (M) {
    M->Poisoned = true;
    (void)M->Module.release();
  }
  // Whatever the crash left half done stays unreachable.
  Current.Context = nullptr;
  return false;
}

void clearDiagnostics() { Diagnostics.clear(); }

std::string takeDiagnostics() {
  std::string Out;
  std::swap(Out, Diagnostics);
  return Out;
}

void copyOut(const std::string &S, char *Buf, size_t Cap) {
  if (!Buf || Cap == 0)
    return;
  size_t N = std::min(S.size(), Cap - 1);
  std::memcpy(Buf, S.data(), N);
  Buf[N] = '\0';
}

uint64_t countOps(Operation *Op) {
  uint64_t N = 0;
  Op->walk([&](Operation *) { ++N; });
  return N;
}

} // namespace whittle_mlir

using namespace whittle_mlir;

// Bytes handed back to Rust: `whittle_mlir_bytes_free` releases them.
struct WBytes {
  std::string Data;
};

extern "C" {

// Parse text or bytecode (`Name` names the buffer in diagnostics and
// locations). Null on failure, with MLIR's message in `Err`. The module is
// not verified (`whittle_mlir_verify` does that).
WModule *whittle_mlir_parse(const char *Data, size_t Len, const char *Name,
                            int AllowUnregistered, char *Err, size_t Cap) {
  WModule *Result = nullptr;
  std::string Message;
  bool Survived = safely(nullptr, [&] {
    MLIRContext &Ctx = context();
    Ctx.allowUnregisteredDialects(AllowUnregistered != 0);
    clearDiagnostics();
    auto SourceMgr = std::make_shared<llvm::SourceMgr>();
    SourceMgr->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(Data, Len), Name),
        llvm::SMLoc());
    ParserConfig Config(&Ctx, /*verifyAfterParse=*/false);
    OwningOpRef<ModuleOp> Module =
        parseSourceFile<ModuleOp>(SourceMgr, Config);
    Message = takeDiagnostics();
    if (!Module) {
      if (Message.empty())
        Message = std::string(Name) + ": cannot parse the module";
      return;
    }
    Result = new WModule();
    Result->Module = std::move(Module);
  });
  if (!Survived)
    Message = std::string(Name) + ": MLIR crashed while parsing";
  copyOut(Message, Err, Cap);
  return Result;
}

void whittle_mlir_free(WModule *M) {
  if (!M)
    return;
  if (M->Poisoned) {
    // The module is gone already (leaked with its context).
    delete M;
    return;
  }
  // Destroying IR runs destructors of attributes' storage; be safe anyway.
  if (!safely(M, [&] { M->Module = nullptr; }))
    (void)0;
  delete M;
}

// 0: valid; 1: the verifier's complaints in `Err`; 2: crashed.
int whittle_mlir_verify(WModule *M, char *Err, size_t Cap) {
  int Status = 0;
  std::string Message;
  bool Survived = safely(M, [&] {
    clearDiagnostics();
    if (failed(verify(M->Module->getOperation(), /*verifyRecursively=*/true)))
      Status = 1;
    Message = takeDiagnostics();
  });
  if (!Survived) {
    Status = 2;
    Message = "MLIR crashed while verifying";
  } else if (Status == 1 && Message.empty()) {
    Message = "the verifier failed";
  }
  copyOut(Message, Err, Cap);
  return Status;
}

// The module as text (`Generic`: the generic op form), or as bytecode
// (`Bytecode`); null if it crashed.
WBytes *whittle_mlir_serialize(WModule *M, int Bytecode, int Generic) {
  WBytes *Out = new WBytes();
  bool Survived = safely(M, [&] {
    llvm::raw_string_ostream OS(Out->Data);
    if (Bytecode) {
      BytecodeWriterConfig Config;
      if (failed(writeBytecodeToFile(M->Module->getOperation(), OS, Config))) {
        // Dialects that cannot write bytecode: fall back to generic text,
        // which reads back just as exactly.
        Out->Data.clear();
        OpPrintingFlags Flags;
        Flags.printGenericOpForm().assumeVerified().enableDebugInfo();
        M->Module->getOperation()->print(OS, Flags);
      }
    } else {
      OpPrintingFlags Flags;
      Flags.assumeVerified();
      if (Generic)
        Flags.printGenericOpForm();
      M->Module->getOperation()->print(OS, Flags);
      OS << "\n";
    }
    OS.flush();
  });
  if (!Survived) {
    delete Out;
    return nullptr;
  }
  return Out;
}

const char *whittle_mlir_bytes_data(WBytes *B) { return B->Data.data(); }
size_t whittle_mlir_bytes_len(WBytes *B) { return B->Data.size(); }
void whittle_mlir_bytes_free(WBytes *B) { delete B; }

// Operations in the module, the module itself included (as mlir-opt
// --print-op-stats counts them).
uint64_t whittle_mlir_op_count(WModule *M) {
  uint64_t N = 0;
  if (!safely(M, [&] { N = countOps(M->Module->getOperation()); }))
    return 0;
  return N;
}

} // extern "C"
