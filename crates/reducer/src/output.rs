//! Writing the result: always a complete file, by a rename over the target.

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::{anyhow, Context as _, Result};

/// Write `bytes` to `path` through a temporary file in the same directory
/// and a rename, so that `path` always holds a complete file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = directory_of(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(".whittle-")
        .tempfile_in(dir)
        .with_context(|| format!("opening output file: cannot write to '{}'", dir.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("writing '{}'", path.display()))?;
    // A fresh temporary file is private (0600); give the result the mode of
    // the file it replaces, or the mode an ordinary new file would have.
    let mode = fs::metadata(path)
        .map(|m| m.permissions())
        .unwrap_or_else(|_| fs::Permissions::from_mode(0o644));
    fs::set_permissions(tmp.path(), mode).ok();
    tmp.persist(path).map_err(|e| {
        anyhow!(
            "opening output file: cannot write '{}': {}",
            path.display(),
            e.error
        )
    })?;
    Ok(())
}

/// The directory a file is (to be) in.
pub fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}
