//! Module rewrites for the metamorphic oracles (shim/mr.cpp): ones
//! that must not change meaning, for the `reorder` relation, and the
//! pattern-initialised stack and the bounds checks the undefined-behaviour
//! checks run, and the check for undefined behaviour a module's own
//! constants make certain.

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::module::Module;

extern "C" {
    fn whittle_certain_ub(m: LLVMModuleRef) -> *mut std::ffi::c_char;
    fn whittle_undefined_operand_uses(m: LLVMModuleRef) -> u32;
    fn whittle_reverse_functions(m: LLVMModuleRef);
    fn whittle_strip_local_names(m: LLVMModuleRef);
    fn whittle_pattern_init_allocas(m: LLVMModuleRef, byte: u8, unwritten: u32) -> u32;
    fn whittle_has_fillable_allocas(m: LLVMModuleRef) -> bool;
}

/// Put the module's functions in reverse order.
pub fn reverse_functions(module: &Module<'_>) {
    // SAFETY: live module; functions are only moved within it.
    unsafe { whittle_reverse_functions(module.as_mut_ptr()) }
}

/// Drop the names of arguments, blocks and instructions (they print as
/// numbers).
pub fn strip_local_names(module: &Module<'_>) {
    // SAFETY: live module; only names change.
    unsafe { whittle_strip_local_names(module.as_mut_ptr()) }
}

/// What a filled module does where it uses a value computed from bytes of a
/// local, whose address never escapes, that were not written since the
/// local was made ([`pattern_init_allocas`]): uses as a condition, an
/// address, a divisor, a call's or `ret`'s operand (a value only computed
/// with, or copied through the local's memory, is followed, as
/// MemorySanitizer follows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnwrittenReads {
    /// Nothing: it reads the fill.
    Unchecked,
    /// Checks each such use and records it in a global of its own, then
    /// goes on with the fill: built like `Trap`, to compare a trapping
    /// variant with.
    Checked,
    /// Checks each such use and traps (`llvm.trap`) where it finds one.
    Trap,
}

/// Fill every fixed-size stack allocation with `byte` as soon as it is made,
/// so that a program reading a local it never wrote reads `byte`, and
/// check its uses of such bytes as `unwritten` says. Returns how many
/// allocations were filled.
pub fn pattern_init_allocas(module: &Module<'_>, byte: u8, unwritten: UnwrittenReads) -> u32 {
    let unwritten = match unwritten {
        UnwrittenReads::Unchecked => 0,
        UnwrittenReads::Checked => 1,
        UnwrittenReads::Trap => 2,
    };
    // SAFETY: live module; each memset is inserted right after its alloca,
    // which it uses, in the same block; the checks add a shadow alloca
    // before the slot's, a global, and split blocks at the accesses with
    // LLVM's own utility, which keeps the CFG and phis valid.
    unsafe { whittle_pattern_init_allocas(module.as_mut_ptr(), byte, unwritten) }
}

/// Whether [`pattern_init_allocas`] would fill anything in `module` (it is
/// left as it is).
pub fn has_fillable_allocas(module: &Module<'_>) -> bool {
    // SAFETY: live module, only read.
    unsafe { whittle_has_fillable_allocas(module.as_mut_ptr()) }
}

/// Add LLVM's bounds checks to every function defined in `module` (its
/// `bounds-checking` pass: a load or store outside the stack slot, global or
/// heap block it addresses traps); whether any was added.
pub fn add_bounds_checks(module: &Module<'_>) -> bool {
    let before = module.print_to_string();
    super::metadata::run_ir_passes(
        module,
        "function(bounds-checking)",
        None,
        false,
        &mut |_| false,
    );
    module.print_to_string() != before
}

/// The first undefined behaviour the module's own constants make certain
/// where it is executed (a division by a value known to be zero, a signed
/// division of the minimum by -1, a shift by at least the width, a memory
/// access or call through null or undef, a read of a stack slot nothing
/// writes), described with its function; or
/// None. Metamorphic oracles reject such candidates: a division by zero
/// crashes alike on every run, so no trust check tells it from a
/// miscompilation, and an optimizer may fold it into anything.
pub fn certain_undefined_behaviour(module: &Module<'_>) -> Option<String> {
    // SAFETY: live module, only read; the shim returns null or a message
    // it allocated with LLVMCreateMessage, copied out and freed here once.
    unsafe {
        let raw = whittle_certain_ub(module.as_mut_ptr());
        if raw.is_null() {
            return None;
        }
        let text = std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned();
        inkwell::llvm_sys::core::LLVMDisposeMessage(raw);
        Some(text)
    }
}

/// How many operands of instructions are undef or poison, not counting a
/// vector or aggregate built on an undefined base or a shuffle's unused
/// input. A candidate under `--mr` may have no more than its input had:
/// a pass that folds a read of a local never written (SROA in the
/// `ir-passes` pipeline) leaves an `undef` the trust checks cannot see.
pub fn undefined_operand_uses(module: &Module<'_>) -> u32 {
    // SAFETY: live module, only read.
    unsafe { whittle_undefined_operand_uses(module.as_mut_ptr()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{context, parse};

    fn ub(body: &str) -> Option<String> {
        let text =
            format!("define i32 @f(i32 %a, i64 %b, ptr %p) {{\n{body}\n}}\ndeclare void @g()\n");
        let ctx = context();
        let module = parse(&ctx, text.as_bytes(), "ub.ll").unwrap();
        certain_undefined_behaviour(&module)
    }

    #[test]
    fn certain_undefined_behaviour_is_found() {
        let found = |body: &str, what: &str| {
            let why = ub(body).unwrap_or_else(|| panic!("nothing found in\n{body}"));
            assert!(why.contains(what), "{why}");
        };
        // A divisor made zero through a cast (what reduction leaves).
        found(
            "  %z = sext i32 0 to i64\n  %q = sdiv i64 %b, %z\n  %t = trunc i64 %q to i32\n  ret i32 %t",
            "division by zero in @f (%q)",
        );
        found(
            "  %z = and i32 %a, 0\n  %r = urem i32 %a, %z\n  ret i32 %r",
            "division by zero",
        );
        found(
            "  %m = sdiv i32 -2147483648, -1\n  ret i32 %m",
            "signed division overflow",
        );
        found(
            "  %s = shl i32 %a, 40\n  ret i32 %s",
            "shift by at least the width",
        );
        found("  %v = load i32, ptr null\n  ret i32 %v", "through null");
        found("  store i32 %a, ptr undef\n  ret i32 0", "through undef");
        found("  call void null()\n  ret i32 0", "through null");
    }

    #[test]
    fn undefined_operands_are_counted_but_for_vector_idioms() {
        let count = |body: &str| {
            let text = format!("define <2 x i32> @f(i32 %a, <2 x i32> %v) {{\n{body}\n}}\n");
            let ctx = context();
            let module = parse(&ctx, text.as_bytes(), "undef.ll").unwrap();
            undefined_operand_uses(&module)
        };
        assert_eq!(
            count("  %d = sdiv i32 undef, 1\n  %e = add i32 %d, poison\n  ret <2 x i32> %v"),
            2
        );
        assert_eq!(
            count("  %i = insertelement <2 x i32> poison, i32 %a, i32 0\n  %s = shufflevector <2 x i32> %i, <2 x i32> poison, <2 x i32> zeroinitializer\n  ret <2 x i32> %s"),
            0
        );
        assert_eq!(count("  ret <2 x i32> undef"), 1);
    }

    #[test]
    fn defined_code_is_left_alone() {
        for body in [
            "  %d = or i32 %a, 1\n  %q = sdiv i32 %a, %d\n  ret i32 %q",
            "  %q = sdiv i32 %a, %a\n  ret i32 %q",
            "  %m = sdiv i32 %a, -1\n  ret i32 %m",
            "  %s = shl i32 %a, 31\n  ret i32 %s",
            "  %v = load i32, ptr %p\n  ret i32 %v",
            "  call void @g()\n  ret i32 0",
        ] {
            assert_eq!(ub(body), None, "{body}");
        }
    }

    /// The exit status of `main` (a body returning i32) run by lli with its
    /// locals filled with 0x5a and its reads checked as `unwritten` says;
    /// None when it died by a signal (the trap).
    fn run_filled(body: &str, unwritten: UnwrittenReads) -> Option<i32> {
        let text = format!("define i32 @main() {{\n{body}\n}}\n");
        let ctx = context();
        let module = parse(&ctx, text.as_bytes(), "filled.ll").unwrap();
        assert!(pattern_init_allocas(&module, 0x5a, unwritten) > 0);
        module.verify().unwrap();
        static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("whittle-fill-{}-{n}.ll", std::process::id()));
        std::fs::write(&path, module.print_to_string().to_bytes()).unwrap();
        let lli = ["/usr/lib/llvm-22/bin/lli", "lli"]
            .into_iter()
            .find(|l| {
                std::process::Command::new(l)
                    .arg("--version")
                    .output()
                    .is_ok()
            })
            .expect("lli");
        let status = std::process::Command::new(lli)
            .arg(&path)
            .output()
            .unwrap()
            .status;
        std::fs::remove_file(&path).unwrap();
        status.code()
    }

    #[test]
    fn a_module_is_fillable_exactly_when_the_fill_fills_something() {
        for (body, fillable) in [
            (
                "  %a = alloca [2 x i32]\n  store i32 7, ptr %a\n  ret i32 0",
                true,
            ),
            // Nothing on the stack, or nothing of a size the fill covers.
            ("  ret i32 %n", false),
            (
                "  %a = alloca i32, i32 %n\n  store i32 7, ptr %a\n  ret i32 0",
                false,
            ),
            ("  %a = alloca [0 x i32]\n  ret i32 0", false),
        ] {
            let text = format!("define i32 @f(i32 %n) {{\n{body}\n}}\n");
            let ctx = context();
            let module = parse(&ctx, text.as_bytes(), "fill.ll").unwrap();
            assert_eq!(has_fillable_allocas(&module), fillable, "{body}");
            // Only read.
            assert_eq!(
                module.print_to_string().to_string(),
                parse(&ctx, text.as_bytes(), "fill.ll")
                    .unwrap()
                    .print_to_string()
                    .to_string()
            );
            assert_eq!(
                pattern_init_allocas(&module, 0, UnwrittenReads::Unchecked) > 0,
                fillable,
                "{body}"
            );
        }
    }

    #[test]
    fn a_load_of_bytes_never_written_traps_where_asked() {
        // An opcode read from an element nothing wrote: the fill (0x5a5a5a5a)
        // runs on; the trapping variant stops at the load.
        let unwritten = "  %a = alloca [2 x i32]\n  store i32 7, ptr %a\n  %e = getelementptr [2 x i32], ptr %a, i64 0, i64 1\n  %v = load i32, ptr %e\n  %c = icmp eq i32 %v, 1515870810\n  %r = zext i1 %c to i32\n  ret i32 %r";
        assert_eq!(run_filled(unwritten, UnwrittenReads::Unchecked), Some(1));
        assert_eq!(run_filled(unwritten, UnwrittenReads::Checked), Some(1));
        assert_eq!(run_filled(unwritten, UnwrittenReads::Trap), None);
        // Garbage copied into another local and used from there.
        let copied = "  %a = alloca [2 x i32]\n  %b = alloca i32\n  store i32 7, ptr %a\n  %e = getelementptr [2 x i32], ptr %a, i64 0, i64 1\n  %v = load i32, ptr %e\n  %w = add i32 %v, 1\n  store i32 %w, ptr %b\n  %x = load i32, ptr %b\n  %c = icmp eq i32 %x, 3\n  br i1 %c, label %t, label %f\nt:\n  ret i32 1\nf:\n  ret i32 0";
        assert_eq!(run_filled(copied, UnwrittenReads::Checked), Some(0));
        assert_eq!(run_filled(copied, UnwrittenReads::Trap), None);
        // A load half of whose bytes were written reads garbage too.
        let half = "  %a = alloca i32\n  store i16 1, ptr %a\n  %v = load i32, ptr %a\n  %r = and i32 %v, 0\n  ret i32 %r";
        assert_eq!(run_filled(half, UnwrittenReads::Trap), None);
    }

    #[test]
    fn written_bytes_and_unread_garbage_do_not_trap() {
        for body in [
            // Each element written by a store, or by a memset, before it is
            // read (the element through a variable index).
            "  %a = alloca [4 x i32]\n  %i = add i64 1, 2\n  %e = getelementptr [4 x i32], ptr %a, i64 0, i64 %i\n  store i32 3, ptr %e\n  %v = load i32, ptr %e\n  %r = sub i32 %v, 3\n  ret i32 %r",
            "  %a = alloca [4 x i32]\n  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 false)\n  %e = getelementptr [4 x i32], ptr %a, i64 0, i64 3\n  %v = load i32, ptr %e\n  ret i32 %v",
            // A bit-field's first assignment at -O0: its storage unit loaded,
            // the field masked in, stored back.
            "  %s = alloca i8\n  %b = load i8, ptr %s\n  %c = and i8 %b, -8\n  %d = or i8 %c, 1\n  store i8 %d, ptr %s\n  %v = load i8, ptr %s\n  %f = and i8 %v, 7\n  %w = zext i8 %f to i32\n  %r = sub i32 %w, 1\n  ret i32 %r",
            // Garbage loaded and copied, but never used: the copy is
            // overwritten before it is read.
            "  %a = alloca [2 x i32]\n  %b = alloca i32\n  %e = getelementptr [2 x i32], ptr %a, i64 0, i64 1\n  %v = load i32, ptr %e\n  %w = mul i32 %v, 3\n  store i32 %w, ptr %b\n  store i32 0, ptr %b\n  %x = load i32, ptr %b\n  ret i32 %x",
            // A load whose value nothing uses.
            "  %a = alloca i32\n  %v = load i32, ptr %a\n  ret i32 0",
            // A slot whose address escapes (a callee may write it) is
            // filled, not checked.
            "  %a = alloca i32\n  %p = ptrtoint ptr %a to i64\n  %v = load i32, ptr %a\n  ret i32 0",
        ] {
            assert_eq!(run_filled(body, UnwrittenReads::Trap), Some(0), "{body}");
        }
    }
}
