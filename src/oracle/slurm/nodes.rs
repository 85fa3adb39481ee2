//! The cluster's nodes as the Slurm executor sees them: which to keep tests
//! away from, and what each did. A node where a run failed is avoided at
//! once, for a while: Slurm takes seconds (on a real cluster, minutes) to
//! notice a dead or hung node, and goes on scheduling onto it meanwhile.
//! From the first failure on, Slurm's own view (`sinfo`) is read again every
//! few seconds, and a node is avoided while Slurm reports it down, drained,
//! failing or not responding. A node Slurm reports healthy again is used
//! again (unless `--executor-exclude-failed`). When Slurm reports no node
//! up at all, no run is started: the test fails as infrastructure at once.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use std::sync::Mutex;
use whittle_reducer::NodeStats;

/// How long a node where a run failed is avoided, whatever Slurm says.
const SUSPECT_FOR: Duration = Duration::from_secs(10);

/// How often Slurm's view is read again once something failed.
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Where tests can run: a partition (the default one when `None`), or the
/// nodes of the allocation whittle runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    Partition(Option<String>),
    Allocation(String),
}

impl Scope {
    /// The scope of tests started with the user's srun arguments, inside
    /// the allocation whose node list is `allocation_nodes`, if any.
    pub fn of(user_args: &[String], allocation_nodes: Option<String>) -> Scope {
        if let Some(nodes) = allocation_nodes.filter(|n| !n.is_empty()) {
            return Scope::Allocation(nodes);
        }
        let mut partition = None;
        let mut args = user_args.iter();
        while let Some(a) = args.next() {
            if let Some(p) = a.strip_prefix("--partition=") {
                partition = Some(p.to_string());
            } else if a == "--partition" || a == "-p" {
                partition = args.next().cloned();
            } else if let Some(p) = a.strip_prefix("-p").filter(|p| !p.is_empty()) {
                partition = Some(p.to_string());
            }
        }
        Scope::Partition(partition)
    }

    fn sinfo_args(&self) -> Vec<String> {
        let mut args: Vec<String> = vec!["-h".into(), "-N".into(), "-o".into(), "%N %T".into()];
        match self {
            Scope::Partition(Some(p)) => args.extend(["-p".into(), p.clone()]),
            Scope::Partition(None) => {}
            Scope::Allocation(nodes) => args.extend(["-n".into(), nodes.clone()]),
        }
        args
    }
}

/// Whether Slurm's state of a node (`sinfo -o %T`) keeps tests away from
/// it: a trailing `*` is "not responding"; down, drained, failing, in
/// maintenance, rebooting or not registered yet.
pub fn unhealthy(state: &str) -> bool {
    let state = state.trim();
    if state.ends_with('*') || state.ends_with('~') || state.ends_with('#') {
        return true;
    }
    ![
        "idle",
        "mixed",
        "allocated",
        "completing",
        "planned",
        "reserved",
    ]
    .iter()
    .any(|good| state.starts_with(good))
}

/// `sinfo -N -o '%N %T'`'s lines as (node, state), each node once.
pub fn parse_sinfo(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .collect()
}

#[derive(Default)]
struct State {
    counts: BTreeMap<String, NodeStats>,
    /// When a run last failed on each node.
    failed_at: BTreeMap<String, Instant>,
    /// Nodes never used again (`--executor-exclude-failed`).
    banned: BTreeSet<String>,
    /// Slurm's view at the last look, and when that was.
    seen: BTreeMap<String, String>,
    looked: Option<Instant>,
    any_failure: bool,
}

/// The nodes of one reduction's tests.
pub struct Nodes {
    scope: Scope,
    ban_failed: bool,
    state: Mutex<State>,
}

impl Nodes {
    pub fn new(scope: Scope, ban_failed: bool) -> Nodes {
        Nodes {
            scope,
            ban_failed,
            state: Mutex::default(),
        }
    }

    /// A run on `node` answered.
    pub fn answered(&self, node: &str) {
        let mut state = self.state.lock().unwrap();
        entry(&mut state.counts, node).answered += 1;
    }

    /// A run failed, on `node` when known.
    pub fn failed(&self, node: Option<&str>) {
        let mut state = self.state.lock().unwrap();
        state.any_failure = true;
        // Look again at the next choice: Slurm may know more by now.
        state.looked = None;
        if let Some(node) = node {
            entry(&mut state.counts, node).failures += 1;
            state.failed_at.insert(node.to_string(), Instant::now());
            if self.ban_failed {
                state.banned.insert(node.to_string());
            }
        }
    }

    /// The nodes the next run of a test must not go to: where Slurm reports
    /// trouble, where a run failed lately, and `tried` (where this test
    /// already failed), as long as some node is left. `Err` says why no
    /// node is: Slurm reports every node of the scope unhealthy.
    pub fn avoid(&self, tried: &[String]) -> Result<Vec<String>, String> {
        let mut state = self.state.lock().unwrap();
        if !state.any_failure {
            return Ok(tried.to_vec());
        }
        if state.looked.is_none_or(|t| t.elapsed() >= LOOK_EVERY) {
            if let Some(seen) = look(&self.scope) {
                state.seen = seen;
            }
            state.looked = Some(Instant::now());
        }
        let now = Instant::now();
        let down: BTreeSet<String> = state
            .seen
            .iter()
            .filter(|(_, s)| unhealthy(s))
            .map(|(n, _)| n.clone())
            .collect();
        if !state.seen.is_empty() && down.len() == state.seen.len() {
            let states: Vec<String> = state.seen.iter().map(|(n, s)| format!("{n} {s}")).collect();
            return Err(format!(
                "Slurm reports no node {} up ({})",
                match &self.scope {
                    Scope::Partition(Some(p)) => format!("of partition {p}"),
                    Scope::Partition(None) => "of the default partition".into(),
                    Scope::Allocation(_) => "of the allocation".into(),
                },
                states.join(", ")
            ));
        }
        let suspect: BTreeSet<String> = state
            .failed_at
            .iter()
            .filter(|(_, t)| now.duration_since(**t) < SUSPECT_FOR)
            .map(|(n, _)| n.clone())
            .chain(state.banned.iter().cloned())
            .chain(tried.iter().cloned())
            .collect();
        let mut avoid: BTreeSet<String> = down.union(&suspect).cloned().collect();
        // Only names Slurm knows: srun refuses an --exclude naming another
        // ("Invalid node name specified"), which a name read from an odd
        // error message would otherwise cause on every retry.
        if !state.seen.is_empty() {
            avoid.retain(|n| state.seen.contains_key(n));
        }
        // Never exclude every node Slurm knows of: srun would refuse the run
        // outright. What Slurm reports down stays out; the suspects go back.
        if !state.seen.is_empty() && state.seen.keys().all(|n| avoid.contains(n)) {
            avoid = down;
        }
        Ok(avoid.into_iter().collect())
    }

    /// What each node did, by name.
    pub fn stats(&self) -> Vec<NodeStats> {
        self.state
            .lock()
            .unwrap()
            .counts
            .values()
            .cloned()
            .collect()
    }
}

fn entry<'a>(counts: &'a mut BTreeMap<String, NodeStats>, node: &str) -> &'a mut NodeStats {
    counts.entry(node.to_string()).or_insert_with(|| NodeStats {
        name: node.to_string(),
        ..NodeStats::default()
    })
}

/// Slurm's view of the scope's nodes; None when sinfo cannot tell.
fn look(scope: &Scope) -> Option<BTreeMap<String, String>> {
    let out = Command::new("sinfo")
        .args(scope.sinfo_args())
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let seen = parse_sinfo(&String::from_utf8_lossy(&out.stdout));
    (!seen.is_empty()).then_some(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn slurm_states_that_keep_tests_away() {
        for bad in [
            "down*", "down", "idle*", "mixed*", "drained", "draining", "fail", "failing",
            "unknown", "future", "maint", "reboot^", "idle~", "inval",
        ] {
            assert!(unhealthy(bad), "{bad}");
        }
        for good in [
            "idle",
            "mixed",
            "allocated",
            "completing",
            "reserved",
            "planned",
        ] {
            assert!(!unhealthy(good), "{good}");
        }
    }

    #[test]
    fn the_scope_is_the_users_partition_or_the_allocation() {
        assert_eq!(Scope::of(&[], None), Scope::Partition(None));
        for args in [
            strings(&["--partition=gpu"]),
            strings(&["--time=5", "-p", "gpu"]),
            strings(&["-pgpu"]),
            strings(&["--partition", "gpu"]),
        ] {
            assert_eq!(
                Scope::of(&args, None),
                Scope::Partition(Some("gpu".into())),
                "{args:?}"
            );
        }
        assert_eq!(
            Scope::of(&strings(&["-p", "gpu"]), Some("n[1-4]".into())),
            Scope::Allocation("n[1-4]".into())
        );
        assert_eq!(
            Scope::Allocation("n[1-2]".into()).sinfo_args(),
            strings(&["-h", "-N", "-o", "%N %T", "-n", "n[1-2]"])
        );
    }

    #[test]
    fn sinfo_lines_are_read_once_per_node() {
        let seen = parse_sinfo("node1 idle\nnode2 down*\nnode1 idle\n\n");
        assert_eq!(seen.len(), 2);
        assert_eq!(seen["node2"], "down*");
    }

    /// Nodes whose Slurm view is `seen`, as if just looked at.
    fn nodes_seeing(seen: &str, ban: bool) -> Nodes {
        let nodes = Nodes::new(Scope::Partition(Some("none".into())), ban);
        {
            let mut s = nodes.state.lock().unwrap();
            s.any_failure = true;
            s.seen = parse_sinfo(seen);
            s.looked = Some(Instant::now());
        }
        nodes
    }

    #[test]
    fn before_any_failure_only_the_tests_own_nodes_are_avoided() {
        let nodes = Nodes::new(Scope::Partition(None), false);
        nodes.answered("node1");
        assert_eq!(nodes.avoid(&[]).unwrap(), Vec::<String>::new());
        assert_eq!(
            nodes.avoid(&strings(&["node2"])).unwrap(),
            strings(&["node2"])
        );
        assert_eq!(nodes.stats()[0].answered, 1);
    }

    #[test]
    fn down_and_failed_nodes_are_avoided_while_one_is_left() {
        let nodes = nodes_seeing("node1 idle\nnode2 down*\nnode3 idle\n", false);
        assert_eq!(nodes.avoid(&[]).unwrap(), strings(&["node2"]));
        // A failure on node3 that Slurm has not noticed: avoided too.
        nodes
            .state
            .lock()
            .unwrap()
            .failed_at
            .insert("node3".into(), Instant::now());
        assert_eq!(nodes.avoid(&[]).unwrap(), strings(&["node2", "node3"]));
        // The suspects never shut the last healthy node out.
        assert_eq!(
            nodes.avoid(&strings(&["node1"])).unwrap(),
            strings(&["node2"])
        );
        // A while later the suspect is used again.
        nodes
            .state
            .lock()
            .unwrap()
            .failed_at
            .insert("node3".into(), Instant::now() - SUSPECT_FOR);
        assert_eq!(nodes.avoid(&[]).unwrap(), strings(&["node2"]));
    }

    #[test]
    fn names_slurm_does_not_know_are_never_excluded() {
        let nodes = nodes_seeing("node1 idle\nnode2 idle\nnode3 idle\n", false);
        nodes.failed(Some("0"));
        nodes.failed(Some("node2"));
        assert_eq!(
            nodes.avoid(&strings(&["0", "node3"])).unwrap(),
            strings(&["node2", "node3"])
        );
    }

    #[test]
    fn with_exclude_failed_a_failed_node_stays_out() {
        let nodes = nodes_seeing("node1 idle\nnode2 idle\n", true);
        nodes.failed(Some("node2"));
        nodes.state.lock().unwrap().looked = Some(Instant::now());
        nodes
            .state
            .lock()
            .unwrap()
            .failed_at
            .insert("node2".into(), Instant::now() - SUSPECT_FOR);
        assert_eq!(nodes.avoid(&[]).unwrap(), strings(&["node2"]));
        assert_eq!(nodes.stats()[0].failures, 1);
    }

    #[test]
    fn no_node_up_is_an_error_naming_their_states() {
        let nodes = nodes_seeing("node1 down*\nnode2 idle*\n", false);
        let e = nodes.avoid(&[]).unwrap_err();
        assert_eq!(
            e,
            "Slurm reports no node of partition none up (node1 down*, node2 idle*)"
        );
    }
}
