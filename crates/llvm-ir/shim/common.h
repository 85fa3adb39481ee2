// Helpers shared by the shim's areas (shim/*.cpp). Each .cpp file
// holds the C entry points of one area of passes; the Rust side of each is
// the file of the same name in src/ir/.
#pragma once

#include "llvm-c/Core.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Type.h"
#include "llvm/IR/Use.h"
#include "llvm/IR/User.h"
#include "llvm/IR/Value.h"

#include <string>

namespace whittle {

// A copy of S for the Rust side, which frees it with LLVMDisposeMessage.
inline char *copyMessage(const std::string &S) {
  return LLVMCreateMessage(S.c_str());
}

// The constant that stands in for a removed value of type T: zero or null
// where the type has one (defined, so a reduction does not drift into
// undefined behaviour), `none` for tokens, poison otherwise. Null when no
// constant of the type can exist (void, label, metadata, function).
llvm::Constant *defaultValue(llvm::Type *T);

// Whether U is a call of llvm.lifetime.start/end (whose pointer must be an
// alloca or poison).
bool isLifetimeMarker(llvm::User *U);

// Replace every use of V with defaultValue(V's type) (poison for lifetime
// markers, or when the type has no default).
void replaceUsesWithDefault(llvm::Value *V);

// Whether use U is an undefined value an instruction reads: undef or
// poison, except the base of a vector or aggregate built element by element
// and a shuffle's inputs (idioms, not reads).
bool isUndefinedOperand(const llvm::Use &U);

// Register every target (for target machines, inline asm, MIR), enable
// crash recovery and make a fatal error inside a CrashRecoveryContext end
// that context's work instead of the process. Once per process.
void initializeTargetsOnce();

// The reason of the last fatal error caught by a CrashRecoveryContext on
// this thread ("" if none since the last call), cleared.
std::string takeLastFatalError();

} // namespace whittle
