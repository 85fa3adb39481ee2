//! `reorder`: reversing the order of the functions and dropping local value
//! names does not change what a tool makes of a module (default
//! `opt -S -passes=default<O2>`; `--mr-tool` names another, e.g. `llc -O2`),
//! once the outputs are compared modulo names and order.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use anyhow::Result;
use regex::Regex;

use super::{succeed, Check, Env, Relation, SourceRun};
use whittle_llvm_ir::{self as llvm, ir, Format};

pub struct Reorder {
    pub tool: PathBuf,
    /// The tool's arguments (`%s` is the module); `-o FILE` is appended.
    pub args: Vec<String>,
}

impl Relation for Reorder {
    fn source_run(&self) -> Option<SourceRun<'_>> {
        None
    }

    fn name(&self) -> String {
        format!(
            "reorder ({} {})",
            self.tool
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            self.args.join(" ")
        )
    }

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let followup = env.scratch.join("reordered.ll");
        {
            let context = llvm::context();
            let (module, _) = llvm::load(&context, source)?;
            ir::mr::reverse_functions(&module);
            ir::mr::strip_local_names(&module);
            fs::write(&followup, llvm::serialize(&module, Format::Text))?;
        }
        let outputs = [
            ("source.out", source),
            ("reordered.out", followup.as_path()),
        ]
        .map(|(name, input)| {
            let out = env.scratch.join(name);
            let mut args: Vec<String> = self
                .args
                .iter()
                .map(|a| a.replace("%s", &input.display().to_string()))
                .collect();
            args.extend(["-o".into(), out.display().to_string()]);
            (out, args)
        });
        for (_, args) in &outputs {
            succeed!(env.tool(&self.tool, args));
        }
        let [a, b] = outputs.map(|(out, _)| fs::read_to_string(out).unwrap_or_default());
        Ok(if canonical(&a) == canonical(&b) {
            Check::Holds
        } else {
            Check::Violated
        })
    }
}

static FUNCTION_START: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(define |[A-Za-z_$][\w.$]*:\s*(#.*)?$)").unwrap());
static LOCAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"%[-\w.$]+|%"[^"]*"|\.L[\w.$]+|#\d+|!\d+"#).unwrap());

/// The text in a form where names and function order do not matter: one
/// chunk per function (from `define` to its closing `}` in IR; from one
/// global label to the next in assembly), local names renamed in order of
/// appearance, chunks sorted; module-level lines as a sorted set; comments
/// dropped.
fn canonical(text: &str) -> Vec<String> {
    let ir = text.lines().any(|l| l.starts_with("define "));
    let mut header: Vec<String> = Vec::new();
    let mut chunks: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let line = line.split(';').next().unwrap_or("").trim_end();
        if line.trim().is_empty() || line.starts_with("source_filename") {
            continue;
        }
        let starts = if ir {
            line.starts_with("define ")
        } else {
            FUNCTION_START.is_match(line)
        };
        if starts {
            chunks.push(String::new());
            open = true;
        }
        if open {
            let chunk = chunks.last_mut().expect("a chunk");
            chunk.push_str(line);
            chunk.push('\n');
            if ir && line == "}" {
                open = false;
            }
        } else {
            header.push(line.to_string());
        }
    }
    let rename = |chunk: &str| {
        let mut names: HashMap<String, usize> = HashMap::new();
        LOCAL
            .replace_all(chunk, |c: &regex::Captures<'_>| {
                let n = names.len();
                let id = *names.entry(c[0].to_string()).or_insert(n);
                format!("${id}")
            })
            .into_owned()
    };
    let mut out: Vec<String> = chunks.iter().map(|c| rename(c)).collect();
    out.sort();
    let mut header: Vec<String> = header.iter().map(|l| rename(l)).collect();
    header.sort();
    out.insert(0, header.join("\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_local_names_do_not_matter() {
        let a = "define i32 @f(i32 %x) #0 {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\ndefine void @g() {\n  ret void\n}\nattributes #0 = { nounwind }\n";
        let b = "define void @g() {\n  ret void\n}\ndefine i32 @f(i32 %0) #0 {\n  %2 = add i32 %0, 1\n  ret i32 %2\n}\nattributes #0 = { nounwind }\n";
        assert_eq!(canonical(a), canonical(b));
        let c = "define void @g() {\n  ret void\n}\ndefine i32 @f(i32 %0) {\n  %2 = add i32 %0, 2\n  ret i32 %2\n}\n";
        assert_ne!(canonical(a), canonical(c));
    }
}
