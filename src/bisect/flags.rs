//! What the tool under test understands: opt-bisect and the debug counters
//! grew flags over LLVM releases, and a bisection uses the user's `opt`,
//! `llc` or `clang`, not whittle's own LLVM. Asked once, from the tool's
//! `--help-hidden` (clang: `-mllvm --help-hidden`), through the test
//! environment; each stage uses what is there and says what it could not
//! do without it.
//!
//! | flag | LLVM 19 | LLVM 22 | without it |
//! |---|---|---|---|
//! | `-opt-bisect-verbose` | no | yes | the BISECT lines are printed (and set aside) anyway |
//! | `-opt-bisect=INTERVALS` | no | yes | no isolation check, no ddmin over invocations |
//! | `-opt-bisect-print-ir-path` | yes | yes | opt's culprit input cannot be captured |
//! | `-print-debug-counter-queries` | no | yes | no `--counters` stage |

use std::path::Path;

use anyhow::Result;
use regex::Regex;
use whittle_reducer::Cancel;

use super::invocation::{Invocation, Tool};
use crate::oracle::env::TestEnv;
use crate::oracle::process::TestCommand;
use crate::oracle::{self};
use crate::versions;

/// The flags a stage may need, in [`ToolFlags::known`]'s order.
const FLAGS: [&str; 4] = [
    "opt-bisect-verbose",
    "opt-bisect",
    "opt-bisect-print-ir-path",
    "print-debug-counter-queries",
];

/// What the tool under test supports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolFlags {
    /// The tool, for messages: `opt (LLVM 19)`.
    pub tool: String,
    /// Its major version, when `--version` says.
    pub major: Option<u32>,
    /// For each of [`FLAGS`], whether the tool has it.
    known: [bool; 4],
}

impl ToolFlags {
    /// Every flag, for a tool whose help could not be read (the stages then
    /// find out the hard way, as before).
    pub fn assumed(tool: &str) -> ToolFlags {
        ToolFlags {
            tool: tool.to_string(),
            major: None,
            known: [true; 4],
        }
    }

    /// From the flags a tool's help lists (`help`: which of [`FLAGS`] it
    /// showed).
    fn from_help(tool: Tool, major: Option<u32>, known: [bool; 4]) -> ToolFlags {
        let tool = match major {
            Some(m) => format!("{} (LLVM {m})", tool.name()),
            None => tool.name().to_string(),
        };
        ToolFlags { tool, major, known }
    }

    /// Ask the tool of `inv`.
    pub fn probe(env: &TestEnv, inv: &Invocation) -> Result<ToolFlags> {
        let program = oracle::command::resolve_program(&inv.words[0])?;
        let scratch = env.private_dir("tool-flags")?;
        let empty = scratch.join("empty.c");
        std::fs::write(&empty, "")?;
        let args: Vec<String> = match inv.tool {
            Tool::Clang => ["-mllvm", "--help-hidden", "-fsyntax-only", "-x", "c", "%s"]
                .map(String::from)
                .to_vec(),
            Tool::Opt | Tool::Llc => vec!["--help-hidden".into()],
        };
        let command = TestCommand {
            program: program.clone(),
            args,
            substitute: true,
            watch: FLAGS
                .iter()
                .map(|f| Regex::new(&format!(r"^\s+--?{}[=\s]", regex::escape(f))))
                .collect::<Result<_, _>>()?,
            ..Default::default()
        };
        let out = env.run(&command, &empty, &scratch, &Cancel::new())?;
        let major = versions::tool_major(&program);
        if !out.watched.iter().any(|&w| w) {
            // No help, or help without opt-bisect at all: nothing known.
            return Ok(ToolFlags::assumed(inv.tool.name()));
        }
        let mut known = [false; 4];
        known.copy_from_slice(&out.watched[..4]);
        Ok(ToolFlags::from_help(inv.tool, major, known))
    }

    /// `-opt-bisect-verbose=false` where the tool has it (the BISECT lines
    /// are set aside either way).
    pub fn quiet(&self) -> Vec<String> {
        if self.known[0] {
            vec!["-opt-bisect-verbose=false".into()]
        } else {
            Vec::new()
        }
    }

    /// Whether the tool takes `-opt-bisect=INTERVALS`.
    pub fn intervals(&self) -> bool {
        self.known[1]
    }

    /// Whether the tool takes `-opt-bisect-print-ir-path`.
    pub fn print_ir_path(&self) -> bool {
        self.known[2]
    }

    /// Whether the tool takes `-print-debug-counter-queries`.
    pub fn counter_queries(&self) -> bool {
        self.known[3]
    }

    /// "opt (LLVM 19) has no -FLAG": what a stage says it could not do.
    pub fn lacks(&self, flag: &str) -> String {
        format!("{} has no -{flag}", self.tool)
    }

    /// The plugins of `inv` whittle may load itself to learn their passes'
    /// names: only those of a tool of whittle's own LLVM (a plugin is built
    /// for one LLVM).
    pub fn loadable_plugins<'a>(&self, inv: &'a Invocation) -> Vec<&'a Path> {
        if self.major != Some(whittle_llvm_ir::version::llvm_major()) {
            return Vec::new();
        }
        inv.plugins()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_only_where_the_flag_exists() {
        let old = ToolFlags::from_help(Tool::Opt, Some(19), [false, false, true, false]);
        assert!(old.quiet().is_empty());
        assert!(!old.intervals() && old.print_ir_path() && !old.counter_queries());
        assert_eq!(
            old.lacks("opt-bisect=INTERVALS"),
            "opt (LLVM 19) has no -opt-bisect=INTERVALS"
        );
        let new = ToolFlags::from_help(Tool::Opt, Some(22), [true; 4]);
        assert_eq!(new.quiet(), ["-opt-bisect-verbose=false"]);
        assert!(new.intervals() && new.counter_queries());
    }

    #[test]
    fn whittles_own_tools_are_read_from_their_help() {
        let env = TestEnv::new(Default::default()).unwrap();
        let opt = whittle_llvm_ir::version::default_bin_dir().join("opt");
        let inv = Invocation {
            tool: Tool::Opt,
            words: vec![opt.display().to_string(), "-O2".into(), "%s".into()],
        };
        let flags = ToolFlags::probe(&env, &inv).unwrap();
        let major = whittle_llvm_ir::version::llvm_major();
        assert_eq!(flags.major, Some(major));
        assert!(flags.print_ir_path());
        // What LLVM 19 lacks and LLVM 22 has (the two versions tested).
        assert_eq!(flags.intervals(), major >= 22, "{flags:?}");
        assert_eq!(flags.counter_queries(), major >= 22, "{flags:?}");
        assert_eq!(flags.quiet().is_empty(), major < 22, "{flags:?}");
    }
}
