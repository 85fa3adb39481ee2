//! MLIR for whittle: parse `.mlir` (text or bytecode) with every upstream
//! dialect registered, verify with MLIR's verifier, print, write bytecode,
//! and the reductions the MLIR passes make.
//!
//! MLIR is reached through a C++ shim (shim/*.cpp) linked against
//! libMLIR.so, which exports MLIR's C++ API; the MLIR C API only exists as
//! static archives (slow to link, a huge binary). This crate is the only
//! unsafe MLIR code; each unsafe block says why it is sound.
//!
//! Each thread has its own MLIR context (created on first use, threading
//! off, every upstream dialect and extension registered, diagnostics
//! recorded and never printed). A [`Module`] lives in the context of the
//! thread that made it and is `!Send`; modules cross threads as bytes.
//! Whatever crashes inside MLIR (a verifier, a printer, a pass pipeline)
//! is caught by LLVM's crash recovery: the module is then *poisoned*
//! (every later call fails) and the thread gets a fresh context.
//!
//! An LLVM installed without MLIR (PyPI's builds, many distributions')
//! builds this crate without the shim: then [`unavailable`] says so, and
//! parsing fails with that line.

use std::ffi::{c_char, c_void, CString};
use std::marker::PhantomData;
use std::path::Path;

use anyhow::{bail, Context as _, Result};

/// Where the MLIR this build links is (empty in a build without MLIR).
const MLIR_PREFIX: &str = env!("WHITTLE_MLIR_PREFIX");

/// The MLIR this build of whittle has: its prefix, or None when the LLVM it
/// was built for was installed without MLIR.
pub fn prefix() -> Option<&'static str> {
    (!MLIR_PREFIX.is_empty()).then_some(MLIR_PREFIX)
}

/// Why this build of whittle cannot read MLIR, when it cannot: one line
/// for the user, naming the LLVM and how to get a build that can.
pub fn unavailable() -> Option<String> {
    prefix().is_none().then(|| {
        format!(
            "this whittle has no MLIR: it was built for LLVM {} ({}), installed without MLIR; \
             to reduce MLIR, build whittle for an LLVM that has it (the default build, for LLVM 22: \
             `cargo xtask prereq`, then `cargo install --path .`), or set MLIR_SYS_{}0_PREFIX to one \
             (docs/llvm-versions.md)",
            env!("WHITTLE_LLVM_VERSION"),
            env!("WHITTLE_LLVM_PREFIX"),
            env!("WHITTLE_LLVM_API_LEVEL"),
        )
    })
}

#[cfg(not(whittle_mlir))]
mod shim {
    //! The shim's functions in a build without MLIR: parsing and checking
    //! a pipeline fail with [`super::unavailable`]'s line, so no [`Module`]
    //! is ever made, and what takes one is never reached.
    #![allow(clippy::missing_safety_doc)]
    use std::ffi::{c_char, c_void};

    pub use super::shim_types::*;

    /// Copies `message` into the caller's error buffer (NUL-terminated,
    /// cut to fit).
    unsafe fn report(err: *mut c_char, cap: usize) {
        let message = super::unavailable().unwrap_or_default();
        let n = message.len().min(cap.saturating_sub(1));
        // SAFETY: the caller's buffer has `cap` bytes; `n + 1 <= cap`.
        unsafe {
            std::ptr::copy_nonoverlapping(message.as_ptr().cast::<c_char>(), err, n);
            *err.add(n) = 0;
        }
    }

    pub unsafe fn whittle_mlir_parse(
        _data: *const c_char,
        _len: usize,
        _name: *const c_char,
        _allow_unregistered: i32,
        err: *mut c_char,
        cap: usize,
    ) -> *mut WModule {
        // SAFETY: the caller's contract (an error buffer of `cap` bytes).
        unsafe { report(err, cap) };
        std::ptr::null_mut()
    }
    pub unsafe fn whittle_mlir_pipeline_check(
        _pipeline: *const c_char,
        err: *mut c_char,
        cap: usize,
    ) -> i32 {
        // SAFETY: the caller's contract (an error buffer of `cap` bytes).
        unsafe { report(err, cap) };
        1
    }
    const NO_MODULE: &str = "no MLIR module exists in a build without MLIR";
    pub unsafe fn whittle_mlir_free(_m: *mut WModule) {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_verify(_m: *mut WModule, _err: *mut c_char, _cap: usize) -> i32 {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_serialize(
        _m: *mut WModule,
        _bytecode: i32,
        _generic: i32,
    ) -> *mut WBytes {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_bytes_data(_b: *mut WBytes) -> *const c_char {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_bytes_len(_b: *mut WBytes) -> usize {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_bytes_free(_b: *mut WBytes) {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_op_count(_m: *mut WModule) -> u64 {
        unreachable!("{NO_MODULE}")
    }
    pub unsafe fn whittle_mlir_reduce(
        _m: *mut WModule,
        _name: *const c_char,
        _pipeline: *const c_char,
        _keep: KeepFn,
        _ctx: *mut c_void,
    ) -> i32 {
        unreachable!("{NO_MODULE}")
    }
}

/// The types the shim's functions take, in every build.
mod shim_types {
    use std::ffi::c_void;

    /// An MLIR module owned by the Rust side (`WModule` in common.h).
    #[repr(C)]
    pub struct WModule {
        _private: [u8; 0],
    }

    /// Bytes produced by the shim (`WBytes` in core.cpp).
    #[repr(C)]
    pub struct WBytes {
        _private: [u8; 0],
    }

    /// Asks whether to keep one target (true: keep).
    pub type KeepFn = extern "C" fn(ctx: *mut c_void, weight: u64) -> bool;
}

#[cfg(whittle_mlir)]
mod shim {
    use std::ffi::{c_char, c_void};

    pub use super::shim_types::*;

    // Implemented in shim/{core,reduce,pipeline}.cpp; see the
    // comments there for what each one guarantees.
    extern "C" {
        pub fn whittle_mlir_parse(
            data: *const c_char,
            len: usize,
            name: *const c_char,
            allow_unregistered: i32,
            err: *mut c_char,
            cap: usize,
        ) -> *mut WModule;
        pub fn whittle_mlir_free(m: *mut WModule);
        pub fn whittle_mlir_verify(m: *mut WModule, err: *mut c_char, cap: usize) -> i32;
        pub fn whittle_mlir_serialize(m: *mut WModule, bytecode: i32, generic: i32) -> *mut WBytes;
        pub fn whittle_mlir_bytes_data(b: *mut WBytes) -> *const c_char;
        pub fn whittle_mlir_bytes_len(b: *mut WBytes) -> usize;
        pub fn whittle_mlir_bytes_free(b: *mut WBytes);
        pub fn whittle_mlir_op_count(m: *mut WModule) -> u64;
        pub fn whittle_mlir_reduce(
            m: *mut WModule,
            name: *const c_char,
            pipeline: *const c_char,
            keep: KeepFn,
            ctx: *mut c_void,
        ) -> i32;
        pub fn whittle_mlir_pipeline_check(
            pipeline: *const c_char,
            err: *mut c_char,
            cap: usize,
        ) -> i32;
    }
}

/// Room for a diagnostic from the shim.
const ERROR_CAPACITY: usize = 8192;

/// An MLIR module (a `builtin.module`), in the calling thread's context.
pub struct Module {
    raw: *mut shim::WModule,
    /// Tied to the thread whose context holds it.
    _not_send: PhantomData<*mut ()>,
}

/// What went wrong inside MLIR.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// MLIR crashed; the module is poisoned.
    Crashed,
    /// The shim has no reduction of that name.
    UnknownPass(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crashed => write!(f, "MLIR crashed"),
            Failure::UnknownPass(name) => write!(f, "no MLIR reduction is called '{name}'"),
        }
    }
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).expect("no NUL left")
}

/// Call `f` with an error buffer; returns what the shim wrote into it.
fn with_error_buffer<T>(f: impl FnOnce(*mut c_char, usize) -> T) -> (T, String) {
    let mut buffer = vec![0u8; ERROR_CAPACITY];
    let result = f(buffer.as_mut_ptr().cast(), buffer.len());
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    (result, String::from_utf8_lossy(&buffer[..end]).into_owned())
}

/// The question a reduction asks per target: keep it (given its weight)?
pub type Keep<'a> = &'a mut dyn FnMut(u64) -> bool;

extern "C" fn keep_trampoline(ctx: *mut c_void, weight: u64) -> bool {
    // SAFETY: `ctx` is the `&mut Keep` that `with_keep` passed along for the
    // duration of one shim call, which calls back on the same thread only.
    let keep = unsafe { &mut *ctx.cast::<Keep<'_>>() };
    keep(weight)
}

/// Call `f` with the trampoline and context for `keep`.
fn with_keep<T>(mut keep: Keep<'_>, f: impl FnOnce(shim::KeepFn, *mut c_void) -> T) -> T {
    let ctx: *mut Keep<'_> = &mut keep;
    f(keep_trampoline, ctx.cast())
}

/// Whether `bytes` are MLIR bytecode.
pub fn is_bytecode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"ML\xefR")
}

impl Module {
    /// Parse `.mlir` text or bytecode; `name` names it in locations and
    /// diagnostics. The error is MLIR's (`name:line:col: error: ...`). The
    /// module is not verified.
    pub fn parse(bytes: &[u8], name: &str, allow_unregistered: bool) -> Result<Module, String> {
        let name = c_string(name);
        let (raw, message) = with_error_buffer(|err, cap| {
            // SAFETY: `bytes` is valid for its length for the call (the shim
            // copies it); `name` is NUL-terminated; `err` has `cap` bytes.
            unsafe {
                shim::whittle_mlir_parse(
                    bytes.as_ptr().cast(),
                    bytes.len(),
                    name.as_ptr(),
                    i32::from(allow_unregistered),
                    err,
                    cap,
                )
            }
        });
        if raw.is_null() {
            return Err(message);
        }
        Ok(Module {
            raw,
            _not_send: PhantomData,
        })
    }

    /// Read and parse a module file.
    pub fn load(path: &Path, allow_unregistered: bool) -> Result<Module> {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
        if bytes.is_empty() {
            bail!("'{}' is empty", path.display());
        }
        Module::parse(&bytes, &path.display().to_string(), allow_unregistered)
            .map_err(|e| anyhow::anyhow!("{}", e.lines().next().unwrap_or("").trim_end()))
    }

    /// Run MLIR's verifier; the error is its complaints (or that it crashed).
    pub fn verify(&self) -> Result<(), String> {
        let (status, message) = with_error_buffer(|err, cap| {
            // SAFETY: live module of this thread; `err` has `cap` bytes.
            unsafe { shim::whittle_mlir_verify(self.raw, err, cap) }
        });
        if status == 0 {
            Ok(())
        } else {
            Err(message)
        }
    }

    fn serialize(&self, bytecode: bool, generic: bool) -> Result<Vec<u8>, Failure> {
        // SAFETY: live module of this thread. The returned bytes are owned by
        // the shim until freed, copied out before that.
        unsafe {
            let bytes =
                shim::whittle_mlir_serialize(self.raw, i32::from(bytecode), i32::from(generic));
            if bytes.is_null() {
                return Err(Failure::Crashed);
            }
            let data = shim::whittle_mlir_bytes_data(bytes);
            let len = shim::whittle_mlir_bytes_len(bytes);
            let out = if len == 0 {
                Vec::new()
            } else {
                std::slice::from_raw_parts(data.cast::<u8>(), len).to_vec()
            };
            shim::whittle_mlir_bytes_free(bytes);
            Ok(out)
        }
    }

    /// The module as `.mlir` text (the custom form, or the generic one).
    pub fn print(&self, generic: bool) -> Result<Vec<u8>, Failure> {
        self.serialize(false, generic)
    }

    /// The module as MLIR bytecode (generic text if a dialect cannot write
    /// bytecode; both read back exactly).
    pub fn bytecode(&self) -> Result<Vec<u8>, Failure> {
        self.serialize(true, false)
    }

    /// Operations in the module, the module itself included (what
    /// `mlir-opt --print-op-stats` adds up); 0 if poisoned.
    pub fn op_count(&self) -> u64 {
        // SAFETY: live module of this thread.
        unsafe { shim::whittle_mlir_op_count(self.raw) }
    }

    /// Run the reduction called `pass` (a name of the MLIR pass registry),
    /// asking `keep` once per target; `pipeline` is what the `mlir-passes`
    /// pass runs (mlir-opt syntax; a pipeline that fails changes nothing).
    pub fn reduce(
        &self,
        pass: &str,
        pipeline: Option<&str>,
        keep: Keep<'_>,
    ) -> Result<(), Failure> {
        let name = c_string(pass);
        let pipeline = c_string(pipeline.unwrap_or(""));
        // SAFETY: live module of this thread; NUL-terminated strings that
        // outlive the call; the callback is valid for the call and called
        // back on this thread only.
        let status = with_keep(keep, |k, c| unsafe {
            shim::whittle_mlir_reduce(self.raw, name.as_ptr(), pipeline.as_ptr(), k, c)
        });
        match status {
            1 => Ok(()),
            -1 => Err(Failure::UnknownPass(pass.to_string())),
            _ => Err(Failure::Crashed),
        }
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: the module is owned by this handle and freed once, on the
        // thread whose context holds it (Module is !Send).
        unsafe { shim::whittle_mlir_free(self.raw) }
    }
}

/// Whether `pipeline` parses as an mlir-opt pass pipeline; MLIR's error.
pub fn check_pipeline(pipeline: &str) -> Result<(), String> {
    let pipeline = c_string(pipeline);
    let (status, message) = with_error_buffer(|err, cap| {
        // SAFETY: NUL-terminated pipeline; `err` has `cap` bytes.
        unsafe { shim::whittle_mlir_pipeline_check(pipeline.as_ptr(), err, cap) }
    });
    if status == 0 {
        Ok(())
    } else {
        Err(message)
    }
}

#[cfg(all(test, whittle_mlir))]
mod tests {
    use super::*;

    const TEXT: &str =
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n";

    #[test]
    fn parse_print_verify_round_trip() {
        let m = Module::parse(TEXT.as_bytes(), "t.mlir", false).unwrap();
        assert!(m.verify().is_ok());
        assert_eq!(m.op_count(), 4);
        let text = String::from_utf8(m.print(false).unwrap()).unwrap();
        assert!(text.contains("arith.addi %arg0, %arg0 : i32"), "{text}");
        let bc = m.bytecode().unwrap();
        assert!(is_bytecode(&bc));
        let back = Module::parse(&bc, "t.mlirbc", false).unwrap();
        assert_eq!(back.print(false).unwrap(), m.print(false).unwrap());
    }

    #[test]
    fn parse_errors_carry_line_and_column() {
        let err = Module::parse(
            b"func.func @f() {\n  return %x : i32\n}\n",
            "bad.mlir",
            false,
        )
        .err()
        .unwrap();
        assert!(err.starts_with("bad.mlir:2:"), "{err}");
    }

    #[test]
    fn unregistered_dialects_need_the_flag() {
        let text = b"\"foo.bar\"() : () -> ()\n";
        assert!(Module::parse(text, "u.mlir", false).is_err());
        let m = Module::parse(text, "u.mlir", true).unwrap();
        assert!(m.verify().is_ok());
    }

    #[test]
    fn verifier_complaints_are_returned() {
        let m = Module::parse(b"func.func @f() -> i32 {\n  return\n}\n", "v.mlir", false).unwrap();
        let err = m.verify().unwrap_err();
        assert!(err.contains("error:"), "{err}");
    }

    #[test]
    fn pipelines_are_checked_and_run() {
        assert!(check_pipeline("canonicalize,cse").is_ok());
        assert!(check_pipeline("no-such-pass").is_err());
        let m = Module::parse(
            b"func.func @f() -> i32 {\n  %0 = arith.constant 1 : i32\n  %1 = arith.addi %0, %0 : i32\n  return %1 : i32\n}\n",
            "p.mlir",
            false,
        )
        .unwrap();
        m.reduce("mlir-passes", Some("canonicalize"), &mut |_| true)
            .unwrap();
        assert_eq!(m.op_count(), 5);
        m.reduce("mlir-passes", Some("canonicalize"), &mut |_| false)
            .unwrap();
        assert_eq!(m.op_count(), 4);
        assert_eq!(
            m.reduce("no-such-pass", None, &mut |_| true),
            Err(Failure::UnknownPass("no-such-pass".into()))
        );
    }
}

#[cfg(all(test, not(whittle_mlir)))]
mod no_mlir_tests {
    use super::*;

    #[test]
    fn without_mlir_every_entry_says_so_in_one_line() {
        let line = unavailable().expect("a build without MLIR");
        assert!(!line.contains('\n') && line.contains("no MLIR"), "{line}");
        assert!(prefix().is_none());
        let err = Module::parse(b"module {}", "in.mlir", false).err().unwrap();
        assert_eq!(err, line);
        assert_eq!(check_pipeline("canonicalize").unwrap_err(), line);
    }
}
