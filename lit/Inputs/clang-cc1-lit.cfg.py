# Minimal lit configuration for the clang lit tests whittle clang-crash
# writes: %clang_cc1 as clang's own suite defines it.
import os
import subprocess

import lit.formats

config.name = "whittle-clang-emitted"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root
config.environment["PATH"] = os.environ.get("PATH", "")
clang = os.path.join(os.environ["LLVM_BIN_DIR"], "clang")
resource = subprocess.check_output([clang, "-print-resource-dir"], text=True).strip()
config.substitutions.append(
    ("%clang_cc1", "%s -cc1 -internal-isystem %s/include -nostdsysteminc" % (clang, resource))
)
