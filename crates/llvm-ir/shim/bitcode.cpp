// Reading and writing modules the way users have them (src/bitcode.rs):
// bitcode files that hold several modules (ThinLTO split units), ThinLTO
// summaries, and the use-list order of every value, in bitcode and text.
//
// As llvm-reduce does, the first module of a bitcode file is the one read
// (of a ThinLTO split unit, the ThinLTO part), and a module is written the
// way its file was: a split ThinLTO module through LLVM's ThinLTO bitcode
// writer (which splits it again by its type metadata, the way
// `opt --thinlto-bc --thinlto-split-lto-unit` does), a module that had a
// summary with a summary built afresh, any other as plain bitcode.
//
// The caller frees the returned buffer or message (LLVMDisposeMemoryBuffer,
// LLVMDisposeMessage); nothing else is left to free.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/ModuleSummaryAnalysis.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/ThinLTOBitcodeWriter.h"

using namespace llvm;
using whittle::copyMessage;

namespace {

// The LTO flags of a module, as bits (src/bitcode.rs mirrors them).
enum LtoFlag : unsigned {
  LtoThin = 1u << 0,
  LtoSummary = 1u << 1,
  LtoSplit = 1u << 2,
  LtoUnified = 1u << 3,
};

unsigned flagsOf(const BitcodeLTOInfo &Info) {
  return (Info.IsThinLTO ? LtoThin : 0) | (Info.HasSummary ? LtoSummary : 0) |
         (Info.EnableSplitLTOUnit ? LtoSplit : 0) |
         (Info.UnifiedLTO ? LtoUnified : 0);
}


MemoryBufferRef bufferOf(const char *Data, size_t Len, const char *Name) {
  return MemoryBufferRef(StringRef(Data, Len), Name);
}

// A copy of M in Scratch, made through bitcode (which keeps the use-list
// order), with its globals' GUIDs assigned (compat::assignGUIDs): what the
// summary writers work on, since they change the module they write and M
// must stay as the test saw it. Null (and Err set) when it cannot be read
// back.
std::unique_ptr<Module> summaryCopy(const Module &M, LLVMContext &Scratch,
                                    std::string &Err) {
  SmallVector<char, 0> Plain;
  {
    raw_svector_ostream PlainOS(Plain);
    WriteBitcodeToFile(M, PlainOS, /*ShouldPreserveUseListOrder=*/true);
  }
  Expected<std::unique_ptr<Module>> Copy = parseBitcodeFile(
      bufferOf(Plain.data(), Plain.size(), M.getModuleIdentifier().c_str()),
      Scratch);
  if (!Copy) {
    Err = toString(Copy.takeError());
    return nullptr;
  }
  whittle::compat::assignGUIDs(**Copy);
  return std::move(*Copy);
}

// Run LLVM's ThinLTO bitcode writer on a copy of M (the writer renames and
// moves globals of the module it writes).
bool writeThinLTOSplit(const Module &M, bool Preserve, raw_ostream &OS,
                       std::string &Err) {
  LLVMContext Scratch;
  std::unique_ptr<Module> Copy = summaryCopy(M, Scratch, Err);
  if (!Copy)
    return false;
  // The writer's symbol table parses module inline asm: targets must be
  // registered.
  whittle::initializeTargetsOnce();
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  MPM.addPass(whittle::compat::thinLTOWriter(OS, Preserve));
  MPM.run(*Copy, MAM);
  return true;
}

} // namespace

extern "C" {

// The number of modules in a bitcode file and the LTO flags of the first;
// 0 (and *Err set) when the bytes are not readable bitcode.
unsigned whittle_bitcode_layout(const char *Data, size_t Len, unsigned *Flags,
                                char **Err) {
  *Flags = 0;
  *Err = nullptr;
  Expected<BitcodeFileContents> Contents =
      getBitcodeFileContents(bufferOf(Data, Len, ""));
  if (!Contents) {
    *Err = copyMessage(toString(Contents.takeError()));
    return 0;
  }
  if (Contents->Mods.empty()) {
    *Err = copyMessage("the file holds no module");
    return 0;
  }
  Expected<BitcodeLTOInfo> Info = Contents->Mods[0].getLTOInfo();
  if (!Info) {
    *Err = copyMessage(toString(Info.takeError()));
    return 0;
  }
  *Flags = flagsOf(*Info);
  return Contents->Mods.size();
}

// Parse the first module of a bitcode file into context C (use-list order
// as the file records it). Null with *Err set on failure.
LLVMModuleRef whittle_bitcode_parse_first(LLVMContextRef C, const char *Data,
                                          size_t Len, const char *Name,
                                          char **Err) {
  *Err = nullptr;
  Expected<BitcodeFileContents> Contents =
      getBitcodeFileContents(bufferOf(Data, Len, Name));
  if (!Contents) {
    *Err = copyMessage(toString(Contents.takeError()));
    return nullptr;
  }
  if (Contents->Mods.empty()) {
    *Err = copyMessage("the file holds no module");
    return nullptr;
  }
  Expected<std::unique_ptr<Module>> M =
      Contents->Mods[0].parseModule(*unwrap(C));
  if (!M) {
    *Err = copyMessage(toString(M.takeError()));
    return nullptr;
  }
  (*M)->setModuleIdentifier(Name);
  return wrap(M->release());
}

// M as bitcode (with its use-list order if Preserve), written the way a
// module with LTO flags Flags is (see the top of this file). Null (and *Err
// set) only if the copy a summary writer works on cannot be made.
LLVMMemoryBufferRef whittle_bitcode_write(LLVMModuleRef M, unsigned Flags,
                                          int Preserve, char **Err) {
  *Err = nullptr;
  const Module &Mod = *unwrap(M);
  SmallVector<char, 0> Buffer;
  raw_svector_ostream OS(Buffer);
  if ((Flags & LtoThin) && (Flags & LtoSplit)) {
    std::string Message;
    if (!writeThinLTOSplit(Mod, Preserve, OS, Message)) {
      *Err = copyMessage(Message);
      return nullptr;
    }
  } else if (Flags & LtoSummary) {
    // The summary lists the symbols of module inline asm too, which the
    // asm parsers read.
    whittle::initializeTargetsOnce();
    LLVMContext Scratch;
    std::string Message;
    std::unique_ptr<Module> Copy = summaryCopy(Mod, Scratch, Message);
    if (!Copy) {
      *Err = copyMessage(Message);
      return nullptr;
    }
    ProfileSummaryInfo PSI(*Copy);
    ModuleSummaryIndex Index = buildModuleSummaryIndex(*Copy, nullptr, &PSI);
    WriteBitcodeToFile(*Copy, OS, Preserve != 0, &Index);
  } else {
    WriteBitcodeToFile(Mod, OS, Preserve != 0);
  }
  return LLVMCreateMemoryBufferWithMemoryRangeCopy(Buffer.data(), Buffer.size(),
                                                   "");
}

// M as text; with Preserve, `uselistorder` directives wherever the use-list
// order differs from the one reading the text back would give (as
// `llvm-dis --preserve-ll-uselistorder`).
char *whittle_print_module(LLVMModuleRef M, int Preserve) {
  std::string Text;
  raw_string_ostream OS(Text);
  unwrap(M)->print(OS, /*AAW=*/nullptr, Preserve != 0);
  OS.flush();
  return copyMessage(Text);
}

} // extern "C"
