//! New pass manager pipelines as `opt -print-pipeline-passes` prints them
//! (`a,function<eager-inv>(b,loop-mssa(c<x;y>)),d`): a tree whose leaves
//! are passes and whose inner nodes are adaptors and repeaters. The
//! smallest-pipeline stage takes single leaves out with their nesting, and
//! minimizes the list of leaves keeping the nesting of those it keeps.

use anyhow::{bail, Result};

/// A pass (a leaf) or an adaptor with its nested pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The name with its parameters: `instcombine<max-iterations=1>`.
    pub text: String,
    pub children: Option<Vec<Node>>,
}

impl Node {
    /// The name without parameters: `instcombine`.
    pub fn name(&self) -> &str {
        self.text.split('<').next().unwrap_or(&self.text)
    }
}

/// A pipeline: the top-level (module) nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline(pub Vec<Node>);

impl Pipeline {
    pub fn parse(text: &str) -> Result<Pipeline> {
        let chars: Vec<char> = text.trim().chars().collect();
        let mut at = 0;
        let nodes = parse_list(&chars, &mut at)?;
        if at != chars.len() {
            bail!("unexpected '{}' at {at} in the pipeline", chars[at]);
        }
        Ok(Pipeline(nodes))
    }

    pub fn render(&self) -> String {
        render_list(&self.0)
    }

    /// The leaves, in order, each with its adaptors (outermost first).
    pub fn leaves(&self) -> Vec<(Vec<String>, String)> {
        let mut out = Vec::new();
        walk(&self.0, &mut Vec::new(), &mut out);
        out
    }

    /// The pipeline with only the leaves `keep` says yes to (by their
    /// position in [`Pipeline::leaves`]); adaptors left empty go too.
    pub fn keep(&self, keep: &dyn Fn(usize) -> bool) -> Pipeline {
        let mut next = 0;
        Pipeline(filter(&self.0, keep, &mut next))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each distinct way `pass` appears, alone in its nesting:
    /// `cgscc(devirt<4>(function(instcombine<max-iterations=1>)))`.
    pub fn alone(&self, pass: &str) -> Vec<Pipeline> {
        let leaves = self.leaves();
        let mut out: Vec<Pipeline> = Vec::new();
        for (i, (_, leaf)) in leaves.iter().enumerate() {
            if leaf.split('<').next() != Some(pass) {
                continue;
            }
            let single = self.keep(&|j| j == i);
            if !out.contains(&single) {
                out.push(single);
            }
        }
        out
    }

    /// The positions of the leaves running `pass`.
    pub fn positions_of(&self, pass: &str) -> Vec<usize> {
        self.leaves()
            .iter()
            .enumerate()
            .filter(|(_, (_, leaf))| leaf.split('<').next() == Some(pass))
            .map(|(i, _)| i)
            .collect()
    }
}

fn parse_list(chars: &[char], at: &mut usize) -> Result<Vec<Node>> {
    let mut nodes = Vec::new();
    loop {
        if *at >= chars.len() || chars[*at] == ')' {
            return Ok(nodes);
        }
        nodes.push(parse_node(chars, at)?);
        match chars.get(*at) {
            Some(',') => *at += 1,
            Some(')') | None => return Ok(nodes),
            Some(c) => bail!("unexpected '{c}' at {} in the pipeline", *at),
        }
    }
}

fn parse_node(chars: &[char], at: &mut usize) -> Result<Node> {
    let mut text = String::new();
    let mut depth = 0usize;
    while let Some(&c) = chars.get(*at) {
        match c {
            '<' => depth += 1,
            '>' if depth > 0 => depth -= 1,
            ',' | '(' | ')' if depth == 0 => break,
            _ => {}
        }
        text.push(c);
        *at += 1;
    }
    if text.is_empty() {
        bail!("a pass name is missing at {} in the pipeline", *at);
    }
    let children = if chars.get(*at) == Some(&'(') {
        *at += 1;
        let list = parse_list(chars, at)?;
        if chars.get(*at) != Some(&')') {
            bail!("unbalanced '(' in the pipeline");
        }
        *at += 1;
        Some(list)
    } else {
        None
    };
    Ok(Node { text, children })
}

fn render_list(nodes: &[Node]) -> String {
    nodes
        .iter()
        .map(|n| match &n.children {
            Some(c) => format!("{}({})", n.text, render_list(c)),
            None => n.text.clone(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn walk(nodes: &[Node], path: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    for n in nodes {
        match &n.children {
            Some(c) => {
                path.push(n.text.clone());
                walk(c, path, out);
                path.pop();
            }
            None => out.push((path.clone(), n.text.clone())),
        }
    }
}

fn filter(nodes: &[Node], keep: &dyn Fn(usize) -> bool, next: &mut usize) -> Vec<Node> {
    let mut out = Vec::new();
    for n in nodes {
        match &n.children {
            Some(c) => {
                let kept = filter(c, keep, next);
                if !kept.is_empty() {
                    out.push(Node {
                        text: n.text.clone(),
                        children: Some(kept),
                    });
                }
            }
            None => {
                if keep(*next) {
                    out.push(n.clone());
                }
                *next += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const O2_PART: &str = "annotation2metadata,function<eager-inv>(lower-expect,simplifycfg<bonus-inst-threshold=1;no-sink-common-insts>),cgscc(devirt<4>(inline,function<eager-inv;no-rerun>(sroa<modify-cfg>,loop-mssa(licm<allowspeculation>),instcombine<max-iterations=1;no-verify-fixpoint>))),function(instcombine<max-iterations=1;no-verify-fixpoint>,require<no-op-function>),verify";

    #[test]
    fn parses_and_renders_back() {
        let p = Pipeline::parse(O2_PART).unwrap();
        assert_eq!(p.render(), O2_PART);
        let leaves = p.leaves();
        assert_eq!(leaves.len(), 10);
        assert_eq!(
            leaves[5],
            (
                vec![
                    "cgscc".to_string(),
                    "devirt<4>".into(),
                    "function<eager-inv;no-rerun>".into(),
                    "loop-mssa".into()
                ],
                "licm<allowspeculation>".to_string()
            )
        );
        assert!(Pipeline::parse("a,(b").is_err());
        assert!(Pipeline::parse("f(a").is_err());
    }

    #[test]
    fn a_pass_alone_in_its_nesting() {
        let p = Pipeline::parse(O2_PART).unwrap();
        let alone: Vec<String> = p.alone("instcombine").iter().map(|p| p.render()).collect();
        assert_eq!(
            alone,
            [
                "cgscc(devirt<4>(function<eager-inv;no-rerun>(instcombine<max-iterations=1;no-verify-fixpoint>)))",
                "function(instcombine<max-iterations=1;no-verify-fixpoint>)",
            ]
        );
        assert_eq!(p.alone("verify")[0].render(), "verify");
        assert!(p.alone("gvn").is_empty());
        assert_eq!(p.positions_of("instcombine"), [6, 7]);
    }

    #[test]
    fn keeping_leaves_drops_empty_adaptors() {
        let p = Pipeline::parse(O2_PART).unwrap();
        let kept = p.keep(&|i| i == 0 || i == 5);
        assert_eq!(
            kept.render(),
            "annotation2metadata,cgscc(devirt<4>(function<eager-inv;no-rerun>(loop-mssa(licm<allowspeculation>))))"
        );
        assert!(p.keep(&|_| false).is_empty());
    }
}
