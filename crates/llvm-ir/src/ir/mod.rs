//! Safe handles on the IR of one module: the only place (with the C++ shim in
//! crates/llvm-ir/shim/) that calls LLVM through raw pointers.
//!
//! This file holds the handles and the helpers of the deletion passes; each
//! further area of passes has a child module here whose raw declarations
//! match `crates/llvm-ir/shim/<area>.cpp`.
//!
//! **Invariant:** a [`Value`] or [`Block`] is a borrowed pointer into a module
//! that outlives the `'m` borrow it was obtained from. Walking the IR never
//! invalidates handles; the mutating helpers below take their handles by
//! value, and a pass must not use a copy of a handle after passing it to one
//! of them (the value may be gone), exactly as with LLVM's C++ API. Passes
//! collect their targets first and mutate afterwards, so this holds by
//! construction.
//!
//! Every mutation keeps a valid module valid as far as the helper's own
//! contract goes (uses of removed values are replaced by a constant of the
//! right type, CFG edits fix PHIs); whatever else can break is caught by the
//! verifier, which the reducer runs on every candidate.

use std::marker::PhantomData;

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::module::Module;

pub mod cfg;
pub mod functions;
pub mod globals;
pub mod insts;
pub mod kinds;
pub mod merge;
pub mod metadata;
pub mod mr;
pub mod narrow;
pub mod operands;

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in crates/llvm-ir/shim/core.cpp; see the comments there for what
    // each one guarantees.
    extern "C" {
        pub fn whittle_erase_globals(values: *mut LLVMValueRef, n: u32);
        pub fn whittle_delete_body(f: LLVMValueRef);
        pub fn whittle_remove_blocks(f: LLVMValueRef, blocks: *mut LLVMBasicBlockRef, n: u32);
        pub fn whittle_block_is_removable(b: LLVMBasicBlockRef) -> i32;
        pub fn whittle_instruction_is_removable(i: LLVMValueRef) -> i32;
        pub fn whittle_erase_instructions(insts: *mut LLVMValueRef, n: u32);
        pub fn whittle_module_instruction_count(m: LLVMModuleRef) -> u64;
        pub fn whittle_function_instruction_count(f: LLVMValueRef) -> u64;
    }
}

/// A value of a module: function, global, instruction, argument, constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value<'m> {
    raw: LLVMValueRef,
    _module: PhantomData<&'m ()>,
}

/// A basic block of a function in a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block<'m> {
    raw: LLVMBasicBlockRef,
    _module: PhantomData<&'m ()>,
}

/// Walk an LLVM intrusive list given its first element and successor.
fn collect<T>(first: T, next: impl Fn(T) -> T, is_null: impl Fn(&T) -> bool) -> Vec<T>
where
    T: Copy,
{
    let mut out = Vec::new();
    let mut cur = first;
    while !is_null(&cur) {
        out.push(cur);
        cur = next(cur);
    }
    out
}

impl<'m> Value<'m> {
    fn new(raw: LLVMValueRef) -> Self {
        Value {
            raw,
            _module: PhantomData,
        }
    }

    fn list(
        first: LLVMValueRef,
        next: unsafe extern "C" fn(LLVMValueRef) -> LLVMValueRef,
    ) -> Vec<Self> {
        // SAFETY: `next` is one of LLVM's list iterators, called on live
        // elements of the list only (collect stops at null).
        collect(first, |v| unsafe { next(v) }, |v| v.is_null())
            .into_iter()
            .map(Value::new)
            .collect()
    }

    /// The name, or "" for unnamed values.
    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: live value; LLVM returns a pointer into its name storage
        // valid until the name changes, copied out at once.
        unsafe {
            let ptr = LLVMGetValueName2(self.raw, &mut len);
            if ptr.is_null() {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(ptr.cast::<u8>(), len)).into_owned()
        }
    }

    /// For a global value: whether it has no body or initializer.
    pub fn is_declaration(self) -> bool {
        // SAFETY: live global value.
        unsafe { LLVMIsDeclaration(self.raw) != 0 }
    }

    /// For a function: whether it is an LLVM intrinsic.
    pub fn is_intrinsic(self) -> bool {
        // SAFETY: live function.
        unsafe { LLVMGetIntrinsicID(self.raw) != 0 }
    }

    /// Whether anything uses this value.
    pub fn has_uses(self) -> bool {
        // SAFETY: live value.
        unsafe { !LLVMGetFirstUse(self.raw).is_null() }
    }

    /// For a function: its basic blocks in layout order.
    pub fn blocks(self) -> Vec<Block<'m>> {
        // SAFETY: live function; iterates its block list.
        let first = unsafe { LLVMGetFirstBasicBlock(self.raw) };
        collect(
            first,
            // SAFETY: called on live blocks of the list only (collect stops at null).
            |b| unsafe { LLVMGetNextBasicBlock(b) },
            |b| b.is_null(),
        )
        .into_iter()
        .map(|raw| Block {
            raw,
            _module: PhantomData,
        })
        .collect()
    }

    /// For a function: the number of instructions in its body.
    pub fn instruction_count(self) -> u64 {
        // SAFETY: live function.
        unsafe { shim::whittle_function_instruction_count(self.raw) }
    }

    /// For an instruction: its opcode, as whittle names the ones it acts
    /// on ([`kinds::Opcode`]).
    pub fn opcode(self) -> kinds::Opcode {
        // SAFETY: live instruction.
        unsafe { kinds::opcode_of(self.raw) }
    }

    /// For an instruction: whether removing it alone can give valid IR (it is
    /// no terminator, EH pad, token, swifterror slot or used x86_amx value).
    pub fn is_removable_instruction(self) -> bool {
        // SAFETY: live instruction.
        unsafe { shim::whittle_instruction_is_removable(self.raw) != 0 }
    }

    /// For an instruction: number of operands.
    pub fn operand_count(self) -> u32 {
        // SAFETY: live user.
        unsafe { LLVMGetNumOperands(self.raw).max(0) as u32 }
    }

    pub fn as_raw(self) -> LLVMValueRef {
        self.raw
    }
}

impl<'m> Block<'m> {
    /// Instructions in order.
    pub fn instructions(self) -> Vec<Value<'m>> {
        // SAFETY: live block; iterates its instruction list.
        let first = unsafe { LLVMGetFirstInstruction(self.raw) };
        Value::list(first, LLVMGetNextInstruction)
    }

    /// The number of instructions.
    pub fn instruction_count(self) -> u64 {
        self.instructions().len() as u64
    }

    /// The function this block belongs to.
    pub fn parent(self) -> Value<'m> {
        // SAFETY: live block that is inserted in a function.
        Value::new(unsafe { LLVMGetBasicBlockParent(self.raw) })
    }

    /// Whether the block may be removed on its own: not its function's entry
    /// block, and not a Windows-style EH pad (catchswitch, catchpad,
    /// cleanuppad), whose token ties a whole funclet together.
    pub fn is_removable(self) -> bool {
        // SAFETY: live block in a function.
        unsafe { shim::whittle_block_is_removable(self.raw) != 0 }
    }

    /// Whether this is its function's entry block.
    pub fn is_entry(self) -> bool {
        // SAFETY: live block in a function.
        unsafe { LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(self.raw)) == self.raw }
    }
}

/// Functions of the module, in order.
pub fn functions<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    // SAFETY: live module.
    Value::list(
        unsafe { LLVMGetFirstFunction(module.as_mut_ptr()) },
        LLVMGetNextFunction,
    )
}

/// Every instruction of the module's function bodies, in walk order
/// (functions, then their blocks, then the blocks' instructions).
pub fn instructions<'m>(module: &'m Module<'_>) -> impl Iterator<Item = Value<'m>> + 'm {
    functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
}

/// Global variables of the module, in order.
pub fn global_variables<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    // SAFETY: live module.
    Value::list(
        unsafe { LLVMGetFirstGlobal(module.as_mut_ptr()) },
        LLVMGetNextGlobal,
    )
}

/// Global aliases of the module, in order.
pub fn aliases<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    // SAFETY: live module.
    Value::list(
        unsafe { LLVMGetFirstGlobalAlias(module.as_mut_ptr()) },
        LLVMGetNextGlobalAlias,
    )
}

/// Global ifuncs of the module, in order.
pub fn ifuncs<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    // SAFETY: live module.
    Value::list(
        unsafe { LLVMGetFirstGlobalIFunc(module.as_mut_ptr()) },
        LLVMGetNextGlobalIFunc,
    )
}

/// Instructions in all function bodies.
pub fn instruction_count(module: &Module<'_>) -> u64 {
    // SAFETY: live module.
    unsafe { shim::whittle_module_instruction_count(module.as_mut_ptr()) }
}

/// Erase global values (functions, variables, aliases, ifuncs): they leave
/// `llvm.used`/`llvm.compiler.used`, aliases and ifuncs that point at them go
/// too, and other uses see the default constant of their type.
pub fn erase_globals(values: Vec<Value<'_>>) {
    let mut raw: Vec<LLVMValueRef> = values.iter().map(|v| v.raw).collect();
    // SAFETY: distinct live global values of one module, consumed here.
    unsafe { shim::whittle_erase_globals(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Turn a function definition into a declaration.
pub fn delete_body(function: Value<'_>) {
    // SAFETY: live function; its blocks and instructions die, which no
    // caller holds (they hold the function, which survives).
    unsafe { shim::whittle_delete_body(function.raw) }
}

/// Remove blocks of one function, rewriting the terminators that reach them
/// and deleting whatever becomes unreachable (PHIs fixed). The entry block is
/// never removed.
pub fn remove_blocks(function: Value<'_>, blocks: Vec<Block<'_>>) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.raw).collect();
    // SAFETY: live function and live blocks of it, consumed here.
    unsafe { shim::whittle_remove_blocks(function.raw, raw.as_mut_ptr(), raw.len() as u32) }
}

/// Remove instructions; their uses see the default constant of their type.
pub fn erase_instructions(instructions: Vec<Value<'_>>) {
    let mut raw: Vec<LLVMValueRef> = instructions.iter().map(|v| v.raw).collect();
    // SAFETY: distinct live instructions, each removable on its own (the
    // caller checked `is_removable_instruction`), consumed here.
    unsafe { shim::whittle_erase_instructions(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Whether `v` has exactly one use.
///
/// SAFETY: `v` is a live value.
pub(crate) unsafe fn single_use(v: LLVMValueRef) -> bool {
    // SAFETY: the caller's contract: a live value and its use list.
    unsafe {
        let first = LLVMGetFirstUse(v);
        !first.is_null() && LLVMGetNextUse(first).is_null()
    }
}

/// Put `new` (an instruction, or a constant the builder folded it to) in
/// place of the instruction `old`: `new` takes `old`'s name if it is an
/// instruction (the value the program calls `q` stays `q`), every use of
/// `old` moves to it, and `old` is erased.
///
/// SAFETY: `old` is a live instruction and `new` a live value of its type
/// that dominates every use of `old`; `old` is gone afterwards.
pub(crate) unsafe fn replace_instruction(old: LLVMValueRef, new: LLVMValueRef) {
    // SAFETY: the caller's contract; the name is copied out before `old`
    // gives it up.
    unsafe {
        let mut len = 0usize;
        let name = LLVMGetValueName2(old, &mut len);
        let name = if name.is_null() || len == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(name.cast::<u8>(), len).to_vec()
        };
        LLVMSetValueName2(old, c"".as_ptr(), 0);
        if !LLVMIsAInstruction(new).is_null() {
            LLVMSetValueName2(new, name.as_ptr().cast(), name.len());
        }
        LLVMReplaceAllUsesWith(old, new);
        LLVMInstructionEraseFromParent(old);
    }
}

/// Make `context` send diagnostics to a handler that drops them, instead of
/// LLVM's default, which prints them and exits on errors. Callers that care
/// about a failure learn of it from the API they called (a parse error, a
/// verifier message).
pub fn quiet_diagnostics(context: &inkwell::context::Context) {
    extern "C" fn ignore(_info: LLVMDiagnosticInfoRef, _ctx: *mut std::ffi::c_void) {}
    // SAFETY: live context; the handler is a plain function that touches
    // nothing and stays valid for the life of the process.
    unsafe { LLVMContextSetDiagnosticHandler(context.raw(), Some(ignore), std::ptr::null_mut()) }
}

/// A copy of the module in the same context. The module must be valid (the
/// reducer only clones modules that passed the verifier).
pub fn clone_module<'ctx>(module: &Module<'ctx>) -> Module<'ctx> {
    // SAFETY: live, valid module; LLVMCloneModule returns a new module owned
    // by the returned wrapper, in the same context ('ctx).
    unsafe { Module::new(LLVMCloneModule(module.as_mut_ptr())) }
}
