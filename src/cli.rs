//! Command-line arguments: llvm-reduce's flags first, then whittle's own;
//! and the run description ([`RunSpec`]) they make.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::{ArgAction, CommandFactory, Parser, ValueEnum};
use whittle::llvm::Formats;
use whittle::mlir::{MlirOptions, Syntax};
use whittle::oracle::{self, env::EnvSpec, MrSpec};
use whittle::reduce::{Language, LlvmSpec, MirSpec, MlirSpec, RunSpec, Search};
use whittle::reducer::{Display, PolicyKind};
use whittle_passes::PassOptions;

#[derive(Parser, Debug)]
#[command(
    name = "whittle",
    version,
    about = "whittle: LLVM automatic testcase reducer (hierarchical + weighted delta debugging)",
    long_about = "whittle: LLVM automatic testcase reducer (hierarchical + weighted delta debugging).\n\n\
Shrinks an LLVM IR module (.ll or .bc), a Machine IR file (.mir) or an MLIR module (.mlir) while an \
interestingness test keeps succeeding. The test runs as `TEST [TEST-ARG]... CANDIDATE`; exit status 0 means \
the candidate is still interesting. Every candidate passes the LLVM (machine, MLIR) verifier \
before the test sees it. Command lines written for llvm-reduce work unchanged.",
    after_help = "Example:\n  whittle --test=./crashes.sh --test-arg=-O2 input.ll -o reduced.ll"
)]
pub struct Args {
    /// The module to reduce (.ll, .bc, .mir or .mlir)
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,

    /// Interestingness test, run as TEST [TEST-ARG]... CANDIDATE (exit 0 = interesting)
    #[arg(long, value_name = "TEST")]
    pub test: Option<PathBuf>,

    /// Argument passed to the test before the candidate (repeatable)
    #[arg(long = "test-arg", value_name = "ARG", action = ArgAction::Append, allow_hyphen_values = true)]
    pub test_args: Vec<String>,

    /// Oracle without a script: interesting when CMD crashes the way it crashes on the input (`%s` = candidate)
    #[arg(long, value_name = "CMD", help_heading = "Built-in oracles")]
    pub crash_cmd: Option<String>,

    /// Which parts of the crash must agree: auto, message, frames:N, any
    #[arg(
        long,
        value_name = "MODE",
        default_value = "auto",
        help_heading = "Built-in oracles"
    )]
    pub signature: String,

    /// Oracle without a script: interesting when CMD's stdout or stderr has a line matching --match (`%s` = candidate)
    #[arg(long, value_name = "CMD", help_heading = "Built-in oracles")]
    pub cmd: Option<String>,

    /// With --cmd: the pattern a line of the output must match; with --crash-cmd: also required of the crash output
    #[arg(
        long = "match",
        value_name = "REGEX",
        help_heading = "Built-in oracles"
    )]
    pub match_: Option<String>,

    /// With --cmd: no line of the output may match this
    #[arg(long, value_name = "REGEX", help_heading = "Built-in oracles")]
    pub no_match: Option<String>,

    /// Oracle from a failing lit test: its RUN lines must fail the same way; the output is the reduced test
    #[arg(long, value_name = "TEST", help_heading = "Built-in oracles")]
    pub lit: Option<PathBuf>,

    /// Oracle without a reference output: a metamorphic relation the candidate violates
    /// (opt-equivalence, llc-equivalence, reorder, user)
    #[arg(long, value_name = "NAME", help_heading = "Metamorphic oracles")]
    pub mr: Option<String>,

    /// How opt-equivalence runs programs: lli (JIT) or native (llc + clang)
    #[arg(
        long,
        value_name = "HOW",
        default_value = "lli",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_exec: String,

    /// opt-equivalence's pipeline, as for `opt -passes=` (or raw flags such as -O3)
    #[arg(
        long,
        value_name = "PIPELINE",
        default_value = "default<O2>",
        allow_hyphen_values = true,
        help_heading = "Metamorphic oracles"
    )]
    pub mr_pipeline: String,

    /// The optimizer opt-equivalence checks [default: LLVM 22's opt]
    #[arg(long, value_name = "PROGRAM", help_heading = "Metamorphic oracles")]
    pub mr_opt: Option<String>,

    /// The code generator llc-equivalence checks [default: LLVM 22's llc]
    #[arg(long, value_name = "PROGRAM", help_heading = "Metamorphic oracles")]
    pub mr_llc: Option<String>,

    /// llc-equivalence's two flag sets, given twice [default: -O0, then -O2]
    #[arg(long, value_name = "FLAGS", action = ArgAction::Append, allow_hyphen_values = true, help_heading = "Metamorphic oracles")]
    pub mr_llc_flags: Vec<String>,

    /// The tool reorder compares (`%s` = module; `-o FILE` is appended)
    #[arg(
        long,
        value_name = "CMD",
        default_value = "opt -S -passes=default<O2> %s",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_tool: String,

    /// User-defined relation: derives the follow-up %t from the source %s
    #[arg(long, value_name = "CMD", help_heading = "Metamorphic oracles")]
    pub mr_followup: Option<String>,

    /// User-defined relation: runs a source or follow-up %s
    #[arg(long, value_name = "CMD", help_heading = "Metamorphic oracles")]
    pub mr_run: Option<String>,

    /// User-defined relation: how outputs must agree (exact, numeric:TOL)
    #[arg(
        long,
        value_name = "HOW",
        default_value = "exact",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_compare: String,

    /// Also write the result as a lit regression test reproducing the failure (with --crash-cmd or --cmd)
    #[arg(long, value_name = "FILE", help_heading = "Built-in oracles")]
    pub emit_lit: Option<PathBuf>,

    /// Where to write the result [default: reduced.ll, or reduced.bc for bitcode input]
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace the input file with the result (atomically)
    #[arg(long)]
    pub in_place: bool,

    /// Passes to run, comma-separated, in this order (whittle's or llvm-reduce's names)
    #[arg(long, value_name = "LIST")]
    pub delta_passes: Option<String>,

    /// Passes not to run, comma-separated
    #[arg(long, value_name = "LIST")]
    pub skip_delta_passes: Option<String>,

    /// Print the passes and exit
    #[arg(long)]
    pub print_delta_passes: bool,

    /// Sweeps over all passes at most
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub max_pass_iterations: usize,

    /// Split each level into 2^N chunks before the first test (llvm-reduce's option)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub starting_granularity_level: u32,

    /// Make a candidate that fails the verifier a hard error instead of skipping it
    #[arg(long)]
    pub abort_on_invalid_reduction: bool,

    /// Hand the test bitcode files instead of textual IR
    #[arg(long)]
    pub write_tmp_files_as_bitcode: bool,

    /// Write the result as bitcode whatever the output file is called
    #[arg(long)]
    pub output_bitcode: bool,

    /// Target triple for target-dependent work and for reading MIR (the module is not changed)
    #[arg(long, value_name = "TRIPLE")]
    pub mtriple: Option<String>,

    /// MIR: the CPU of the target machine MIR is read with (LLVM IR ignores it)
    #[arg(long, value_name = "CPU")]
    pub mcpu: Option<String>,

    /// MIR: print machine functions in their short form (fields with default values left out)
    #[arg(long)]
    pub simplify_mir: bool,

    /// Pipeline the ir-passes pass runs, as for `opt -passes=`
    #[arg(long, value_name = "PIPELINE")]
    pub ir_passes: Option<String>,

    /// Call sites of functions with at most N instructions are inlining targets (-1: all)
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        default_value_t = 25
    )]
    pub reduce_callsite_inline_threshold: i64,

    /// Reduce named metadata without regard to what it is
    #[arg(long)]
    pub aggressive_named_md_reduction: bool,

    /// Test up to N candidates at once [default: available cores]
    #[arg(short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Inner minimizer of each level: weighted DD or classic ddmin
    #[arg(long, value_enum, default_value_t = PolicyArg::Wdd)]
    pub policy: PolicyArg,

    /// Keep LLVM's crash reports and stack symbolization in the test's environment
    #[arg(long)]
    pub preserve_debug_environment: bool,

    /// Kill a test (and everything it started) after SECONDS; it counts as not interesting
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Keep the scratch directory (candidates, the tests' working directories) and print where it is
    #[arg(long)]
    pub save_temps: bool,

    /// Write every figure of the run (calls by verdict and pass, cache hits, timeouts, times, sizes) as JSON
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Also print a line per pass that changed the module, and how failing tests ended
    #[arg(long, short = 'v')]
    pub verbose: bool,

    /// Print nothing but errors and warnings (no progress, no summary)
    #[arg(long, short = 'q', conflicts_with = "verbose")]
    pub quiet: bool,

    /// Input language: 'ir' (LLVM IR), 'mir' (Machine IR) or 'mlir' [default: by extension, .mir is MIR, .mlir is MLIR]
    #[arg(short = 'x', value_name = "LANG")]
    pub language: Option<String>,

    /// MLIR: accept operations of unregistered dialects (as mlir-opt's flag)
    #[arg(long, help_heading = "MLIR")]
    pub allow_unregistered_dialect: bool,

    /// MLIR: also try this mlir-opt pass pipeline as one candidate per sweep (e.g. canonicalize,cse,symbol-dce)
    #[arg(long, value_name = "PIPELINE", help_heading = "MLIR")]
    pub mlir_passes: Option<String>,

    /// MLIR: the test follows mlir-reduce's convention (a non-zero exit status means interesting)
    #[arg(long, help_heading = "MLIR")]
    pub mlir_reduce_exit_codes: bool,

    /// MLIR: hand the test (and write the output in) the generic operation form
    #[arg(long, help_heading = "MLIR")]
    pub mlir_print_op_generic: bool,

    /// Accepted for llvm-reduce compatibility (whittle never re-checks after counting)
    #[arg(long, hide = true)]
    pub skip_verify_interesting_after_counting_chunks: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    Wdd,
    Ddmin,
}

impl Args {
    /// The oracle the flags describe (exactly one must be given).
    fn oracle(&self) -> Result<oracle::Spec> {
        let chosen = [
            self.test.is_some(),
            self.crash_cmd.is_some(),
            self.cmd.is_some(),
            self.lit.is_some(),
            self.mr.is_some(),
        ];
        match chosen.iter().filter(|b| **b).count() {
            0 => {
                bail!("--test option must be specified (or one of --crash-cmd, --cmd, --lit, --mr)")
            }
            1 => {}
            _ => bail!("give one oracle: --test, --crash-cmd, --cmd, --lit or --mr"),
        }
        if self.cmd.is_none() && self.no_match.is_some() {
            bail!("--no-match goes with --cmd");
        }
        if (self.test.is_some() || self.lit.is_some()) && self.match_.is_some() {
            bail!("--match goes with --cmd or --crash-cmd");
        }
        Ok(if let Some(test) = &self.test {
            oracle::Spec::Script {
                test: test.clone(),
                args: self.test_args.clone(),
                nonzero_interesting: self.mlir_reduce_exit_codes,
            }
        } else if let Some(command) = &self.crash_cmd {
            oracle::Spec::Crash {
                command: command.clone(),
                signature: self.signature.clone(),
                matches: self.match_.clone(),
            }
        } else if let Some(command) = &self.cmd {
            oracle::Spec::Output {
                command: command.clone(),
                matches: self.match_.clone(),
                no_match: self.no_match.clone(),
            }
        } else if let Some(relation) = &self.mr {
            oracle::Spec::Mr(MrSpec {
                relation: relation.clone(),
                exec: self.mr_exec.clone(),
                pipeline: self.mr_pipeline.clone(),
                opt: self.mr_opt.clone(),
                llc: self.mr_llc.clone(),
                llc_flags: self.mr_llc_flags.clone(),
                tool: self.mr_tool.clone(),
                followup: self.mr_followup.clone(),
                run: self.mr_run.clone(),
                compare: self.mr_compare.clone(),
            })
        } else {
            oracle::Spec::Lit {
                test: self.lit.clone().expect("one oracle was given"),
                signature: self.signature.clone(),
            }
        })
    }

    /// The run the flags describe.
    pub fn spec(self) -> Result<RunSpec> {
        let oracle = self.oracle()?;
        let Some(input) = self.input.clone().or_else(|| self.lit.clone()) else {
            bail!("reduction testcase positional argument must be specified");
        };
        let language = Language::of(self.language.as_deref(), &input)?;
        let timeout = match self.timeout {
            Some(t) if !(t > 0.0 && t.is_finite()) => {
                bail!("--timeout must be a positive number of seconds, not {t}")
            }
            t => t.map(Duration::from_secs_f64),
        };
        let defaults = PassOptions::default();
        Ok(RunSpec {
            language,
            output: self.output,
            in_place: self.in_place,
            env: EnvSpec {
                timeout,
                preserve_debug_environment: self.preserve_debug_environment,
                save_temps: self.save_temps,
            },
            only_passes: self.delta_passes,
            skip_passes: self.skip_delta_passes,
            llvm: LlvmSpec {
                options: PassOptions {
                    inline_threshold: self.reduce_callsite_inline_threshold,
                    ir_passes: self.ir_passes.clone().unwrap_or(defaults.ir_passes),
                    mtriple: self.mtriple.clone(),
                    aggressive_named_md: self.aggressive_named_md_reduction,
                    defined_values_only: matches!(oracle, oracle::Spec::Mr(_)),
                },
                ir_passes_given: self.ir_passes.is_some(),
                formats: Formats {
                    tmp_bitcode: self.write_tmp_files_as_bitcode,
                    output_bitcode: self.output_bitcode,
                },
            },
            mir: MirSpec {
                target: whittle_llvm_ir::mir::Target {
                    triple: self.mtriple,
                    cpu: self.mcpu,
                },
                simplify: self.simplify_mir,
            },
            mlir: MlirSpec {
                options: MlirOptions {
                    pipeline: self.mlir_passes,
                },
                syntax: Syntax {
                    allow_unregistered: self.allow_unregistered_dialect,
                    generic: self.mlir_print_op_generic,
                },
            },
            search: Search {
                policy: match self.policy {
                    PolicyArg::Wdd => PolicyKind::Wdd,
                    PolicyArg::Ddmin => PolicyKind::DDMin,
                },
                max_pass_iterations: self.max_pass_iterations,
                starting_granularity: 1usize << self.starting_granularity_level.min(20),
                abort_on_invalid: self.abort_on_invalid_reduction,
                jobs: self
                    .jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                    .max(1),
            },
            display: if self.quiet {
                Display::Quiet
            } else if self.verbose {
                Display::Verbose
            } else {
                Display::Normal
            },
            emit_lit: self.emit_lit,
            input,
            oracle,
        })
    }
}

/// Rewrite LLVM-style `-long-option` into `--long-option`, leaving option
/// values (the argument after `--test-arg`, say) alone.
pub fn normalize(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    // The long options and which of them take a value, from clap itself.
    let command = Args::command();
    let long: Vec<(String, bool)> = command
        .get_arguments()
        .filter_map(|a| {
            a.get_long()
                .map(|l| (l.to_string(), a.get_action().takes_values()))
        })
        .chain([("help".to_string(), false), ("version".to_string(), false)])
        .collect();
    let mut out = Vec::new();
    let mut value_next = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || value_next {
            value_next = false;
            out.push(arg);
            continue;
        }
        let Some(s) = arg.to_str() else {
            out.push(arg);
            continue;
        };
        let (dashes, body) = if let Some(b) = s.strip_prefix("--") {
            (2, b)
        } else if let Some(b) = s.strip_prefix('-') {
            (1, b)
        } else {
            (0, s)
        };
        let name = body.split('=').next().unwrap_or("");
        let known = long.iter().find(|(l, _)| l == name);
        if dashes >= 1 && !body.contains('=') && known.is_some_and(|(_, takes)| *takes) {
            value_next = true;
        }
        if dashes == 1 && known.is_some() {
            out.push(OsString::from(format!("-{s}")));
        } else {
            out.push(arg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(args: &[&str]) -> Vec<String> {
        normalize(args.iter().map(OsString::from))
            .into_iter()
            .map(|s| s.into_string().unwrap())
            .collect()
    }

    #[test]
    fn single_dash_long_options_are_accepted() {
        assert_eq!(
            norm(&[
                "whittle",
                "-abort-on-invalid-reduction",
                "-mtriple=x86_64",
                "-j",
                "2",
                "in.ll"
            ]),
            [
                "whittle",
                "--abort-on-invalid-reduction",
                "--mtriple=x86_64",
                "-j",
                "2",
                "in.ll"
            ]
        );
    }

    #[test]
    fn test_arg_values_are_left_alone() {
        assert_eq!(
            norm(&[
                "whittle",
                "--test-arg",
                "-test",
                "-test-arg",
                "--input-file",
                "--test-arg=-output"
            ]),
            [
                "whittle",
                "--test-arg",
                "-test",
                "--test-arg",
                "--input-file",
                "--test-arg=-output"
            ]
        );
    }

    #[test]
    fn flags_parse_like_llvm_reduce() {
        let args = Args::try_parse_from(normalize(
            [
                "whittle",
                "--test",
                "FileCheck",
                "--test-arg",
                "--check-prefixes=CHECK",
                "--test-arg",
                "%s",
                "in.ll",
                "-o",
                "out.ll",
            ]
            .map(OsString::from),
        ))
        .unwrap();
        assert_eq!(args.test.unwrap(), PathBuf::from("FileCheck"));
        assert_eq!(args.test_args, ["--check-prefixes=CHECK", "%s"]);
        assert_eq!(args.output.unwrap(), PathBuf::from("out.ll"));
        assert_eq!(args.max_pass_iterations, 5);
        assert_eq!(args.policy, PolicyArg::Wdd);
    }
}
