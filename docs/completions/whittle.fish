# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_whittle_global_optspecs
    string join \n test= test-arg= crash-cmd= signature= cmd= match= no-match= lit= mr= mr-exec= mr-pipeline= mr-opt= mr-llc= mr-llc-flags= mr-args= mr-stdin= mr-link-flags= mr-tool= mr-followup= mr-run= mr-compare= emit-lit= o/output= j= preserve-debug-environment timeout= no-auto-timeout confirm= recheck-every= save-temps stats-json= v/verbose q/quiet executor= executor-arg= executor-retries= executor-grace= executor-exclude-failed in-place delta-passes= skip-delta-passes= print-delta-passes max-pass-iterations= full-sweeps no-change-memory starting-granularity-level= abort-on-invalid-reduction write-tmp-files-as-bitcode output-bitcode mtriple= mcpu= simplify-mir ir-passes= reduce-callsite-inline-threshold= aggressive-named-md-reduction policy= plot= x= allow-unregistered-dialect mlir-passes= mlir-reduce-exit-codes mlir-print-op-generic skip-verify-interesting-after-counting-chunks h/help V/version
end

function __fish_whittle_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_whittle_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_whittle_using_subcommand
    set -l cmd (__fish_whittle_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c whittle -n "__fish_whittle_needs_command" -l test -d 'Interestingness test, run as TEST [TEST-ARG]... CANDIDATE (exit 0 = interesting)' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -l test-arg -d 'Argument passed to the test before the candidate (repeatable)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l crash-cmd -d 'Oracle without a script: interesting when CMD crashes the way it crashes on the input (`%s` = candidate)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l signature -d 'Which parts of the crash must agree: auto, message, frames:N, any' -r
complete -c whittle -n "__fish_whittle_needs_command" -l cmd -d 'Oracle without a script: interesting when CMD\'s stdout or stderr has a line matching --match (`%s` = candidate)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l match -d 'With --cmd: the pattern a line of the output must match; with --crash-cmd: also required of the crash output' -r
complete -c whittle -n "__fish_whittle_needs_command" -l no-match -d 'With --cmd: no line of the output may match this' -r
complete -c whittle -n "__fish_whittle_needs_command" -l lit -d 'Oracle from a failing lit test: its RUN lines must fail the same way; the output is the reduced test' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -l mr -d 'Oracle without a reference output: a metamorphic relation the candidate violates (opt-equivalence, llc-equivalence, reorder, user)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-exec -d 'How opt-equivalence runs programs: lli (JIT) or native (llc + clang)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-pipeline -d 'opt-equivalence\'s pipeline, as for `opt -passes=` (or raw flags such as -O3)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-opt -d 'The optimizer opt-equivalence checks [default: the opt of whittle\'s LLVM]' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-llc -d 'The code generator llc-equivalence checks [default: the llc of whittle\'s LLVM]' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-llc-flags -d 'llc-equivalence\'s two flag sets, given twice [default: -O0, then -O2]' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-args -d 'Arguments every run of the program gets (shell words), for the relations that run it' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-stdin -d 'A file every run of the program reads as its standard input' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -l mr-link-flags -d 'More flags for the link of a natively built program (shell words; -lstdc++ for C++)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-tool -d 'The tool reorder compares (`%s` = module; `-o FILE` is appended)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-followup -d 'User-defined relation: derives the follow-up %t from the source %s' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-run -d 'User-defined relation: runs a source or follow-up %s' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mr-compare -d 'User-defined relation: how outputs must agree (exact, numeric:TOL)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l emit-lit -d 'Also write the result as a lit regression test reproducing the failure (with --crash-cmd or --cmd)' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -s o -l output -d 'Where to write the result [default: reduced.ll, or reduced.bc for bitcode input]' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -s j -d 'Test up to N candidates at once [default: available cores]' -r
complete -c whittle -n "__fish_whittle_needs_command" -l timeout -d 'Kill a test (and everything it started) after SECONDS; it counts as not interesting' -r
complete -c whittle -n "__fish_whittle_needs_command" -l confirm -d 'Keep a candidate the test calls interesting only if N more runs of the test agree (for a test known to be flaky; 0 by default, raised to 2 once a re-check shows the test flaky, doubled on each later failed re-check up to 8)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l recheck-every -d 'Re-test the result so far when it changed, between two rounds of a pass or at its end, at most once per TESTS tests and within a tenth of the run\'s tests (0: whenever it changed; default 100; counted in tests, not time, so the same reduction asks the same tests at any load); LLVM IR is also run with its locals filled (0x00, 0xa5, 0x5a; the last also trapping where it uses bytes of a local it never wrote). When the re-check fails, the test is flaky: the pass ends there, the reduction goes back to the latest result that passes 3 re-runs, confirms every interesting test from then on (--confirm 2, or the filled runs when they explain the failure), re-checks after every pass that changed the result, and the final re-check asks for 3 passes in a row' -r
complete -c whittle -n "__fish_whittle_needs_command" -l stats-json -d 'Write every figure of the run (calls by verdict and pass, cache hits, timeouts, times, sizes, the timeline of every call) as JSON' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -l executor -d 'Where tests run: here, or one Slurm job step (job outside an allocation) per test' -r -f -a "local\t''
slurm\t''"
complete -c whittle -n "__fish_whittle_needs_command" -l executor-arg -d 'Passed to every srun (repeatable): --partition=P, --account=A, --time=T, --constraint=C, -c N, ...' -r
complete -c whittle -n "__fish_whittle_needs_command" -l executor-retries -d 'Runs of a test after the first when Slurm fails it (a lost node, an srun error, no answer)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l executor-grace -d 'Seconds a step may take beyond --timeout before it counts as hung and is cancelled' -r
complete -c whittle -n "__fish_whittle_needs_command" -l delta-passes -d 'Passes to run, comma-separated, in this order (whittle\'s or llvm-reduce\'s names)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l skip-delta-passes -d 'Passes not to run, comma-separated' -r
complete -c whittle -n "__fish_whittle_needs_command" -l max-pass-iterations -d 'Sweeps over every pass at most (the partial sweeps between them, over the passes whose last run changed something, do not count)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l starting-granularity-level -d 'Split each level into 2^N chunks before the first test (llvm-reduce\'s option)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mtriple -d 'Target triple for target-dependent work and for reading MIR (the module is not changed)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mcpu -d 'MIR: the CPU of the target machine MIR is read with (LLVM IR ignores it)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l ir-passes -d 'Pipeline the ir-passes pass runs, as for `opt -passes=`' -r
complete -c whittle -n "__fish_whittle_needs_command" -l reduce-callsite-inline-threshold -d 'Call sites of functions with at most N instructions are inlining targets (-1: all)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l policy -d 'Inner minimizer of each level: probabilistic DD (weighted), weighted DD, or classic ddmin' -r -f -a "wdd\t''
ddmin\t''
probdd\t''"
complete -c whittle -n "__fish_whittle_needs_command" -l plot -d 'Draw size against oracle calls and against time, coloured by pass, failed tests as marks (SVG)' -r -F
complete -c whittle -n "__fish_whittle_needs_command" -s x -d 'Input language: \'ir\' (LLVM IR), \'mir\' (Machine IR) or \'mlir\' [default: by extension, .mir is MIR, .mlir is MLIR]' -r
complete -c whittle -n "__fish_whittle_needs_command" -l mlir-passes -d 'MLIR: also try this mlir-opt pass pipeline as one candidate per sweep (e.g. canonicalize,cse,symbol-dce)' -r
complete -c whittle -n "__fish_whittle_needs_command" -l preserve-debug-environment -d 'Keep LLVM\'s crash reports and stack symbolization in the test\'s environment'
complete -c whittle -n "__fish_whittle_needs_command" -l no-auto-timeout -d 'Without --timeout, let every test run to its end. By default a test is stopped once it runs 10 times as long as the interesting tests so far (their 90th percentile) and at least 0.5 s: it counts as not interesting (with --executor=slurm, the limit applies on the node to each process of the test)'
complete -c whittle -n "__fish_whittle_needs_command" -l save-temps -d 'Keep the scratch directory (candidates, the tests\' working directories) and print where it is'
complete -c whittle -n "__fish_whittle_needs_command" -s v -l verbose -d 'Also print a line per pass that changed the module, and how failing tests ended'
complete -c whittle -n "__fish_whittle_needs_command" -s q -l quiet -d 'Print nothing but errors and warnings (no progress, no summary)'
complete -c whittle -n "__fish_whittle_needs_command" -l executor-exclude-failed -d 'Never send tests again to a node where one failed (by default such a node is avoided for 10 s, and while Slurm reports it down or not responding)'
complete -c whittle -n "__fish_whittle_needs_command" -l in-place -d 'Replace the input file with the result (atomically)'
complete -c whittle -n "__fish_whittle_needs_command" -l print-delta-passes -d 'Print the passes and exit'
complete -c whittle -n "__fish_whittle_needs_command" -l full-sweeps -d 'Run every pass in every sweep (by default a sweep between the first and the last runs only the passes that changed something in their last run)'
complete -c whittle -n "__fish_whittle_needs_command" -l no-change-memory -d 'Test every candidate (by default one that changes a single function exactly as a candidate the test called not interesting did, its changed lines and two around them the same, the rest of the module aside, is presumed not interesting: a semantic test that needs most of the program would otherwise re-test each needed instruction and operand in every round and sweep)'
complete -c whittle -n "__fish_whittle_needs_command" -l abort-on-invalid-reduction -d 'Make a candidate that fails the verifier a hard error instead of skipping it'
complete -c whittle -n "__fish_whittle_needs_command" -l write-tmp-files-as-bitcode -d 'Hand the test bitcode files instead of textual IR'
complete -c whittle -n "__fish_whittle_needs_command" -l output-bitcode -d 'Write the result as bitcode whatever the output file is called'
complete -c whittle -n "__fish_whittle_needs_command" -l simplify-mir -d 'MIR: print machine functions in their short form (fields with default values left out)'
complete -c whittle -n "__fish_whittle_needs_command" -l aggressive-named-md-reduction -d 'Reduce named metadata without regard to what it is'
complete -c whittle -n "__fish_whittle_needs_command" -l allow-unregistered-dialect -d 'MLIR: accept operations of unregistered dialects (as mlir-opt\'s flag)'
complete -c whittle -n "__fish_whittle_needs_command" -l mlir-reduce-exit-codes -d 'MLIR: the test follows mlir-reduce\'s convention (a non-zero exit status means interesting)'
complete -c whittle -n "__fish_whittle_needs_command" -l mlir-print-op-generic -d 'MLIR: hand the test (and write the output in) the generic operation form'
complete -c whittle -n "__fish_whittle_needs_command" -l skip-verify-interesting-after-counting-chunks -d 'Accepted for llvm-reduce compatibility (whittle never re-checks after counting)'
complete -c whittle -n "__fish_whittle_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c whittle -n "__fish_whittle_needs_command" -s V -l version -d 'Print version'
complete -c whittle -n "__fish_whittle_needs_command" -a "bisect" -d 'whittle bisect: find the pass of an opt/llc/clang pipeline that causes a failure, and reduce its input to a one-pass test'
complete -c whittle -n "__fish_whittle_needs_command" -a "clang-crash" -d 'whittle clang-crash: from the reproducer clang writes when it crashes to a reduced regression test'
complete -c whittle -n "__fish_whittle_needs_command" -a "miscompile" -d 'whittle miscompile: from a program that misbehaves when optimized to the culprit pass and a reduced regression test'
complete -c whittle -n "__fish_whittle_needs_command" -a "lto" -d 'whittle lto: reduce the bitcode modules of a failing link together'
complete -c whittle -n "__fish_whittle_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l crash-cmd -d 'Oracle without a script: interesting when CMD crashes the way it crashes on the input (`%s` = candidate)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l signature -d 'Which parts of the crash must agree: auto, message, frames:N, any' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l cmd -d 'Oracle without a script: interesting when CMD\'s stdout or stderr has a line matching --match (`%s` = candidate)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l match -d 'With --cmd: the pattern a line of the output must match; with --crash-cmd: also required of the crash output' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l no-match -d 'With --cmd: no line of the output may match this' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l lit -d 'Oracle from a failing lit test: its RUN lines must fail the same way; the output is the reduced test' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr -d 'Oracle without a reference output: a metamorphic relation the candidate violates (opt-equivalence, llc-equivalence, reorder, user)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-exec -d 'How opt-equivalence runs programs: lli (JIT) or native (llc + clang)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-pipeline -d 'opt-equivalence\'s pipeline, as for `opt -passes=` (or raw flags such as -O3)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-opt -d 'The optimizer opt-equivalence checks [default: the opt of whittle\'s LLVM]' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-llc -d 'The code generator llc-equivalence checks [default: the llc of whittle\'s LLVM]' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-llc-flags -d 'llc-equivalence\'s two flag sets, given twice [default: -O0, then -O2]' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-args -d 'Arguments every run of the program gets (shell words), for the relations that run it' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-stdin -d 'A file every run of the program reads as its standard input' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-link-flags -d 'More flags for the link of a natively built program (shell words; -lstdc++ for C++)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-tool -d 'The tool reorder compares (`%s` = module; `-o FILE` is appended)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-followup -d 'User-defined relation: derives the follow-up %t from the source %s' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-run -d 'User-defined relation: runs a source or follow-up %s' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l mr-compare -d 'User-defined relation: how outputs must agree (exact, numeric:TOL)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l emit-lit -d 'Also write the result as a lit regression test reproducing the failure (with --crash-cmd or --cmd)' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s o -l output -d 'Where to write the result [default: reduced.ll, or reduced.bc for bitcode input]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s j -d 'Test up to N candidates at once [default: available cores]' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l timeout -d 'Kill a test (and everything it started) after SECONDS; it counts as not interesting' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l confirm -d 'Keep a candidate the test calls interesting only if N more runs of the test agree (for a test known to be flaky; 0 by default, raised to 2 once a re-check shows the test flaky, doubled on each later failed re-check up to 8)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l recheck-every -d 'Re-test the result so far when it changed, between two rounds of a pass or at its end, at most once per TESTS tests and within a tenth of the run\'s tests (0: whenever it changed; default 100; counted in tests, not time, so the same reduction asks the same tests at any load); LLVM IR is also run with its locals filled (0x00, 0xa5, 0x5a; the last also trapping where it uses bytes of a local it never wrote). When the re-check fails, the test is flaky: the pass ends there, the reduction goes back to the latest result that passes 3 re-runs, confirms every interesting test from then on (--confirm 2, or the filled runs when they explain the failure), re-checks after every pass that changed the result, and the final re-check asks for 3 passes in a row' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l stats-json -d 'Write every figure of the run (calls by verdict and pass, cache hits, timeouts, times, sizes, the timeline of every call) as JSON' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l executor -d 'Where tests run: here, or one Slurm job step (job outside an allocation) per test' -r -f -a "local\t''
slurm\t''"
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l executor-arg -d 'Passed to every srun (repeatable): --partition=P, --account=A, --time=T, --constraint=C, -c N, ...' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l executor-retries -d 'Runs of a test after the first when Slurm fails it (a lost node, an srun error, no answer)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l executor-grace -d 'Seconds a step may take beyond --timeout before it counts as hung and is cancelled' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l test -d 'Interestingness test, run as TEST [TEST-ARG]... CANDIDATE (exit 0 = interesting)' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l test-arg -d 'Argument passed to the test before the candidate (repeatable)' -r
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l preserve-debug-environment -d 'Keep LLVM\'s crash reports and stack symbolization in the test\'s environment'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l no-auto-timeout -d 'Without --timeout, let every test run to its end. By default a test is stopped once it runs 10 times as long as the interesting tests so far (their 90th percentile) and at least 0.5 s: it counts as not interesting (with --executor=slurm, the limit applies on the node to each process of the test)'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l save-temps -d 'Keep the scratch directory (candidates, the tests\' working directories) and print where it is'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s v -l verbose -d 'Also print a line per pass that changed the module, and how failing tests ended'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s q -l quiet -d 'Print nothing but errors and warnings (no progress, no summary)'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l executor-exclude-failed -d 'Never send tests again to a node where one failed (by default such a node is avoided for 10 s, and while Slurm reports it down or not responding)'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -l counters -d 'Also find which firings of the culprit\'s debug counters the failure needs (-debug-counter=NAME=CHUNKS)'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c whittle -n "__fish_whittle_using_subcommand bisect" -s V -l version -d 'Print version'
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -s o -l output -d 'The reduced IR (middle and back end) or source (front end) [default: STEM-reduced.ll or .c]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -l emit-lit -d 'The regression test [default: STEM-test.ll or .c]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -s j -d 'Tests to run at once' -r
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -l timeout -d 'Seconds a tool run may take' -r
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -l stats-json -d 'Write the stage, the culprit, tool runs per step, sizes and time as JSON' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -l save-temps -d 'Keep the temporary files (the emitted IR, C-Vise\'s work) and say where'
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -s q -l quiet -d 'Say nothing but errors'
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c whittle -n "__fish_whittle_using_subcommand clang-crash" -s V -l version -d 'Print version'
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s O -d 'The level that misbehaves (1, 2, 3, s, z) [default: the flags\' -O, else 2]' -r
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l run-args -d 'The program\'s arguments (shell words)' -r
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l stdin -d 'A file the program reads as its standard input' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l expect-output -d 'The program\'s right output (stdout): the build that prints it is the good one' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s o -l output -d 'The reduced module [default: STEM-reduced.ll]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l emit-lit -d 'The regression test [default: STEM-test.ll]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s j -d 'Tests to run at once' -r
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l timeout -d 'Seconds a run of the program may take [default: 10]' -r
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l stats-json -d 'Write the stage, functions, culprit, runs per step, sizes and time as JSON' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l executor -d 'Where the bisection\'s and the reduction\'s tests run (local, slurm)' -r -f -a "local\t''
slurm\t''"
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l executor-arg -d 'An argument for srun (with --executor=slurm), given once per argument' -r
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l no-sanitize -d 'Do not check the program with the sanitizers first'
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -l save-temps -d 'Keep the temporary files (builds, IR) and say where'
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s q -l quiet -d 'Say nothing but errors'
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c whittle -n "__fish_whittle_using_subcommand miscompile" -s V -l version -d 'Print version'
complete -c whittle -n "__fish_whittle_using_subcommand lto" -s o -l output -d 'The directory of the reduced modules [default: reduced]' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l emit-lit -d 'Also write the result as a lit test (split-file: the modules, the RUN lines that make their bitcode and the link)' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand lto" -s j -d 'Tests to run at once' -r
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l timeout -d 'Seconds a link may take' -r
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l stats-json -d 'Write the modules\' sizes, tests and time as JSON' -r -F
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l executor -d 'Where the tests run (local, slurm)' -r -f -a "local\t''
slurm\t''"
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l executor-arg -d 'An argument for srun (with --executor=slurm), given once per argument' -r
complete -c whittle -n "__fish_whittle_using_subcommand lto" -l save-temps -d 'Keep the temporary files (the unpacked tarball, the modules) and say where'
complete -c whittle -n "__fish_whittle_using_subcommand lto" -s q -l quiet -d 'Say nothing but errors'
complete -c whittle -n "__fish_whittle_using_subcommand lto" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c whittle -n "__fish_whittle_using_subcommand lto" -s V -l version -d 'Print version'
complete -c whittle -n "__fish_whittle_using_subcommand help; and not __fish_seen_subcommand_from bisect clang-crash miscompile lto help" -f -a "bisect" -d 'whittle bisect: find the pass of an opt/llc/clang pipeline that causes a failure, and reduce its input to a one-pass test'
complete -c whittle -n "__fish_whittle_using_subcommand help; and not __fish_seen_subcommand_from bisect clang-crash miscompile lto help" -f -a "clang-crash" -d 'whittle clang-crash: from the reproducer clang writes when it crashes to a reduced regression test'
complete -c whittle -n "__fish_whittle_using_subcommand help; and not __fish_seen_subcommand_from bisect clang-crash miscompile lto help" -f -a "miscompile" -d 'whittle miscompile: from a program that misbehaves when optimized to the culprit pass and a reduced regression test'
complete -c whittle -n "__fish_whittle_using_subcommand help; and not __fish_seen_subcommand_from bisect clang-crash miscompile lto help" -f -a "lto" -d 'whittle lto: reduce the bitcode modules of a failing link together'
complete -c whittle -n "__fish_whittle_using_subcommand help; and not __fish_seen_subcommand_from bisect clang-crash miscompile lto help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
