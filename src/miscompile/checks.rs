//! CHECK lines of what a pass or the code generator produces now, in the
//! form LLVM's `update_test_checks.py` and `update_llc_test_checks.py` write
//! them: under each function's `define` line of the test's IR, a
//! CHECK-LABEL line, then every line of the output function, local values
//! and blocks as FileCheck variables (defined where first seen, used after),
//! metadata and attribute group numbers as patterns.

use std::collections::HashMap;

use regex::Regex;

/// A function's output: its name and its lines.
#[derive(Debug)]
struct Body {
    name: String,
    lines: Vec<String>,
}

/// The defined functions of IR text, with the lines after the `define`.
fn ir_functions(ir: &str) -> Vec<Body> {
    let define = Regex::new(r"^define\b.*?@(\x22[^\x22]*\x22|[-\w.$]+)\(").unwrap();
    let mut out = Vec::new();
    let mut current: Option<Body> = None;
    for line in ir.lines() {
        if let Some(c) = &mut current {
            if line == "}" {
                out.push(current.take().unwrap());
            } else {
                c.lines.push(line.to_string());
            }
        } else if let Some(m) = define.captures(line) {
            current = Some(Body {
                name: m[1].to_string(),
                lines: vec![line.to_string()],
            });
        }
    }
    out
}

/// FileCheck variables for an IR function's local values and blocks.
struct Names {
    seen: HashMap<String, String>,
    taken: HashMap<String, usize>,
}

impl Names {
    fn new() -> Names {
        Names {
            seen: HashMap::new(),
            taken: HashMap::new(),
        }
    }

    /// The variable for local `name` (without `%`), and whether this is
    /// its first appearance.
    fn var(&mut self, name: &str) -> (String, bool) {
        if let Some(v) = self.seen.get(name) {
            return (v.clone(), false);
        }
        let mut base: String = name
            .trim_matches('"')
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base = format!("TMP{base}");
        }
        let n = self.taken.entry(base.clone()).or_insert(0);
        *n += 1;
        let v = if *n == 1 { base } else { format!("{base}{n}") };
        self.seen.insert(name.to_string(), v.clone());
        (v, true)
    }
}

/// One IR line as a FileCheck pattern.
fn ir_pattern(line: &str, names: &mut Names) -> String {
    let local = Regex::new(r#"%("[^"]*"|[-\w.$]+)"#).unwrap();
    let label = Regex::new(r#"^("[^"]*"|[-\w.$]+):(.*)$"#).unwrap();
    let meta = Regex::new(r"!([0-9]+)\b").unwrap();
    let group = Regex::new(r"#([0-9]+)\b").unwrap();
    let (mut text, was_label) = match label.captures(line) {
        Some(c) => {
            let (v, first) = names.var(&c[1]);
            let head = if first {
                format!("[[{v}:.*]]:")
            } else {
                format!("[[{v}]]:")
            };
            (format!("{head}{}", &c[2]), true)
        }
        None => (line.to_string(), false),
    };
    if !was_label || text.contains('%') {
        text = local
            .replace_all(&text, |c: &regex::Captures| {
                let (v, first) = names.var(&c[1]);
                if first {
                    format!("[[{v}:%.*]]")
                } else {
                    format!("[[{v}]]")
                }
            })
            .into_owned();
    }
    text = meta.replace_all(&text, "![[META$1:[0-9]+]]").into_owned();
    // A metadata number seen twice would be defined twice: the first
    // definition of each stays, the later ones become uses.
    let mut defined = std::collections::HashSet::new();
    let redefined = Regex::new(r"\[\[(META[0-9]+):\[0-9\]\+\]\]").unwrap();
    text = redefined
        .replace_all(&text, |c: &regex::Captures| {
            if defined.insert(c[1].to_string()) {
                c[0].to_string()
            } else {
                format!("[[{}]]", &c[1])
            }
        })
        .into_owned();
    group.replace_all(&text, "#[[ATTR$1:[0-9]+]]").into_owned()
}

/// The test's IR (`input`) with CHECK lines (prefix `CHECK`) of `output`
/// under each `define` line of a function `output` defines too.
pub fn with_ir_checks(input: &str, output: &str) -> String {
    let functions = ir_functions(output);
    let by_name: HashMap<&str, &Body> = functions.iter().map(|b| (b.name.as_str(), b)).collect();
    let define = Regex::new(r"^define\b.*?@(\x22[^\x22]*\x22|[-\w.$]+)\(").unwrap();
    let mut out = String::new();
    // FileCheck variables are global to the file: one name space for all.
    let mut metas = Names::new();
    for line in input.lines() {
        out.push_str(line);
        out.push('\n');
        let Some(m) = define.captures(line) else {
            continue;
        };
        let Some(body) = by_name.get(&m[1]) else {
            continue;
        };
        let mut names = Names::new();
        names.taken = std::mem::take(&mut metas.taken);
        let head = &body.lines[0];
        let at = head.find(&format!("@{}(", body.name)).unwrap_or(0);
        let open = at + body.name.len() + 2;
        out.push_str(&format!("; CHECK-LABEL: {}\n", &head[..open]));
        let rest = ir_pattern(&head[open..], &mut names);
        out.push_str(&format!("; CHECK-SAME: {rest}\n"));
        let mut after_blank = false;
        for l in &body.lines[1..] {
            if l.trim().is_empty() {
                after_blank = true;
                continue;
            }
            let directive = if after_blank { "CHECK:" } else { "CHECK-NEXT:" };
            out.push_str(&format!(
                "; {directive} {}\n",
                ir_pattern(l, &mut names).trim_end()
            ));
            after_blank = false;
        }
        out.push_str(";\n");
        metas.taken = names.taken;
    }
    dedupe_definitions(&out)
}

/// A variable defined twice in one file (a label or value of the same name
/// in two functions) would be a redefinition, which FileCheck allows only
/// in a new CHECK-LABEL block: each function's variables are its own (the
/// CHECK-LABEL lines separate them), so nothing to do but keep the file
/// as it is; metadata numbers, global to the module, are made uses after
/// their first definition.
fn dedupe_definitions(text: &str) -> String {
    let def = Regex::new(r"\[\[(META[0-9]+|ATTR[0-9]+):\[0-9\]\+\]\]").unwrap();
    let mut seen = std::collections::HashSet::new();
    text.lines()
        .map(|l| {
            let line = def
                .replace_all(l, |c: &regex::Captures| {
                    if seen.insert(c[1].to_string()) {
                        c[0].to_string()
                    } else {
                        format!("[[{}]]", &c[1])
                    }
                })
                .into_owned();
            line + "\n"
        })
        .collect()
}

/// The test's IR with CHECK lines of the assembly `asm` llc wrote for each
/// function (its instructions and block labels, without directives).
pub fn with_asm_checks(input: &str, asm: &str) -> String {
    let define = Regex::new(r"^define\b.*?@(\x22[^\x22]*\x22|[-\w.$]+)\(").unwrap();
    let bodies = asm_functions(asm);
    let mut out = String::new();
    for line in input.lines() {
        out.push_str(line);
        out.push('\n');
        let Some(m) = define.captures(line) else {
            continue;
        };
        let name = m[1].trim_matches('"');
        let Some(lines) = bodies.get(name) else {
            continue;
        };
        out.push_str(&format!("; CHECK-LABEL: {name}:\n"));
        for (i, l) in lines.iter().enumerate() {
            let directive = if i == 0 { "CHECK:" } else { "CHECK-NEXT:" };
            out.push_str(&format!("; {directive} {}\n", escape_asm(l)));
        }
        out.push_str(";\n");
    }
    out
}

/// FileCheck reads `{{` and `[[` as patterns.
fn escape_asm(line: &str) -> String {
    line.replace("{{", "{{[{][{]}}").replace("[[", "{{\\[\\[}}")
}

/// Each function's assembly lines from its label to its end: instructions,
/// block labels and the `# %bb.N:` comments that stand for them.
fn asm_functions(asm: &str) -> HashMap<String, Vec<String>> {
    let mut out = HashMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for raw in asm.lines() {
        let line = raw.trim();
        if let Some((name, lines)) = &mut current {
            if line.starts_with(".Lfunc_end") || line == ".cfi_endproc" {
                out.insert(name.clone(), std::mem::take(lines));
                current = None;
                continue;
            }
            // What comes before the first block (`.cfi_startproc`) is
            // left out; from there, every line, as CHECK-NEXT needs.
            if line.is_empty()
                || (lines.is_empty() && line.starts_with('.') && !line.ends_with(':'))
            {
                continue;
            }
            // Comments after an instruction say what the printer knew
            // (the operation in words), not what the code does.
            let text = match line.find(" #") {
                Some(i) if !line.starts_with('#') => line[..i].trim_end(),
                _ => line,
            };
            lines.push(text.to_string());
        } else if let Some(name) = line
            .split(" #")
            .next()
            .unwrap_or("")
            .trim_end()
            .strip_suffix(':')
        {
            if !name.starts_with('.') && !raw.starts_with([' ', '\t']) && !name.contains(' ') {
                current = Some((name.trim_matches('"').to_string(), Vec::new()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_variables_defined_first_then_used() {
        let input = "define i32 @f(i32 %x) {\n  %y = add i32 %x, -1\n  ret i32 %y\n}\n";
        let output = "define i32 @f(i32 %x) #0 {\nentry:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";
        let got = with_ir_checks(input, output);
        assert!(got.contains("; CHECK-LABEL: define i32 @f(\n"), "{got}");
        assert!(
            got.contains("; CHECK-SAME: i32 [[X:%.*]]) #[[ATTR0:[0-9]+]] {"),
            "{got}"
        );
        assert!(got.contains("; CHECK-NEXT: [[ENTRY:.*]]:"), "{got}");
        assert!(
            got.contains("; CHECK-NEXT:   [[Y:%.*]] = add i32 [[X]], 1\n"),
            "{got}"
        );
        assert!(got.contains("; CHECK-NEXT:   ret i32 [[Y]]\n;\n"), "{got}");
        // The input stays as it was, the checks under its define line.
        assert!(
            got.starts_with("define i32 @f(i32 %x) {\n; CHECK-LABEL"),
            "{got}"
        );
    }

    #[test]
    fn assembly_keeps_instructions_and_blocks_not_directives() {
        let input = "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n";
        let asm = "\t.text\n\t.globl\tf\n\t.p2align\t4\n\t.type\tf,@function\nf:                 # @f\n\t.cfi_startproc\n# %bb.0:\n\tleal\t-1(%rdi), %eax # kill\n\tretq\n.Lfunc_end0:\n";
        let got = with_asm_checks(input, asm);
        assert!(got.contains("; CHECK-LABEL: f:\n; CHECK: # %bb.0:\n; CHECK-NEXT: leal\t-1(%rdi), %eax\n; CHECK-NEXT: retq\n"), "{got}");
    }
}
