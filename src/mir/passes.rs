//! The Machine IR reduction passes and their ordered registry (the levels of
//! the hierarchy, coarse to fine). The walks and mutations are in C++, in
//! the `whittle-llvm-ir` crate (`shim/mir_passes.cpp`, one section per pass,
//! where each pass's contract is written), reached by name through one
//! entry point ([`Module::reduce`]).
//!
//! As for LLVM IR: a pass walks the machine functions in a fixed order and
//! asks `keep(weight)` once per target, then changes the targets it was
//! told not to keep; run with every target kept, it changes nothing. What
//! a pass cannot keep valid itself, the machine verifier rejects.

use whittle_llvm_ir::mir::{Failure, Module};
use whittle_reducer::{PassInfo, RegisteredPass, Targets};

/// One MIR reduction pass: the shim's reduction of the same name.
pub struct Pass {
    pub info: PassInfo,
}

impl RegisteredPass for Pass {
    fn info(&self) -> &PassInfo {
        &self.info
    }
}

impl Pass {
    /// Walk `module`, ask `targets` about each target, change the ones not
    /// kept. An error means LLVM crashed (the module is poisoned).
    pub fn run(&self, module: &Module, targets: &mut Targets<'_>) -> Result<(), Failure> {
        module.reduce(self.info.name, &mut |w| targets.keep(w))
    }
}

const fn pass(info: PassInfo) -> Pass {
    Pass { info }
}

/// Every pass, coarse to fine: the order of a sweep. Whole machine
/// functions first (one usually holds the bug), then control flow
/// (conditional branches made unconditional, indirect ones direct,
/// blocks), instructions and the definitions and uses of registers, then
/// what decorates them: references back to the IR, flags, hints, register
/// masks. llvm-reduce's names where the pass does what llvm-reduce's does
/// (llvm-reduce has no MIR passes for functions and control flow).
#[rustfmt::skip]
pub static PASSES: &[Pass] = &[
    pass(PassInfo::new("machine-functions", "delete machine functions (their IR functions become declarations)").bisect_first()),
    pass(PassInfo::new("simplify-conditionals-true", "make conditional branches always taken (blocks no longer reached go)")),
    pass(PassInfo::new("simplify-conditionals-false", "make conditional branches never taken (blocks no longer reached go)")),
    pass(PassInfo::new("indirect-branches", "drop targets of indirect branches (jump tables, computed gotos); one left is branched to directly")),
    pass(PassInfo::new("basic-blocks", "delete machine blocks, branches to them going where they went").interacting()),
    pass(PassInfo::new("instructions", "delete machine instructions; uses of a removed definition read an earlier one of the same class, or an IMPLICIT_DEF").llvm(&["instructions"])),
    pass(PassInfo::new("register-defs", "drop register definitions (an IMPLICIT_DEF defines the register instead)").llvm(&["register-defs"])),
    pass(PassInfo::new("register-uses", "drop register uses (extra implicit operands go, others become undef)").llvm(&["register-uses"])),
    pass(PassInfo::new("ir-instruction-references", "drop the IR values memory operands name").llvm(&["ir-instruction-references"]).all_first()),
    pass(PassInfo::new("ir-block-references", "drop the IR blocks machine blocks name").llvm(&["ir-block-references"]).all_first()),
    pass(PassInfo::new("ir-function-references", "drop the IR allocas stack objects name").llvm(&["ir-function-references"]).all_first()),
    pass(PassInfo::new("instruction-flags", "drop flags of machine instructions, one at a time").llvm(&["instruction-flags"]).all_first()),
    pass(PassInfo::new("register-hints", "drop the preferred registers of virtual registers").llvm(&["register-hints"]).all_first()),
    pass(PassInfo::new("register-masks", "clobber registers that custom register masks preserve").llvm(&["register-masks"]).all_first()),
];

/// The passes of the default sweep.
pub fn default_passes() -> Vec<&'static Pass> {
    PASSES.iter().filter(|p| p.info.default).collect()
}
