//! Replace instructions with ones likely to compile to something simpler
//! (llvm-reduce's `opcodes`): fdiv/frem become fmul, integer division and
//! remainder become mul, add/sub become or; sqrt, min/max and a few AMDGPU
//! intrinsics become fmul or a plainer intrinsic; a call to an ordinary
//! function becomes an operator on its arguments when they all have its
//! return type (fneg/fmul/fma, bswap/and/fshl) or else a volatile load or
//! store through its one pointer argument. The replacement keeps the name,
//! flags and metadata. One target per instruction, weight 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::insts::reduce_opcode;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = instructions(module)
        .filter(|i| i.opcode_is_reducible())
        .filter(|_| !targets.keep(1))
        .collect();
    for i in doomed {
        reduce_opcode(i);
    }
}
