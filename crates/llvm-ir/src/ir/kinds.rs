//! What an instruction or a type is, read through the shim
//! (`shim/kinds.cpp`) instead of LLVM-C's enums, and building an
//! instruction like another one.
//!
//! `LLVMOpcode` and `LLVMTypeKind` change between LLVM versions (LLVM 23
//! replaced `LLVMBr` with `LLVMUncondBr`/`LLVMCondBr` and added a byte type),
//! and a build for an LLVM newer than inkwell's bindings uses the newest
//! bindings inkwell has: an LLVM value the bindings' enum lacks would be
//! undefined behaviour the moment Rust read it. So no such enum crosses
//! into Rust: the shim, compiled against the LLVM of the build, answers in
//! whittle's own numbers.

use inkwell::llvm_sys::prelude::*;

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in crates/llvm-ir/shim/kinds.cpp.
    extern "C" {
        pub fn whittle_opcode(i: LLVMValueRef) -> u32;
        pub fn whittle_is_integer_type(t: LLVMTypeRef) -> i32;
        pub fn whittle_build_like(
            like: LLVMValueRef,
            lhs: LLVMValueRef,
            rhs: LLVMValueRef,
            before: LLVMValueRef,
        ) -> LLVMValueRef;
    }
}

/// The opcodes whittle acts on by name (`Other` for every other
/// instruction). The numbers are the shim's (`WOpcode` in kinds.cpp).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    Other,
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    Trunc,
    ZExt,
    SExt,
    Switch,
    Invoke,
    /// A branch, conditional or not.
    Br,
}

impl Opcode {
    /// In the shim's order: `ALL[n]` is the opcode the shim calls `n`.
    const ALL: [Opcode; 20] = [
        Opcode::Other,
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::UDiv,
        Opcode::SDiv,
        Opcode::URem,
        Opcode::SRem,
        Opcode::Shl,
        Opcode::LShr,
        Opcode::AShr,
        Opcode::And,
        Opcode::Or,
        Opcode::Xor,
        Opcode::Trunc,
        Opcode::ZExt,
        Opcode::SExt,
        Opcode::Switch,
        Opcode::Invoke,
        Opcode::Br,
    ];

    fn from_shim(n: u32) -> Opcode {
        Opcode::ALL
            .get(n as usize)
            .copied()
            .unwrap_or(Opcode::Other)
    }
}

/// The opcode of instruction `i`.
///
/// SAFETY: `i` is a live instruction.
pub(crate) unsafe fn opcode_of(i: LLVMValueRef) -> Opcode {
    // SAFETY: the caller's contract.
    Opcode::from_shim(unsafe { shim::whittle_opcode(i) })
}

/// Whether `t` is a scalar integer type.
///
/// SAFETY: `t` is a live type.
pub(crate) unsafe fn is_integer_type(t: LLVMTypeRef) -> bool {
    // SAFETY: the caller's contract.
    unsafe { shim::whittle_is_integer_type(t) != 0 }
}

/// A new instruction of `like`'s kind (its opcode, or its comparison's
/// predicate) on `lhs` and `rhs`, unnamed and without flags, before
/// `before`; or the constant it folds to when both are constants.
///
/// SAFETY: `like` is a live binary operator or comparison; `lhs` and `rhs`
/// are live values of the types such an instruction takes that dominate
/// `before`, a live instruction of the same module.
pub(crate) unsafe fn build_like(
    like: LLVMValueRef,
    lhs: LLVMValueRef,
    rhs: LLVMValueRef,
    before: LLVMValueRef,
) -> LLVMValueRef {
    // SAFETY: the caller's contract.
    unsafe { shim::whittle_build_like(like, lhs, rhs, before) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::instructions;
    use crate::{context, parse};

    #[test]
    fn opcodes_and_types_of_a_module() {
        let ctx = context();
        let m = parse(
            &ctx,
            b"define i32 @f(i32 %a, i1 %c) personality ptr null {
entry:
  %t = trunc i32 %a to i8
  %z = zext i8 %t to i32
  %s = sdiv i32 %z, 3
  %f = fadd float 1.0, 2.0
  br i1 %c, label %x, label %y
x:
  switch i32 %s, label %y [i32 1, label %y]
y:
  invoke void @g() to label %w unwind label %l
w:
  br label %r
l:
  %p = landingpad { ptr, i32 } cleanup
  br label %r
r:
  ret i32 %s
}
declare void @g()
",
            "k.ll",
        )
        .unwrap();
        let all: Vec<_> = instructions(&m).collect();
        let ops: Vec<Opcode> = all.iter().map(|i| i.opcode()).collect();
        use Opcode::*;
        assert_eq!(
            ops,
            [Trunc, ZExt, SDiv, Other, Br, Switch, Invoke, Br, Other, Br, Other]
        );
        let types: Vec<bool> = all
            .iter()
            // SAFETY: live instructions of `m`.
            .map(|i| unsafe { is_integer_type(inkwell::llvm_sys::core::LLVMTypeOf(i.as_raw())) })
            .collect();
        assert_eq!(types[..4], [true, true, true, false]);
    }

    #[test]
    fn every_shim_number_names_its_opcode() {
        for (n, op) in Opcode::ALL.iter().enumerate() {
            assert_eq!(Opcode::from_shim(n as u32), *op);
        }
        assert_eq!(Opcode::from_shim(99), Opcode::Other);
    }
}

#[cfg(test)]
mod guard {
    use std::path::Path;

    /// Every Rust file under `dir`.
    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// What keeps a build for an LLVM newer than the bindings sound: no
    /// Rust code reads an LLVM-C enum that changes between versions; the
    /// shim answers instead (this module).
    #[test]
    fn no_rust_code_reads_an_llvm_c_enum_that_changes_between_versions() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        for dir in ["crates", "passes", "src", "tests", "xtask"] {
            rust_files(&root.join(dir), &mut files);
        }
        assert!(files.len() > 50, "only {} files found", files.len());
        let forbidden = [
            "LLVMGetInstructionOpcode",
            "LLVMGetTypeKind",
            "LLVMGetValueKind",
            "LLVMOpcode",
            "LLVMTypeKind",
            "LLVMValueKind",
        ];
        for file in files.iter().filter(|f| !f.ends_with("ir/kinds.rs")) {
            let text = std::fs::read_to_string(file).unwrap();
            for name in forbidden {
                assert!(
                    !text.contains(name),
                    "{} uses {name}: read it through ir::kinds instead",
                    file.display()
                );
            }
        }
    }
}
