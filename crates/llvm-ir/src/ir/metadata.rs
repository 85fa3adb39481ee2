//! The metadata and debug-info passes' access to LLVM, and ir-passes
//! (running an `opt -passes=` pipeline in-process).
//!
//! Each reduction here walks the module in C++ (shim/metadata.cpp)
//! and asks `keep(weight)` once per target, in a fixed order, before it
//! changes anything; targets it is told not to keep are then changed. With
//! every target kept the module does not change.

use std::ffi::{c_char, c_void, CString};

use inkwell::llvm_sys::prelude::*;
use inkwell::module::Module;

mod shim {
    use std::ffi::{c_char, c_void};

    use inkwell::llvm_sys::prelude::*;

    /// Asks whether to keep one target (true: keep).
    pub type KeepFn = extern "C" fn(ctx: *mut c_void, weight: u64) -> bool;

    // Implemented in shim/metadata.cpp; see the comments there for
    // what each one guarantees.
    extern "C" {
        pub fn whittle_md_strip_debug_info(m: LLVMModuleRef, keep: KeepFn, ctx: *mut c_void);
        pub fn whittle_md_dbg_records(m: LLVMModuleRef, keep: KeepFn, ctx: *mut c_void);
        pub fn whittle_md_attachments(m: LLVMModuleRef, keep: KeepFn, ctx: *mut c_void);
        pub fn whittle_md_named_operands(
            m: LLVMModuleRef,
            aggressive: i32,
            keep: KeepFn,
            ctx: *mut c_void,
        );
        pub fn whittle_md_distinct(m: LLVMModuleRef, keep: KeepFn, ctx: *mut c_void);
        pub fn whittle_md_di(m: LLVMModuleRef, keep: KeepFn, ctx: *mut c_void);
        pub fn whittle_ir_passes_check(
            m: LLVMModuleRef,
            pipeline: *const c_char,
            triple: *const c_char,
            buf: *mut c_char,
            cap: usize,
        ) -> i32;
        pub fn whittle_ir_passes(
            m: LLVMModuleRef,
            pipeline: *const c_char,
            triple: *const c_char,
            defined_only: std::ffi::c_int,
            keep: KeepFn,
            ctx: *mut c_void,
        );
    }
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
fn with_keep(mut keep: Keep<'_>, f: impl FnOnce(shim::KeepFn, *mut c_void)) {
    let ctx: *mut Keep<'_> = &mut keep;
    f(keep_trampoline, ctx.cast())
}

fn raw(module: &Module<'_>) -> LLVMModuleRef {
    module.as_mut_ptr()
}

/// strip-debug-info: one target (when the module has debug info), the whole
/// debug info, removed with LLVM's StripDebugInfo.
pub fn strip_debug_info(module: &Module<'_>, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_strip_debug_info(raw(module), k, c)
    })
}

/// dbg-records: each `#dbg_` record is a target.
pub fn reduce_dbg_records(module: &Module<'_>, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_dbg_records(raw(module), k, c)
    })
}

/// metadata: whole named metadata nodes (a non-empty `llvm.dbg.cu` stays),
/// then each metadata attachment of global variables, functions and
/// instructions (but `!dbg` attachments the verifier requires).
pub fn reduce_attachments(module: &Module<'_>, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_attachments(raw(module), k, c)
    })
}

/// named-metadata: each operand of a list-like named metadata node
/// (`llvm.module.flags`, `llvm.ident`, the OpenCL lists), or of any named
/// node but `llvm.dbg.cu` when `aggressive`.
pub fn reduce_named_operands(module: &Module<'_>, aggressive: bool, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_named_operands(raw(module), i32::from(aggressive), k, c)
    })
}

/// distinct-metadata: distinct nodes that are operands of distinct tuples
/// reachable from named metadata leave their tuple.
pub fn reduce_distinct(module: &Module<'_>, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_distinct(raw(module), k, c)
    })
}

/// di-metadata: elements of the lists (tuples) debug-info nodes hold.
pub fn reduce_di_lists(module: &Module<'_>, keep: Keep<'_>) {
    // SAFETY: live module; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_md_di(raw(module), k, c)
    })
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).expect("NULs removed")
}

/// Whether `pipeline` is a valid `opt -passes=` pipeline (with the passes of
/// the module's target, or of `mtriple` when the module has no triple). The
/// error is LLVM's message, e.g. `unknown pass name 'x'`.
pub fn check_pipeline(
    module: &Module<'_>,
    pipeline: &str,
    mtriple: Option<&str>,
) -> Result<(), String> {
    let pipeline = c_string(pipeline);
    let triple = c_string(mtriple.unwrap_or(""));
    let mut buf = vec![0u8; 1024];
    // SAFETY: live module; NUL-terminated strings; `buf` has `len` bytes and
    // the shim writes at most that many, NUL included.
    let failed = unsafe {
        shim::whittle_ir_passes_check(
            raw(module),
            pipeline.as_ptr(),
            triple.as_ptr(),
            buf.as_mut_ptr().cast::<c_char>(),
            buf.len(),
        )
    };
    if failed == 0 {
        return Ok(());
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    Err(String::from_utf8_lossy(&buf[..end]).into_owned())
}

/// ir-passes: run `pipeline` on the module. Targets: the pipeline's
/// module-level passes (if any), then each function definition (weight: its
/// instructions); only the optional passes of targets not kept run. A
/// pipeline that crashes, reports an error or leaves invalid IR changes
/// nothing; one that does not parse has no targets. With `defined_only`
/// (`--mr`), the undef/poison operands of the functions it ran on become
/// zero (a read of a local never written folds to undef, which a
/// program's runs cannot tell from a miscompilation).
pub fn run_ir_passes(
    module: &Module<'_>,
    pipeline: &str,
    mtriple: Option<&str>,
    defined_only: bool,
    keep: Keep<'_>,
) {
    let pipeline = c_string(pipeline);
    let triple = c_string(mtriple.unwrap_or(""));
    // SAFETY: live module, which the shim may replace in place (same
    // context; no handle into it is held across the call); NUL-terminated
    // strings; the callback is valid for the call.
    with_keep(keep, |k, c| unsafe {
        shim::whittle_ir_passes(
            raw(module),
            pipeline.as_ptr(),
            triple.as_ptr(),
            defined_only.into(),
            k,
            c,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    #[test]
    fn check_pipeline_reports_llvm_message() {
        let context = Context::create();
        let module =
            crate::parse(&context, b"define void @f() {\n  ret void\n}\n", "t.ll").unwrap();
        assert_eq!(
            check_pipeline(&module, "does-not-parse", None),
            Err("unknown pass name 'does-not-parse'".to_string())
        );
        assert_eq!(
            check_pipeline(&module, "function(instcombine", None),
            Err("invalid pipeline 'function(instcombine'".to_string())
        );
        assert_eq!(
            check_pipeline(
                &module,
                "function(sroa,instcombine<no-verify-fixpoint>,gvn,simplifycfg,infer-address-spaces)",
                None
            ),
            Ok(())
        );
    }

    /// A local read before it is written: SROA folds the read to undef.
    const UNWRITTEN_LOCAL: &[u8] = b"declare void @use(i32)
define void @f() {
  %x = alloca i32
  %v = load i32, ptr %x
  call void @use(i32 %v)
  ret void
}
";

    #[test]
    fn under_defined_values_only_a_folded_unwritten_read_is_zero() {
        let context = Context::create();
        let run = |defined_only: bool| {
            let module = crate::parse(&context, UNWRITTEN_LOCAL, "t.ll").unwrap();
            run_ir_passes(&module, "function(sroa)", None, defined_only, &mut |_| {
                false
            });
            assert!(crate::verify(&module).is_ok());
            module.print_to_string().to_string()
        };
        let plain = run(false);
        assert!(
            plain.contains("undef") || plain.contains("poison"),
            "{plain}"
        );
        let defined = run(true);
        assert!(
            !defined.contains("undef") && !defined.contains("poison"),
            "{defined}"
        );
        assert!(defined.contains("call void @use(i32 0)"), "{defined}");
        // Functions the pipeline did not run on keep their undefined
        // operands.
        let kept =
            crate::parse(&context, b"define i32 @g() {\n  ret i32 undef\n}\n", "g.ll").unwrap();
        run_ir_passes(&kept, "function(sroa)", None, true, &mut |_| true);
        assert!(kept.print_to_string().to_string().contains("ret i32 undef"));
    }

    #[test]
    fn crashing_pipeline_changes_nothing() {
        let context = Context::create();
        let text = b"define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  %c = add i32 %b, 1\n  ret i32 %c\n}\n";
        let module = crate::parse(&context, text, "t.ll").unwrap();
        let before = module.print_to_string().to_string();
        run_ir_passes(
            &module,
            "function(instcombine,trigger-crash-function)",
            None,
            false,
            &mut |_| false,
        );
        assert_eq!(module.print_to_string().to_string(), before);
        run_ir_passes(&module, "function(instcombine)", None, false, &mut |_| {
            false
        });
        assert!(module
            .print_to_string()
            .to_string()
            .contains("add i32 %a, 2"));
        assert!(crate::verify(&module).is_ok());
    }
}
