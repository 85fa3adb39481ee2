//! Writing the result: always a complete file, by a rename over the target
//! (or, for a target that is no regular file, such as `/dev/null`, by
//! writing into it: a rename would replace the device with a file).

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::{anyhow, Context as _, Result};

/// Write `bytes` to `path` through a temporary file in the same directory
/// and a rename, so that `path` always holds a complete file. A path that
/// exists and is no regular file (a device such as `/dev/null`, a FIFO) is
/// written into instead.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("opening output file '{}'", path.display()))?;
        return file
            .write_all(bytes)
            .with_context(|| format!("writing '{}'", path.display()));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn a_path_that_is_no_regular_file_is_written_into_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut text = String::new();
                fs::File::open(fifo)
                    .unwrap()
                    .read_to_string(&mut text)
                    .unwrap();
                text
            })
        };
        write_atomically(&fifo, b"result").unwrap();
        assert_eq!(reader.join().unwrap(), "result");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
}
