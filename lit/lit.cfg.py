# -*- Python -*-
# whittle's lit suite, in the style of LLVM's llvm-reduce tests: each test's
# own CHECK-INTERESTINGNESS lines are the interestingness test (FileCheck),
# and CHECK-FINAL lines check the result.
#
#   WHITTLE=/path/to/whittle /usr/lib/llvm-22/bin/lit -sv lit
#
# WHITTLE defaults to target/release/whittle, then target/debug/whittle;
# LLVM_BIN_DIR (default: the bin directory of the LLVM that whittle was built
# against, as `whittle --version` names it: /usr/lib/llvm-<major>/bin)
# provides FileCheck, not, opt, llc, llvm-as, llvm-dis and is put first on
# PATH. Features: `llvm-<major>` of that LLVM and `llvm-at-least-<N>` for
# every N up to it, for tests of what an older LLVM lacks (`REQUIRES:
# llvm-at-least-20`).

import os
import re
import shutil
import subprocess

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
version = subprocess.check_output([whittle, "--version"], text=True)
found = re.search(r"\(LLVM (\d+)\.", version)
if not found:
    lit_config.fatal("%s --version names no LLVM: %s" % (whittle, version.strip()))
llvm_major = int(found.group(1))
llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-%d/bin" % llvm_major)
lit_config.note("whittle -> %s (LLVM %d; tools from %s)" % (whittle, llvm_major, llvm_bin))
config.available_features.add("llvm-%d" % llvm_major)
for n in range(14, llvm_major + 1):
    config.available_features.add("llvm-at-least-%d" % n)
# What this LLVM's opt-bisect can do (whittle bisect adapts to it):
# `-opt-bisect=INTERVALS` (isolation) and `-print-debug-counter-queries`
# (--counters), both newer than LLVM 19.
opt_help = subprocess.run(
    [os.path.join(llvm_bin, "opt"), "--help-hidden"], capture_output=True, text=True
).stdout
for flag, feature in [
    ("opt-bisect=", "opt-bisect-intervals"),
    ("print-debug-counter-queries", "debug-counter-queries"),
]:
    if re.search(r"^\s+--%s" % re.escape(flag), opt_help, re.M):
        config.available_features.add(feature)

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# whittle clang-crash reduces front-end crashes with C-Vise.
if shutil.which("cvise"):
    config.available_features.add("cvise")
# The stand-in compilers in Inputs/ run this LLVM's tools too.
config.environment["LLVM_BIN_DIR"] = llvm_bin
config.substitutions.append(("%whittle", whittle))
# lit itself, for tests that run it on what whittle emitted: the LLVM under
# test's, else LLVM 22's (Debian packages lit with LLVM 22 only), else PATH's.
lit_program = next(
    (
        p
        for p in (os.path.join(llvm_bin, "lit"), "/usr/lib/llvm-22/bin/lit", shutil.which("lit"))
        if p and os.path.exists(p)
    ),
    None,
)
if not lit_program:
    lit_config.fatal("no lit found: install llvm-22-tools")
config.substitutions.append(("%lit", lit_program))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# A test's IR, written in LLVM 22's syntax, as the LLVM under test reads it
# (Inputs/older-ir.py: the lifetime intrinsics' size argument before 22).
config.substitutions.append(
    (
        "%older_ir",
        "%s %s %d"
        % (
            shutil.which("python3") or "python3",
            os.path.join(config.test_source_root, "Inputs", "older-ir.py"),
            llvm_major,
        ),
    )
)

# The pass plugin with planted bugs for the `whittle bisect` tests, built
# once per LLVM version against that LLVM (again only when its source is
# newer).
def build_bisect_plugin():
    source = os.path.join(config.test_source_root, "Inputs", "bisect-plugin.cpp")
    plugin = os.path.join(config.test_exec_root, "bisect-plugin-llvm%d.so" % llvm_major)
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
