//! Helpers of the control-flow passes (simplify-conditionals-true/false,
//! simplify-cfg, invokes, switch-cases); the C++ side is
//! `shim/cfg.cpp`.

use super::kinds::Opcode;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;

use super::{Block, Value};

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in shim/cfg.cpp; see the comments there.
    extern "C" {
        pub fn whittle_conditional_weights(f: LLVMValueRef, direction: i32, out: *mut u64, n: u32);
        pub fn whittle_fold_conditionals(
            f: LLVMValueRef,
            direction: i32,
            blocks: *mut LLVMBasicBlockRef,
            n: u32,
        );
        pub fn whittle_simplify_cfg(blocks: *mut LLVMBasicBlockRef, n: u32);
        pub fn whittle_invoke_weight(invoke: LLVMValueRef) -> u64;
        pub fn whittle_invoke_to_call(invoke: LLVMValueRef);
        pub fn whittle_switch_case_weights(f: LLVMValueRef, out: *mut u64, n: u32);
        pub fn whittle_remove_switch_cases(f: LLVMValueRef, ordinals: *const u32, n: u32);
        pub fn whittle_reachable_blocks(f: LLVMValueRef, out: *mut u8, n: u32);
        pub fn whittle_delete_unreachable_blocks(blocks: *mut LLVMBasicBlockRef, n: u32);
        pub fn whittle_block_merge_kind(b: LLVMBasicBlockRef) -> i32;
        pub fn whittle_merge_blocks(blocks: *mut LLVMBasicBlockRef, n: u32);
    }
}

impl<'m> Value<'m> {
    /// For a function: whether it has a personality function.
    pub fn has_personality(self) -> bool {
        // SAFETY: live function.
        unsafe { LLVMHasPersonalityFn(self.raw) != 0 }
    }

    /// For a function: per block (layout order), the weight of folding its
    /// conditional branch to `direction` (1 plus the instructions made
    /// unreachable), or 0 where there is nothing to fold (no conditional
    /// branch, or its condition already is that constant).
    pub fn conditional_weights(self, direction: bool) -> Vec<u64> {
        let n = self.blocks().len();
        let mut out = vec![0u64; n];
        // SAFETY: live function; `out` has room for one weight per block.
        unsafe {
            shim::whittle_conditional_weights(
                self.raw,
                direction as i32,
                out.as_mut_ptr(),
                n as u32,
            )
        }
        out
    }

    /// For a function: the number of cases of all its switches.
    pub fn switch_case_count(self) -> usize {
        self.blocks()
            .into_iter()
            .filter_map(|b| b.terminator())
            .filter(|t| t.opcode() == Opcode::Switch)
            // SAFETY: live switch instruction; its successors are the default
            // and one per case.
            .map(|t| unsafe { LLVMGetNumSuccessors(t.raw) }.saturating_sub(1) as usize)
            .sum()
    }

    /// For a function: the weight of removing each switch case (blocks in
    /// layout order, cases in order): 1 plus the instructions made
    /// unreachable.
    pub fn switch_case_weights(self) -> Vec<u64> {
        let n = self.switch_case_count();
        let mut out = vec![1u64; n];
        // SAFETY: live function; `out` has room for one weight per case.
        unsafe { shim::whittle_switch_case_weights(self.raw, out.as_mut_ptr(), n as u32) }
        out
    }

    /// For a function: whether some block is unreachable from the entry.
    pub fn has_unreachable_blocks(self) -> bool {
        !self.unreachable_blocks().is_empty()
    }

    /// For a function: its blocks the entry does not reach, in layout order
    /// (none for a declaration).
    pub fn unreachable_blocks(self) -> Vec<Block<'m>> {
        let blocks = self.blocks();
        let mut reached = vec![0u8; blocks.len()];
        // SAFETY: live function (a declaration has no blocks, and the shim
        // returns before its entry is asked for); `reached` has room for one
        // flag per block.
        unsafe {
            shim::whittle_reachable_blocks(self.raw, reached.as_mut_ptr(), blocks.len() as u32)
        }
        blocks
            .into_iter()
            .zip(reached)
            .filter(|&(_, r)| r == 0)
            .map(|(b, _)| b)
            .collect()
    }

    /// For an invoke: the weight of turning it into a call.
    pub fn invoke_weight(self) -> u64 {
        // SAFETY: live invoke instruction (callers check the opcode).
        unsafe { shim::whittle_invoke_weight(self.raw) }
    }
}

impl<'m> Block<'m> {
    /// Whether the block can be merged away: into its single predecessor,
    /// which branches only to it, or, holding only PHIs and an
    /// unconditional branch, into its successor (not the entry, not an EH
    /// pad, not a block whose address is taken).
    pub fn is_mergeable(self) -> bool {
        // SAFETY: live block in a function.
        unsafe { shim::whittle_block_merge_kind(self.raw) != 0 }
    }

    /// The block's terminator, if it has one.
    pub fn terminator(self) -> Option<Value<'m>> {
        // SAFETY: live block.
        let t = unsafe { LLVMGetBasicBlockTerminator(self.raw) };
        (!t.is_null()).then(|| Value::new(t))
    }
}

/// Fold the conditional branches ending `blocks` (blocks of `function`) to
/// `direction`, merge each block into its single predecessor where possible,
/// and delete the function's unreachable blocks (llvm-reduce's
/// simplify-conditionals-true/false).
pub fn fold_conditionals(function: Value<'_>, direction: bool, blocks: Vec<Block<'_>>) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.raw).collect();
    // SAFETY: live function and live blocks of it, consumed here; the shim
    // skips blocks an earlier fold deleted.
    unsafe {
        shim::whittle_fold_conditionals(
            function.raw,
            direction as i32,
            raw.as_mut_ptr(),
            raw.len() as u32,
        )
    }
}

/// Run LLVM's local simplifyCFG on each block, in order.
pub fn simplify_cfg(blocks: Vec<Block<'_>>) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.raw).collect();
    // SAFETY: live blocks of one module, consumed here; the shim skips
    // blocks an earlier simplification deleted.
    unsafe { shim::whittle_simplify_cfg(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Delete blocks the entry does not reach (all of one function), with the
/// blocks that use a token they define; successors' PHIs lose the edges, a
/// staying predecessor ends in `unreachable` where it reached them.
pub fn delete_unreachable_blocks(blocks: Vec<Block<'_>>) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.raw).collect();
    // SAFETY: live blocks of one function, none reachable from its entry (the
    // caller took them from `unreachable_blocks`), consumed here.
    unsafe { shim::whittle_delete_unreachable_blocks(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Merge each block away as [`Block::is_mergeable`] says, in order; a block
/// an earlier merge deleted or made unmergeable is skipped.
pub fn merge_blocks(blocks: Vec<Block<'_>>) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.raw).collect();
    // SAFETY: live blocks of one module, consumed here; the shim holds them by
    // weak handles and checks each again before merging it.
    unsafe { shim::whittle_merge_blocks(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Turn invokes into calls followed by a branch to their normal destination.
pub fn invokes_to_calls(invokes: Vec<Value<'_>>) {
    for invoke in invokes {
        // SAFETY: live invoke instruction; changing one invoke touches no
        // other invoke (each is its own block's terminator).
        unsafe { shim::whittle_invoke_to_call(invoke.raw) }
    }
}

/// Remove the switch cases of `function` whose ordinals (in the order of
/// [`Value::switch_case_weights`]) are listed in ascending order, and delete
/// the blocks that become unreachable.
pub fn remove_switch_cases(function: Value<'_>, ordinals: Vec<u32>) {
    // SAFETY: live function; the shim checks ordinals against the cases.
    unsafe {
        shim::whittle_remove_switch_cases(function.raw, ordinals.as_ptr(), ordinals.len() as u32)
    }
}
