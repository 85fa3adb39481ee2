//! The run's state: the smallest interesting module so far, and the output
//! file that always holds it. Every accepted candidate is written out at
//! once (atomically), so an interrupted run loses nothing; its snapshot is
//! also kept (on disk, in the scratch tree), so that a result whose final
//! re-check fails can fall back on an earlier one.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;

use crate::frontend::{Kept, Snapshot};
use crate::output::write_atomically;

/// The smallest interesting module so far.
pub struct Current {
    pub snapshot: Snapshot,
    /// Hash of its bytes as handed to the test (unknown until the input has
    /// been tested).
    pub hash: Option<blake3::Hash>,
    /// Its bytes in the output format.
    pub output: Vec<u8>,
    /// Its size in the front end's unit.
    pub size: u64,
    /// The length of its bytes as handed to the test (0 until tested).
    pub test_bytes: u64,
    next_version: u64,
    path: PathBuf,
    /// Text written before the module in the output (the RUN and CHECK
    /// lines of a reduced lit test).
    header: Option<Vec<u8>>,
    /// The modules accepted so far, the input first.
    history: History,
}

/// A module accepted during the run, as it can be rebuilt: its snapshot's
/// bytes are in a file of the history directory.
#[derive(Clone, Debug)]
pub struct Accepted {
    pub version: u64,
    pub size: u64,
    bytes: u64,
    file: PathBuf,
    module_id: Arc<str>,
}

impl Accepted {
    /// Read the module's snapshot back.
    pub fn snapshot(&self) -> Result<Snapshot> {
        Ok(Snapshot {
            version: self.version,
            bytes: Arc::new(fs::read(&self.file)?),
            module_id: self.module_id.clone(),
        })
    }
}

/// How many bytes of accepted snapshots are kept at most: past that the
/// oldest (least reduced) go first, the input staying the last resort.
const HISTORY_BUDGET: u64 = 256 << 20;

/// The accepted modules, kept where they cost no memory.
struct History {
    /// None when it could not be created (nothing is kept then).
    dir: Option<PathBuf>,
    accepted: Vec<Accepted>,
    /// Bytes of the snapshots kept.
    bytes: u64,
    budget: u64,
    /// The input as it was tested at the start (the last resort, which
    /// needs no re-test): its snapshot and output bytes.
    input: Option<(Snapshot, Vec<u8>, u64)>,
}

impl History {
    fn record(&mut self, snapshot: &Snapshot, size: u64) {
        let Some(dir) = &self.dir else {
            return;
        };
        let file = dir.join(format!("{}.snapshot", snapshot.version));
        // Best effort: a module that cannot be kept is only one fallback
        // fewer.
        if fs::write(&file, &*snapshot.bytes).is_ok() {
            self.bytes += snapshot.bytes.len() as u64;
            self.accepted.push(Accepted {
                version: snapshot.version,
                size,
                bytes: snapshot.bytes.len() as u64,
                file,
                module_id: snapshot.module_id.clone(),
            });
        }
        while self.bytes > self.budget && self.accepted.len() > 1 {
            let oldest = self.accepted.remove(0);
            self.bytes -= oldest.bytes;
            let _ = fs::remove_file(&oldest.file);
        }
    }

    /// Forget the modules accepted after `version` (a walk back went to
    /// it: they were built on a result that failed its re-check, and are no
    /// fallbacks of what is built from now on).
    fn forget_after(&mut self, version: u64) {
        let (kept, dropped): (Vec<Accepted>, Vec<Accepted>) = std::mem::take(&mut self.accepted)
            .into_iter()
            .partition(|a| a.version <= version);
        for a in dropped {
            self.bytes -= a.bytes;
            let _ = fs::remove_file(&a.file);
        }
        self.accepted = kept;
    }
}

impl Current {
    /// The input, to be saved at `path` (after `header`); accepted modules
    /// are kept in `history_dir` (created if needed; none kept without it).
    pub fn new(
        snapshot: Snapshot,
        size: u64,
        path: PathBuf,
        header: Option<Vec<u8>>,
        history_dir: Option<&Path>,
    ) -> Current {
        let dir = history_dir.and_then(|d| fs::create_dir_all(d).ok().map(|()| d.to_path_buf()));
        Current {
            snapshot,
            hash: None,
            output: Vec::new(),
            size,
            test_bytes: 0,
            next_version: 1,
            path,
            header,
            history: History {
                dir,
                accepted: Vec::new(),
                bytes: 0,
                budget: HISTORY_BUDGET,
                input: None,
            },
        }
    }

    /// What the output file holds: the header (if any), then the module.
    pub fn output_bytes(&self) -> Vec<u8> {
        let mut bytes = self.header.clone().unwrap_or_default();
        bytes.extend_from_slice(&self.output);
        bytes
    }

    /// Write the output file.
    pub fn save(&self) -> Result<()> {
        write_atomically(&self.path, &self.output_bytes())
    }

    /// The input tested interesting: `output` is its output bytes. It is
    /// kept as the last resort of a walk back.
    pub fn input_tested(&mut self, output: Vec<u8>, hash: Option<blake3::Hash>) {
        self.output = output;
        self.hash = hash;
        self.history.input = Some((self.snapshot.clone(), self.output.clone(), self.size));
    }

    /// Make a kept candidate the current module; returns its snapshot. The
    /// caller saves it.
    pub fn replace(
        &mut self,
        kept: Kept,
        size: u64,
        hash: Option<blake3::Hash>,
        test_bytes: u64,
    ) -> Snapshot {
        let snapshot = Snapshot {
            version: self.next_version,
            bytes: Arc::new(kept.bytes),
            module_id: kept.module_id.into(),
        };
        self.next_version += 1;
        self.snapshot = snapshot.clone();
        self.output = kept.output;
        self.size = size;
        self.hash = hash;
        self.test_bytes = test_bytes;
        self.history.record(&snapshot, size);
        snapshot
    }

    /// The modules accepted before the current one that a walk back may
    /// fall back on, the latest first (each was reduced from the ones after
    /// it in this list).
    pub fn fallbacks(&self) -> Vec<Accepted> {
        let mut earlier: Vec<Accepted> = self
            .history
            .accepted
            .iter()
            .filter(|a| a.version != self.snapshot.version)
            .cloned()
            .collect();
        earlier.sort_by_key(|a| std::cmp::Reverse(a.version));
        earlier
    }

    /// The input's snapshot, once it tested interesting.
    pub fn input_snapshot(&self) -> Option<Snapshot> {
        self.history.input.as_ref().map(|(s, _, _)| s.clone())
    }

    /// Make an earlier module the current one again (a walk back): its
    /// snapshot, output bytes, size and hash; the modules accepted after it
    /// are no fallbacks any more. The caller saves it.
    pub fn restore(
        &mut self,
        snapshot: Snapshot,
        output: Vec<u8>,
        size: u64,
        hash: Option<blake3::Hash>,
    ) {
        self.history.forget_after(snapshot.version);
        self.snapshot = snapshot;
        self.output = output;
        self.size = size;
        self.hash = hash;
        // Unknown for an earlier module: no candidate of the same size is
        // refused for its length.
        self.test_bytes = u64::MAX;
    }

    /// Make the input the current module again (the walk back's last
    /// resort); false when it was never tested.
    pub fn restore_input(&mut self) -> bool {
        let Some((snapshot, output, size)) = self.history.input.clone() else {
            return false;
        };
        self.restore(snapshot, output, size, None);
        true
    }

    /// Where the output goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether anything was accepted since the input.
    pub fn reduced(&self) -> bool {
        self.snapshot.version != 0
    }
}

/// Where a result that failed its final re-check is kept: beside the
/// output, `NAME.flaky.EXT` (`out.ll` → `out.flaky.ll`).
pub fn flaky_path(output: &Path) -> PathBuf {
    let name = output
        .file_name()
        .map_or_else(|| "reduced".into(), |n| n.to_string_lossy().into_owned());
    let flaky = match name.split_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem}.flaky.{ext}"),
        _ => format!("{name}.flaky"),
    };
    output.with_file_name(flaky)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flaky_result_goes_beside_the_output() {
        assert_eq!(flaky_path(Path::new("out.ll")), Path::new("out.flaky.ll"));
        assert_eq!(
            flaky_path(Path::new("d/r.mlir")),
            Path::new("d/r.flaky.mlir")
        );
        assert_eq!(flaky_path(Path::new("d/out")), Path::new("d/out.flaky"));
        assert_eq!(flaky_path(Path::new(".hidden")), Path::new(".hidden.flaky"));
    }

    fn kept(byte: u8) -> Kept {
        Kept {
            bytes: vec![byte; 4],
            module_id: "m".into(),
            output: vec![byte],
        }
    }

    #[test]
    fn accepted_modules_are_kept_and_come_back_latest_first() {
        let dir = tempfile::tempdir().unwrap();
        let input = Snapshot {
            version: 0,
            bytes: Arc::new(vec![0; 4]),
            module_id: "m".into(),
        };
        let out = dir.path().join("out.ll");
        let mut current = Current::new(input, 10, out, None, Some(&dir.path().join("h")));
        current.input_tested(vec![0], None);
        current.replace(kept(1), 8, None, 4);
        current.replace(kept(2), 5, None, 4);
        current.replace(kept(3), 5, None, 4);
        current.replace(kept(4), 3, None, 4);
        // The current module (version 4) is not a fallback of itself.
        let order: Vec<(u64, u64)> = current
            .fallbacks()
            .iter()
            .map(|a| (a.version, a.size))
            .collect();
        assert_eq!(order, [(3, 5), (2, 5), (1, 8)]);
        let back = current.fallbacks()[1].snapshot().unwrap();
        assert_eq!(*back.bytes, vec![2; 4]);
        // Past the byte budget the oldest go first.
        current.history.budget = 12;
        current.replace(kept(5), 2, None, 4);
        let kept_versions: Vec<u64> = current.history.accepted.iter().map(|a| a.version).collect();
        assert_eq!(kept_versions, [3, 4, 5]);
        assert!(!dir.path().join("h/1.snapshot").exists());
        // A walk back to version 4 forgets version 5, built on the result
        // that failed; what is accepted next comes after 4 in the lineage.
        let four = current.fallbacks()[0].clone();
        assert_eq!(four.version, 4);
        current.restore(four.snapshot().unwrap(), vec![4], four.size, None);
        assert!(!dir.path().join("h/5.snapshot").exists());
        current.replace(kept(6), 2, None, 4);
        let order: Vec<u64> = current.fallbacks().iter().map(|a| a.version).collect();
        assert_eq!(order, [4, 3]);
        assert!(current.restore_input());
        assert_eq!((current.size, current.output.clone()), (10, vec![0]));
        assert!(!current.reduced());
        assert!(current.fallbacks().is_empty());
    }
}
