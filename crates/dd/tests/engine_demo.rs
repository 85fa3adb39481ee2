//! The WDD chapter's demo (../shared/seeds/wdd-chapter.txt): a program with
//! one heavy function that holds the crash and six one-leaf noise functions.
//! HDD must reduce it to the crash token's path in exactly 13 oracle calls
//! with ddmin as the inner minimizer and exactly 8 with WDD.

use std::collections::{BTreeMap, HashMap};

use whittle_dd::{
    hdd, Config, DDMin, HddOptions, Hierarchy, Judge, MinimizerFactory, Verdict, Wdd,
};

/// A parse tree: node id -> (label, children).
struct Tree {
    nodes: BTreeMap<u32, (&'static str, Vec<u32>)>,
    root: u32,
}

impl Tree {
    fn demo() -> Tree {
        let mut nodes = BTreeMap::new();
        let mut add = |id: u32, label: &'static str, children: &[u32]| {
            nodes.insert(id, (label, children.to_vec()));
        };
        add(0, "program", &[1, 2, 3, 4, 5, 6, 7]);
        add(1, "fn big", &[8, 20, 21, 22, 23]);
        add(8, "block", &[9, 30, 31, 32]);
        add(9, "if", &[40, 11]);
        add(40, "guard", &[]);
        add(11, "crash()", &[]);
        for stmt in [20, 21, 22, 23, 30, 31, 32] {
            add(stmt, "stmt", &[]);
        }
        for (id, name) in [
            (2, "fn n2"),
            (3, "fn n3"),
            (4, "fn n4"),
            (5, "fn n5"),
            (6, "fn n6"),
            (7, "fn n7"),
        ] {
            add(id, name, &[]);
        }
        Tree { nodes, root: 0 }
    }

    fn children(&self, id: u32) -> &[u32] {
        &self.nodes[&id].1
    }

    /// Nodes at `depth`, in id order.
    fn at_depth(&self, depth: usize) -> Vec<u32> {
        let mut frontier = vec![self.root];
        for _ in 0..depth {
            frontier = frontier
                .iter()
                .flat_map(|&n| self.children(n).to_vec())
                .collect();
        }
        frontier.sort_unstable();
        frontier
    }

    fn max_depth(&self) -> usize {
        (0..).find(|&d| self.at_depth(d + 1).is_empty()).unwrap()
    }

    fn leaves_under(&self, id: u32) -> Vec<u32> {
        if self.children(id).is_empty() {
            return vec![id];
        }
        self.children(id)
            .iter()
            .flat_map(|&c| self.leaves_under(c))
            .collect()
    }

    /// Render the part of the tree that still holds a surviving leaf.
    fn render(&self, id: u32, alive: &Config<u32>) -> String {
        let kids: Vec<String> = self
            .children(id)
            .iter()
            .filter(|&&c| self.leaves_under(c).iter().any(|l| alive.contains(l)))
            .map(|&c| self.render(c, alive))
            .collect();
        if kids.is_empty() {
            self.nodes[&id].0.to_string()
        } else {
            format!("{} {{ {} }}", self.nodes[&id].0, kids.join("; "))
        }
    }
}

/// The demo as a hierarchy: level k is depth k + 1 (the root is never a
/// candidate), the state is the set of surviving leaves, and a target is a
/// level node that still has a surviving leaf under it.
struct Demo<'t> {
    tree: &'t Tree,
    alive: Config<u32>,
    level_nodes: Vec<u32>,
    calls: usize,
}

impl Demo<'_> {
    fn candidate(&self, kept: &Config<usize>) -> Config<u32> {
        let mut alive = self.alive.clone();
        for (i, &node) in self.level_nodes.iter().enumerate() {
            if !kept.contains(&i) {
                for leaf in self.tree.leaves_under(node) {
                    alive.remove(&leaf);
                }
            }
        }
        alive
    }
}

impl Judge<usize> for Demo<'_> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        for (i, kept) in candidates.enumerate() {
            self.calls += 1;
            let verdict = if self.candidate(&kept).contains(&11) {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            };
            if verdict == Verdict::Interesting {
                return Some((i, kept));
            }
        }
        None
    }
}

impl Hierarchy for Demo<'_> {
    fn level_count(&self) -> usize {
        self.tree.max_depth()
    }

    fn enter(&mut self, level: usize) -> Vec<u64> {
        let alive = &self.alive;
        let tree = self.tree;
        self.level_nodes = tree
            .at_depth(level + 1)
            .into_iter()
            .filter(|&n| tree.leaves_under(n).iter().any(|l| alive.contains(l)))
            .collect();
        self.level_nodes
            .iter()
            .map(|&n| tree.leaves_under(n).len() as u64)
            .collect()
    }

    fn finish_level(&mut self, kept: &Config<usize>) -> bool {
        let next = self.candidate(kept);
        let changed = next != self.alive;
        self.alive = next;
        changed
    }
}

fn run(new_minimizer: MinimizerFactory<'_>) -> (String, usize) {
    let tree = Tree::demo();
    let all: Config<u32> = tree.leaves_under(tree.root).into_iter().collect();
    let mut demo = Demo {
        tree: &tree,
        alive: all,
        level_nodes: Vec::new(),
        calls: 0,
    };
    // One coarse-to-fine descent, as in the chapter (no fixpoint sweeps).
    hdd(
        &mut demo,
        new_minimizer,
        HddOptions {
            max_sweeps: 1,
            partial_sweeps: false,
        },
    );
    (tree.render(tree.root, &demo.alive), demo.calls)
}

const EXPECTED: &str = "program { fn big { block { if { crash() } } } }";

#[test]
fn hdd_with_ddmin_takes_13_calls() {
    let (result, calls) = run(&|_, _| Box::new(DDMin::new()));
    assert_eq!(result, EXPECTED);
    assert_eq!(calls, 13);
}

#[test]
fn hdd_with_wdd_takes_8_calls() {
    let (result, calls) = run(&|_, weights| {
        let map: HashMap<usize, u64> = weights.iter().copied().enumerate().collect();
        Box::new(Wdd::new(map))
    });
    assert_eq!(result, EXPECTED);
    assert_eq!(calls, 8);
}
