//! The run's state: the smallest interesting module so far, and the output
//! file that always holds it. Every accepted candidate is written out at
//! once (atomically), so an interrupted run loses nothing.

use std::path::PathBuf;
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
}

impl Current {
    /// The input, to be saved at `path` (after `header`).
    pub fn new(snapshot: Snapshot, size: u64, path: PathBuf, header: Option<Vec<u8>>) -> Current {
        Current {
            snapshot,
            hash: None,
            output: Vec::new(),
            size,
            test_bytes: 0,
            next_version: 1,
            path,
            header,
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
        snapshot
    }

    /// Whether anything was accepted since the input.
    pub fn reduced(&self) -> bool {
        self.snapshot.version != 0
    }
}
