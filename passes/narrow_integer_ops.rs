//! narrow-integer-ops (whittle's own): an operation done at a wide integer
//! type on values extended from a narrow one (or constants), whose only use
//! truncates it back, is done at the narrow type, and the extensions go
//! when nothing else uses them: `trunc (sdiv (sext a), 3)` becomes
//! `sdiv a, 3`. C's integer promotions leave such chains around every
//! `int` operation done in `long`; no deletion removes them without
//! changing the value. One target per such `trunc`, of weight 1, in walk
//! order. Under `--mr` (defined values only) only where the narrow form is
//! exact and never undefined where the wide one was not (add, sub, mul and
//! bitwise always; divisions and shifts when their operands' extensions
//! and constants rule out the differences: `sdiv (sext a), 3` yes,
//! `sdiv (sext a), (sext b)` no, since `MIN / -1` overflows only narrow).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::narrow::narrow_truncation;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let chosen: Vec<_> = instructions(module)
        .filter(|i| i.is_narrowable_truncation(options.defined_values_only))
        .filter(|_| !targets.keep(1))
        .collect();
    // Each truncation owns its wide operation (its only use), so narrowing
    // one leaves the others narrowable; extensions shared between them go
    // with the last user.
    for trunc in chosen {
        narrow_truncation(trunc);
    }
}
