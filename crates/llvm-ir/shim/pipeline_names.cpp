// Pass names for `whittle bisect`: the name a pass has on a command line
// for the name opt-bisect printed before LLVM 20: a new-PM pass's `-passes=`
// name (`simplifycfg`) for its class name (`SimplifyCFGPass`), as LLVM's
// PassBuilder registers them, with the passes of the tool's plugins; a
// legacy pass's argument (`x86-fixup-LEAs`, for llc's `-stop-before=`) for
// its description (`X86 LEA Fixup`), as the legacy PassRegistry has them
// once every target and library registered its passes. The Rust side is
// src/pipeline_names.rs.

#include "common.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/InitializePasses.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
// PassPlugin.h moved from Passes/ to Plugins/ in LLVM 22.
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/Error.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace llvm;

namespace {

// The NUL-separated strings of [Data, Data + Len).
SmallVector<StringRef, 16> split(const char *Data, size_t Len) {
  SmallVector<StringRef, 16> Out;
  StringRef(Data, Len).split(Out, '\0', -1, /*KeepEmpty=*/false);
  return Out;
}

// Every legacy pass's argument by its description (the first pass of a
// description, when two share one), once per process.
const StringMap<std::string> &legacyArguments() {
  struct Collect : PassRegistrationListener {
    StringMap<std::string> ByDescription;
    void passEnumerate(const PassInfo *P) override {
      ByDescription.try_emplace(P->getPassName(), P->getPassArgument().str());
    }
  };
  static const StringMap<std::string> Arguments = [] {
    whittle::initializeTargetsOnce();
    PassRegistry &R = *PassRegistry::getPassRegistry();
    initializeCore(R);
    initializeAnalysis(R);
    initializeTransformUtils(R);
    initializeScalarOpts(R);
    initializeVectorization(R);
    initializeInstCombine(R);
    initializeIPO(R);
    initializeCodeGen(R);
    initializeGlobalISel(R);
    initializeTarget(R);
    Collect C;
    R.enumerateWith(&C);
    return std::move(C.ByDescription);
  }();
  return Arguments;
}

char *mallocCopy(const std::string &S, size_t *Len) {
  char *Out = static_cast<char *>(std::malloc(S.size() + 1));
  std::memcpy(Out, S.data(), S.size());
  Out[S.size()] = '\0';
  if (Len)
    *Len = S.size();
  return Out;
}

} // namespace

extern "C" {

// For each of the NUL-separated pass names in Names as opt-bisect printed
// them, the name a command line takes: the pipeline name of a new-PM class
// (the PassBuilder's, with the NUL-separated Plugins loaded), else the
// argument of a legacy pass of that description, else "". NUL-terminated
// one after the other in a buffer of *OutLen bytes, to be freed with
// whittle_pipeline_names_free. Null with *Err set (to free likewise) when
// a plugin cannot be loaded.
char *whittle_pipeline_names(const char *Names, size_t NamesLen,
                             const char *Plugins, size_t PluginsLen,
                             size_t *OutLen, char **Err) {
  *Err = nullptr;
  PassInstrumentationCallbacks PIC;
  PassBuilder PB(nullptr, PipelineTuningOptions(), std::nullopt, &PIC);
  for (StringRef Path : split(Plugins, PluginsLen)) {
    Expected<PassPlugin> Plugin = PassPlugin::Load(Path.str());
    if (!Plugin) {
      *Err = mallocCopy(toString(Plugin.takeError()), nullptr);
      return nullptr;
    }
    Plugin->registerPassBuilderCallbacks(PB);
  }
  std::string Out;
  for (StringRef Name : split(Names, NamesLen)) {
    StringRef PipelineName = PIC.getPassNameForClassName(Name);
    if (!PipelineName.empty()) {
      Out += PipelineName.str();
    } else {
      auto Legacy = legacyArguments().find(Name);
      if (Legacy != legacyArguments().end())
        Out += Legacy->second;
    }
    Out.push_back('\0');
  }
  return mallocCopy(Out, OutLen);
}

// Free what a function of this file returned.
void whittle_pipeline_names_free(char *P) { std::free(P); }

} // extern "C"
