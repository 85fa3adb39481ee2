// The helpers of compat.h that are more than a line: LLVM API differences
// between the versions whittle builds for.

#include "compat.h"

#include "llvm/CodeGen/MIRPrinter.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/Support/raw_ostream.h"

#if LLVM_VERSION_MAJOR < 20
#include <cstdio>
#include <mutex>
#include <unistd.h>
#endif

using namespace llvm;

namespace whittle::compat {

void replaceModuleContents(Module &M, Module &New) {
#if LLVM_VERSION_MAJOR >= 22
  M = std::move(New);
#else
  // Empty M as its destructor would, then move New's globals over in order
  // (their names stay: M's symbol table is empty).
  M.dropAllReferences();
  for (GlobalValue &GV : M.global_values())
    GV.removeDeadConstantUsers();
  while (!M.ifunc_empty())
    M.ifunc_begin()->eraseFromParent();
  while (!M.alias_empty())
    M.alias_begin()->eraseFromParent();
  while (!M.empty())
    M.begin()->eraseFromParent();
  while (!M.global_empty())
    M.global_begin()->eraseFromParent();
  while (!M.named_metadata_empty())
    M.eraseNamedMetadata(&*M.named_metadata_begin());
  while (!New.global_empty()) {
    GlobalVariable *GV = &*New.global_begin();
    New.removeGlobalVariable(GV);
    M.insertGlobalVariable(GV);
  }
  while (!New.empty()) {
    Function *F = &*New.begin();
    F->removeFromParent();
    M.getFunctionList().push_back(F);
  }
  while (!New.alias_empty()) {
    GlobalAlias *GA = &*New.alias_begin();
    New.removeAlias(GA);
    M.insertAlias(GA);
  }
  while (!New.ifunc_empty()) {
    GlobalIFunc *GI = &*New.ifunc_begin();
    New.removeIFunc(GI);
    M.insertIFunc(GI);
  }
  for (NamedMDNode &NMD : New.named_metadata()) {
    NamedMDNode *Own = M.getOrInsertNamedMetadata(NMD.getName());
    for (MDNode *Op : NMD.operands())
      Own->addOperand(Op);
  }
  M.setDataLayout(New.getDataLayout());
  M.setTargetTriple(New.getTargetTriple());
  M.setModuleInlineAsm(New.getModuleInlineAsm());
  M.setSourceFileName(New.getSourceFileName());
#endif
}

void addFromEquivalentMetadata(AttrBuilder &AB, const Instruction &I) {
#if LLVM_VERSION_MAJOR >= 22
  AB.addFromEquivalentMetadata(I);
#else
  auto Number = [&](unsigned Kind) -> std::optional<uint64_t> {
    if (MDNode *N = I.getMetadata(Kind))
      if (N->getNumOperands() == 1)
        if (auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(0)))
          return C->getZExtValue();
    return std::nullopt;
  };
  if (I.hasMetadata(LLVMContext::MD_nonnull))
    AB.addAttribute(Attribute::NonNull);
  if (I.hasMetadata(LLVMContext::MD_noundef))
    AB.addAttribute(Attribute::NoUndef);
  if (auto A = Number(LLVMContext::MD_align))
    AB.addAlignmentAttr(MaybeAlign(*A));
  if (auto D = Number(LLVMContext::MD_dereferenceable))
    AB.addDereferenceableAttr(*D);
  if (auto D = Number(LLVMContext::MD_dereferenceable_or_null))
    AB.addDereferenceableOrNullAttr(*D);
  if (MDNode *R = I.getMetadata(LLVMContext::MD_range))
    AB.addRangeAttr(getConstantRangeFromMetadata(*R));
#endif
}

void printMachineFunction(raw_ostream &OS, const MachineModuleInfo &MMI,
                          const MachineFunction &MF) {
#if LLVM_VERSION_MAJOR >= 20
  printMIR(OS, MMI, MF);
#else
  (void)MMI;
  printMIR(OS, MF);
#endif
}

#if LLVM_VERSION_MAJOR < 20
namespace {
// Before LLVM 20 the machine verifier writes its complaints to stderr
// (errs()) and nowhere else. While it runs, file descriptor 2 points at a
// temporary file, which then becomes the message; one verification at a
// time in the process. whittle's own threads write nothing to stderr while
// a worker verifies (test processes have stderr of their own); a status
// line the main thread would print in that instant lands in the message.
std::mutex StderrLock;

std::string captureStderr(function_ref<void()> Body) {
  std::lock_guard<std::mutex> Guard(StderrLock);
  errs().flush();
  std::fflush(stderr);
  std::FILE *Capture = std::tmpfile();
  int Saved = Capture ? dup(2) : -1;
  if (Saved < 0 || dup2(fileno(Capture), 2) < 0) {
    if (Saved >= 0)
      close(Saved);
    if (Capture)
      std::fclose(Capture);
    Body();
    return "";
  }
  Body();
  errs().flush();
  std::fflush(stderr);
  dup2(Saved, 2);
  close(Saved);
  std::string Text;
  std::rewind(Capture);
  char Buf[4096];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, Capture)) > 0)
    Text.append(Buf, N);
  std::fclose(Capture);
  return Text;
}
} // namespace
#endif

bool verifyMachineFunction(const MachineFunction &MF, raw_ostream &OS) {
#if LLVM_VERSION_MAJOR >= 20
  return MF.verify(nullptr, nullptr, &OS, /*AbortOnError=*/false);
#else
  bool Valid = false;
  OS << captureStderr(
      [&] { Valid = MF.verify(nullptr, nullptr, /*AbortOnError=*/false); });
  return Valid;
#endif
}

void removePHIsIncomingFrom(MachineBasicBlock &MBB,
                            const MachineBasicBlock &Pred) {
#if LLVM_VERSION_MAJOR >= 22
  MBB.removePHIsIncomingValuesForPredecessor(Pred);
#else
  // A PHI's operands: the definition, then (value, block) pairs.
  for (MachineInstr &MI : MBB.phis())
    for (unsigned I = MI.getNumOperands(); I > 2; I -= 2)
      if (MI.getOperand(I - 1).getMBB() == &Pred) {
        MI.removeOperand(I - 1);
        MI.removeOperand(I - 2);
      }
#endif
}

} // namespace whittle::compat
