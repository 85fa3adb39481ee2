//! Machine IR (`.mir`, what `llc -stop-before=PASS` writes) for whittle:
//! parse it with the target machine it names, print it back, run the IR and
//! machine verifiers, count machine instructions, and the reductions the
//! MIR passes make (shim/mir.cpp, shim/mir_passes.cpp).
//!
//! A [`Module`] owns everything it needs: an LLVM context of its own, the
//! embedded IR module, the target machine and the machine functions. It is
//! `!Send`: modules cross threads as MIR text, which the MIR printer and
//! parser round-trip (what llvm-reduce relies on too). A crash inside LLVM
//! while a module is worked on *poisons* it: every later call fails and it
//! is leaked rather than freed.

use std::ffi::{c_char, c_void, CStr, CString};
use std::marker::PhantomData;

use inkwell::llvm_sys::core::LLVMDisposeMessage;

mod shim {
    use std::ffi::{c_char, c_void};

    /// A parsed MIR file owned by the Rust side (`WMir` in shim/mir.h).
    #[repr(C)]
    pub struct WMir {
        _private: [u8; 0],
    }

    /// Asks whether to keep one target (true: keep).
    pub type KeepFn = extern "C" fn(ctx: *mut c_void, weight: u64) -> bool;

    // Implemented in shim/mir.cpp; see the comments there for what each
    // one guarantees.
    extern "C" {
        pub fn whittle_mir_parse(
            data: *const c_char,
            len: usize,
            name: *const c_char,
            triple: *const c_char,
            cpu: *const c_char,
            err: *mut *mut c_char,
        ) -> *mut WMir;
        pub fn whittle_mir_free(m: *mut WMir);
        pub fn whittle_mir_print(m: *mut WMir, simplify: i32) -> *mut c_char;
        pub fn whittle_mir_verify(m: *mut WMir, err: *mut *mut c_char) -> i32;
        pub fn whittle_mir_instruction_count(m: *mut WMir) -> u64;
        pub fn whittle_mir_function_count(m: *mut WMir) -> u64;
        pub fn whittle_mir_triple(m: *mut WMir) -> *mut c_char;
        pub fn whittle_mir_reduce(
            m: *mut WMir,
            name: *const c_char,
            keep: KeepFn,
            ctx: *mut c_void,
        ) -> i32;
    }
}

/// Which target machine a MIR file is read with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// `--mtriple`: used instead of the embedded IR's triple (which is
    /// used when present; else the host's).
    pub triple: Option<String>,
    /// `--mcpu` (default: the target's generic CPU).
    pub cpu: Option<String>,
}

/// A MIR file: the embedded IR module and its machine functions, with the
/// target machine they were read with.
pub struct Module {
    raw: *mut shim::WMir,
    /// Lives in a context used by one thread only.
    _not_send: PhantomData<*mut ()>,
}

/// What went wrong inside LLVM.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// LLVM crashed; the module is poisoned.
    Crashed,
    /// The shim has no MIR reduction of that name.
    UnknownPass(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crashed => write!(f, "LLVM crashed"),
            Failure::UnknownPass(name) => write!(f, "no MIR reduction is called '{name}'"),
        }
    }
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).expect("no NUL left")
}

/// A message made by the shim (LLVMCreateMessage), copied and freed; None
/// for a null pointer.
fn take(message: *mut c_char) -> Option<Vec<u8>> {
    if message.is_null() {
        return None;
    }
    // SAFETY: a NUL-terminated message we own, disposed of once copied.
    unsafe {
        let bytes = CStr::from_ptr(message).to_bytes().to_vec();
        LLVMDisposeMessage(message);
        Some(bytes)
    }
}

fn take_text(message: *mut c_char) -> String {
    String::from_utf8_lossy(&take(message).unwrap_or_default()).into_owned()
}

/// The question a reduction asks per target: keep it (given its weight)?
pub type Keep<'a> = &'a mut dyn FnMut(u64) -> bool;

extern "C" fn keep_trampoline(ctx: *mut c_void, weight: u64) -> bool {
    // SAFETY: `ctx` is the `&mut Keep` that `Module::reduce` passed along
    // for the duration of one shim call, which calls back on this thread
    // only.
    let keep = unsafe { &mut *ctx.cast::<Keep<'_>>() };
    keep(weight)
}

impl Module {
    /// Parse MIR text; `name` names it in diagnostics. The error is LLVM's
    /// (`name:line:col: error: ...`, one per line), or why no target
    /// machine could be made. The module is not verified.
    pub fn parse(bytes: &[u8], name: &str, target: &Target) -> Result<Module, String> {
        let name = c_string(name);
        let triple = c_string(target.triple.as_deref().unwrap_or(""));
        let cpu = c_string(target.cpu.as_deref().unwrap_or(""));
        let mut err = std::ptr::null_mut();
        // SAFETY: the bytes and strings outlive the call (the shim copies
        // the text into a buffer of its own); a non-null result is a module
        // this handle owns from now on; `err` is a message we own.
        let raw = unsafe {
            shim::whittle_mir_parse(
                bytes.as_ptr().cast(),
                bytes.len(),
                name.as_ptr(),
                triple.as_ptr(),
                cpu.as_ptr(),
                &mut err,
            )
        };
        if raw.is_null() {
            return Err(take_text(err).trim_end().to_string());
        }
        Ok(Module {
            raw,
            _not_send: PhantomData,
        })
    }

    /// The file as `llc -stop-before` writes it: the embedded IR module,
    /// then each machine function; but a named virtual register that only
    /// implicit operands define has its class stated, which LLVM's printer
    /// leaves out (its output would not read back).
    pub fn print(&self) -> Result<Vec<u8>, Failure> {
        // SAFETY: live module of this thread; the result is a message we
        // own (null if LLVM crashed).
        take(unsafe { shim::whittle_mir_print(self.raw, 0) }).ok_or(Failure::Crashed)
    }

    /// The same in the short form of llc's and llvm-reduce's
    /// `-simplify-mir` (fields that hold their default value left out);
    /// whether it reads back is for the caller to check.
    pub fn print_simplified(&self) -> Result<Vec<u8>, Failure> {
        // SAFETY: as for `print`.
        take(unsafe { shim::whittle_mir_print(self.raw, 1) }).ok_or(Failure::Crashed)
    }

    /// The IR verifier, then the machine verifier on each machine function
    /// (but those marked `failsVerification`); the error is their report.
    pub fn verify(&self) -> Result<(), String> {
        let mut err = std::ptr::null_mut();
        // SAFETY: live module of this thread; `err` is a message we own.
        let status = unsafe { shim::whittle_mir_verify(self.raw, &mut err) };
        let message = take_text(err);
        match status {
            1 => Ok(()),
            0 => Err(complaints_first(&message)),
            _ => Err("LLVM crashed in the verifier".to_string()),
        }
    }

    /// Machine instructions in all machine functions.
    pub fn instruction_count(&self) -> u64 {
        // SAFETY: live module of this thread.
        unsafe { shim::whittle_mir_instruction_count(self.raw) }
    }

    /// Machine functions in the file.
    pub fn function_count(&self) -> u64 {
        // SAFETY: live module of this thread.
        unsafe { shim::whittle_mir_function_count(self.raw) }
    }

    /// The triple of the target machine the module was read with.
    pub fn triple(&self) -> String {
        // SAFETY: live module of this thread; the result is a message we own.
        take_text(unsafe { shim::whittle_mir_triple(self.raw) })
    }

    /// Run the MIR reduction called `pass`, asking `keep` once per target.
    pub fn reduce(&self, pass: &str, mut keep: Keep<'_>) -> Result<(), Failure> {
        let name = c_string(pass);
        let ctx: *mut Keep<'_> = &mut keep;
        // SAFETY: live module of this thread; the name outlives the call;
        // the callback and its context are valid for the call and called
        // back on this thread only.
        let status = unsafe {
            shim::whittle_mir_reduce(self.raw, name.as_ptr(), keep_trampoline, ctx.cast())
        };
        match status {
            1 => Ok(()),
            -1 => Err(Failure::UnknownPass(pass.to_string())),
            _ => Err(Failure::Crashed),
        }
    }
}

/// The machine verifier's report with its complaints (`*** Bad machine
/// code: ... ***`) first, then the whole report.
fn complaints_first(report: &str) -> String {
    let complaints: Vec<&str> = report
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("*** Bad machine code"))
        .collect();
    let mut out = complaints.join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(report.trim());
    out
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: the module is owned by this handle and freed once, on the
        // thread that made it (Module is !Send); a poisoned one is leaked.
        unsafe { shim::whittle_mir_free(self.raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function as `llc -stop-before=machine-scheduler` leaves it: two
    /// loads, an add, a return.
    const MIR: &str = r#"--- |
  target triple = "x86_64-unknown-linux-gnu"

  define i32 @f(ptr %p) {
    %a = load i32, ptr %p
    %b = add i32 %a, 1
    ret i32 %b
  }
...
---
name:            f
tracksRegLiveness: true
registers:
  - { id: 0, class: gr64 }
  - { id: 1, class: gr32 }
  - { id: 2, class: gr32 }
liveins:
  - { reg: '$rdi', virtual-reg: '%0' }
body:             |
  bb.0 (%ir-block.0):
    liveins: $rdi

    %0:gr64 = COPY $rdi
    %1:gr32 = MOV32rm %0, 1, $noreg, 0, $noreg :: (load (s32) from %ir.p)
    %2:gr32 = ADD32ri %1, 1, implicit-def dead $eflags
    $eax = COPY %2
    RET 0, $eax
...
"#;

    fn parse(text: &str) -> Module {
        Module::parse(text.as_bytes(), "t.mir", &Target::default()).unwrap()
    }

    #[test]
    fn parse_print_round_trip_is_a_fixpoint() {
        let m = parse(MIR);
        assert!(m.verify().is_ok());
        assert_eq!(m.instruction_count(), 5);
        assert_eq!(m.function_count(), 1);
        assert_eq!(m.triple(), "x86_64-unknown-linux-gnu");
        let once = m.print().unwrap();
        let twice = parse(std::str::from_utf8(&once).unwrap()).print().unwrap();
        assert_eq!(once, twice);
    }

    #[test]
    fn parse_errors_carry_the_location() {
        let bad = MIR.replace("ADD32ri", "NOT_AN_OPCODE");
        let err = Module::parse(bad.as_bytes(), "t.mir", &Target::default())
            .err()
            .unwrap();
        assert!(err.starts_with("t.mir:"), "{err}");
        assert!(err.contains("NOT_AN_OPCODE"), "{err}");
    }

    #[test]
    fn the_machine_verifier_rejects_what_it_should() {
        // The return reads $ecx, which nothing defines: the MIR parser runs
        // the machine verifier too, so such a file does not even read.
        let bad = MIR.replace("RET 0, $eax", "RET 0, $eax, implicit $ecx");
        let err = Module::parse(bad.as_bytes(), "t.mir", &Target::default())
            .err()
            .unwrap();
        assert!(err.contains("machine code errors"), "{err}");
    }

    #[test]
    fn a_removed_physical_definition_is_read_undef_later_in_its_block() {
        let m = parse(MIR);
        let mut index = 0;
        m.reduce("instructions", &mut |_| {
            index += 1;
            index != 4
        })
        .unwrap();
        assert!(m.verify().is_ok());
        let text = String::from_utf8(m.print().unwrap()).unwrap();
        assert!(text.contains("RET 0, undef $eax"), "{text}");
    }

    #[test]
    fn keeping_every_target_changes_nothing_and_dropping_one_does() {
        let m = parse(MIR);
        let before = m.print().unwrap();
        let mut count = 0;
        m.reduce("instructions", &mut |_| {
            count += 1;
            true
        })
        .unwrap();
        assert_eq!(m.print().unwrap(), before);
        // COPY, load, add, COPY (the return is a terminator).
        assert_eq!(count, 4);
        let mut index = 0;
        m.reduce("instructions", &mut |_| {
            index += 1;
            index != 3
        })
        .unwrap();
        assert!(m.verify().is_ok());
        let after = String::from_utf8(m.print().unwrap()).unwrap();
        // The add's use reads the nearest earlier gr32 instead.
        assert!(!after.contains("ADD32ri"), "{after}");
        assert!(after.contains("$eax = COPY %1"), "{after}");
        assert!(matches!(
            m.reduce("nope", &mut |_| true),
            Err(Failure::UnknownPass(_))
        ));
    }
}
