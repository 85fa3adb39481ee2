// C entry points of the global-level passes: aliases and ifuncs with
// llvm-reduce's semantics, global value and global object properties,
// initializers (and constants stored into them), locals made global
// variables, the special arrays
// (llvm.used, llvm.global_ctors, ...), attributes, target features. The
// Rust side is src/ir/globals.rs.
//
// Enumeration and mutation share one walker per kind of target: a `count`
// entry point says how many targets a value has, in a fixed order, and the
// matching `keep` entry point takes one flag per target in that same order
// (nonzero = keep). Each mutation keeps a valid module valid: targets whose
// removal the verifier would reject are never offered.

#include "common.h"
#include "compat.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace whittle;

namespace {

// Whether constant C mentions GV, looking through constant expressions and
// aggregates.
bool mentions(const Constant *C, const GlobalValue *GV) {
  if (C == GV)
    return true;
  if (isa<GlobalValue>(C))
    return false;
  if (isa<ConstantExpr>(C) || isa<ConstantAggregate>(C))
    for (const Value *Op : C->operands())
      if (mentions(cast<Constant>(Op), GV))
        return true;
  return false;
}

// Whether an alias's aliasee or an ifunc's resolver mentions GV: such a
// value must stay a definition (and must not be deleted on its own).
bool aliasedOrResolver(const GlobalValue *GV) {
  const Module *M = GV->getParent();
  for (const GlobalAlias &GA : M->aliases())
    if (mentions(GA.getAliasee(), GV))
      return true;
  for (const GlobalIFunc &GI : M->ifuncs())
    if (mentions(GI.getResolver(), GV))
      return true;
  return false;
}

bool isSpecialArray(const GlobalVariable &GV) {
  return GV.hasAppendingLinkage() || GV.getName().starts_with("llvm.");
}

// ---- global-values -------------------------------------------------------

enum GVProp : unsigned {
  GVDSOLocal = 1u << 0,
  GVVisibility = 1u << 1,
  GVUnnamedAddr = 1u << 2,
  GVDLLStorage = 1u << 3,
  GVThreadLocal = 1u << 4,
  GVLinkage = 1u << 5,
  GVExternallyInitialized = 1u << 6,
  GVCodeModel = 1u << 7,
};

unsigned reducibleProps(const GlobalValue &GV) {
  unsigned P = 0;
  if (GV.isDSOLocal() && !GV.isImplicitDSOLocal())
    P |= GVDSOLocal;
  if (!GV.hasDefaultVisibility())
    P |= GVVisibility;
  if (GV.getUnnamedAddr() != GlobalValue::UnnamedAddr::None)
    P |= GVUnnamedAddr;
  if (GV.hasDLLImportStorageClass() || GV.hasDLLExportStorageClass())
    P |= GVDLLStorage;
  if (GV.isThreadLocal())
    P |= GVThreadLocal;
  // Appending linkage is what the special arrays require; intrinsics are
  // always external.
  if (!GV.hasExternalLinkage() && !GV.hasAppendingLinkage())
    P |= GVLinkage;
  if (auto *Var = dyn_cast<GlobalVariable>(&GV)) {
    if (Var->isExternallyInitialized())
      P |= GVExternallyInitialized;
    if (whittle::compat::CanClearCodeModel && Var->getCodeModel())
      P |= GVCodeModel;
  }
  return P;
}

void clearProp(GlobalValue &GV, unsigned Prop) {
  switch (Prop) {
  case GVDSOLocal:
    GV.setDSOLocal(false);
    break;
  case GVVisibility:
    GV.setVisibility(GlobalValue::DefaultVisibility);
    break;
  case GVUnnamedAddr:
    GV.setUnnamedAddr(GlobalValue::UnnamedAddr::None);
    break;
  case GVDLLStorage:
    GV.setDLLStorageClass(GlobalValue::DefaultStorageClass);
    break;
  case GVThreadLocal:
    GV.setThreadLocal(false);
    break;
  case GVLinkage:
    GV.setLinkage(GlobalValue::ExternalLinkage);
    break;
  case GVExternallyInitialized:
    cast<GlobalVariable>(GV).setExternallyInitialized(false);
    break;
  case GVCodeModel:
    whittle::compat::clearCodeModel(cast<GlobalVariable>(GV));
    break;
  }
}

// ---- global-objects ------------------------------------------------------

enum GOProp : unsigned {
  GOSection = 1u << 0,
  GOAlign = 1u << 1,
  GOComdat = 1u << 2,
};

unsigned reducibleObjectProps(const GlobalObject &GO) {
  unsigned P = 0;
  // The special arrays' "llvm.metadata" section is part of what they are.
  bool Special = isa<GlobalVariable>(GO) &&
                 isSpecialArray(cast<GlobalVariable>(GO));
  if (GO.hasSection() && !Special)
    P |= GOSection;
  if (auto *F = dyn_cast<Function>(&GO); F && F->getAlign())
    P |= GOAlign;
  if (auto *V = dyn_cast<GlobalVariable>(&GO); V && V->getAlign())
    P |= GOAlign;
  if (GO.hasComdat())
    P |= GOComdat;
  return P;
}

// ---- special globals -----------------------------------------------------

const char *const SpecialArrays[] = {"llvm.used", "llvm.compiler.used",
                                     "llvm.global_ctors", "llvm.global_dtors"};

// The entries of a special array, or null when it is not one we can edit.
ConstantArray *specialEntries(GlobalVariable *GV) {
  if (!GV || !GV->hasInitializer())
    return nullptr;
  return dyn_cast<ConstantArray>(GV->getInitializer());
}

// ---- attributes ----------------------------------------------------------

// Attributes whose presence on the call side and the callee side of a
// musttail call must agree.
bool isABIAttribute(Attribute::AttrKind K) {
  switch (K) {
  case Attribute::StructRet:
  case Attribute::ByVal:
  case Attribute::InAlloca:
  case Attribute::InReg:
  case Attribute::StackAlignment:
  case Attribute::SwiftSelf:
  case Attribute::SwiftAsync:
  case Attribute::SwiftError:
  case Attribute::Preallocated:
  case Attribute::ByRef:
  case Attribute::Alignment:
    return true;
  default:
    return false;
  }
}

bool isConvergenceIntrinsic(const CallBase &CB) {
  if (const Function *F = CB.getCalledFunction())
    return F->getName().starts_with("llvm.experimental.convergence.");
  return false;
}

bool usesConvergenceControl(const CallBase &CB) {
  return CB.getOperandBundle(LLVMContext::OB_convergencectrl).has_value() ||
         isConvergenceIntrinsic(CB);
}

// What the verifier needs around one function or call.
struct FunctionFacts {
  bool ConvergenceControl = false; // a body that uses convergence tokens
  bool MustTail = false;           // makes or receives a musttail call
  bool IntrinsicCall = false;      // a call of an intrinsic
};

bool isMustTail(const CallBase &CB) {
  auto *CI = dyn_cast<CallInst>(&CB);
  return CI && CI->isMustTailCall();
}

FunctionFacts factsOf(const Function &F) {
  FunctionFacts Facts;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        Facts.ConvergenceControl |= usesConvergenceControl(*CB);
        Facts.MustTail |= isMustTail(*CB);
      }
  for (const User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U))
      if (CB->getCalledOperand() == &F)
        Facts.MustTail |= isMustTail(*CB);
  return Facts;
}

// Whether attribute A at index Idx of a function (CB null) or call (CB set)
// must stay for the verifier's sake, or is never reduced.
bool attributeRequired(Attribute A, unsigned Idx, const Function *F,
                       const CallBase *CB, const FunctionFacts &Facts) {
  if (A.isStringAttribute())
    return false; // string attributes are always reducible
  Attribute::AttrKind K = A.getKindAsEnum();
  // Kept by llvm-reduce too: constrained FP calls need it.
  if (K == Attribute::StrictFP)
    return true;
  // A swifterror value may only be passed to swifterror parameters.
  if (K == Attribute::SwiftError)
    return true;
  // A body using convergence.entry must be convergent.
  if (K == Attribute::Convergent && Facts.ConvergenceControl)
    return true;
  // A musttail call and its caller must agree on the ABI attributes.
  if (Facts.MustTail && isABIAttribute(K))
    return true;
  CallingConv::ID CC = CB ? CB->getCallingConv() : F->getCallingConv();
  if (K == Attribute::ByVal && CC == CallingConv::X86_INTR &&
      Idx == AttributeList::FirstArgIndex)
    return true;
  // Some intrinsics need these on their call sites (elementtype on
  // pointer operands, preallocated on llvm.call.preallocated.arg).
  if (Facts.IntrinsicCall &&
      (K == Attribute::ElementType || K == Attribute::Preallocated))
    return true;
  return false;
}

// The reducible attributes of a function or call, in walk order, as
// (index, attribute) pairs.
SmallVector<std::pair<unsigned, Attribute>, 16>
attributeTargets(const AttributeList &AL, const Function *F,
                 const CallBase *CB, const FunctionFacts &Facts) {
  SmallVector<std::pair<unsigned, Attribute>, 16> Out;
  for (unsigned Idx : AL.indexes())
    for (Attribute A : AL.getAttributes(Idx))
      if (!attributeRequired(A, Idx, F, CB, Facts))
        Out.emplace_back(Idx, A);
  return Out;
}

AttributeList removeAttribute(LLVMContext &C, AttributeList AL, unsigned Idx,
                              Attribute A) {
  if (A.isStringAttribute())
    return AL.removeAttributeAtIndex(C, Idx, A.getKindAsString());
  return AL.removeAttributeAtIndex(C, Idx, A.getKindAsEnum());
}

// Apply Keep to the targets of AL; removing noinline removes optnone too
// (optnone requires noinline).
AttributeList applyKeep(LLVMContext &C, AttributeList AL,
                        ArrayRef<std::pair<unsigned, Attribute>> Targets,
                        const unsigned char *Keep) {
  for (size_t I = 0; I < Targets.size(); ++I) {
    if (Keep[I])
      continue;
    auto [Idx, A] = Targets[I];
    AL = removeAttribute(C, AL, Idx, A);
    if (A.hasAttribute(Attribute::NoInline))
      AL = AL.removeAttributeAtIndex(C, Idx, Attribute::OptimizeNone);
  }
  return AL;
}

// The holder of an attribute list: a non-intrinsic function or a call.
// Global variables have a single attribute set, handled apart.
struct Holder {
  Function *F = nullptr;
  CallBase *CB = nullptr;
};

Holder holderOf(Value *V) {
  Holder H;
  if (auto *F = dyn_cast<Function>(V)) {
    // Intrinsics take no attributes but their own (a function merely
    // named llvm.* is no intrinsic).
    if (F->getIntrinsicID() == Intrinsic::not_intrinsic)
      H.F = F;
  } else if (auto *CB = dyn_cast<CallBase>(V)) {
    H.CB = CB;
  }
  return H;
}

FunctionFacts factsFor(const Holder &H) {
  if (H.F)
    return factsOf(*H.F);
  FunctionFacts Facts;
  Facts.MustTail = isMustTail(*H.CB);
  if (const Function *Callee = H.CB->getCalledFunction())
    Facts.IntrinsicCall = Callee->isIntrinsic();
  return Facts;
}

// ---- target-features -----------------------------------------------------

SmallVector<StringRef, 32> featuresOf(const Function &F) {
  SmallVector<StringRef, 32> Features;
  Attribute A = F.getFnAttribute("target-features");
  if (A.isValid())
    A.getValueAsString().split(Features, ',', -1, /*KeepEmpty=*/false);
  return Features;
}

} // namespace

extern "C" {

// Whether an alias's aliasee or an ifunc's resolver mentions this global
// value (it must then stay a definition).
int whittle_is_aliased(LLVMValueRef V) {
  return aliasedOrResolver(unwrap<GlobalValue>(V));
}

// Replace aliases by their aliasees and erase them. Aliases listed in
// llvm.used / llvm.compiler.used leave those lists first (an aliasee that is
// an offset expression would not be a valid entry).
void whittle_replace_aliases(LLVMValueRef *Aliases, unsigned N) {
  if (N == 0)
    return;
  SmallPtrSet<GlobalValue *, 16> Dead;
  SmallVector<GlobalAlias *, 16> Order;
  for (unsigned I = 0; I < N; ++I) {
    auto *GA = unwrap<GlobalAlias>(Aliases[I]);
    if (Dead.insert(GA).second)
      Order.push_back(GA);
  }
  Module &M = *Order.front()->getParent();
  removeFromUsedLists(M, [&](Constant *C) {
    auto *GV = dyn_cast<GlobalValue>(C->stripPointerCasts());
    return GV && Dead.count(GV);
  });
  for (GlobalAlias *GA : Order) {
    GA->replaceAllUsesWith(GA->getAliasee());
    GA->eraseFromParent();
  }
}

// Whether an ifunc is an ifuncs target: its resolver is a function without
// parameters (the lowering would not know what to pass to others).
int whittle_ifunc_is_lowerable(LLVMValueRef V) {
  Function *Resolver = unwrap<GlobalIFunc>(V)->getResolverFunction();
  return Resolver && Resolver->getFunctionType()->getNumParams() == 0;
}

// Lower the uses of ifuncs to loads from a table that a new global
// constructor fills by calling the resolvers; ifuncs left without users go.
// As in llvm-reduce, every listed ifunc gets a table slot, even one whose
// uses are all constants (those stay as they are). When no listed ifunc
// would go or lose a use, nothing changes: a table alone is no progress.
void whittle_lower_ifuncs(LLVMValueRef *IFuncs, unsigned N) {
  SmallVector<GlobalIFunc *, 16> List;
  bool Progress = false;
  for (unsigned I = 0; I < N; ++I) {
    auto *GI = unwrap<GlobalIFunc>(IFuncs[I]);
    List.push_back(GI);
    Progress |= GI->use_empty() || any_of(GI->users(), [](User *U) {
                  return isa<Instruction>(U);
                });
  }
  // (An empty list would mean "every ifunc".)
  if (List.empty() || !Progress)
    return;
  lowerGlobalIFuncUsersAsGlobalCtor(*List.front()->getParent(), List);
}

// global-values: the reducible properties of a global value as a bit set
// (dso_local, visibility, unnamed_addr, DLL storage, thread_local, linkage,
// externally_initialized, code model: bits 0..7).
unsigned whittle_gv_props(LLVMValueRef V) {
  return reducibleProps(*unwrap<GlobalValue>(V));
}

// Reset the properties in Mask (a subset of whittle_gv_props) to their
// defaults, in bit order.
// dso_local that a local linkage or a non-default visibility implied goes
// with it (as in llvm-reduce), unless what is left still implies it (a
// hidden value whose linkage alone went).
void whittle_gv_clear_props(LLVMValueRef V, unsigned Mask) {
  GlobalValue &GV = *unwrap<GlobalValue>(V);
  bool WasImplicit = GV.isImplicitDSOLocal();
  for (unsigned Bit = 0; Bit < 8; ++Bit)
    if (Mask & (1u << Bit))
      clearProp(GV, 1u << Bit);
  if (GV.isImplicitDSOLocal())
    GV.setDSOLocal(true);
  else if (WasImplicit)
    GV.setDSOLocal(false);
}

// global-objects: section, alignment, comdat (bits 0..2).
unsigned whittle_go_props(LLVMValueRef V) {
  return reducibleObjectProps(*unwrap<GlobalObject>(V));
}

void whittle_go_clear_props(LLVMValueRef V, unsigned Mask) {
  GlobalObject &GO = *unwrap<GlobalObject>(V);
  if (Mask & GOSection)
    GO.setSection("");
  if (Mask & GOAlign) {
    if (auto *F = dyn_cast<Function>(&GO))
      F->setAlignment(MaybeAlign());
    else if (auto *V = dyn_cast<GlobalVariable>(&GO))
      V->setAlignment(MaybeAlign());
  }
  if (Mask & GOComdat)
    GO.setComdat(nullptr);
}

// global-initializers: whether the variable's initializer can go (it has
// one, is no special array, and no alias points into it).
int whittle_initializer_is_reducible(LLVMValueRef V) {
  auto *GV = unwrap<GlobalVariable>(V);
  return GV->hasInitializer() && !isSpecialArray(*GV) &&
         !aliasedOrResolver(GV);
}

// Make the variable an external declaration (no initializer, no comdat).
void whittle_drop_initializer(LLVMValueRef V) {
  auto *GV = unwrap<GlobalVariable>(V);
  GV->setInitializer(nullptr);
  GV->setLinkage(GlobalValue::ExternalLinkage);
  GV->setComdat(nullptr);
}

// special-globals: the number of entries of special array Which (0:
// llvm.used, 1: llvm.compiler.used, 2: llvm.global_ctors, 3:
// llvm.global_dtors), 0 when the module has none.
unsigned whittle_special_entries(LLVMModuleRef Mod, unsigned Which) {
  GlobalVariable *GV = unwrap(Mod)->getNamedGlobal(SpecialArrays[Which]);
  ConstantArray *Entries = specialEntries(GV);
  return Entries ? Entries->getNumOperands() : 0;
}

// Keep only the entries whose flag is set; with none left the array goes.
void whittle_special_keep(LLVMModuleRef Mod, unsigned Which,
                          const unsigned char *Keep) {
  Module &M = *unwrap(Mod);
  GlobalVariable *GV = M.getNamedGlobal(SpecialArrays[Which]);
  ConstantArray *Entries = specialEntries(GV);
  if (!Entries)
    return;
  SmallVector<Constant *, 16> Kept;
  for (unsigned I = 0, E = Entries->getNumOperands(); I < E; ++I)
    if (Keep[I])
      Kept.push_back(Entries->getOperand(I));
  if (Kept.size() == Entries->getNumOperands())
    return;
  if (Kept.empty()) {
    replaceUsesWithDefault(GV);
    GV->eraseFromParent();
    return;
  }
  auto *Ty = ArrayType::get(Entries->getType()->getElementType(), Kept.size());
  auto *New = new GlobalVariable(
      M, Ty, GV->isConstant(), GV->getLinkage(), ConstantArray::get(Ty, Kept),
      "", GV, GV->getThreadLocalMode(), GV->getAddressSpace());
  New->copyAttributesFrom(GV);
  New->takeName(GV);
  replaceUsesWithDefault(GV);
  GV->eraseFromParent();
}

// attributes: the number of reducible attributes of a global variable, a
// non-intrinsic function or a call (0 for anything else).
unsigned whittle_attr_count(LLVMValueRef V) {
  Value *Val = unwrap(V);
  if (auto *GV = dyn_cast<GlobalVariable>(Val))
    return GV->getAttributes().getNumAttributes();
  Holder H = holderOf(Val);
  if (H.F)
    return attributeTargets(H.F->getAttributes(), H.F, nullptr, factsFor(H))
        .size();
  if (H.CB)
    return attributeTargets(H.CB->getAttributes(), nullptr, H.CB, factsFor(H))
        .size();
  return 0;
}

void whittle_attr_keep(LLVMValueRef V, const unsigned char *Keep) {
  Value *Val = unwrap(V);
  LLVMContext &C = Val->getContext();
  if (auto *GV = dyn_cast<GlobalVariable>(Val)) {
    AttributeSet AS = GV->getAttributes();
    AttrBuilder B(C);
    unsigned I = 0;
    for (Attribute A : AS)
      if (Keep[I++])
        B.addAttribute(A);
    GV->setAttributes(AttributeSet::get(C, B));
    return;
  }
  Holder H = holderOf(Val);
  FunctionFacts Facts;
  if (H.F || H.CB)
    Facts = factsFor(H);
  if (H.F) {
    AttributeList AL = H.F->getAttributes();
    auto Targets = attributeTargets(AL, H.F, nullptr, Facts);
    H.F->setAttributes(applyKeep(C, AL, Targets, Keep));
  } else if (H.CB) {
    AttributeList AL = H.CB->getAttributes();
    auto Targets = attributeTargets(AL, nullptr, H.CB, Facts);
    H.CB->setAttributes(applyKeep(C, AL, Targets, Keep));
  }
}

// target-features-attr: the number of targets of a function: one per
// feature of its "target-features" string, or one for the attribute itself
// when its value lists none.
unsigned whittle_target_features_count(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  if (!F->hasFnAttribute("target-features"))
    return 0;
  size_t N = featuresOf(*F).size();
  return N ? N : 1;
}

void whittle_target_features_keep(LLVMValueRef Fn, const unsigned char *Keep) {
  Function *F = unwrap<Function>(Fn);
  if (!F->hasFnAttribute("target-features"))
    return;
  auto Features = featuresOf(*F);
  SmallString<256> Value;
  bool Changed = Features.empty() && !Keep[0];
  for (size_t I = 0; I < Features.size(); ++I) {
    if (!Keep[I]) {
      Changed = true;
      continue;
    }
    if (!Value.empty())
      Value += ',';
    Value += Features[I];
  }
  if (!Changed)
    return;
  if (Value.empty())
    F->removeFnAttr("target-features");
  else
    F->addFnAttr("target-features", Value);
}

} // extern "C"

// ---- stores-to-initializers -------------------------------------------------

namespace {

// Arrays with more elements than this are not rewritten: the new
// initializer spells out every element.
constexpr uint64_t MaxRewrittenElements = 1 << 16;

// The element indices that lead from a value of type T down to an element
// of type Ty starting at byte Offset (looking into structs and arrays),
// appended to Path; false when there is none. Builds no constant, so that
// asking costs no initializer.
bool elementPath(Type *T, uint64_t Offset, Type *Ty, const DataLayout &DL,
                 SmallVectorImpl<unsigned> &Path) {
  if (Offset == 0 && T == Ty)
    return true;
  unsigned Index;
  uint64_t Inner;
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    if (Offset >= SL->getSizeInBytes())
      return false;
    Index = SL->getElementContainingOffset(Offset);
    Inner = Offset - SL->getElementOffset(Index);
    T = ST->getElementType(Index);
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
    if (Size == 0 || AT->getNumElements() > MaxRewrittenElements ||
        Offset / Size >= AT->getNumElements())
      return false;
    Index = Offset / Size;
    Inner = Offset % Size;
    T = AT->getElementType();
  } else {
    return false;
  }
  Path.push_back(Index);
  return elementPath(T, Inner, Ty, DL, Path);
}

// Init with the element that Path leads to replaced by V.
Constant *withElement(Constant *Init, ArrayRef<unsigned> Path, Constant *V) {
  if (Path.empty())
    return V;
  Type *T = Init->getType();
  unsigned Count = T->isStructTy() ? T->getStructNumElements()
                                   : T->getArrayNumElements();
  SmallVector<Constant *, 16> Elements;
  for (unsigned I = 0; I < Count; ++I)
    Elements.push_back(Init->getAggregateElement(I));
  Constant *&Written = Elements[Path[0]];
  Written = Written ? withElement(Written, Path.drop_front(), V) : nullptr;
  if (!Written)
    return nullptr;
  if (auto *ST = dyn_cast<StructType>(T))
    return ConstantStruct::get(ST, Elements);
  return ConstantArray::get(cast<ArrayType>(T), Elements);
}

// Whether GV's initializer is the one the program starts with (a
// definition that cannot be replaced at link time) and the program may
// write into it (not constant, not thread-local).
bool isWritableDefinition(const GlobalVariable *GV) {
  return GV && GV->hasDefinitiveInitializer() && !GV->isConstant() &&
         !GV->isThreadLocal();
}

// Where a store goes: one element (Path leads to it), or every element of
// an array (Splat), its index varying.
struct StoreDestination {
  GlobalVariable *GV = nullptr;
  SmallVector<unsigned, 4> Path;
  bool Splat = false;
};

// Whether T is an array (of arrays...) of Element with at most
// MaxRewrittenElements elements in all.
bool isArrayOf(Type *T, Type *Element) {
  uint64_t Count = 1;
  bool Array = false;
  while (auto *AT = dyn_cast<ArrayType>(T)) {
    Count *= AT->getNumElements();
    if (Count > MaxRewrittenElements)
      return false;
    T = AT->getElementType();
    Array = true;
  }
  return Array && T == Element;
}

// A value of array type T (of arrays...) whose every element is V.
Constant *splat(Type *T, Constant *V) {
  auto *AT = dyn_cast<ArrayType>(T);
  if (!AT)
    return V;
  SmallVector<Constant *, 16> Elements(AT->getNumElements(),
                                       splat(AT->getElementType(), V));
  return ConstantArray::get(AT, Elements);
}

// Where a plain store of a constant goes, if it can be folded: into a
// writable definition (see isWritableDefinition), either at a constant
// offset where an element of the stored type starts, or at an offset that
// varies into an array of the stored type (a loop filling it), every
// element of which then starts with the value.
StoreDestination storeDestination(StoreInst *S) {
  StoreDestination D;
  if (!S->isSimple() || !isa<Constant>(S->getValueOperand()))
    return D;
  const DataLayout &DL = S->getModule()->getDataLayout();
  Type *Stored = S->getValueOperand()->getType();
  APInt Bytes(DL.getIndexTypeSizeInBits(S->getPointerOperandType()), 0);
  Value *Base = S->getPointerOperand()->stripAndAccumulateConstantOffsets(
      DL, Bytes, /*AllowNonInbounds=*/true);
  if (auto *GV = dyn_cast<GlobalVariable>(Base)) {
    if (isWritableDefinition(GV) && !Bytes.isNegative() &&
        elementPath(GV->getValueType(), Bytes.getZExtValue(), Stored, DL,
                    D.Path))
      D.GV = GV;
    return D;
  }
  // Through address arithmetic of any kind (GEPs with varying indices
  // included) and casts, as deep as an index chain reasonably goes.
  auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Base, 16));
  if (isWritableDefinition(GV) && isArrayOf(GV->getValueType(), Stored)) {
    D.GV = GV;
    D.Splat = true;
  }
  return D;
}

} // namespace

extern "C" {

// The global variable a store could be folded into (see storeDestination),
// or null.
LLVMValueRef whittle_store_folds_into(LLVMValueRef Inst) {
  auto *S = dyn_cast<StoreInst>(unwrap<Instruction>(Inst));
  return S ? wrap(storeDestination(S).GV) : nullptr;
}

// Write the stored constant into the variable's initializer (into every
// element of the array, for a store whose index varies) and delete the
// store (a store whose destination is null is left alone).
void whittle_fold_store_into_initializer(LLVMValueRef Inst) {
  auto *S = dyn_cast<StoreInst>(unwrap<Instruction>(Inst));
  if (!S)
    return;
  StoreDestination D = storeDestination(S);
  if (!D.GV)
    return;
  auto *V = cast<Constant>(S->getValueOperand());
  Constant *Init = D.Splat ? splat(D.GV->getValueType(), V)
                           : withElement(D.GV->getInitializer(), D.Path, V);
  if (!Init)
    return;
  D.GV->setInitializer(Init);
  S->eraseFromParent();
}

} // extern "C"

// ---- locals-to-globals ------------------------------------------------------

namespace {

// Whether an intrinsic call requires its operand to be an alloca (the
// verifier says so), lifetime markers apart: they go with the alloca.
bool needsAnAlloca(const User *U) {
  auto *II = dyn_cast<IntrinsicInst>(U);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::localescape:
  case Intrinsic::gcroot:
  case Intrinsic::stackprotector:
    return true;
  default:
    return false;
  }
}

// Whether alloca A can become a global variable: a fixed size in the entry
// block, of a type with a size known at compile time, not an inalloca or
// swifterror slot, in the address space the module's variables live in,
// and no intrinsic needs it to be an alloca.
bool isGlobalizable(AllocaInst *A) {
  const DataLayout &DL = A->getModule()->getDataLayout();
  Type *T = A->getAllocatedType();
  return A->isStaticAlloca() && !A->isUsedWithInAlloca() &&
         !A->isSwiftError() && T->isSized() && !T->isScalableTy() &&
         A->getAddressSpace() == DL.getDefaultGlobalsAddressSpace() &&
         none_of(A->users(), needsAnAlloca);
}

} // namespace

extern "C" {

int whittle_is_globalizable(LLVMValueRef Inst) {
  auto *A = dyn_cast<AllocaInst>(unwrap<Instruction>(Inst));
  return A && isGlobalizable(A);
}

// Replace an alloca by a zero-initialized variable of its type (an array of
// it for a count above one), defined here, named after the function and
// the alloca; lifetime markers of the alloca go (they take allocas only).
void whittle_make_global(LLVMValueRef Inst) {
  auto *A = dyn_cast<AllocaInst>(unwrap<Instruction>(Inst));
  if (!A || !isGlobalizable(A))
    return;
  Type *T = A->getAllocatedType();
  uint64_t Count = cast<ConstantInt>(A->getArraySize())->getZExtValue();
  if (Count != 1)
    T = ArrayType::get(T, Count);
  Function *F = A->getFunction();
  std::string Name =
      (F->getName() + "." + (A->hasName() ? A->getName() : "local")).str();
  auto *GV = new GlobalVariable(
      *F->getParent(), T, /*isConstant=*/false, GlobalValue::ExternalLinkage,
      Constant::getNullValue(T), Name, /*InsertBefore=*/nullptr,
      GlobalValue::NotThreadLocal, A->getAddressSpace());
  GV->setDSOLocal(true);
  GV->setAlignment(A->getAlign());
  for (User *U : make_early_inc_range(A->users()))
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      II->eraseFromParent();
  A->replaceAllUsesWith(GV);
  A->eraseFromParent();
}

} // extern "C"
