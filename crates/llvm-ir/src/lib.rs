//! LLVM IR for whittle: load a module, verify it, write it out, and ([`ir`])
//! the safe handles and mutation helpers passes work with.
//!
//! This crate (with its C++ shim in `shim/`) is the only place that calls
//! LLVM through raw pointers; each unsafe block says why it is sound. One
//! [`inkwell::context::Context`] per thread; modules never cross threads
//! (they travel as bitcode bytes).

pub mod bitcode;
pub mod ir;
pub mod mir;
pub mod pipeline_names;
pub mod version;

pub use inkwell;

use std::path::Path;

use anyhow::{bail, Context as _, Result};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;

/// How a module is written to disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Textual IR (`.ll`).
    Text,
    /// Bitcode (`.bc`).
    Bitcode,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Text => "ll",
            Format::Bitcode => "bc",
        }
    }
}

/// A fresh LLVM context whose diagnostics never end the process.
///
/// LLVM's default handler calls `exit(1)` on an error diagnostic, and some
/// come from places a reducer cannot avoid: writing bitcode parses module
/// inline asm for the symbol table (once asm parsers are registered), and a
/// reduced module's asm may well not assemble. With a handler installed,
/// LLVM reports the error to it and carries on (the bitcode simply has no
/// symbol table for that asm).
pub fn context() -> Context {
    let context = Context::create();
    ir::quiet_diagnostics(&context);
    context
}

/// Whether `bytes` start like LLVM bitcode (raw or in the wrapper header).
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Parse a module from `.ll` or `.bc` bytes; `name` is used in diagnostics.
/// The error is LLVM's message (with line and column for text). Of a
/// bitcode file with several modules (a ThinLTO split unit), the first.
pub fn parse<'ctx>(context: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>> {
    if is_bitcode(bytes) {
        bitcode::parse_first(context, bytes, name)
            .map_err(|e| anyhow::anyhow!("{name}: invalid bitcode: {}", e.trim_end()))
    } else {
        let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
        context
            .create_module_from_ir(buffer)
            .map_err(|e| anyhow::anyhow!("{}", first_line(&e.to_string())))
    }
}

/// Read and parse a module file, returning it with the format it was in.
pub fn load<'ctx>(context: &'ctx Context, path: &Path) -> Result<(Module<'ctx>, Format)> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    if bytes.is_empty() {
        bail!("'{}' is empty", path.display());
    }
    let format = if is_bitcode(&bytes) {
        Format::Bitcode
    } else {
        Format::Text
    };
    let module = parse(context, &bytes, &path.display().to_string())?;
    Ok((module, format))
}

/// Run the LLVM verifier; the error is its first complaint.
pub fn verify(module: &Module<'_>) -> Result<(), String> {
    module
        .verify()
        .map_err(|e| e.to_string().trim_end().to_string())
}

/// The bytes of `module` in `format`: plain bitcode, or text, without
/// use-list order.
pub fn serialize(module: &Module<'_>, format: Format) -> Vec<u8> {
    serialize_as(module, format, &bitcode::Shape::default())
        .expect("a one-module file needs nothing but the module")
}

/// As [`serialize`], written the way `shape` says (the input's LTO flags,
/// use-list order kept when the input had one).
pub fn serialize_as(
    module: &Module<'_>,
    format: Format,
    shape: &bitcode::Shape,
) -> Result<Vec<u8>, String> {
    match format {
        Format::Text => Ok(bitcode::print(module, shape.use_lists)),
        Format::Bitcode => bitcode::write(module, shape),
    }
}

/// The first line of an LLVM diagnostic, without the trailing newline and
/// source excerpt.
fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or("").trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_carry_line_and_column() {
        let context = Context::create();
        let err = parse(
            &context,
            b"define i32 @f() {\n  ret i32 %nope\n}\n",
            "bad.ll",
        )
        .unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("bad.ll:2:11: error:"), "{msg}");
        assert!(!msg.contains('\n'));
    }

    #[test]
    fn text_and_bitcode_round_trip() {
        let context = Context::create();
        let m = parse(
            &context,
            b"define i32 @f(i32 %x) {\n  ret i32 %x\n}\n",
            "t.ll",
        )
        .unwrap();
        let bc = serialize(&m, Format::Bitcode);
        assert!(is_bitcode(&bc));
        let back = parse(&context, &bc, "t.bc").unwrap();
        assert_eq!(ir::instruction_count(&back), 1);
        assert!(verify(&back).is_ok());
    }
}
