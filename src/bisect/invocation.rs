//! One run of an LLVM tool whose pipeline can be bisected (`opt`, `llc`,
//! `clang`): its words, and the same run with flags added, the pipeline
//! replaced or a flag's value read. Where such a run sits in an oracle is
//! `inject`'s business; finding one in a RUN line is `lit_line`'s.

use std::path::Path;

use crate::oracle;

/// The LLVM tools whose pass pipelines can be bisected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Opt,
    Llc,
    Clang,
}

impl Tool {
    /// The tool a program is, by its file name (`opt`, `llc-22`,
    /// `/usr/bin/clang++`).
    pub fn of(program: &str) -> Option<Tool> {
        let name = Path::new(program).file_name()?.to_str()?;
        // A versioned name: `opt-22`, `clang++-22`.
        let name = match name.rsplit_once('-') {
            Some((base, version)) if version.chars().all(|c| c.is_ascii_digit()) => base,
            _ => name,
        };
        match name {
            "opt" => Some(Tool::Opt),
            "llc" => Some(Tool::Llc),
            "clang" | "clang++" => Some(Tool::Clang),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tool::Opt => "opt",
            Tool::Llc => "llc",
            Tool::Clang => "clang",
        }
    }
}

/// One run of an LLVM tool: its words, the program first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub tool: Tool,
    pub words: Vec<String>,
}

/// `-O2`, `-Os`, ...
fn is_opt_level(word: &str) -> bool {
    matches!(
        word,
        "-O0"
            | "-O1"
            | "-O2"
            | "-O3"
            | "-Os"
            | "-Oz"
            | "-Og"
            | "-O"
            | "--O0"
            | "--O1"
            | "--O2"
            | "--O3"
    )
}

/// The name of a `-flag=value` or `-flag`, without its dashes.
fn flag_name(word: &str) -> &str {
    word.trim_start_matches('-').split('=').next().unwrap_or("")
}

impl Invocation {
    /// How many words lead the command and stay first: the program, and
    /// `-cc1` for clang's compiler proper (which must come right after it).
    fn head(&self) -> usize {
        if self.tool == Tool::Clang && self.words.get(1).is_some_and(|w| w == "-cc1") {
            2
        } else {
            1
        }
    }

    /// The invocation with `flags` right after the program (each behind
    /// `-mllvm` for clang, which hands them to LLVM), and after the flags
    /// that load plugins: opt reads its flags in order, and a plugin's
    /// debug counter is unknown until the plugin is loaded.
    pub fn with_flags(&self, flags: &[String]) -> Invocation {
        let loads = |w: &String| {
            let name = flag_name(w);
            w.starts_with('-')
                && w.contains('=')
                && matches!(name, "load" | "load-pass-plugin" | "fpass-plugin")
        };
        let head = self.head();
        let mut words = self.words[..head].to_vec();
        words.extend(self.words[head..].iter().filter(|w| loads(w)).cloned());
        for f in flags {
            if self.tool == Tool::Clang {
                words.push("-mllvm".into());
            }
            words.push(f.clone());
        }
        words.extend(self.words[head..].iter().filter(|w| !loads(w)).cloned());
        Invocation {
            tool: self.tool,
            words,
        }
    }

    /// The pass plugins the invocation loads (`-load-pass-plugin=P`,
    /// clang's `-fpass-plugin=P`), in order.
    pub fn plugins(&self) -> Vec<&Path> {
        self.words[1..]
            .iter()
            .filter(|w| w.starts_with('-'))
            .filter_map(|w| w.split_once('='))
            .filter(|(flag, _)| matches!(flag_name(flag), "load-pass-plugin" | "fpass-plugin"))
            .map(|(_, path)| Path::new(path))
            .collect()
    }

    /// Which of the words (by index) select the pipeline, with the value
    /// word of a two-word flag.
    pub fn pipeline_positions(&self) -> Vec<usize> {
        let mut at = Vec::new();
        let mut i = 1;
        while i < self.words.len() {
            let w = &self.words[i];
            let name = flag_name(w);
            let takes_next = !w.contains('=');
            let selects = is_opt_level(w)
                || match self.tool {
                    Tool::Opt => matches!(name, "passes" | "p") && w.starts_with('-'),
                    Tool::Llc => {
                        w.starts_with('-')
                            && matches!(
                                name,
                                "start-before"
                                    | "start-after"
                                    | "stop-before"
                                    | "stop-after"
                                    | "run-pass"
                            )
                    }
                    Tool::Clang => false,
                };
            if selects {
                at.push(i);
                if takes_next && !is_opt_level(w) && i + 1 < self.words.len() {
                    at.push(i + 1);
                    i += 1;
                }
            }
            i += 1;
        }
        at
    }

    /// The words that select the pipeline (`-O2`, `-passes=...`,
    /// `-start-before=...`).
    pub fn pipeline_args(&self) -> Vec<String> {
        self.pipeline_positions()
            .into_iter()
            .map(|i| self.words[i].clone())
            .collect()
    }

    /// The invocation with its pipeline selected by `args` instead.
    pub fn with_pipeline(&self, args: &[String]) -> Invocation {
        let drop = self.pipeline_positions();
        let head = self.head();
        let mut words = self.words[..head].to_vec();
        words.extend(args.iter().cloned());
        words.extend(
            self.words
                .iter()
                .enumerate()
                .skip(head)
                .filter(|(i, _)| !drop.contains(i))
                .map(|(_, w)| w.clone()),
        );
        Invocation {
            tool: self.tool,
            words,
        }
    }

    /// The invocation with its output (`-o`, `-S`, `-disable-output`)
    /// replaced by `output`.
    pub fn with_output(&self, output: &[String]) -> Invocation {
        let mut words = vec![self.words[0].clone()];
        let mut i = 1;
        while i < self.words.len() {
            let w = &self.words[i];
            if w == "-o" || w == "--o" {
                i += 2;
                continue;
            }
            if w.starts_with("-o=")
                || w.starts_with("--o=")
                || w == "-disable-output"
                || w == "--disable-output"
            {
                i += 1;
                continue;
            }
            words.push(w.clone());
            i += 1;
        }
        words.extend(output.iter().cloned());
        Invocation {
            tool: self.tool,
            words,
        }
    }

    /// The value of `-NAME=VALUE` or `-NAME VALUE`, if given.
    pub fn value_of(&self, name: &str) -> Option<String> {
        let mut words = self.words.iter().skip(1);
        while let Some(w) = words.next() {
            if w.starts_with('-') && flag_name(w) == name {
                return match w.split_once('=') {
                    Some((_, v)) => Some(v.to_string()),
                    None => words.next().cloned(),
                };
            }
        }
        None
    }

    /// The invocation as a shell line.
    pub fn display(&self) -> String {
        oracle::command::join(&self.words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc1_stays_right_after_clang() {
        let cc1 = Invocation {
            tool: Tool::Clang,
            words: ["clang", "-cc1", "-O2", "-emit-obj", "-x", "ir", "%s"]
                .map(String::from)
                .to_vec(),
        };
        assert_eq!(
            cc1.with_flags(&["-opt-bisect-limit=3".into()]).words[..4],
            ["clang", "-cc1", "-mllvm", "-opt-bisect-limit=3"]
        );
        assert_eq!(
            cc1.with_pipeline(&["-O1".into()]).words[..3],
            ["clang", "-cc1", "-O1"]
        );
    }

    #[test]
    fn plugins_are_found_in_opt_and_clang_words() {
        let opt = Invocation {
            tool: Tool::Opt,
            words: [
                "opt",
                "-load-pass-plugin=/p/a.so",
                "--load-pass-plugin=b.so",
                "-O2",
                "%s",
            ]
            .map(String::from)
            .to_vec(),
        };
        assert_eq!(opt.plugins(), [Path::new("/p/a.so"), Path::new("b.so")]);
        let clang = Invocation {
            tool: Tool::Clang,
            words: ["clang", "-O2", "-fpass-plugin=/p/c.so", "-c", "%s"]
                .map(String::from)
                .to_vec(),
        };
        assert_eq!(clang.plugins(), [Path::new("/p/c.so")]);
    }
}
