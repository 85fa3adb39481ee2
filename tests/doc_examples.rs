//! The examples of README.md and docs/ cannot rot: every code block marked
//! `<!-- doctest -->` (and, optionally, `<!-- expect: TEXT -->`, a line its
//! output must contain) runs here from the repository's root, with this
//! build's `whittle` and LLVM's tools first on PATH, and must exit 0. The
//! examples are written for LLVM 22 (its IR, its crashes): a build for
//! another LLVM skips them.

use std::path::{Path, PathBuf};
use std::process::Command;

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

/// A marked block: where it is, its commands, the line its output must have.
#[derive(Debug)]
struct Example {
    at: String,
    script: String,
    expect: Vec<String>,
}

/// The marked blocks of one Markdown text.
fn examples(path: &Path, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "<!-- doctest -->" {
            i += 1;
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let mut expect = Vec::new();
        i += 1;
        while let Some(text) = lines
            .get(i)
            .and_then(|l| l.trim().strip_prefix("<!-- expect:"))
            .and_then(|l| l.strip_suffix("-->"))
        {
            expect.push(text.trim().to_string());
            i += 1;
        }
        assert!(
            lines.get(i).is_some_and(|l| l.starts_with("```")),
            "{at}: <!-- doctest --> is not followed by a code block"
        );
        i += 1;
        let mut script = String::new();
        while i < lines.len() && !lines[i].starts_with("```") {
            script.push_str(lines[i]);
            script.push('\n');
            i += 1;
        }
        out.push(Example { at, script, expect });
    }
    out
}

fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    docs.retain(|p| p.extension().is_some_and(|e| e == "md"));
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn marked_examples_are_found() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all: Vec<Example> = markdown_files(root)
        .iter()
        .flat_map(|f| examples(f, &std::fs::read_to_string(f).unwrap()))
        .collect();
    assert!(
        all.len() >= 5,
        "only {} marked examples: {all:?}",
        all.len()
    );
    let parsed = examples(
        Path::new("x.md"),
        "<!-- doctest -->\n<!-- expect: done -->\n```sh\necho done\n```\n",
    );
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].script, "echo done\n");
    assert_eq!(parsed[0].expect, ["done"]);
}

#[test]
fn every_marked_example_runs() {
    let llvm = env!("WHITTLE_LLVM_VERSION");
    if !llvm.starts_with("22.") {
        eprintln!("the examples are written for LLVM 22; this whittle is for {llvm}: skipped");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = Path::new(WHITTLE).parent().unwrap();
    let llvm_bin = Path::new(env!("WHITTLE_LLVM_PREFIX")).join("bin");
    let path = std::env::join_paths([bin.to_path_buf(), llvm_bin].into_iter().chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut failed = Vec::new();
    let mut ran = 0;
    // An example that two pages show (README's recipe, the tutorial's
    // step) runs once; each page's expected output is checked on it.
    let mut done: std::collections::HashMap<String, (std::process::ExitStatus, String)> =
        Default::default();
    for file in markdown_files(root) {
        for example in examples(&file, &std::fs::read_to_string(&file).unwrap()) {
            ran += 1;
            let (status, said) = done
                .entry(example.script.clone())
                .or_insert_with(|| {
                    let out = Command::new("bash")
                        .args(["-e", "-o", "pipefail", "-c", &example.script])
                        .current_dir(root)
                        .env("PATH", &path)
                        .output()
                        .unwrap();
                    let said = format!(
                        "{}{}",
                        String::from_utf8_lossy(&out.stdout),
                        String::from_utf8_lossy(&out.stderr)
                    );
                    (out.status, said)
                })
                .clone();
            let out = std::process::Output {
                status,
                stdout: Vec::new(),
                stderr: Vec::new(),
            };
            if !out.status.success() {
                failed.push(format!(
                    "{}: {} ({})\n{said}",
                    example.at,
                    example.script.trim(),
                    out.status
                ));
            } else if let Some(missing) = example.expect.iter().find(|e| !said.contains(e.as_str()))
            {
                failed.push(format!(
                    "{}: {}: its output lacks {missing:?}\n{said}",
                    example.at,
                    example.script.trim()
                ));
            }
        }
    }
    assert!(ran >= 5, "only {ran} examples ran");
    assert!(
        failed.is_empty(),
        "examples that no longer work:\n{}",
        failed.join("\n")
    );
}

/// `bench/report.py --check` with `args`, from the repository's root: its
/// success and what it said.
fn report_check(args: &[&Path]) -> (bool, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cmd = Command::new("python3");
    cmd.current_dir(root).args(["bench/report.py", "--check"]);
    for (flag, path) in ["--readme", "--page"].iter().zip(args) {
        cmd.arg(flag).arg(path);
    }
    let out = cmd.output().expect("python3 runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// docs/benchmarks.md and README's benchmark figures are what the committed
/// results in bench/results/ give, and a figure changed by hand is caught.
#[test]
fn benchmark_figures_are_those_of_the_committed_results() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (ok, said) = report_check(&[]);
    assert!(ok, "{said}");

    let dir = tempfile::tempdir().unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let page = std::fs::read_to_string(root.join("docs/benchmarks.md")).unwrap();
    let (readme_copy, page_copy) = (dir.path().join("README.md"), dir.path().join("b.md"));
    std::fs::write(&page_copy, &page).unwrap();

    // One README figure changed: the check names it.
    let marker = "<!--fig:llvm22.calls.median-->";
    let at = readme
        .find(marker)
        .expect("README quotes llvm22.calls.median")
        + marker.len();
    let end = at + readme[at..].find("<!--/fig-->").unwrap();
    let changed = format!("{}9.99{}", &readme[..at], &readme[end..]);
    std::fs::write(&readme_copy, changed).unwrap();
    let (ok, said) = report_check(&[&readme_copy, &page_copy]);
    assert!(!ok && said.contains("llvm22.calls.median"), "{said}");

    // One figure of the page changed: the check fails.
    std::fs::write(&readme_copy, &readme).unwrap();
    assert!(report_check(&[&readme_copy, &page_copy]).0);
    let ratio = page.find("| 0.").expect("a ratio in a table");
    let mut edited = page.clone();
    edited.replace_range(ratio + 2..ratio + 6, "9.99");
    std::fs::write(&page_copy, edited).unwrap();
    let (ok, said) = report_check(&[&readme_copy, &page_copy]);
    assert!(!ok && said.contains("is not what"), "{said}");
}
