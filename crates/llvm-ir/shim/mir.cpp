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
#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
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

namespace {

// A character of a named virtual register's name as the MIR lexer reads it.
bool isNameChar(char C) {
  return isAlnum(C) || C == '_' || C == '-' || C == '$';
}

// The printed machine function `Text`, with the class (or bank, and type)
// of each named virtual register stated at its first mention in the body
// where the printer states it nowhere. Named registers are not listed under
// `registers:`, and the printer states a class only at an explicit
// definition: a named register that only implicit operands define (`S_NOP
// 1, implicit-def %redef`) would otherwise not read back ("Cannot determine
// class/bank of virtual register"), where the parser itself took it.
std::string stateUnsaidClasses(std::string Text, const MachineFunction &MF) {
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetRegisterInfo *TRI = MF.getSubtarget().getRegisterInfo();
  size_t Body = Text.find("\nbody:");
  if (Body == std::string::npos)
    return Text;
  // The mentions of Name in the body: the offset just past `%Name` and a
  // sub-register index after it, if any.
  auto Mentions = [&](StringRef Name) {
    SmallVector<size_t, 4> Ends;
    std::string Token = ("%" + Name).str();
    for (size_t At = Text.find(Token, Body); At != std::string::npos;
         At = Text.find(Token, At + 1)) {
      size_t End = At + Token.size();
      if (End < Text.size() && isNameChar(Text[End]))
        continue;
      if (End < Text.size() && Text[End] == '.')
        for (++End; End < Text.size() && isNameChar(Text[End]);)
          ++End;
      Ends.push_back(End);
    }
    return Ends;
  };
  for (unsigned I = 0, E = MRI.getNumVirtRegs(); I != E; ++I) {
    Register Reg = Register::index2VirtReg(I);
    StringRef Name = MRI.getVRegName(Reg);
    if (Name.empty() || MRI.reg_empty(Reg))
      continue;
    SmallVector<size_t, 4> Ends = Mentions(Name);
    if (Ends.empty() ||
        any_of(Ends, [&](size_t End) {
          return End < Text.size() && Text[End] == ':';
        }))
      continue;
    std::string Stated;
    raw_string_ostream SOS(Stated);
    SOS << ':' << printRegClassOrBank(Reg, MRI, TRI);
    if (LLT Type = MRI.getType(Reg); Type.isValid())
      SOS << '(' << Type << ')';
    Text.insert(Ends.front(), Stated);
  }
  return Text;
}

} // namespace

// The file as `llc -stop-before` writes it: the IR module, then every
// machine function; with Simplify, in their short form (llc's
// -simplify-mir: fields that hold their default value left out, which can
// leave a register's class unsaid: such a print may not read back). Null if
// LLVM crashed.
char *whittle_mir_print(WMir *M, int Simplify) {
  // The printer reads its form from LLVM's `-simplify-mir` option, one
  // for the process (a cl::opt<bool> of MIRPrinter.cpp): set for each print,
  // one print at a time.
  static std::mutex PrintLock;
  static cl::opt<bool> *SimplifyOption = [] {
    auto Options = cl::getRegisteredOptions();
    auto It = Options.find("simplify-mir");
    return It == Options.end() ? nullptr
                               : static_cast<cl::opt<bool> *>(It->second);
  }();
  std::lock_guard<std::mutex> Guard(PrintLock);
  if (SimplifyOption)
    *SimplifyOption = Simplify != 0;
  std::string Text;
  bool Ok = mirSafely(M, [&] {
    raw_string_ostream OS(Text);
    printMIR(OS, *M->IR);
    SmallVector<MachineFunction *, 8> MFs;
    machineFunctions(*M, MFs);
    for (MachineFunction *MF : MFs) {
      std::string Function;
      raw_string_ostream FOS(Function);
      whittle::compat::printMachineFunction(FOS, *M->MMI, *MF);
      OS << stateUnsaidClasses(Function, *MF);
    }
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

// Machine functions in the file.
uint64_t whittle_mir_function_count(WMir *M) {
  uint64_t N = 0;
  mirSafely(M, [&] {
    SmallVector<MachineFunction *, 8> MFs;
    machineFunctions(*M, MFs);
    N = MFs.size();
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

} // extern "C"
