//! Modules as users have them on disk (shim/bitcode.cpp): bitcode files of
//! several modules (ThinLTO split units), ThinLTO summaries, and use-list
//! order kept in bitcode and in text.
//!
//! As llvm-reduce does, a file of several modules is reduced through its
//! first module (of a ThinLTO split unit, the ThinLTO part), and [`Shape`]
//! remembers how the input was written, so that every module written is
//! written the same way: a split ThinLTO module through LLVM's ThinLTO
//! writer (which splits it again by its type metadata, as
//! `opt --thinlto-bc --thinlto-split-lto-unit` does), a module that had a
//! summary with a summary built afresh.
//!
//! The use-list order is kept when the input has one of its own: bitcode
//! (which the test and the output get as bitcode recording it, as
//! `--preserve-bc-uselistorder` does), or text with `uselistorder`
//! directives (text gets directives wherever the order is not the one
//! parsing gives). A text input without directives has the order parsing
//! gives; a reduced module printed without directives has that order too,
//! whereas directives describing the order a reduction's edits happened to
//! leave would be noise in every result.

use std::ffi::{c_char, CStr, CString};

use inkwell::context::Context;
use inkwell::llvm_sys::core::{
    LLVMDisposeMemoryBuffer, LLVMDisposeMessage, LLVMGetBufferSize, LLVMGetBufferStart,
};
use inkwell::llvm_sys::prelude::*;
use inkwell::module::Module;

extern "C" {
    fn whittle_bitcode_layout(
        data: *const c_char,
        len: usize,
        flags: *mut u32,
        err: *mut *mut c_char,
    ) -> u32;
    fn whittle_bitcode_parse_first(
        c: LLVMContextRef,
        data: *const c_char,
        len: usize,
        name: *const c_char,
        err: *mut *mut c_char,
    ) -> LLVMModuleRef;
    fn whittle_bitcode_write(
        m: LLVMModuleRef,
        flags: u32,
        preserve: i32,
        err: *mut *mut c_char,
    ) -> LLVMMemoryBufferRef;
    fn whittle_print_module(m: LLVMModuleRef, preserve: i32) -> *mut c_char;
}

/// The LTO flags of a bitcode module (LLVM's `BitcodeLTOInfo`), as the
/// shim's bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LtoFlags(u32);

impl LtoFlags {
    const THIN: u32 = 1 << 0;
    const SUMMARY: u32 = 1 << 1;
    const SPLIT: u32 = 1 << 2;

    /// A ThinLTO module.
    pub fn thin(self) -> bool {
        self.0 & Self::THIN != 0
    }

    /// The module carries a summary index.
    pub fn has_summary(self) -> bool {
        self.0 & Self::SUMMARY != 0
    }

    /// Written with `-thinlto-split-lto-unit`.
    pub fn split(self) -> bool {
        self.0 & Self::SPLIT != 0
    }
}

/// How modules are written: the LTO flags of the input's first module, and
/// whether the use-list order is kept.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    pub lto: LtoFlags,
    /// Modules in the input file.
    pub modules: usize,
    /// Keep the use-list order: bitcode records it, text gets
    /// `uselistorder` directives (the input was bitcode, or text with
    /// directives).
    pub use_lists: bool,
}

impl Shape {
    /// The shape of a bitcode file.
    pub fn of(bytes: &[u8]) -> Result<Shape, String> {
        let mut flags = 0;
        let mut err = std::ptr::null_mut();
        // SAFETY: `bytes` is alive for the call; the shim only reads it and
        // sets `flags` and `err` (a message we own, taken below).
        let modules = unsafe {
            whittle_bitcode_layout(bytes.as_ptr().cast(), bytes.len(), &mut flags, &mut err)
        };
        if modules == 0 {
            return Err(take_message(err));
        }
        Ok(Shape {
            lto: LtoFlags(flags),
            modules: modules as usize,
            use_lists: true,
        })
    }

    /// The shape of a text input: one plain module, printed with
    /// `uselistorder` directives if `text` has some.
    pub fn of_text(text: &[u8]) -> Shape {
        let directives = text
            .split(|b| *b == b'\n')
            .any(|line| line.trim_ascii_start().starts_with(b"uselistorder"));
        Shape {
            modules: 1,
            use_lists: directives,
            ..Shape::default()
        }
    }

    /// How whittle's own snapshots of the module are written: plain
    /// bitcode, the use-list order kept as this shape keeps it.
    pub fn snapshot(&self) -> Shape {
        Shape {
            lto: LtoFlags::default(),
            modules: 1,
            use_lists: self.use_lists,
        }
    }
}

/// Parse the first module of a bitcode file (use-list order as recorded).
pub fn parse_first<'ctx>(
    context: &'ctx Context,
    bytes: &[u8],
    name: &str,
) -> Result<Module<'ctx>, String> {
    let name = CString::new(name.replace('\0', "")).expect("no NUL left");
    let mut err = std::ptr::null_mut();
    // SAFETY: live context; `bytes` and `name` are alive for the call (the
    // shim copies what it keeps). A non-null result is a new module of
    // `context` that the returned wrapper owns.
    unsafe {
        let raw = whittle_bitcode_parse_first(
            context.raw(),
            bytes.as_ptr().cast(),
            bytes.len(),
            name.as_ptr(),
            &mut err,
        );
        if raw.is_null() {
            Err(take_message(err))
        } else {
            Ok(Module::new(raw))
        }
    }
}

/// `module` as bitcode written the way `shape` says.
/// An error only when the copy LLVM's ThinLTO writer works on cannot be
/// made.
pub fn write(module: &Module<'_>, shape: &Shape) -> Result<Vec<u8>, String> {
    let mut err = std::ptr::null_mut();
    // SAFETY: live module, only read (the ThinLTO writer works on a copy in
    // a context of its own). A non-null result is a memory buffer we own:
    // copied out, then disposed.
    unsafe {
        let buffer = whittle_bitcode_write(
            module.as_mut_ptr(),
            shape.lto.0,
            i32::from(shape.use_lists),
            &mut err,
        );
        if buffer.is_null() {
            return Err(take_message(err));
        }
        let start = LLVMGetBufferStart(buffer).cast::<u8>();
        let bytes = std::slice::from_raw_parts(start, LLVMGetBufferSize(buffer)).to_vec();
        LLVMDisposeMemoryBuffer(buffer);
        Ok(bytes)
    }
}

/// `module` as text; with `use_lists`, `uselistorder` directives where its
/// use-list order differs from the one parsing the text would give.
pub fn print(module: &Module<'_>, use_lists: bool) -> Vec<u8> {
    // SAFETY: live module; the shim returns a NUL-terminated message we
    // own, copied out and disposed of here.
    unsafe {
        let text = whittle_print_module(module.as_mut_ptr(), i32::from(use_lists));
        let bytes = CStr::from_ptr(text).to_bytes().to_vec();
        LLVMDisposeMessage(text);
        bytes
    }
}

/// The shim's message as a string, freed.
fn take_message(message: *mut c_char) -> String {
    if message.is_null() {
        return String::new();
    }
    // SAFETY: a NUL-terminated message made by LLVMCreateMessage, owned by
    // us and disposed of once copied.
    unsafe {
        let text = CStr::from_ptr(message).to_string_lossy().into_owned();
        LLVMDisposeMessage(message);
        text
    }
}
