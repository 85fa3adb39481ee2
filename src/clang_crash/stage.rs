//! Which part of clang failed: the front end (parsing, Sema, IR
//! generation), LLVM's optimizer, or the code generator. clang's stack dump
//! says it where there is one ("parser at end of file", "Optimizer",
//! "Code generation", the pass running); whittle confirms it by probing.

use std::fmt;

use serde::Serialize;

/// A part of clang's compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    FrontEnd,
    MiddleEnd,
    BackEnd,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::FrontEnd => "front end",
            Stage::MiddleEnd => "middle end",
            Stage::BackEnd => "back end",
        })
    }
}

/// What the stack dump's numbered lines (`3.\tRunning pass ...`) say: the
/// stage and the innermost line that says it.
pub fn from_stack_dump(stderr: &str) -> Option<(Stage, String)> {
    let start = stderr.find("Stack dump:")?;
    let lines: Vec<&str> = stderr[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once(".\t").map(|(_, rest)| rest.trim()))
        .filter(|l| !l.starts_with("Program arguments"))
        .collect();
    let last =
        |pred: &dyn Fn(&str) -> bool| lines.iter().rev().find(|l| pred(l)).map(|l| l.to_string());
    if lines.contains(&"Code generation") {
        // Legacy pass managers (the code generator's) quote with '.
        let at = last(&|l| l.starts_with("Running pass '")).unwrap_or("Code generation".into());
        return Some((Stage::BackEnd, at));
    }
    if lines.contains(&"Optimizer") {
        let at = last(&|l| l.starts_with("Running pass \"")).unwrap_or("Optimizer".into());
        return Some((Stage::MiddleEnd, at));
    }
    let at = lines.last()?;
    Some((Stage::FrontEnd, at.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dump_names_the_stage() {
        let middle = "x\nStack dump:\n0.\tProgram arguments: clang -cc1 x.c\n1.\t<eof> parser at end of file\n2.\tOptimizer\n3.\tRunning pass \"cgscc(...)\" on module \"x.c\"\n4.\tRunning pass \"wt-crash\" on function \"victim\"\n #0 0x1 llvm::sys::PrintStackTrace\n";
        assert_eq!(
            from_stack_dump(middle),
            Some((
                Stage::MiddleEnd,
                "Running pass \"wt-crash\" on function \"victim\"".into()
            ))
        );
        let back = "Stack dump:\n0.\tProgram arguments: clang\n1.\t<eof> parser at end of file\n2.\tCode generation\n3.\tRunning pass 'Function Pass Manager' on module 'x.c'.\n4.\tRunning pass 'X86 DAG->DAG Instruction Selection' on function '@f'\n";
        assert_eq!(
            from_stack_dump(back),
            Some((
                Stage::BackEnd,
                "Running pass 'X86 DAG->DAG Instruction Selection' on function '@f'".into()
            ))
        );
        let front = "Stack dump:\n0.\tProgram arguments: clang\n1.\tfe.c:2:2: current parser token 'pragma'\n2.\tfe.c:1:14: parsing function body 'f'\n #0 0x0 foo\n";
        assert_eq!(
            from_stack_dump(front),
            Some((
                Stage::FrontEnd,
                "fe.c:1:14: parsing function body 'f'".into()
            ))
        );
        assert_eq!(from_stack_dump("fatal error: error in backend: x\n"), None);
    }
}
