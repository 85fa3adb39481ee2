# Minimal lit configuration for a directory of tests that whittle emitted
# (lit/emit-lit.test runs lit on them).
import os

import lit.formats

config.name = "whittle-emitted"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".mir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root
config.environment["PATH"] = os.pathsep.join(
    ["/usr/lib/llvm-22/bin", config.environment.get("PATH", os.environ.get("PATH", ""))]
)
