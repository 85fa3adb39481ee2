// C entry points of the metadata and debug-info passes, and of ir-passes
// (running an `opt -passes=` pipeline in-process, surviving its crashes).
//
// Each reduction entry point enumerates its targets in a fixed walk order,
// asks `Keep(Ctx, Weight)` once per target (true: leave the target alone),
// and only then changes the targets it was told not to keep. With every
// target kept, nothing changes. The Rust side (src/ir/metadata.rs)
// passes live handles of one module and a callback that does not unwind.

#include "common.h"
#include "compat.h"
#include "llvm/IR/Comdat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/TrackingMDRef.h"
#include "llvm/IR/TypeFinder.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <queue>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// Asks the Rust side whether to keep one target.
using KeepFn = bool (*)(void *Ctx, uint64_t Weight);

struct Asker {
  KeepFn Keep;
  void *Ctx;
  bool operator()(uint64_t Weight) const { return Keep(Ctx, Weight); }
};

// ---------------------------------------------------------------------------
// strip-debug-info

bool isDebugNamedMetadata(const NamedMDNode &NMD) {
  return NMD.getName().starts_with("llvm.dbg.");
}

// Number of things StripDebugInfo would remove (0: nothing; it leaves the
// "Debug Info Version" module flag alone).
uint64_t debugInfoWeight(Module &M) {
  uint64_t Weight = 0;
  for (NamedMDNode &NMD : M.named_metadata())
    if (isDebugNamedMetadata(NMD))
      Weight += 1;
  for (GlobalVariable &GV : M.globals())
    if (GV.hasMetadata(LLVMContext::MD_dbg))
      Weight += 1;
  for (Function &F : M) {
    if (F.getSubprogram())
      Weight += 1;
    for (Instruction &I : instructions(F)) {
      if (I.getDebugLoc() || isa<DbgInfoIntrinsic>(I))
        Weight += 1;
      Weight += std::distance(I.getDbgRecordRange().begin(),
                              I.getDbgRecordRange().end());
    }
  }
  return Weight;
}

// Whether N is the "Debug Info Version" module flag.
bool isDebugVersionFlag(MDNode *N) {
  if (!N || N->getNumOperands() < 2)
    return false;
  auto *Key = dyn_cast_or_null<MDString>(N->getOperand(1));
  return Key && Key->getString() == "Debug Info Version";
}

// Whether dropping the "Debug Info Version" flag would lose debug info: a
// module without it has its debug info stripped when it is read again (as
// whittle and the test do with every candidate), so it stays while there
// is debug info (strip-debug-info removes that first).
bool debugVersionFlagIsNeeded(Module &M) { return debugInfoWeight(M) != 0; }

// ---------------------------------------------------------------------------
// metadata

// Whether the verifier requires I's !dbg attachment: a debug intrinsic, or a
// call of an inlinable function with debug info from a function with debug
// info.
bool dbgAttachmentIsRequired(Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I))
    return true;
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || !I.getFunction()->getSubprogram())
    return false;
  Function *Callee = Call->getCalledFunction();
  return Callee && !Callee->isInterposable() && !Callee->isDeclaration() &&
         Callee->getSubprogram();
}

struct Attachment {
  Value *Owner; // GlobalObject or Instruction
  unsigned Kind;
};

void dropAttachment(const Attachment &A) {
  if (auto *GO = dyn_cast<GlobalObject>(A.Owner))
    GO->setMetadata(A.Kind, nullptr);
  else
    cast<Instruction>(A.Owner)->setMetadata(A.Kind, nullptr);
}

// ---------------------------------------------------------------------------
// named-metadata

// Named metadata whose operands form a plain list: each may go on its own.
constexpr StringLiteral ListNamedMetadata[] = {
    "llvm.module.flags",
    "llvm.ident",
    "opencl.spir.version",
    "opencl.ocl.version",
    "opencl.used.extensions",
    "opencl.used.optional.core.features",
    "opencl.compiler.options",
};

// For a module flag with the Require behaviour (3), the key of the flag it
// requires.
StringRef requiredFlagKey(MDNode *Flag) {
  if (Flag->getNumOperands() != 3)
    return {};
  auto *Behavior = mdconst::dyn_extract_or_null<ConstantInt>(Flag->getOperand(0));
  if (!Behavior || Behavior->getZExtValue() != Module::Require)
    return {};
  auto *Req = dyn_cast_or_null<MDNode>(Flag->getOperand(2));
  if (!Req || Req->getNumOperands() != 2)
    return {};
  auto *Key = dyn_cast_or_null<MDString>(Req->getOperand(0));
  return Key ? Key->getString() : StringRef();
}

StringRef flagKey(MDNode *Flag) {
  if (Flag->getNumOperands() < 2)
    return {};
  auto *Key = dyn_cast_or_null<MDString>(Flag->getOperand(1));
  return Key ? Key->getString() : StringRef();
}

// ---------------------------------------------------------------------------
// ir-passes

// A target machine for the module's triple (or `Override` when the module
// has none); null when the target is unknown.
std::unique_ptr<TargetMachine> makeTargetMachine(const Module &M,
                                                 const char *Override) {
  Triple TT = whittle::compat::moduleTriple(M);
  if (TT.str().empty() && Override && *Override)
    TT = Triple(Triple::normalize(Override));
  if (TT.str().empty())
    return nullptr;
  std::string Error;
  const Target *T = whittle::compat::lookupTarget(TT, Error);
  if (!T)
    return nullptr;
  return std::unique_ptr<TargetMachine>(
      whittle::compat::createTargetMachine(*T, TT, ""));
}

// Parse `Pipeline` into a module pass manager; the error is LLVM's message.
Error parsePipeline(PassBuilder &PB, ModulePassManager &MPM,
                    StringRef Pipeline) {
  return PB.parsePassPipeline(MPM, Pipeline);
}

// Whether the parsed pipeline has passes outside function(...) adaptors
// (module or CGSCC passes), which then form one target of their own.
bool hasModuleLevelPasses(ModulePassManager &MPM,
                          PassInstrumentationCallbacks &PIC) {
  std::string Text;
  raw_string_ostream OS(Text);
  MPM.printPipeline(OS, [&PIC](StringRef ClassName) {
    StringRef Name = PIC.getPassNameForClassName(ClassName);
    return Name.empty() ? ClassName : Name;
  });
  OS.flush();
  // Split at depth 0 on commas.
  int Depth = 0;
  size_t Start = 0;
  auto IsFunctionElement = [&](StringRef E) {
    E = E.trim();
    return E.empty() || E.starts_with("function(") ||
           E.starts_with("function<");
  };
  for (size_t I = 0; I <= Text.size(); ++I) {
    char C = I < Text.size() ? Text[I] : ',';
    if (C == '(' || C == '<')
      ++Depth;
    else if (C == ')' || C == '>')
      --Depth;
    else if (C == ',' && Depth == 0) {
      if (!IsFunctionElement(StringRef(Text).slice(Start, I)))
        return true;
      Start = I + 1;
    }
  }
  return false;
}

// Records whether an error diagnostic was reported (instead of exiting, as
// LLVMContext does for errors without a handler).
struct ErrorRecorder {
  bool HadError = false;
  static void handle(const DiagnosticInfo *DI, void *Self) {
    if (DI->getSeverity() == DS_Error)
      static_cast<ErrorRecorder *>(Self)->HadError = true;
  }
};

void copyMessage(const std::string &Message, char *Buf, size_t Cap) {
  if (!Buf || Cap == 0)
    return;
  size_t N = std::min(Message.size(), Cap - 1);
  std::memcpy(Buf, Message.data(), N);
  Buf[N] = '\0';
}

} // namespace

extern "C" {

// strip-debug-info: one target, the module's whole debug info.
void whittle_md_strip_debug_info(LLVMModuleRef Mod, KeepFn Keep, void *Ctx) {
  Module &M = *unwrap(Mod);
  uint64_t Weight = debugInfoWeight(M);
  if (Weight == 0)
    return;
  if (!Asker{Keep, Ctx}(Weight))
    StripDebugInfo(M);
}

// dbg-records: each #dbg_ record is a target.
void whittle_md_dbg_records(LLVMModuleRef Mod, KeepFn Keep, void *Ctx) {
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};
  std::vector<DbgRecord *> Doomed;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      for (DbgRecord &DR : I.getDbgRecordRange())
        if (!Ask(1))
          Doomed.push_back(&DR);
  for (DbgRecord *DR : Doomed)
    DR->eraseFromParent();
}

// metadata: whole named metadata nodes (but a non-empty llvm.dbg.cu), then
// the attachments of global variables, functions and instructions, each a
// target. A !dbg attachment the verifier requires is no target.
void whittle_md_attachments(LLVMModuleRef Mod, KeepFn Keep, void *Ctx) {
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};

  bool KeepVersion = debugVersionFlagIsNeeded(M);
  std::vector<NamedMDNode *> DoomedNamed;
  for (NamedMDNode &NMD : M.named_metadata()) {
    if (NMD.getName() == "llvm.dbg.cu" && NMD.getNumOperands() != 0)
      continue;
    if (KeepVersion && &NMD == M.getModuleFlagsMetadata() &&
        any_of(NMD.operands(), isDebugVersionFlag))
      continue;
    if (!Ask(std::max(1u, NMD.getNumOperands())))
      DoomedNamed.push_back(&NMD);
  }

  std::vector<Attachment> Doomed;
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  for (GlobalVariable &GV : M.globals()) {
    MDs.clear();
    GV.getAllMetadata(MDs);
    for (auto &[Kind, Node] : MDs)
      if (!Ask(1))
        Doomed.push_back({&GV, Kind});
  }
  for (Function &F : M) {
    MDs.clear();
    F.getAllMetadata(MDs);
    for (auto &[Kind, Node] : MDs)
      if (!Ask(1))
        Doomed.push_back({&F, Kind});
    for (Instruction &I : instructions(F)) {
      MDs.clear();
      I.getAllMetadata(MDs);
      for (auto &[Kind, Node] : MDs) {
        if (Kind == LLVMContext::MD_dbg && dbgAttachmentIsRequired(I))
          continue;
        if (!Ask(1))
          Doomed.push_back({&I, Kind});
      }
    }
  }

  for (NamedMDNode *NMD : DoomedNamed) {
    NMD->clearOperands();
    NMD->eraseFromParent();
  }
  for (const Attachment &A : Doomed)
    dropAttachment(A);
}

// named-metadata: each operand of a list-like named metadata node (of any
// named metadata node but llvm.dbg.cu when Aggressive) is a target. A module
// flag that a kept flag requires stays.
void whittle_md_named_operands(LLVMModuleRef Mod, int Aggressive, KeepFn Keep,
                               void *Ctx) {
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};
  struct Edit {
    NamedMDNode *Node;
    std::vector<bool> Drop;
  };
  std::vector<Edit> Edits;
  bool KeepVersion = debugVersionFlagIsNeeded(M);
  for (NamedMDNode &NMD : M.named_metadata()) {
    // llvm.dbg.cu must list every compile unit the debug info reaches.
    if (NMD.getName() == "llvm.dbg.cu")
      continue;
    if (!Aggressive && !is_contained(ListNamedMetadata, NMD.getName()))
      continue;
    Edit E{&NMD, std::vector<bool>(NMD.getNumOperands(), false)};
    bool Any = false;
    // The verifier wants llvm.errno.tbaa non-empty: its first operand stays.
    unsigned First = NMD.getName() == "llvm.errno.tbaa" ? 1 : 0;
    bool Flags = &NMD == M.getModuleFlagsMetadata();
    for (unsigned I = First, N = NMD.getNumOperands(); I < N; ++I) {
      if (Flags && KeepVersion && isDebugVersionFlag(NMD.getOperand(I)))
        continue;
      if (!Ask(1))
        E.Drop[I] = Any = true;
    }
    if (Any)
      Edits.push_back(std::move(E));
  }
  for (Edit &E : Edits) {
    NamedMDNode *NMD = E.Node;
    if (NMD == M.getModuleFlagsMetadata()) {
      DenseSet<StringRef> Required;
      for (unsigned I = 0, N = NMD->getNumOperands(); I != N; ++I)
        if (!E.Drop[I]) {
          StringRef Key = requiredFlagKey(NMD->getOperand(I));
          if (!Key.empty())
            Required.insert(Key);
        }
      for (unsigned I = 0, N = NMD->getNumOperands(); I != N; ++I)
        if (E.Drop[I] && Required.contains(flagKey(NMD->getOperand(I))))
          E.Drop[I] = false;
    }
    SmallVector<MDNode *, 16> Kept;
    for (unsigned I = 0, N = NMD->getNumOperands(); I != N; ++I)
      if (!E.Drop[I])
        Kept.push_back(NMD->getOperand(I));
    NMD->clearOperands();
    for (MDNode *Op : Kept)
      NMD->addOperand(Op);
  }
}

// distinct-metadata: walking breadth-first from the tuples named metadata
// lists, each distinct node that is an operand of a distinct tuple (not a
// module flag) is a target; a target not kept leaves its tuple.
void whittle_md_distinct(LLVMModuleRef Mod, KeepFn Keep, void *Ctx) {
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};
  SmallPtrSet<MDNode *, 32> Visited;
  std::queue<MDNode *> Queue;
  // (tuple, operand) in breadth-first order.
  std::vector<std::pair<MDTuple *, unsigned>> Found;
  NamedMDNode *Flags = M.getModuleFlagsMetadata();
  SmallPtrSet<MDNode *, 8> FlagNodes;
  if (Flags)
    for (MDNode *Op : Flags->operands())
      FlagNodes.insert(Op);

  for (NamedMDNode &NMD : M.named_metadata()) {
    for (MDNode *Root : NMD.operands()) {
      if (!isa_and_nonnull<MDTuple>(Root) || !Visited.insert(Root).second)
        continue;
      Queue.push(Root);
      while (!Queue.empty()) {
        MDNode *Node = Queue.front();
        Queue.pop();
        auto *Tuple = dyn_cast<MDTuple>(Node);
        bool Reducible =
            Tuple && Tuple->isDistinct() && !FlagNodes.contains(Tuple);
        for (unsigned I = 0, N = Node->getNumOperands(); I != N; ++I) {
          auto *Op = dyn_cast_or_null<MDNode>(Node->getOperand(I).get());
          if (!Op)
            continue;
          if (Visited.insert(Op).second)
            Queue.push(Op);
          if (Reducible && Op->isDistinct())
            Found.push_back({Tuple, I});
        }
      }
    }
  }

  // Targets are asked about last-found first: the search then tries the
  // references farthest from the roots first (as llvm-reduce, which tries
  // its chunks from the end), so that a node reached along several paths
  // loses the deep ones before the shallow ones.
  DenseMap<MDTuple *, std::vector<bool>> Drops;
  std::vector<MDTuple *> Order;
  for (auto &[Tuple, I] : reverse(Found)) {
    if (Ask(1))
      continue;
    auto &Drop = Drops[Tuple];
    if (Drop.empty()) {
      Drop.assign(Tuple->getNumOperands(), false);
      Order.push_back(Tuple);
    }
    Drop[I] = true;
  }

  for (MDTuple *Tuple : Order) {
    const std::vector<bool> &Drop = Drops[Tuple];
    SmallVector<Metadata *, 16> Kept;
    for (unsigned I = 0, N = Tuple->getNumOperands(); I != N; ++I)
      if (!Drop[I])
        Kept.push_back(Tuple->getOperand(I).get());
    for (unsigned I = 0; I != Kept.size(); ++I)
      Tuple->replaceOperandWith(I, Kept[I]);
    while (Tuple->getNumOperands() > Kept.size())
      Tuple->pop_back();
  }
}

// di-metadata: from the debug info the module attaches (compile units,
// !dbg of globals, functions and instructions), every non-empty tuple that a
// debug-info node has as an operand is a list; each debug-info element of
// such a list is a target.
void whittle_md_di(LLVMModuleRef Mod, KeepFn Keep, void *Ctx) {
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};

  std::vector<MDNode *> Stack;
  for (DICompileUnit *CU : M.debug_compile_units())
    if (CU)
      Stack.push_back(CU);
  for (GlobalVariable &GV : M.globals()) {
    SmallVector<MDNode *, 2> MDs;
    GV.getMetadata(LLVMContext::MD_dbg, MDs);
    Stack.insert(Stack.end(), MDs.begin(), MDs.end());
  }
  for (Function &F : M) {
    SmallVector<MDNode *, 2> MDs;
    F.getMetadata(LLVMContext::MD_dbg, MDs);
    Stack.insert(Stack.end(), MDs.begin(), MDs.end());
    for (Instruction &I : instructions(F))
      if (MDNode *N = I.getMetadata(LLVMContext::MD_dbg))
        Stack.push_back(N);
  }
  // Reverse so that the first attachment is walked first.
  std::reverse(Stack.begin(), Stack.end());

  struct List {
    TrackingMDNodeRef Owner;
    unsigned Index;
    TrackingMDNodeRef Tuple;
    std::vector<bool> Drop;
  };
  std::vector<List> Lists;
  DenseSet<std::pair<MDNode *, unsigned>> Seen;
  SmallPtrSet<MDNode *, 32> Visited;
  while (!Stack.empty()) {
    MDNode *Node = Stack.back();
    Stack.pop_back();
    if (!Node || !Visited.insert(Node).second)
      continue;
    if (isa<DINode>(Node)) {
      for (unsigned I = 0, N = Node->getNumOperands(); I != N; ++I) {
        auto *Tuple = dyn_cast_or_null<MDTuple>(Node->getOperand(I).get());
        if (!Tuple || Tuple->getNumOperands() == 0 ||
            Visited.contains(Tuple) || !Seen.insert({Node, I}).second)
          continue;
        Lists.push_back({TrackingMDNodeRef(Node), I, TrackingMDNodeRef(Tuple),
                         std::vector<bool>(Tuple->getNumOperands(), false)});
      }
    }
    // Operands in reverse so that the first operand is walked first.
    for (unsigned I = Node->getNumOperands(); I-- > 0;)
      if (auto *Op = dyn_cast_or_null<MDNode>(Node->getOperand(I).get()))
        if (!Visited.contains(Op))
          Stack.push_back(Op);
  }

  bool Any = false;
  for (List &L : Lists) {
    MDNode *Tuple = L.Tuple.get();
    for (unsigned I = 0, N = Tuple->getNumOperands(); I != N; ++I)
      if (isa_and_nonnull<DINode>(Tuple->getOperand(I).get()) && !Ask(1))
        L.Drop[I] = Any = true;
  }
  if (!Any)
    return;

  LLVMContext &C = M.getContext();
  for (List &L : Lists) {
    if (none_of(L.Drop, [](bool B) { return B; }))
      continue;
    // Uniquing may have merged nodes since the walk: the tracking
    // references follow, and a list that moved is left alone.
    MDNode *Owner = L.Owner.get();
    MDNode *Tuple = L.Tuple.get();
    if (!Owner || !Tuple || L.Index >= Owner->getNumOperands() ||
        Owner->getOperand(L.Index).get() != Tuple ||
        Tuple->getNumOperands() != L.Drop.size())
      continue;
    SmallVector<Metadata *, 16> Kept;
    for (unsigned I = 0, N = Tuple->getNumOperands(); I != N; ++I)
      if (!L.Drop[I])
        Kept.push_back(Tuple->getOperand(I).get());
    Owner->replaceOperandWith(L.Index, MDTuple::get(C, Kept));
  }
}

// Whether `Pipeline` parses (with the passes of the module's target, or of
// `Triple` when the module has none). 0 when it does; else 1 with LLVM's
// message in `Buf`.
int whittle_ir_passes_check(LLVMModuleRef Mod, const char *Pipeline,
                            const char *Triple, char *Buf, size_t Cap) {
  whittle::initializeTargetsOnce();
  std::unique_ptr<TargetMachine> TM = makeTargetMachine(*unwrap(Mod), Triple);
  PassInstrumentationCallbacks PIC;
  PassBuilder PB(TM.get(), PipelineTuningOptions(), std::nullopt, &PIC);
  ModulePassManager MPM;
  if (Error E = parsePipeline(PB, MPM, Pipeline)) {
    copyMessage(toString(std::move(E)), Buf, Cap);
    return 1;
  }
  return 0;
}

// ir-passes: run `Pipeline` on a copy of the module in a context of its own
// and, when it neither crashes, reports an error, nor leaves invalid IR,
// make the module the result. Targets: the module-level passes (when the
// pipeline has any), then each defined function (weight: its instruction
// count); only the optional passes of targets not kept run. A pipeline that
// does not parse has no targets. With DefinedOnly (--mr) undefined operands
// in the functions it ran on are made zero.
void whittle_ir_passes(LLVMModuleRef Mod, const char *Pipeline,
                       const char *TripleOverride, int DefinedOnly,
                       KeepFn Keep, void *Ctx) {
  whittle::initializeTargetsOnce();
  Module &M = *unwrap(Mod);
  Asker Ask{Keep, Ctx};

  bool ModuleLevel;
  {
    std::unique_ptr<TargetMachine> TM = makeTargetMachine(M, TripleOverride);
    PassInstrumentationCallbacks PIC;
    PassBuilder PB(TM.get(), PipelineTuningOptions(), std::nullopt, &PIC);
    ModulePassManager MPM;
    if (Error E = parsePipeline(PB, MPM, Pipeline)) {
      consumeError(std::move(E));
      return;
    }
    ModuleLevel = hasModuleLevelPasses(MPM, PIC);
  }

  bool RunModule = false, RunAny = false;
  if (ModuleLevel)
    RunAny = RunModule = !Ask(1);
  std::vector<bool> RunFunction; // by index among defined functions
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    uint64_t N = 0;
    for (BasicBlock &BB : F)
      N += BB.size();
    bool Run = !Ask(N);
    RunFunction.push_back(Run);
    RunAny |= Run;
  }
  if (!RunAny)
    return;

  SmallVector<char, 0> Bitcode;
  {
    raw_svector_ostream OS(Bitcode);
    WriteBitcodeToFile(M, OS);
  }

  // The copy lives in a context of its own, leaked (never touched again) if
  // the pipeline crashes.
  auto Scratch = std::make_unique<LLVMContext>();
  ErrorRecorder Diagnostics;
  Scratch->setDiagnosticHandlerCallBack(ErrorRecorder::handle, &Diagnostics);
  Expected<std::unique_ptr<Module>> Copy = parseBitcodeFile(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()),
                      M.getModuleIdentifier()),
      *Scratch);
  if (!Copy) {
    consumeError(Copy.takeError());
    return;
  }
  std::unique_ptr<Module> Work = std::move(*Copy);

  DenseMap<const Function *, bool> RunByFunction;
  {
    size_t I = 0;
    for (Function &F : *Work)
      if (!F.isDeclaration() && I < RunFunction.size())
        RunByFunction[&F] = RunFunction[I++];
  }
  auto ShouldRun = [&](const Function *F) {
    auto It = RunByFunction.find(F);
    return It == RunByFunction.end() ? RunModule : It->second;
  };

  auto TM = makeTargetMachine(*Work, TripleOverride);
  CrashRecoveryContext CRC;
  bool Survived = CRC.RunSafely([&] {
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassInstrumentationCallbacks PIC;
    PIC.registerShouldRunOptionalPassCallback([&](StringRef, Any IR) {
      if (const auto *F = llvm::any_cast<const Function *>(&IR))
        return ShouldRun(*F);
      if (const auto *L = llvm::any_cast<const Loop *>(&IR))
        return ShouldRun((*L)->getHeader()->getParent());
      return RunModule;
    });
    PassBuilder PB(TM.get(), PipelineTuningOptions(), std::nullopt, &PIC);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    ModulePassManager MPM;
    if (Error E = parsePipeline(PB, MPM, Pipeline)) {
      consumeError(std::move(E));
      Diagnostics.HadError = true;
      return;
    }
    MPM.run(*Work, MAM);
  });
  if (!Survived) {
    // Whatever the crash left behind stays unreachable.
    (void)Work.release();
    (void)TM.release();
    (void)Scratch.release();
    return;
  }
  if (Diagnostics.HadError || verifyModule(*Work, nullptr))
    return;
  if (DefinedOnly) {
    // A read of a local never written folds to undef, which a program's
    // runs cannot tell from a miscompilation: such reads (and any other
    // undefined operand of the functions it ran on) become zero, the value
    // a zero-initialised stack would give.
    for (Function &F : *Work) {
      if (F.isDeclaration() || !ShouldRun(&F))
        continue;
      for (BasicBlock &BB : F)
        for (Instruction &I : BB)
          for (Use &U : I.operands()) {
            if (!whittle::isUndefinedOperand(U))
              continue;
            Type *T = U->getType();
            if (T->isTokenTy() || T->isLabelTy() || T->isMetadataTy() ||
                T->isTargetExtTy())
              continue;
            U.set(Constant::getNullValue(T));
          }
    }
  }

  Bitcode.clear();
  {
    raw_svector_ostream OS(Bitcode);
    WriteBitcodeToFile(*Work, OS);
  }
  Work.reset();
  TM.reset();
  Scratch.reset();
  // The result's struct types must get the names the module's types have:
  // free those names first (the module's old contents go away below).
  TypeFinder Structs;
  Structs.run(M, /*onlyNamed=*/true);
  std::vector<std::pair<StructType *, std::string>> Names;
  for (StructType *ST : Structs) {
    Names.push_back({ST, ST->getName().str()});
    ST->setName("");
  }
  Expected<std::unique_ptr<Module>> Result = parseBitcodeFile(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()),
                      M.getModuleIdentifier()),
      M.getContext());
  if (!Result) {
    consumeError(Result.takeError());
    for (auto &[ST, Name] : Names)
      ST->setName(Name);
    return;
  }
  whittle::compat::replaceModuleContents(M, **Result);
  // Nor does it carry over the comdat table: the moved globals still point
  // at comdats owned by the emptied module, which dies at the end of this
  // scope. Give them comdats of the same name and kind owned by M (the
  // old ones are still alive here).
  for (GlobalObject &GO : M.global_objects()) {
    if (const Comdat *C = GO.getComdat()) {
      Comdat *Own = M.getOrInsertComdat(C->getName());
      Own->setSelectionKind(C->getSelectionKind());
      GO.setComdat(Own);
    }
  }
  // Module's move assignment does not carry over its cached pointer to
  // llvm.module.flags (it would dangle); named metadata created afresh
  // resets it. Recreate every named node, in order.
  std::vector<std::pair<std::string, SmallVector<MDNode *, 8>>> Named;
  for (NamedMDNode &NMD : M.named_metadata())
    Named.push_back({NMD.getName().str(),
                     SmallVector<MDNode *, 8>(NMD.operands())});
  while (!M.named_metadata_empty())
    M.eraseNamedMetadata(&*M.named_metadata_begin());
  for (auto &[Name, Ops] : Named) {
    NamedMDNode *NMD = M.getOrInsertNamedMetadata(Name);
    for (MDNode *Op : Ops)
      NMD->addOperand(Op);
  }
}

} // extern "C"
