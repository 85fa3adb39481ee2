# -*- Python -*-
# whittle's lit suite, in the style of LLVM's llvm-reduce tests: each test's
# own CHECK-INTERESTINGNESS lines are the interestingness test (FileCheck),
# and CHECK-FINAL lines check the result.
#
#   WHITTLE=/path/to/whittle /usr/lib/llvm-22/bin/lit -sv lit
#
# WHITTLE defaults to target/release/whittle, then target/debug/whittle;
# LLVM_BIN_DIR (default /usr/lib/llvm-22/bin) provides FileCheck, not, opt,
# llc, llvm-as, llvm-dis and is put first on PATH.

import os
import shutil

import lit.formats

config.name = "whittle"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".mlir", ".mir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(config.test_source_root)
config.test_exec_root = os.environ.get(
    "WHITTLE_LIT_OUTPUT", os.path.join(root, "target", "lit")
)

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
whittle = os.environ.get("WHITTLE")
if not whittle:
    for profile in ("release", "debug"):
        candidate = os.path.join(root, "target", profile, "whittle")
        if os.path.exists(candidate):
            whittle = candidate
            break
if not whittle or not shutil.which(whittle):
    lit_config.fatal("whittle binary not found; build it or set WHITTLE")
whittle = os.path.abspath(whittle)
lit_config.note("whittle -> %s" % whittle)

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
config.substitutions.append(("%whittle", whittle))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

# The pass plugin with planted bugs for the `whittle bisect` tests, built
# once against LLVM 22 (again only when its source is newer).
def build_bisect_plugin():
    import subprocess

    source = os.path.join(config.test_source_root, "Inputs", "bisect-plugin.cpp")
    plugin = os.path.join(config.test_exec_root, "bisect-plugin.so")
    if os.path.exists(plugin) and os.path.getmtime(plugin) >= os.path.getmtime(source):
        return plugin
    os.makedirs(config.test_exec_root, exist_ok=True)
    llvm_config = os.path.join(llvm_bin, "llvm-config")
    flags = subprocess.check_output([llvm_config, "--cxxflags", "--ldflags"], text=True).split()
    libs = subprocess.check_output([llvm_config, "--libs"], text=True).split()
    partial = plugin + ".partial"
    subprocess.check_call(
        [os.path.join(llvm_bin, "clang++"), "-shared", "-fPIC", "-O1", source, "-o", partial]
        + flags
        + libs
    )
    os.replace(partial, plugin)
    return plugin


config.substitutions.append(("%bisect_plugin", build_bisect_plugin()))
