// Machine IR files (src/mir/mod.rs): parse a `.mir` file with the target
// machine it names, print it back, run the IR and machine verifiers, count
// its machine instructions, and dispatch the MIR passes (mir_passes.cpp).
//
// Each parsed file gets a context, a target machine and a
// MachineModuleInfo of its own, so candidates share nothing. A file is
// written back the way `llc -stop-before=...` writes it: the embedded IR
// module, then each machine function in module order; the MIR printer and
// parser round trip is what llvm-reduce relies on too.

#include "common.h"
#include "compat.h"
#include "mir.h"

#include "llvm-c/Core.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MIRPrinter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <mutex>
#include <string>

using namespace llvm;

namespace whittle {

void machineFunctions(WMir &M, SmallVectorImpl<MachineFunction *> &Out) {
  for (Function &F : *M.IR)
    if (MachineFunction *MF = M.MMI->getMachineFunction(F))
      Out.push_back(MF);
}

bool mirSafely(WMir *M, function_ref<void()> F) {
  if (M->Poisoned)
    return false;
  CrashRecoveryContext CRC;
  if (CRC.RunSafely(F))
    return true;
  M->Poisoned = true;
  return false;
}

} // namespace whittle

using namespace whittle;

namespace {

char *copyMessage(const std::string &S) { return LLVMCreateMessage(S.c_str()); }

// Records the error diagnostics of a context (the MIR parser reports
// through it), one per line; never exits.
struct Diagnostics {
  std::string Errors;
  static void handle(const DiagnosticInfo *DI, void *Self) {
    if (DI->getSeverity() != DS_Error)
      return;
    std::string &Out = static_cast<Diagnostics *>(Self)->Errors;
    raw_string_ostream OS(Out);
    if (!Out.empty())
      OS << "\n";
    if (auto *MIR = dyn_cast<DiagnosticInfoMIRParser>(DI)) {
      const SMDiagnostic &D = MIR->getDiagnostic();
      OS << D.getFilename() << ":" << D.getLineNo() << ":" << D.getColumnNo() + 1
         << ": error: " << D.getMessage();
    } else {
      DiagnosticPrinterRawOStream Printer(OS);
      DI->print(Printer);
    }
  }
};

void ignoreDiagnostic(const DiagnosticInfo *, void *) {}

// The calling thread's target machines, by triple and CPU. A target
// machine holds no IR; machine functions only read it (and cache
// subtargets in it), so the files a thread parses one after another can
// share one, as llc's functions do.
std::shared_ptr<TargetMachine> targetMachine(const Triple &TT, const char *Cpu,
                                             std::string &Error) {
  thread_local std::map<std::pair<std::string, std::string>,
                        std::shared_ptr<TargetMachine>>
      Machines;
  std::shared_ptr<TargetMachine> &TM = Machines[{TT.str(), Cpu}];
  if (TM)
    return TM;
  const Target *T = whittle::compat::lookupTarget(TT, Error);
  if (!T)
    return nullptr;
  TM.reset(whittle::compat::createTargetMachine(*T, TT, Cpu));
  if (!TM)
    Error = "no target machine for " + TT.str();
  return TM;
}

} // namespace

extern "C" {

// Parse MIR text. The target machine is made for `Triple` when not empty,
// else for the triple of the embedded IR, else for the host; `Cpu` names
// its CPU (empty: generic). Null with *Err set (LLVM's diagnostics, one per
// line) on failure.
WMir *whittle_mir_parse(const char *Data, size_t Len, const char *Name,
                        const char *TripleOverride, const char *Cpu,
                        char **Err) {
  *Err = nullptr;
  initializeTargetsOnce();
  takeLastFatalError();
  auto M = std::make_unique<WMir>();
  M->Context = std::make_unique<LLVMContext>();
  Diagnostics Diags;
  M->Context->setDiagnosticHandlerCallBack(Diagnostics::handle, &Diags);
  std::string TargetError;
  bool Parsed = false;
  CrashRecoveryContext CRC;
  bool Survived = CRC.RunSafely([&] {
    std::unique_ptr<MIRParser> Parser = createMIRParser(
        MemoryBuffer::getMemBufferCopy(StringRef(Data, Len), Name),
        *M->Context);
    auto SetDataLayout = [&](StringRef FileTriple,
                             StringRef) -> std::optional<std::string> {
      // As llc does: the target machine decides the data layout.
      std::string Wanted =
          *TripleOverride ? Triple::normalize(TripleOverride) : FileTriple.str();
      Triple TT(Wanted.empty() ? sys::getDefaultTargetTriple() : Wanted);
      M->Target = targetMachine(TT, Cpu, TargetError);
      if (!M->Target)
        return std::nullopt;
      return M->Target->createDataLayout().getStringRepresentation();
    };
    M->IR = Parser->parseIRModule(SetDataLayout);
    if (!M->IR || !M->Target)
      return;
    M->MMI = whittle::compat::makeMachineModuleInfo(M->Target.get());
    Parsed = !Parser->parseMachineFunctions(*M->IR, *M->MMI);
  });
  if (!Survived) {
    // Whatever the crash left behind stays unreachable. (The MIR parser
    // runs the machine verifier, whose failure is a fatal error.)
    (void)M.release();
    std::string Reason = takeLastFatalError();
    *Err = copyMessage(Reason.empty() ? "LLVM crashed while parsing the MIR"
                                      : "LLVM ERROR: " + Reason);
    return nullptr;
  }
  M->Context->setDiagnosticHandlerCallBack(ignoreDiagnostic, nullptr);
  if (!Parsed || !M->IR) {
    std::string Message = !TargetError.empty() ? TargetError : Diags.Errors;
    *Err = copyMessage(Message.empty() ? "cannot parse the MIR" : Message);
    return nullptr;
  }
  return M.release();
}

// Free a module (a poisoned one is leaked: it may be in any state).
void whittle_mir_free(WMir *M) {
  if (M->Poisoned)
    return;
  delete M;
}

// The file as `llc -stop-before` writes it: the IR module, then every
// machine function. Null if LLVM crashed.
char *whittle_mir_print(WMir *M) {
  std::string Text;
  bool Ok = mirSafely(M, [&] {
    raw_string_ostream OS(Text);
    printMIR(OS, *M->IR);
    SmallVector<MachineFunction *, 8> MFs;
    machineFunctions(*M, MFs);
    for (MachineFunction *MF : MFs)
      whittle::compat::printMachineFunction(OS, *M->MMI, *MF);
  });
  return Ok ? copyMessage(Text) : nullptr;
}

// The IR verifier, then the machine verifier on every machine function
// (but those that say they fail verification: `failsVerification: true`).
// 1 if all is well, 0 with *Err set to the first complaints, -1 if LLVM
// crashed.
int whittle_mir_verify(WMir *M, char **Err) {
  *Err = nullptr;
  std::string Message;
  bool Valid = false;
  bool Ok = mirSafely(M, [&] {
    raw_string_ostream OS(Message);
    if (verifyModule(*M->IR, &OS))
      return;
    SmallVector<MachineFunction *, 8> MFs;
    machineFunctions(*M, MFs);
    for (MachineFunction *MF : MFs)
      if (!MF->getProperties().hasProperty(
              MachineFunctionProperties::Property::FailsVerification) &&
          !whittle::compat::verifyMachineFunction(*MF, OS))
        return;
    Valid = true;
  });
  if (!Ok)
    return -1;
  if (!Valid)
    *Err = copyMessage(Message.empty() ? "the machine verifier failed" : Message);
  return Valid ? 1 : 0;
}

// Machine instructions in all machine functions (inside bundles too).
uint64_t whittle_mir_instruction_count(WMir *M) {
  uint64_t N = 0;
  mirSafely(M, [&] {
    SmallVector<MachineFunction *, 8> MFs;
    machineFunctions(*M, MFs);
    for (MachineFunction *MF : MFs)
      for (MachineBasicBlock &MBB : *MF)
        N += std::distance(MBB.instr_begin(), MBB.instr_end());
  });
  return N;
}

// The triple the target machine was made for.
char *whittle_mir_triple(WMir *M) {
  return copyMessage(M->Target->getTargetTriple().str());
}

// Run the MIR pass called `Name`, asking `Keep` once per target. 1, 0 when
// LLVM crashed (the module is then poisoned), -1 for an unknown name.
int whittle_mir_reduce(WMir *M, const char *Name, MirKeepFn Keep, void *Ctx) {
  bool Known = true;
  bool Ok = mirSafely(M, [&] {
    Known = runMirPass(*M, Name, MirAsker{Keep, Ctx});
  });
  if (!Known)
    return -1;
  return Ok ? 1 : 0;
}

// Print machine functions in their short form (llc's -simplify-mir: no
// fields that hold their default value), for the whole process.
void whittle_mir_simplify_output() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    auto Options = cl::getRegisteredOptions();
    auto It = Options.find("simplify-mir");
    if (It != Options.end())
      It->second->addOccurrence(0, "simplify-mir", "true");
  });
}

} // extern "C"
