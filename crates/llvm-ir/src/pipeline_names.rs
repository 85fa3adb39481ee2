//! The names passes have on a command line, for the names opt-bisect
//! printed before LLVM 20: a new-PM pass's `-passes=` name (`simplifycfg`)
//! for its class name (`SimplifyCFGPass`), a legacy pass's argument
//! (`x86-fixup-LEAs`, for llc's `-stop-before=`) for its description (`X86
//! LEA Fixup`). `whittle bisect` runs a culprit alone by that name. The C++
//! side is `shim/pipeline_names.cpp`.

use std::ffi::{c_char, CStr};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

extern "C" {
    fn whittle_pipeline_names(
        classes: *const c_char,
        classes_len: usize,
        plugins: *const c_char,
        plugins_len: usize,
        out_len: *mut usize,
        err: *mut *mut c_char,
    ) -> *mut c_char;
    fn whittle_pipeline_names_free(p: *mut c_char);
}

/// `items` joined by NUL bytes.
fn nul_joined<'a>(items: impl Iterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    for item in items {
        out.extend_from_slice(item);
        out.push(0);
    }
    out
}

/// For each name opt-bisect printed, the name a command line takes, or
/// `None` when this LLVM does not know it as a new-PM class (its
/// PassBuilder, with `plugins` loaded: built for this LLVM) or a legacy
/// pass's description. The error: a plugin that cannot be loaded.
pub fn pipeline_names(classes: &[&str], plugins: &[&Path]) -> Result<Vec<Option<String>>, String> {
    let classes_joined = nul_joined(classes.iter().map(|c| c.as_bytes()));
    let plugins_joined = nul_joined(plugins.iter().map(|p| p.as_os_str().as_bytes()));
    let mut len = 0usize;
    let mut err: *mut c_char = std::ptr::null_mut();
    // SAFETY: both buffers are valid for their lengths for the call; the
    // shim writes `len` and `err` and returns a buffer it allocated (or
    // null with `err` set), which is copied out and freed below.
    let raw = unsafe {
        whittle_pipeline_names(
            classes_joined.as_ptr().cast(),
            classes_joined.len(),
            plugins_joined.as_ptr().cast(),
            plugins_joined.len(),
            &mut len,
            &mut err,
        )
    };
    if raw.is_null() {
        // SAFETY: on failure `err` is a NUL-terminated string the shim
        // allocated; it is copied, then freed once.
        let message = unsafe {
            let message = CStr::from_ptr(err).to_string_lossy().into_owned();
            whittle_pipeline_names_free(err);
            message
        };
        return Err(message);
    }
    // SAFETY: `raw` holds `len` bytes (plus a NUL), allocated by the shim;
    // copied, then freed once.
    let bytes = unsafe {
        let bytes = std::slice::from_raw_parts(raw.cast::<u8>(), len).to_vec();
        whittle_pipeline_names_free(raw);
        bytes
    };
    let mut names: Vec<Option<String>> = bytes
        .split(|&b| b == 0)
        .map(|name| (!name.is_empty()).then(|| String::from_utf8_lossy(name).into_owned()))
        .collect();
    names.truncate(classes.len());
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_descriptions_map_to_pass_arguments() {
        let names = pipeline_names(
            &[
                "X86 DAG->DAG Instruction Selection",
                "Machine Common Subexpression Elimination",
            ],
            &[],
        )
        .unwrap();
        assert_eq!(
            names,
            [
                Some("x86-isel".to_string()),
                Some("machine-cse".to_string())
            ]
        );
    }

    #[test]
    fn classes_map_to_pipeline_names() {
        let names =
            pipeline_names(&["SimplifyCFGPass", "InstCombinePass", "NoSuchPass"], &[]).unwrap();
        assert_eq!(
            names,
            [
                Some("simplifycfg".to_string()),
                Some("instcombine".to_string()),
                None
            ]
        );
        assert!(pipeline_names(&[], &[]).unwrap().is_empty());
    }

    #[test]
    fn a_plugin_that_cannot_load_is_an_error() {
        let err = pipeline_names(&["SimplifyCFGPass"], &[Path::new("/nonexistent/plugin.so")])
            .unwrap_err();
        assert!(err.contains("plugin.so"), "{err}");
    }
}
