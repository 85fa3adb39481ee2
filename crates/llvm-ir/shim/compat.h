// The LLVM C++ API differences between the versions whittle builds for
// (19 to 23; 19, 22 and 23 tested), each in one small helper, so that the
// shim reads the same for every version and the next LLVM is a few lines
// here. An LLVM newer than 23 is compiled as 23 (`>= 23` below): a helper
// that no longer compiles there is what its build stops at, by name.
// A helper says which version brought the newer API; where an older LLVM
// lacks an operation altogether, the helper says what happens instead
// (whittle reports it in `--print-delta-passes` and README's "Which LLVM").

#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/ThinLTOBitcodeWriter.h"
#include "llvm/Transforms/Utils/Cloning.h"
#if LLVM_VERSION_MAJOR >= 23
#include "llvm/Transforms/Utils/AssignGUID.h"
#endif

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace whittle::compat {

// The module's target triple (a Triple in the Module since LLVM 21).
inline llvm::Triple moduleTriple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 21
  return M.getTargetTriple();
#else
  return llvm::Triple(M.getTargetTriple());
#endif
}

// The registered target for TT (looked up by Triple since LLVM 21).
inline const llvm::Target *lookupTarget(const llvm::Triple &TT,
                                        std::string &Error) {
#if LLVM_VERSION_MAJOR >= 21
  return llvm::TargetRegistry::lookupTarget(TT, Error);
#else
  return llvm::TargetRegistry::lookupTarget(TT.str(), Error);
#endif
}

// A target machine of T for TT and CPU, default options (by Triple since
// LLVM 21).
inline llvm::TargetMachine *createTargetMachine(const llvm::Target &T,
                                                const llvm::Triple &TT,
                                                llvm::StringRef Cpu) {
#if LLVM_VERSION_MAJOR >= 21
  return T.createTargetMachine(TT, Cpu, "", llvm::TargetOptions(),
                               std::nullopt);
#else
  return T.createTargetMachine(TT.str(), Cpu, "", llvm::TargetOptions(),
                               std::nullopt);
#endif
}

// The declaration of intrinsic ID for Tys, inserted if missing
// (Intrinsic::getOrInsertDeclaration since LLVM 20).
inline llvm::Function *intrinsicDeclaration(llvm::Module *M,
                                            llvm::Intrinsic::ID ID,
                                            llvm::ArrayRef<llvm::Type *> Tys) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::Intrinsic::getOrInsertDeclaration(M, ID, Tys);
#else
  return llvm::Intrinsic::getDeclaration(M, ID, Tys);
#endif
}

// ---- Branches ---------------------------------------------------------------
// LLVM 23 split BranchInst into UncondBrInst and CondBrInst (opcodes
// UncondBr and CondBr; BranchInst is deprecated); before, one BranchInst
// with an optional condition.

// Whether I is a branch, conditional or not.
inline bool isBranch(const llvm::Instruction &I) {
#if LLVM_VERSION_MAJOR >= 23
  return llvm::isa<llvm::UncondBrInst, llvm::CondBrInst>(I);
#else
  return llvm::isa<llvm::BranchInst>(I);
#endif
}

// A conditional branch: getCondition, setCondition, getSuccessor(0 or 1).
#if LLVM_VERSION_MAJOR >= 23
using CondBranch = llvm::CondBrInst;
#else
using CondBranch = llvm::BranchInst;
#endif

// I as a conditional branch, or null.
inline CondBranch *asCondBranch(llvm::Instruction *I) {
#if LLVM_VERSION_MAJOR >= 23
  return llvm::dyn_cast_or_null<llvm::CondBrInst>(I);
#else
  auto *BR = llvm::dyn_cast_or_null<llvm::BranchInst>(I);
  return BR && BR->isConditional() ? BR : nullptr;
#endif
}

// Whether I is an unconditional branch.
inline bool isUncondBranch(const llvm::Instruction *I) {
#if LLVM_VERSION_MAJOR >= 23
  return llvm::isa_and_nonnull<llvm::UncondBrInst>(I);
#else
  auto *BR = llvm::dyn_cast_or_null<llvm::BranchInst>(I);
  return BR && BR->isUnconditional();
#endif
}

// An unconditional branch to Dest at Where.
inline llvm::Instruction *createBranch(llvm::BasicBlock *Dest,
                                       llvm::InsertPosition Where) {
#if LLVM_VERSION_MAJOR >= 23
  return llvm::UncondBrInst::Create(Dest, Where);
#else
  return llvm::BranchInst::Create(Dest, Where);
#endif
}

// Whether From's terminator has exactly one edge to To (no switch with two
// cases there, no conditional branch with both ways there): what
// BasicBlockEdge::isSingleEdge answered before LLVM 23 removed it, for
// every version.
inline bool isSingleEdge(const llvm::BasicBlock *From,
                         const llvm::BasicBlock *To) {
  const llvm::Instruction *T = From->getTerminator();
  unsigned Edges = 0;
  for (unsigned I = 0, N = T ? T->getNumSuccessors() : 0; I < N; ++I)
    Edges += T->getSuccessor(I) == To;
  return Edges == 1;
}

// icmp's `samesign` flag (LLVM 20): always false before.
inline bool hasSameSign(const llvm::ICmpInst &I) {
#if LLVM_VERSION_MAJOR >= 20
  return I.hasSameSign();
#else
  (void)I;
  return false;
#endif
}

inline void dropSameSign(llvm::ICmpInst &I) {
#if LLVM_VERSION_MAJOR >= 20
  I.setSameSign(false);
#else
  (void)I;
#endif
}

// Whether a global variable's `code_model` can be dropped: LLVM 22 has
// GlobalVariable::clearCodeModel; before, the code model can be set but
// not cleared, so it is no target there.
constexpr bool CanClearCodeModel = LLVM_VERSION_MAJOR >= 22;

inline void clearCodeModel(llvm::GlobalVariable &GV) {
#if LLVM_VERSION_MAJOR >= 22
  GV.clearCodeModel();
#else
  (void)GV;
#endif
}

// Set the sync scope of an atomic instruction (LLVM 22 has
// setAtomicSyncScopeID; this is the same, for every version).
inline void setSyncScope(llvm::Instruction *I, llvm::SyncScope::ID SSID) {
  if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
    L->setSyncScopeID(SSID);
  else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
    S->setSyncScopeID(SSID);
  else if (auto *F = llvm::dyn_cast<llvm::FenceInst>(I))
    F->setSyncScopeID(SSID);
  else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
    X->setSyncScopeID(SSID);
  else if (auto *R = llvm::dyn_cast<llvm::AtomicRMWInst>(I))
    R->setSyncScopeID(SSID);
}

// Whether a function of calling convention CC may return a value
// (CallingConv::supportsNonVoidReturnType in LLVM 22; before, the
// conventions the verifier requires a void return of).
inline bool supportsNonVoidReturnType(llvm::CallingConv::ID CC) {
#if LLVM_VERSION_MAJOR >= 22
  return llvm::CallingConv::supportsNonVoidReturnType(CC);
#else
  switch (CC) {
  case llvm::CallingConv::AMDGPU_KERNEL:
  case llvm::CallingConv::SPIR_KERNEL:
  case llvm::CallingConv::PTX_Kernel:
  case llvm::CallingConv::AMDGPU_CS_Chain:
  case llvm::CallingConv::AMDGPU_CS_ChainPreserve:
    return false;
  default:
    return true;
  }
#endif
}

// The attributes that cannot be on a value of type Ty, given the attributes
// AS it has (AS is consulted since LLVM 20: a `range` of another width).
inline llvm::AttributeMask typeIncompatible(llvm::Type *Ty,
                                            llvm::AttributeSet AS) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::AttributeFuncs::typeIncompatible(Ty, AS);
#else
  (void)AS;
  return llvm::AttributeFuncs::typeIncompatible(Ty);
#endif
}

// The parameter attributes I's metadata stands for (!nonnull, !noundef,
// !align, !dereferenceable(_or_null), !range): AttrBuilder's
// addFromEquivalentMetadata in LLVM 22; the same mapping before.
void addFromEquivalentMetadata(llvm::AttrBuilder &AB,
                               const llvm::Instruction &I);

// Whether LLVM can inline call site CB (LLVM 22 asks CanInlineCallSite
// without changing anything; before, only InlineFunction itself can tell,
// so every call of a definition is a candidate and one it refuses leaves
// the module as it was).
inline bool canInline(llvm::CallBase &CB) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::InlineFunctionInfo IFI;
  return llvm::CanInlineCallSite(CB, IFI).isSuccess();
#else
  (void)CB;
  return true;
#endif
}

inline void inlineCall(llvm::CallBase &CB) {
  llvm::InlineFunctionInfo IFI;
#if LLVM_VERSION_MAJOR >= 22
  if (llvm::CanInlineCallSite(CB, IFI).isSuccess())
    llvm::InlineFunctionImpl(CB, IFI);
#else
  (void)llvm::InlineFunction(CB, IFI);
#endif
}

// LLVM's ThinLTO bitcode writer, keeping the use-list order if Preserve
// (which it can since LLVM 21; before, split ThinLTO bitcode is written
// without it).
inline llvm::ThinLTOBitcodeWriterPass thinLTOWriter(llvm::raw_ostream &OS,
                                                    bool Preserve) {
#if LLVM_VERSION_MAJOR >= 21
  return llvm::ThinLTOBitcodeWriterPass(OS, /*ThinLinkOS=*/nullptr, Preserve);
#else
  (void)Preserve;
  return llvm::ThinLTOBitcodeWriterPass(OS, /*ThinLinkOS=*/nullptr);
#endif
}

// Give every global of M its GUID, which a module summary needs: since
// LLVM 23 a GUID is kept in metadata that AssignGUIDPass attaches (a global
// without it has GUID 0, and the bitcode writer stops the process on a
// summary built so); before, a GUID was computed from the name.
inline void assignGUIDs(llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 23
  llvm::AssignGUIDPass::runOnModule(M);
#else
  (void)M;
#endif
}

// Replace the contents of M by those of New (same context), as Module's
// move assignment does in LLVM 22; before, every global, the named metadata
// and the module-level strings are moved over one by one. New is left
// empty; the comdats its globals point to are still New's.
void replaceModuleContents(llvm::Module &M, llvm::Module &New);

// ---- Machine IR ------------------------------------------------------------

// A MachineModuleInfo for TM (which took an LLVMTargetMachine before
// LLVM 20).
inline std::unique_ptr<llvm::MachineModuleInfo>
makeMachineModuleInfo(llvm::TargetMachine *TM) {
#if LLVM_VERSION_MAJOR >= 20
  return std::make_unique<llvm::MachineModuleInfo>(TM);
#else
  return std::make_unique<llvm::MachineModuleInfo>(
      static_cast<llvm::LLVMTargetMachine *>(TM));
#endif
}

// Print MF as MIR (the printer took the MachineModuleInfo in LLVM 20).
void printMachineFunction(llvm::raw_ostream &OS,
                          const llvm::MachineModuleInfo &MMI,
                          const llvm::MachineFunction &MF);

// Run the machine verifier on MF, its complaints to OS; true if valid.
// Before LLVM 20 the verifier writes to stderr only: its output is caught
// there (see compat.cpp).
bool verifyMachineFunction(const llvm::MachineFunction &MF,
                           llvm::raw_ostream &OS);

// Remove the PHI operands of MBB's PHIs that come from Pred (a method of
// MachineBasicBlock in LLVM 22; the same loop before).
void removePHIsIncomingFrom(llvm::MachineBasicBlock &MBB,
                            const llvm::MachineBasicBlock &Pred);

// The flags of a register operand, as getRegState gives them and addReg
// takes them: an enum class RegState since LLVM 23, an unsigned before.
using RegFlags =
    decltype(llvm::getRegState(std::declval<const llvm::MachineOperand &>()));

// A pointer to what MachineRegisterInfo::getRegAllocationHints gives: a
// pointer since LLVM 21 (null when none), a reference before.
template <typename T> const T *asPointer(const T *P) { return P; }
template <typename T> const T *asPointer(const T &R) { return &R; }

} // namespace whittle::compat
