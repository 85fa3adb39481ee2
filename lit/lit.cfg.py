# -*- Python -*-
# whittle's lit suite, in the style of LLVM's llvm-reduce tests: each test's
# own CHECK-INTERESTINGNESS lines are the interestingness test (FileCheck),
# and CHECK-FINAL lines check the result.
#
#   WHITTLE=/path/to/whittle /usr/lib/llvm-22/bin/lit -sv lit
#
# WHITTLE defaults to target/release/whittle, then target/debug/whittle;
# LLVM_BIN_DIR (default: the bin directory of the LLVM that whittle was built
# against, as `whittle --version` names it) provides opt, llc, llvm-as,
# llvm-dis, clang, and FileCheck and not where that LLVM has them; its tools
# are put first on PATH. The test utilities an LLVM lacks (PyPI's LLVM 23
# has no FileCheck, not, count, split-file) come from LLVM_UTILS_DIR
# (default: LLVM 22's bin directory): they only read text.
#
# Features: `llvm-<major>` of that LLVM and `llvm-at-least-<N>` for every N
# up to it, for tests of what an older LLVM lacks (`REQUIRES:
# llvm-at-least-20`); `target-<name>` for each target that LLVM has
# (`llvm-config --targets-built`, lower case: PyPI's LLVM 23 has X86 only);
# `lli` when that LLVM has lli (PyPI's LLVM 23 does not); `mlir` when
# whittle was built with MLIR (not for an LLVM installed without it);
# `llvm-dependent-only` when WHITTLE_LLVM_DEPENDENT_ONLY is set (another
# LLVM's round of `cargo xtask test`).

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
# `LLVM 23.1.4 at PREFIX` on the second line.
prefix = re.search(r"^LLVM \S+ at (\S+)", version, re.M)
default_bin = (
    os.path.join(prefix.group(1), "bin") if prefix else "/usr/lib/llvm-%d/bin" % llvm_major
)
llvm_bin = os.environ.get("LLVM_BIN_DIR", default_bin)
lit_config.note("whittle -> %s (LLVM %d; tools from %s)" % (whittle, llvm_major, llvm_bin))
config.available_features.add("llvm-%d" % llvm_major)
for n in range(14, llvm_major + 1):
    config.available_features.add("llvm-at-least-%d" % n)
targets = subprocess.run(
    [os.path.join(llvm_bin, "llvm-config"), "--targets-built"], capture_output=True, text=True
).stdout.split()
for target in targets:
    config.available_features.add("target-%s" % target.lower())
if os.path.exists(os.path.join(llvm_bin, "lli")):
    config.available_features.add("lli")
if re.search(r"^MLIR at ", version, re.M):
    config.available_features.add("mlir")
# Another LLVM's round (`cargo xtask test --llvm N`) runs what depends on the
# LLVM: the slow tests of whittle's own machinery (oracles, flaky tests)
# that only need some LLVM to run say `UNSUPPORTED: llvm-dependent-only`,
# and run in the default LLVM's round.
if os.environ.get("WHITTLE_LLVM_DEPENDENT_ONLY"):
    config.available_features.add("llvm-dependent-only")
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

# The tools first on PATH, in one directory of links: every program of
# LLVM's bin directory but what a Python environment holding PyPI's LLVM
# also has there (python, pip, and binutils' names for LLVM's tools, which
# must not shadow the system's), and the test utilities it lacks.
UTILITIES = ["FileCheck", "not", "count", "split-file"]
NOT_LLVM = re.compile(
    r"^(python[0-9.]*|pip[0-9.]*|activate.*|Activate\.ps1|ar|nm|objcopy|objdump|ranlib|readelf|size|strings|strip|addr2line|c\+\+filt)$"
)
utils_bin = os.environ.get("LLVM_UTILS_DIR", "/usr/lib/llvm-22/bin")
tools = os.path.join(config.test_exec_root, "tools-llvm%d" % llvm_major)
shutil.rmtree(tools, ignore_errors=True)
os.makedirs(tools)
for name in os.listdir(llvm_bin):
    path = os.path.join(llvm_bin, name)
    if not NOT_LLVM.match(name) and os.access(path, os.X_OK) and not os.path.isdir(path):
        os.symlink(path, os.path.join(tools, name))
for name in UTILITIES:
    if not os.path.exists(os.path.join(tools, name)):
        fallback = os.path.join(utils_bin, name)
        if not os.path.exists(fallback):
            lit_config.fatal("%s has no %s, nor has %s (install llvm-22-tools)" % (llvm_bin, name, utils_bin))
        os.symlink(fallback, os.path.join(tools, name))
config.environment["PATH"] = os.pathsep.join(
    [tools, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# whittle clang-crash reduces front-end crashes with C-Vise.
if shutil.which("cvise", path=config.environment["PATH"]):
    config.available_features.add("cvise")
# whittle miscompile runs what it builds: a program built with FMA runs only
# on a CPU that has it, and its undefined-behaviour check needs the
# sanitizers' runtime of this LLVM's clang.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if re.search(r"^flags\s*:.*\bfma\b", cpuinfo.read(), re.M):
            config.available_features.add("host-fma")
except OSError:
    pass
probe_dir = os.path.join(config.test_exec_root, "sanitizer-probe")
os.makedirs(probe_dir, exist_ok=True)
with open(os.path.join(probe_dir, "p.c"), "w") as probe:
    probe.write("int main(void) { return 0; }\n")
if subprocess.run(
    [os.path.join(llvm_bin, "clang"), "-fsanitize=undefined,address", os.path.join(probe_dir, "p.c"),
     "-o", os.path.join(probe_dir, "p")],
    capture_output=True,
).returncode == 0:
    config.available_features.add("sanitizers")
# Link-time bugs are linked with lld.
if os.path.exists(os.path.join(llvm_bin, "ld.lld")):
    config.available_features.add("lld")
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
# A command that must fail, by an exit status or a signal (a clang driver
# reports its -cc1's crash either way, depending on the build).
config.substitutions.append(
    (
        "%fails",
        "%s %s"
        % (shutil.which("python3") or "python3", os.path.join(config.test_source_root, "Inputs", "fails.py")),
    )
)
# A test's IR or MIR, written in LLVM 22's syntax, as the LLVM under test
# reads it (Inputs/ir-for-llvm.py: the lifetime intrinsics' size argument
# before 22, SUBREG_TO_REG's immediate from 23 on).
config.substitutions.append(
    (
        "%ir_for_llvm",
        "%s %s %d"
        % (
            shutil.which("python3") or "python3",
            os.path.join(config.test_source_root, "Inputs", "ir-for-llvm.py"),
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
