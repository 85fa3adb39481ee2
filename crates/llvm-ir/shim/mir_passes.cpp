// The MIR passes (src/mir/passes.rs in the front end), one section each,
// reached by name through runMirPass (mir.cpp's whittle_mir_reduce).
//
// Each pass walks the machine functions in module order, blocks in layout
// order and instructions in order, asks `Ask(Weight)` once per target (true:
// leave it alone) and only then changes the targets it was told not to
// keep; with every target kept, nothing changes. What the passes cannot
// keep valid on their own, the machine verifier (run on every candidate)
// rejects: such a candidate is never tested.

#include "compat.h"
#include "mir.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"

#include <cstring>
#include <optional>
#include <vector>

using namespace llvm;
using namespace whittle;

namespace {

using Functions = SmallVector<MachineFunction *, 8>;

Functions functionsOf(WMir &M) {
  Functions MFs;
  machineFunctions(M, MFs);
  return MFs;
}

uint64_t instructionCount(const MachineFunction &MF) {
  uint64_t N = 0;
  for (const MachineBasicBlock &MBB : MF)
    N += std::distance(MBB.instr_begin(), MBB.instr_end());
  return N;
}

bool isImplicitDef(const MachineInstr &MI) {
  return MI.getOpcode() == TargetOpcode::IMPLICIT_DEF ||
         MI.getOpcode() == TargetOpcode::G_IMPLICIT_DEF;
}

// The register operands an instruction must have: its explicit operands and
// the implicit ones its description lists. Operands past these were added
// to this instruction alone and may go.
unsigned requiredOperands(const MachineInstr &MI) {
  return MI.getNumExplicitOperands() + MI.getDesc().implicit_defs().size() +
         MI.getDesc().implicit_uses().size();
}

// An IMPLICIT_DEF (G_IMPLICIT_DEF for a register without a class) of Reg,
// with the flags of the definition MO it stands for.
void buildImplicitDef(MachineBasicBlock &MBB, MachineBasicBlock::iterator At,
                      Register Reg, const MachineOperand &MO, bool Undef) {
  MachineFunction &MF = *MBB.getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  bool Generic = MF.getRegInfo().getRegClassOrNull(Reg) == nullptr;
  compat::RegFlags State = getRegState(MO) & ~RegState::Implicit;
  if (Undef)
    State |= RegState::Undef;
  BuildMI(MBB, At, DebugLoc(),
          TII.get(Generic ? TargetOpcode::G_IMPLICIT_DEF
                          : TargetOpcode::IMPLICIT_DEF))
      .addReg(Reg, State, MO.getSubReg());
}

// ---------------------------------------------------------------------------
// machine-functions: whole machine functions (weight: their instructions).
// One not kept goes, and its IR function becomes a declaration (what refers
// to it, in IR or in other machine functions, still can). Functions whose IR
// blocks have their address taken stay: a blockaddress in another function
// would dangle.

void reduceMachineFunctions(WMir &M, MirAsker Ask) {
  Functions Doomed;
  for (MachineFunction *MF : functionsOf(M)) {
    Function &F = MF->getFunction();
    bool AddressTaken = any_of(F, [](BasicBlock &BB) {
      return BB.hasAddressTaken();
    });
    if (AddressTaken)
      continue;
    if (!Ask(instructionCount(*MF)))
      Doomed.push_back(MF);
  }
  for (MachineFunction *MF : Doomed) {
    Function &F = MF->getFunction();
    M.MMI->deleteMachineFunctionFor(F);
    F.deleteBody();
    F.setComdat(nullptr);
  }
}

// ---------------------------------------------------------------------------
// instructions (llvm-reduce's): single machine instructions (weight 1),
// except terminators, call frame setup and destroy (they come in pairs),
// bundles, and implicit definitions of the entry block whose registers are
// used (a removed definition's uses get one there anyway); a used implicit
// definition elsewhere goes as llvm-reduce's does: its uses read an earlier
// definition, or one at the top of the entry block. Each use of a virtual register a
// removed instruction defined reads instead the nearest earlier definition
// of a register of the same class (or bank) and type that stays, in its
// block or a dominating one, else the register itself, defined by an
// IMPLICIT_DEF at the top of the entry block; reads of a physical register
// it defined, later in its block, read it `undef` (so removing the compare
// before a conditional branch is valid).

bool hasUsedDef(const MachineInstr &MI, const MachineRegisterInfo &MRI) {
  for (const MachineOperand &MO : MI.defs())
    if (MO.isReg() && MO.getReg().isVirtual() &&
        !MRI.use_nodbg_empty(MO.getReg()))
      return true;
  return false;
}

bool removableInstruction(const MachineInstr &MI, const TargetInstrInfo &TII,
                          const MachineRegisterInfo &MRI) {
  if (MI.isTerminator() || MI.isBundle() || MI.isBundled())
    return false;
  unsigned Opc = MI.getOpcode();
  if (Opc == TII.getCallFrameSetupOpcode() ||
      Opc == TII.getCallFrameDestroyOpcode())
    return false;
  if (isImplicitDef(MI) && hasUsedDef(MI, MRI) &&
      MI.getParent() == &MI.getMF()->front())
    return false;
  return true;
}

// A virtual register defined before `From` in `MBB` (walking back), of
// Reg's class or bank and type, by an instruction that stays (set in *By).
Register earlierDef(MachineBasicBlock &MBB,
                    MachineBasicBlock::reverse_instr_iterator From,
                    Register Reg, const SetVector<MachineInstr *> &Doomed,
                    MachineInstr **By) {
  const MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
  const RegClassOrRegBank &Class = MRI.getRegClassOrRegBank(Reg);
  LLT Type = MRI.getType(Reg);
  for (auto It = From, End = MBB.instr_rend(); It != End; ++It) {
    if (Doomed.count(&*It))
      continue;
    for (const MachineOperand &MO : It->operands()) {
      if (!MO.isReg() || !MO.isDef() || MO.isDead() || !MO.getReg().isVirtual())
        continue;
      Register Other = MO.getReg();
      if (Other != Reg && MRI.getRegClassOrRegBank(Other) == Class &&
          MRI.getType(Other) == Type) {
        *By = &*It;
        return Other;
      }
    }
  }
  return Register();
}

// Where an IMPLICIT_DEF of virtual register Reg goes at the top of the
// entry block: among the implicit definitions already there, in
// register order, so that the output reads in the input's order whichever
// round of the reduction removed which definition.
MachineBasicBlock::iterator entryDefPoint(MachineBasicBlock &Entry,
                                          Register Reg) {
  MachineBasicBlock::iterator It = Entry.SkipPHIsLabelsAndDebug(Entry.begin());
  while (It != Entry.end() && isImplicitDef(*It) && It->getOperand(0).isReg() &&
         It->getOperand(0).getReg().isVirtual() &&
         It->getOperand(0).getReg().virtRegIndex() < Reg.virtRegIndex())
    ++It;
  return It;
}

// Whether a path leads from MBB back to it.
bool inCycle(MachineBasicBlock &MBB) {
  SmallPtrSet<MachineBasicBlock *, 16> Seen;
  SmallVector<MachineBasicBlock *, 16> Work(MBB.successors().begin(),
                                            MBB.successors().end());
  while (!Work.empty()) {
    MachineBasicBlock *Next = Work.pop_back_val();
    if (Next == &MBB)
      return true;
    if (Seen.insert(Next).second)
      append_range(Work, Next->successors());
  }
  return false;
}

// Whether physical register Reg holds a value where MI is, without MI: a
// reserved register always does; otherwise an earlier instruction of the
// block that stays defines all of it, or it (or a register containing it)
// is live into the block (a function's argument registers, say).
bool heldWithout(MachineInstr &MI, Register Reg, const TargetRegisterInfo &TRI,
                 const SetVector<MachineInstr *> &Doomed) {
  MachineBasicBlock &MBB = *MI.getParent();
  const MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
  if (MRI.isReserved(Reg))
    return true;
  for (auto It = std::next(MachineBasicBlock::reverse_instr_iterator(&MI)),
            End = MBB.instr_rend();
       It != End; ++It) {
    if (Doomed.count(&*It))
      continue;
    for (const MachineOperand &MO : It->operands())
      if (MO.isReg() && MO.isDef() && MO.getReg().isPhysical() &&
          TRI.isSubRegisterEq(MO.getReg(), Reg))
        return true;
  }
  for (MCPhysReg Super : TRI.superregs_inclusive(Reg))
    if (MBB.isLiveIn(Super))
      return true;
  return false;
}

// Reads of physical register Reg (or a register overlapping it) after MI in
// its block, up to the next instruction that stays and defines Reg again,
// become `undef`: MI's definition goes, and nothing else gives Reg a value
// there (see heldWithout: a live-in or an earlier definition does, and then
// the reads stay as they are). Reads in later blocks are left to the
// verifier.
void markLaterReadsUndef(MachineInstr &MI, Register Reg,
                         const TargetRegisterInfo &TRI,
                         const SetVector<MachineInstr *> &Doomed) {
  if (heldWithout(MI, Reg, TRI, Doomed))
    return;
  MachineBasicBlock &MBB = *MI.getParent();
  for (auto It = std::next(MI.getIterator()), End = MBB.instr_end(); It != End;
       ++It) {
    bool Redefined = false;
    for (MachineOperand &MO : It->operands()) {
      if (!MO.isReg() || !MO.getReg() || !MO.getReg().isPhysical() ||
          !TRI.regsOverlap(MO.getReg(), Reg))
        continue;
      if (MO.readsReg() && !MO.isDef()) {
        MO.setIsUndef();
      } else if (MO.isDef() && !Doomed.count(&*It) &&
                 TRI.isSubRegisterEq(MO.getReg(), Reg)) {
        Redefined = true;
      }
    }
    if (Redefined)
      return;
  }
}

// Every use of a virtual register that only instructions of `Doomed`
// define reads a replacement instead: the nearest earlier definition of a
// register of the same class (or bank) and type by an instruction that
// stays, in the definition's block or a dominating one, else the register
// itself, defined by an IMPLICIT_DEF at the top of the entry block. A
// register that other instructions define too (sub-register definitions,
// `undef %0.sub1 = ...` then `%0.sub0 = ...`; after SSA, a register
// redefined), with InPlace, is read instead as llvm-reduce's instructions
// pass reads it: every use reads an earlier definition that dominates them
// all, else a new register of its class defined (the same sub-register,
// `undef`) by an IMPLICIT_DEF at the top of the entry block; but when one of
// its uses is tied to a definition (a two-address instruction reads what it
// redefines), which a new register would untie, an IMPLICIT_DEF of it takes
// the removed definition's place. Uses that read a physical register a
// doomed instruction defines, later in its block, read it `undef`. The
// doomed instructions are left for the caller to erase.
void replaceDefinitions(MachineFunction &MF,
                        const SetVector<MachineInstr *> &Doomed, bool InPlace) {
  if (Doomed.empty())
    return;
  MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineDominatorTree MDT(MF);
  // Registers that got an IMPLICIT_DEF at the top of the entry block.
  DenseSet<Register> Replaced;
  MachineBasicBlock &Entry = MF.front();
  for (MachineInstr *MI : Doomed) {
    for (MachineOperand &MO : MI->operands()) {
      if (!MO.isReg() || !MO.isDef() || MO.isDead() || !MO.getReg())
        continue;
      Register Reg = MO.getReg();
      if (Reg.isPhysical()) {
        markLaterReadsUndef(*MI, Reg, TRI, Doomed);
        continue;
      }
      if (MRI.use_empty(Reg) || Replaced.count(Reg))
        continue;
      bool MultiDef = any_of(MRI.def_instructions(Reg), [&](MachineInstr &Def) {
        return !Doomed.count(&Def);
      });
      if (MultiDef &&
          (!InPlace || any_of(MRI.use_operands(Reg),
                              [](MachineOperand &U) { return U.isTied(); }))) {
        if (InPlace)
          buildImplicitDef(*MI->getParent(), MI->getIterator(), Reg, MO,
                           /*Undef=*/false);
        // Its uses now read other definitions, past kills they did not.
        MRI.clearKillFlags(Reg);
        continue;
      }
      Register New;
      MachineInstr *NewDef = nullptr;
      MachineBasicBlock *MBB = MI->getParent();
      auto From = std::next(MachineBasicBlock::reverse_instr_iterator(MI));
      if (MDT.isReachableFromEntry(MBB)) {
        while (!New && MBB) {
          New = earlierDef(*MBB, From, Reg, Doomed, &NewDef);
          MachineDomTreeNode *IDom = MDT.getNode(MBB)->getIDom();
          MBB = IDom ? IDom->getBlock() : nullptr;
          if (MBB)
            From = MBB->instr_rbegin();
        }
      }
      // The uses of a register defined elsewhere too need not be
      // dominated by this definition: the replacement must dominate them.
      if (New && MultiDef &&
          !all_of(MRI.use_instructions(Reg), [&](MachineInstr &Use) {
            return Doomed.count(&Use) || MDT.dominates(NewDef, &Use);
          }))
        New = Register();
      if (!New && MultiDef) {
        New = MRI.cloneVirtualRegister(Reg);
        buildImplicitDef(Entry, entryDefPoint(Entry, New), New, MO,
                         /*Undef=*/MO.getSubReg() != 0);
      }
      if (!New) {
        // The register keeps its name (no new virtual register, which the
        // printer would list for good) and is defined at the top of the
        // entry block, which dominates every use. A use that killed it
        // still does, but in a cycle, where the old definition came again
        // before the next read and the new one does not.
        if (Replaced.insert(Reg).second) {
          BuildMI(Entry, entryDefPoint(Entry, Reg), DebugLoc(),
                  TII.get(MRI.getRegClassOrNull(Reg) ? TargetOpcode::IMPLICIT_DEF
                                                     : TargetOpcode::G_IMPLICIT_DEF))
              .addReg(Reg, RegState::Define);
          for (MachineOperand &Use : MRI.use_operands(Reg))
            if (Use.isKill() && inCycle(*Use.getParent()->getParent()))
              Use.setIsKill(false);
        }
        continue;
      }
      for (MachineOperand &Use : make_early_inc_range(MRI.use_operands(Reg)))
        Use.setReg(New);
      // The replacement is now read where it was not: none of its uses,
      // old or new, kills it (an old use's kill may come before a new read).
      MRI.clearKillFlags(New);
    }
  }
}

// The registers of `Regs` that nothing reads any more and only implicit
// definitions define lose those definitions (they only fed what went).
void eraseUnusedImplicitDefs(MachineFunction &MF, ArrayRef<Register> Regs) {
  MachineRegisterInfo &MRI = MF.getRegInfo();
  for (Register Reg : Regs) {
    if (!MRI.use_empty(Reg) || MRI.def_empty(Reg) ||
        !all_of(MRI.def_instructions(Reg),
                [](MachineInstr &Def) { return isImplicitDef(Def); }))
      continue;
    for (MachineInstr &Def : make_early_inc_range(MRI.def_instructions(Reg)))
      Def.eraseFromParent();
  }
}

void reduceInstructions(WMir &M, MirAsker Ask) {
  std::vector<std::pair<MachineFunction *, SetVector<MachineInstr *>>> Work;
  for (MachineFunction *MF : functionsOf(M)) {
    const TargetInstrInfo &TII = *MF->getSubtarget().getInstrInfo();
    const MachineRegisterInfo &MRI = MF->getRegInfo();
    SetVector<MachineInstr *> Doomed;
    for (MachineBasicBlock &MBB : *MF)
      for (MachineInstr &MI : MBB)
        if (removableInstruction(MI, TII, MRI) && !Ask(1))
          Doomed.insert(&MI);
    Work.push_back({MF, std::move(Doomed)});
  }
  for (auto &[MF, Doomed] : Work) {
    replaceDefinitions(*MF, Doomed, /*InPlace=*/true);
    SmallVector<Register, 8> Read;
    for (MachineInstr *MI : Doomed)
      for (const MachineOperand &MO : MI->uses())
        if (MO.isReg() && MO.getReg().isVirtual())
          Read.push_back(MO.getReg());
    for (MachineInstr *MI : Doomed)
      MI->eraseFromParent();
    eraseUnusedImplicitDefs(*MF, Read);
  }
}

// ---------------------------------------------------------------------------
// Control flow: what the block passes share. Branches are rewritten through
// the target's analyzeBranch/removeBranch/insertBranch (GlobalISel's
// G_BRCOND/G_BR by hand, before instruction selection), so a block whose
// branch cannot be analyzed keeps its successors; a block with PHIs
// never gains a predecessor (PHIs only lose the incoming values of edges
// that go).

using BlockSet = SmallPtrSet<MachineBasicBlock *, 16>;

// For each jump table, the blocks whose instructions name it.
DenseMap<unsigned, BlockSet> jumpTableUsers(MachineFunction &MF) {
  DenseMap<unsigned, BlockSet> Users;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB)
      for (const MachineOperand &MO : MI.operands())
        if (MO.isJTI())
          Users[MO.getIndex()].insert(&MBB);
  return Users;
}

// Blocks that nothing may remove: the entry, EH pads, blocks whose address
// is taken (IR blockaddress, machine block address, inline asm goto) and
// the targets of jump tables an instruction still names (one nothing names
// any more is dead: eraseBlocks empties it when a block it lists goes).
BlockSet pinnedBlocks(MachineFunction &MF) {
  BlockSet Pinned;
  Pinned.insert(&MF.front());
  for (MachineBasicBlock &MBB : MF)
    if (MBB.isEHPad() || MBB.hasAddressTaken() ||
        MBB.isInlineAsmBrIndirectTarget())
      Pinned.insert(&MBB);
  if (const MachineJumpTableInfo *JTI = MF.getJumpTableInfo()) {
    DenseMap<unsigned, BlockSet> Users = jumpTableUsers(MF);
    const auto &Tables = JTI->getJumpTables();
    for (unsigned I = 0, E = Tables.size(); I != E; ++I)
      if (Users.count(I))
        for (MachineBasicBlock *MBB : Tables[I].MBBs)
          Pinned.insert(MBB);
  }
  return Pinned;
}

// A block's branch as analyzeBranch sees it, with the fallthrough made
// explicit: where it goes when taken (True) and otherwise (False; null for
// an unconditional branch). Generic: the branch is GlobalISel's
// G_BRCOND/G_BR, which targets' analyzeBranch does not know, and Cond is
// G_BRCOND's condition operand.
struct Branch {
  MachineBasicBlock *True = nullptr, *False = nullptr;
  SmallVector<MachineOperand, 4> Cond;
  bool Generic = false;
};

// A function GlobalISel has not selected yet: it holds generic
// instructions, so new branches must be generic too.
bool isGenericFunction(const MachineFunction &MF) {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (isPreISelGenericOpcode(MI.getOpcode()))
        return true;
  return false;
}

// A block ending in `G_BRCOND %c, %bb.T` and/or `G_BR %bb.F`, and in no
// other terminator: its branch, as analyzeBranch would give it.
bool analyzeGenericBranch(MachineBasicBlock &MBB, Branch &B) {
  SmallVector<MachineInstr *, 2> Terms;
  for (MachineInstr &MI : MBB.terminators())
    Terms.push_back(&MI);
  auto Is = [&](unsigned I, unsigned Opcode) {
    return I < Terms.size() && Terms[I]->getOpcode() == Opcode;
  };
  if (Terms.size() == 1 && Is(0, TargetOpcode::G_BR)) {
    B.True = Terms[0]->getOperand(0).getMBB();
  } else if ((Terms.size() == 1 && Is(0, TargetOpcode::G_BRCOND)) ||
             (Terms.size() == 2 && Is(0, TargetOpcode::G_BRCOND) &&
              Is(1, TargetOpcode::G_BR))) {
    B.Cond.push_back(Terms[0]->getOperand(0));
    B.True = Terms[0]->getOperand(1).getMBB();
    if (Terms.size() == 2)
      B.False = Terms[1]->getOperand(0).getMBB();
  } else {
    return false;
  }
  B.Generic = true;
  return true;
}

std::optional<Branch> analyze(MachineBasicBlock &MBB) {
  const TargetInstrInfo &TII = *MBB.getParent()->getSubtarget().getInstrInfo();
  Branch B;
  if (TII.analyzeBranch(MBB, B.True, B.False, B.Cond, /*AllowModify=*/false)) {
    B = Branch();
    if (!analyzeGenericBranch(MBB, B))
      return std::nullopt;
  }
  MachineBasicBlock *Next = MBB.getNextNode();
  if (B.Cond.empty()) {
    if (!B.True) {
      // Falls through, or ends the function (no successors but EH pads).
      bool HasNonEH = any_of(MBB.successors(), [](MachineBasicBlock *S) {
        return !S->isEHPad();
      });
      if (!HasNonEH)
        return std::nullopt;
      B.True = Next;
    }
  } else if (!B.False) {
    B.False = Next;
  }
  if (!B.True || (!B.Cond.empty() && !B.False))
    return std::nullopt;
  return B;
}

// Make MBB's successors (but its EH pads) New: the others lose MBB's
// incoming PHI values, new ones get an equal share of the probability left.
void setSuccessors(MachineBasicBlock &MBB, ArrayRef<MachineBasicBlock *> New) {
  SmallVector<MachineBasicBlock *, 4> Old;
  for (MachineBasicBlock *S : MBB.successors())
    if (!S->isEHPad())
      Old.push_back(S);
  bool Probabilities = MBB.hasSuccessorProbabilities();
  for (MachineBasicBlock *S : Old)
    if (!is_contained(New, S)) {
      whittle::compat::removePHIsIncomingFrom(*S, MBB);
      MBB.removeSuccessor(S);
    }
  for (MachineBasicBlock *S : New) {
    if (MBB.isSuccessor(S))
      continue;
    if (Probabilities)
      MBB.addSuccessor(S, BranchProbability::getUnknown());
    else
      MBB.addSuccessorWithoutProb(S);
  }
  if (Probabilities) {
    // Unknown probabilities become an equal share of what is left.
    unsigned Unknown = 0;
    BranchProbability Known = BranchProbability::getZero();
    for (auto It = MBB.succ_begin(), E = MBB.succ_end(); It != E; ++It) {
      BranchProbability P = MBB.getSuccProbability(It);
      if (P.isUnknown())
        ++Unknown;
      else
        Known += P;
    }
    if (Unknown && Known <= BranchProbability::getOne()) {
      BranchProbability Share =
          (BranchProbability::getOne() - Known) / Unknown;
      for (auto It = MBB.succ_begin(), E = MBB.succ_end(); It != E; ++It)
        if (MBB.getSuccProbability(It).isUnknown())
          MBB.setSuccProbability(It, Share);
    }
    MBB.normalizeSuccProbs();
  }
}

// Make MBB's branch go to True (and, when Cond is not empty, False), with
// its successor list to match; EH pad successors stay. With neither, MBB
// loses its branch and ends the function's control flow there (as an IR
// block ending in `unreachable` does). Successors it no longer reaches lose
// its incoming PHI values. (Callers never make it reach a new block that
// has PHIs.) Generic: the branch is written as G_BRCOND/G_BR (Cond, when
// there is one, came from analyzeGenericBranch).
void rewriteBranch(MachineBasicBlock &MBB, MachineBasicBlock *True,
                   MachineBasicBlock *False, ArrayRef<MachineOperand> Cond,
                   bool Generic) {
  const TargetInstrInfo &TII = *MBB.getParent()->getSubtarget().getInstrInfo();
  if (!True) {
    True = False;
    False = nullptr;
  }
  if (!False || True == False) {
    False = nullptr;
    Cond = {};
  }
  DebugLoc DL = MBB.findBranchDebugLoc();
  // The generic branches first (targets' removeBranch stops at them).
  while (!MBB.empty() && (MBB.back().getOpcode() == TargetOpcode::G_BR ||
                          MBB.back().getOpcode() == TargetOpcode::G_BRCOND))
    MBB.back().eraseFromParent();
  TII.removeBranch(MBB);
  if (True && Generic) {
    if (!Cond.empty())
      BuildMI(MBB, MBB.end(), DL, TII.get(TargetOpcode::G_BRCOND))
          .addReg(Cond[0].getReg())
          .addMBB(True);
    BuildMI(MBB, MBB.end(), DL, TII.get(TargetOpcode::G_BR))
        .addMBB(Cond.empty() ? True : False);
  } else if (True) {
    TII.insertBranch(MBB, True, False, Cond, DL);
  }

  SmallVector<MachineBasicBlock *, 2> New;
  for (MachineBasicBlock *S : {True, False})
    if (S)
      New.push_back(S);
  setSuccessors(MBB, New);
}

// Erase the blocks of Dying (none pinned; no surviving block branches to
// one): their successors lose their PHI values, uses of what their
// instructions define get replacements (see replaceDefinitions), and the
// blocks are renumbered.
void eraseBlocks(MachineFunction &MF, const BlockSet &Dying) {
  if (Dying.empty())
    return;
  SetVector<MachineInstr *> Doomed;
  for (MachineBasicBlock &MBB : MF)
    if (Dying.count(&MBB))
      for (MachineInstr &MI : MBB.instrs())
        Doomed.insert(&MI);
  for (MachineBasicBlock *MBB : Dying)
    for (MachineBasicBlock *S : MBB->successors())
      if (!Dying.count(S))
        whittle::compat::removePHIsIncomingFrom(*S, *MBB);
  replaceDefinitions(MF, Doomed, /*InPlace=*/false);
  for (MachineBasicBlock *MBB : Dying)
    while (!MBB->succ_empty())
      MBB->removeSuccessor(MBB->succ_begin());
  // A jump table no surviving instruction names (the targets of the others
  // are pinned) that lists a dying block is emptied, not left pointing at
  // it.
  if (MachineJumpTableInfo *JTI = MF.getJumpTableInfo()) {
    DenseMap<unsigned, BlockSet> Users = jumpTableUsers(MF);
    auto IsDying = [&](MachineBasicBlock *MBB) { return Dying.count(MBB) != 0; };
    for (unsigned I = 0, E = JTI->getJumpTables().size(); I != E; ++I)
      if (all_of(Users[I], IsDying) &&
          any_of(JTI->getJumpTables()[I].MBBs, IsDying))
        JTI->RemoveJumpTable(I);
  }
  for (MachineBasicBlock *MBB : Dying)
    MBB->eraseFromParent();
  MF.RenumberBlocks();
}

// The blocks the entry cannot reach (EH pads count as reached through
// their predecessors' successor lists), but for pinned ones.
BlockSet unreachableBlocks(MachineFunction &MF, const BlockSet &Pinned) {
  BlockSet Seen;
  SmallVector<MachineBasicBlock *, 16> Work{&MF.front()};
  Seen.insert(&MF.front());
  while (!Work.empty()) {
    MachineBasicBlock *MBB = Work.pop_back_val();
    for (MachineBasicBlock *S : MBB->successors())
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  BlockSet Dead;
  for (MachineBasicBlock &MBB : MF)
    if (!Seen.count(&MBB) && !Pinned.count(&MBB))
      Dead.insert(&MBB);
  return Dead;
}

// ---------------------------------------------------------------------------
// simplify-conditionals-true / -false (whittle's, after the IR passes of the
// same name): each conditional branch the target can analyze, between two
// different blocks. One not kept always goes to its taken (true) or its
// other (false) successor; blocks the entry no longer reaches go.

void simplifyConditionals(WMir &M, MirAsker Ask, bool Taken) {
  std::vector<std::pair<MachineBasicBlock *, Branch>> Chosen;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF) {
      std::optional<Branch> B = analyze(MBB);
      if (!B || B->Cond.empty() || B->True == B->False)
        continue;
      if (!Ask(1))
        Chosen.push_back({&MBB, *B});
    }
  SmallPtrSet<MachineFunction *, 8> Changed;
  for (auto &[MBB, B] : Chosen) {
    rewriteBranch(*MBB, Taken ? B.True : B.False, nullptr, {}, B.Generic);
    Changed.insert(MBB->getParent());
  }
  for (MachineFunction *MF : Changed)
    eraseBlocks(*MF, unreachableBlocks(*MF, pinnedBlocks(*MF)));
}

void simplifyConditionalsTrue(WMir &M, MirAsker Ask) {
  simplifyConditionals(M, Ask, true);
}

void simplifyConditionalsFalse(WMir &M, MirAsker Ask) {
  simplifyConditionals(M, Ask, false);
}

// ---------------------------------------------------------------------------
// indirect-branches (whittle's): each edge (not to an EH pad) of a block
// that ends in an indirect branch the target cannot analyze (a jump table
// dispatch, a computed goto). A block left with one edge branches there
// directly, with none it ends there; what computed the address stays for
// the instruction passes. Left with two or more but not all, the edges go
// only where the jump table stays true to them: the block's instructions
// name one jump table that no other block names (its entries to the blocks
// that go then name the first that stays), or no instruction of the
// function names a jump table; else the block stays as it was. Blocks the
// entry no longer reaches go.

// The one jump table MBB's instructions name when no other block names it
// (Users: jumpTableUsers of MBB's function).
std::optional<unsigned>
ownJumpTable(MachineBasicBlock &MBB,
             const DenseMap<unsigned, BlockSet> &Users) {
  std::optional<unsigned> Own;
  for (MachineInstr &MI : MBB)
    for (const MachineOperand &MO : MI.operands())
      if (MO.isJTI()) {
        if (Own && *Own != unsigned(MO.getIndex()))
          return std::nullopt;
        Own = MO.getIndex();
      }
  if (!Own || Users.lookup(*Own).size() != 1)
    return std::nullopt;
  return Own;
}

void reduceIndirectBranches(WMir &M, MirAsker Ask) {
  struct Plan {
    MachineBasicBlock *MBB;
    SmallVector<MachineBasicBlock *, 8> Kept, Dropped;
  };
  std::vector<Plan> Plans;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF) {
      if (MBB.getFirstTerminator() == MBB.end() ||
          !MBB.back().isIndirectBranch() || analyze(MBB))
        continue;
      Plan P{&MBB, {}, {}};
      BlockSet Seen;
      for (MachineBasicBlock *S : MBB.successors())
        if (!S->isEHPad() && Seen.insert(S).second)
          (Ask(1) ? P.Kept : P.Dropped).push_back(S);
      if (!P.Dropped.empty())
        Plans.push_back(std::move(P));
    }
  SmallPtrSet<MachineFunction *, 8> Changed;
  for (Plan &P : Plans) {
    MachineBasicBlock &MBB = *P.MBB;
    MachineFunction &MF = *MBB.getParent();
    // Read again per block: an earlier one's dispatch may have gone.
    DenseMap<unsigned, BlockSet> Users = jumpTableUsers(MF);
    std::optional<unsigned> Table = ownJumpTable(MBB, Users);
    if (P.Kept.size() >= 2 && !Table && !Users.empty())
      continue;
    if (Table && !P.Kept.empty())
      for (MachineBasicBlock *S : P.Dropped)
        MF.getJumpTableInfo()->ReplaceMBBInJumpTable(*Table, S, P.Kept.front());
    if (P.Kept.size() >= 2) {
      setSuccessors(MBB, P.Kept);
    } else {
      MBB.erase(MBB.getFirstTerminator(), MBB.end());
      rewriteBranch(MBB, P.Kept.empty() ? nullptr : P.Kept.front(), nullptr,
                    {}, isGenericFunction(MF));
    }
    Changed.insert(&MF);
  }
  for (MachineFunction *MF : Changed)
    eraseBlocks(*MF, unreachableBlocks(*MF, pinnedBlocks(*MF)));
}

// ---------------------------------------------------------------------------
// basic-blocks (whittle's): each block but the pinned ones (weight: its
// instructions, at least 1). A block not kept goes. A branch to it goes
// where it went itself when it had a single successor (following such
// blocks; never into a block with PHIs it did not reach before), else that
// edge goes: a conditional branch becomes unconditional, and a block left
// with nowhere to go ends there. A block whose branch the target cannot
// analyze keeps the blocks it branches to. Blocks the entry no longer
// reaches go too.

void reduceBasicBlocksIn(MachineFunction &MF, BlockSet Dying) {
  if (Dying.empty())
    return;
  auto ReachesDying = [&](MachineBasicBlock &MBB) {
    return any_of(MBB.successors(),
                  [&](MachineBasicBlock *S) { return Dying.count(S) != 0; });
  };
  // A block whose branch cannot be rewritten keeps its successors (and so,
  // maybe, blocks after them): repeat until no such block reaches a dying
  // one.
  for (bool Stable = false; !Stable;) {
    Stable = true;
    for (MachineBasicBlock &MBB : MF)
      if (!Dying.count(&MBB) && ReachesDying(MBB) && !analyze(MBB)) {
        for (MachineBasicBlock *S : MBB.successors())
          Dying.erase(S);
        Stable = false;
      }
  }
  // Where an edge from `From` to S goes instead (null: nowhere).
  auto Forward = [&](MachineBasicBlock &From,
                     MachineBasicBlock *S) -> MachineBasicBlock * {
    SmallPtrSet<MachineBasicBlock *, 8> Seen;
    while (S && Dying.count(S)) {
      if (!Seen.insert(S).second || S->succ_size() != 1)
        return nullptr;
      S = *S->succ_begin();
    }
    if (S && !From.isSuccessor(S) && !S->phis().empty())
      return nullptr;
    return S;
  };
  struct Plan {
    MachineBasicBlock *MBB;
    MachineBasicBlock *True, *False;
    SmallVector<MachineOperand, 4> Cond;
    bool Generic;
  };
  // A block that falls through gets a generic branch in a function not
  // selected yet.
  const bool GenericFunction = isGenericFunction(MF);
  std::vector<Plan> Plans;
  for (MachineBasicBlock &MBB : MF) {
    if (Dying.count(&MBB) || !ReachesDying(MBB))
      continue;
    std::optional<Branch> B = analyze(MBB);
    Plans.push_back({&MBB, Forward(MBB, B->True),
                     B->Cond.empty() ? nullptr : Forward(MBB, B->False),
                     B->Cond, B->Generic || (B->Cond.empty() && GenericFunction)});
  }
  for (Plan &P : Plans)
    rewriteBranch(*P.MBB, P.True, P.False, P.Cond, P.Generic);
  for (MachineBasicBlock *MBB : unreachableBlocks(MF, pinnedBlocks(MF)))
    Dying.insert(MBB);
  eraseBlocks(MF, Dying);
}

void reduceBasicBlocks(WMir &M, MirAsker Ask) {
  std::vector<std::pair<MachineFunction *, BlockSet>> Work;
  for (MachineFunction *MF : functionsOf(M)) {
    BlockSet Pinned = pinnedBlocks(*MF);
    BlockSet Dying;
    for (MachineBasicBlock &MBB : *MF) {
      if (Pinned.count(&MBB))
        continue;
      uint64_t Weight =
          std::max<uint64_t>(1, std::distance(MBB.instr_begin(), MBB.instr_end()));
      if (!Ask(Weight))
        Dying.insert(&MBB);
    }
    Work.push_back({MF, std::move(Dying)});
  }
  for (auto &[MF, Dying] : Work)
    reduceBasicBlocksIn(*MF, std::move(Dying));
}

// ---------------------------------------------------------------------------
// register-uses (llvm-reduce's): each register an instruction reads (not
// $noreg, not a reserved physical register; not in generic instructions, which may not
// read undef). One not kept is dropped when the instruction has it as an
// extra implicit operand, else marked `undef`.

void reduceRegisterUses(WMir &M, MirAsker Ask) {
  std::vector<std::pair<MachineInstr *, unsigned>> Doomed;
  for (MachineFunction *MF : functionsOf(M)) {
    const MachineRegisterInfo &MRI = MF->getRegInfo();
    for (MachineBasicBlock &MBB : *MF)
      for (MachineInstr &MI : MBB) {
        if (isPreISelGenericOpcode(MI.getOpcode()))
          continue;
        for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
          const MachineOperand &MO = MI.getOperand(I);
          if (!MO.isReg() || !MO.readsReg())
            continue;
          Register Reg = MO.getReg();
          if (!Reg || (Reg.isPhysical() && MRI.isReserved(Reg)))
            continue;
          if (!Ask(1))
            Doomed.push_back({&MI, I});
        }
      }
  }
  // Per instruction, from the last operand back: removing one leaves the
  // indices before it alone.
  for (auto It = Doomed.rbegin(); It != Doomed.rend(); ++It) {
    auto [MI, I] = *It;
    if (I >= requiredOperands(*MI))
      MI->removeOperand(I);
    else {
      MI->getOperand(I).setIsUndef();
      MI->getOperand(I).setIsKill(false);
    }
  }
}

// ---------------------------------------------------------------------------
// register-defs (llvm-reduce's): each definition of a virtual register by an
// instruction before its block's terminators. One not kept: its register
// gets an IMPLICIT_DEF just before the instruction instead (when it is
// used); the instruction keeps a dead definition of a new register in its
// place when it keeps another definition, loses an extra implicit one, and
// goes altogether when none of its definitions is kept.

struct DefChoice {
  MachineInstr *MI;
  SmallVector<unsigned, 2> Dropped; // operand indices, ascending
  bool KeptAny;
};

void reduceRegisterDefs(WMir &M, MirAsker Ask) {
  std::vector<DefChoice> Choices;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF)
      for (auto It = MBB.begin(), End = MBB.getFirstTerminator(); It != End;
           ++It) {
        DefChoice C{&*It, {}, false};
        for (unsigned I = 0, E = It->getNumOperands(); I != E; ++I) {
          const MachineOperand &MO = It->getOperand(I);
          if (!MO.isReg() || !MO.isDef() || !MO.getReg().isVirtual())
            continue;
          if (Ask(1))
            C.KeptAny = true;
          else
            C.Dropped.push_back(I);
        }
        if (!C.Dropped.empty())
          Choices.push_back(std::move(C));
      }
  for (DefChoice &C : Choices) {
    MachineInstr &MI = *C.MI;
    MachineBasicBlock &MBB = *MI.getParent();
    MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
    unsigned Required = requiredOperands(MI);
    DenseSet<std::pair<Register, unsigned>> Done;
    // In operand order, so that the IMPLICIT_DEFs read as the definitions
    // did; extra operands go afterwards, from the last (indices shift).
    SmallVector<unsigned, 2> Unused;
    for (unsigned I : C.Dropped) {
      MachineOperand &MO = MI.getOperand(I);
      Register Reg = MO.getReg();
      if (!Done.insert({Reg, MO.getSubReg()}).second)
        continue;
      if (MRI.use_empty(Reg)) {
        if (I >= Required)
          Unused.push_back(I);
        continue;
      }
      buildImplicitDef(MBB, MI.getIterator(), Reg, MO, /*Undef=*/false);
      if (C.KeptAny) {
        MO.setReg(MRI.cloneVirtualRegister(Reg));
        MO.setIsDead();
      }
    }
    if (!C.KeptAny) {
      MI.eraseFromParent();
      continue;
    }
    for (unsigned I : reverse(Unused))
      MI.removeOperand(I);
  }
}

// ---------------------------------------------------------------------------
// register-hints (llvm-reduce's): the preferred register of each virtual
// register that has one.

void reduceRegisterHints(WMir &M, MirAsker Ask) {
  std::vector<std::pair<MachineRegisterInfo *, Register>> Doomed;
  for (MachineFunction *MF : functionsOf(M)) {
    MachineRegisterInfo &MRI = MF->getRegInfo();
    for (unsigned I = 0, E = MRI.getNumVirtRegs(); I != E; ++I) {
      Register Reg = Register::index2VirtReg(I);
      const auto *Hints =
          whittle::compat::asPointer(MRI.getRegAllocationHints(Reg));
      if (!Hints || Hints->second.empty())
        continue;
      if (!Ask(1))
        Doomed.push_back({&MRI, Reg});
    }
  }
  for (auto [MRI, Reg] : Doomed) {
    if (MRI->getRegAllocationHint(Reg).first == 0)
      MRI->clearSimpleHint(Reg);
    else
      MRI->setRegAllocationHint(Reg, 0, Register());
  }
}

// ---------------------------------------------------------------------------
// register-masks (llvm-reduce's): each register a custom register mask (a
// call's `CustomRegMask(...)`, not one of the target's named masks)
// preserves. One not kept is clobbered instead.

void reduceRegisterMasks(WMir &M, MirAsker Ask) {
  struct Change {
    MachineFunction *MF;
    MachineOperand *MO;
    std::vector<uint32_t> Mask;
  };
  std::vector<Change> Changes;
  for (MachineFunction *MF : functionsOf(M)) {
    const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
    DenseSet<const uint32_t *> Named(TRI.getRegMasks().begin(),
                                     TRI.getRegMasks().end());
    unsigned NumRegs = TRI.getNumRegs();
    unsigned Words = MachineOperand::getRegMaskSize(NumRegs);
    for (MachineBasicBlock &MBB : *MF)
      for (MachineInstr &MI : MBB)
        for (MachineOperand &MO : MI.operands()) {
          if (!MO.isRegMask() || Named.count(MO.getRegMask()))
            continue;
          const uint32_t *Old = MO.getRegMask();
          std::vector<uint32_t> New(Old, Old + Words);
          bool Changed = false;
          for (unsigned R = 0; R != NumRegs; ++R) {
            uint32_t Bit = 1u << (R % 32);
            if ((Old[R / 32] & Bit) && !Ask(1)) {
              New[R / 32] &= ~Bit;
              Changed = true;
            }
          }
          if (Changed)
            Changes.push_back({MF, &MO, std::move(New)});
        }
  }
  for (Change &C : Changes) {
    uint32_t *Mask = C.MF->allocateRegMask();
    std::memcpy(Mask, C.Mask.data(), C.Mask.size() * sizeof(uint32_t));
    C.MO->setRegMask(Mask);
  }
}

// ---------------------------------------------------------------------------
// instruction-flags (llvm-reduce's, one flag at a time): each flag an
// instruction has (nuw, nsw, exact, fast-math flags, frame-setup, ...).

void reduceInstructionFlags(WMir &M, MirAsker Ask) {
  std::vector<std::pair<MachineInstr *, uint32_t>> Cleared;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF)
      for (MachineInstr &MI : MBB) {
        uint32_t Flags = MI.getFlags(), Clear = 0;
        for (unsigned B = 0; B < 32; ++B)
          if ((Flags & (1u << B)) && !Ask(1))
            Clear |= 1u << B;
        if (Clear)
          Cleared.push_back({&MI, Clear});
      }
  for (auto [MI, Clear] : Cleared)
    MI->setFlags(MI->getFlags() & ~Clear);
}

// ---------------------------------------------------------------------------
// ir-instruction-references (llvm-reduce's): each instruction whose memory
// operands name IR values (`load from %ir.p`; weight: how many). One not
// kept gets memory operands without them (pseudo source values such as
// stack slots stay).

void reduceIRInstructionReferences(WMir &M, MirAsker Ask) {
  std::vector<MachineInstr *> Doomed;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF)
      for (MachineInstr &MI : MBB) {
        uint64_t N = count_if(MI.memoperands(), [](MachineMemOperand *MMO) {
          return isa_and_present<const Value *>(MMO->getPointerInfo().V);
        });
        if (N && !Ask(N))
          Doomed.push_back(&MI);
      }
  for (MachineInstr *MI : Doomed) {
    MachineFunction &MF = *MI->getMF();
    SmallVector<MachineMemOperand *, 2> New;
    for (MachineMemOperand *MMO : MI->memoperands()) {
      if (!isa_and_present<const Value *>(MMO->getPointerInfo().V)) {
        New.push_back(MMO);
        continue;
      }
      // A fresh operand: another instruction may share this one.
      MachinePointerInfo Info = MMO->getPointerInfo();
      Info.V = static_cast<const Value *>(nullptr);
      New.push_back(MF.getMachineMemOperand(MMO, Info, MMO->getMemoryType()));
    }
    MI->setMemRefs(MF, New);
  }
}

// ---------------------------------------------------------------------------
// ir-block-references (llvm-reduce's): each machine block that names its IR
// block (`bb.1.if.then`). One not kept forgets it (`bb.1`).

void reduceIRBlockReferences(WMir &M, MirAsker Ask) {
  std::vector<MachineBasicBlock *> Doomed;
  for (MachineFunction *MF : functionsOf(M))
    for (MachineBasicBlock &MBB : *MF)
      if (MBB.getBasicBlock() && !Ask(1))
        Doomed.push_back(&MBB);
  for (MachineBasicBlock *MBB : Doomed)
    MBB->clearBasicBlock();
}

// ---------------------------------------------------------------------------
// ir-function-references (llvm-reduce's): each machine function whose stack
// objects name the IR allocas they came from (weight: how many). One not
// kept forgets them all.

void reduceIRFunctionReferences(WMir &M, MirAsker Ask) {
  Functions Doomed;
  for (MachineFunction *MF : functionsOf(M)) {
    const MachineFrameInfo &MFI = MF->getFrameInfo();
    uint64_t N = 0;
    for (int I = MFI.getObjectIndexBegin(), E = MFI.getObjectIndexEnd(); I != E;
         ++I)
      N += MFI.getObjectAllocation(I) != nullptr;
    if (N && !Ask(N))
      Doomed.push_back(MF);
  }
  for (MachineFunction *MF : Doomed) {
    MachineFrameInfo &MFI = MF->getFrameInfo();
    for (int I = MFI.getObjectIndexBegin(), E = MFI.getObjectIndexEnd(); I != E;
         ++I)
      MFI.clearObjectAllocation(I);
  }
}

struct NamedPass {
  const char *Name;
  void (*Run)(WMir &, MirAsker);
};

// Every pass by the name src/mir/passes.rs knows it by.
const NamedPass Passes[] = {
    {"machine-functions", reduceMachineFunctions},
    {"simplify-conditionals-true", simplifyConditionalsTrue},
    {"simplify-conditionals-false", simplifyConditionalsFalse},
    {"indirect-branches", reduceIndirectBranches},
    {"basic-blocks", reduceBasicBlocks},
    {"instructions", reduceInstructions},
    {"register-defs", reduceRegisterDefs},
    {"register-uses", reduceRegisterUses},
    {"register-hints", reduceRegisterHints},
    {"register-masks", reduceRegisterMasks},
    {"instruction-flags", reduceInstructionFlags},
    {"ir-instruction-references", reduceIRInstructionReferences},
    {"ir-block-references", reduceIRBlockReferences},
    {"ir-function-references", reduceIRFunctionReferences},
};

} // namespace

namespace whittle {

bool runMirPass(WMir &M, StringRef Name, MirAsker Ask) {
  for (const NamedPass &P : Passes)
    if (Name == P.Name) {
      P.Run(M, Ask);
      return true;
    }
  return false;
}

} // namespace whittle
