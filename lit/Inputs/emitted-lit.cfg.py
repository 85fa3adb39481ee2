# Minimal lit configuration for a directory of tests that whittle emitted
# (lit/emit-lit.test runs lit on them).
import os

import lit.formats

config.name = "whittle-emitted"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".mir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root
# The suite's PATH, which has the LLVM under test's tools first.
config.environment["PATH"] = os.environ.get("PATH", "")
