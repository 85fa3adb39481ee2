//! The integer-width passes under `--mr` (defined values only):
//! narrow-integer-ops proposes only narrowings that give the same value for
//! every input and are never undefined where the wide operation was not,
//! and gep-index-casts leaves `trunc`s alone (the wide value may index far
//! outside the object); without `--mr`, every target is proposed.

use whittle_llvm_ir::{context, parse};
use whittle_passes::PassOptions;
use whittle_reducer::Targets;

const WIDE: &str = r#"
define i32 @f(i32 %a, i32 %b) {
  %ea = sext i32 %a to i64
  %eb = sext i32 %b to i64
  %za = zext i32 %a to i64
  %w1 = add i64 %ea, %eb
  %t1 = trunc i64 %w1 to i32
  %w2 = sdiv i64 %ea, 3
  %t2 = trunc i64 %w2 to i32
  %w3 = sdiv i64 %ea, %eb
  %t3 = trunc i64 %w3 to i32
  %w4 = shl i64 %ea, %eb
  %t4 = trunc i64 %w4 to i32
  %w5 = lshr i64 %za, 4
  %t5 = trunc i64 %w5 to i32
  %w6 = ashr i64 %za, 4
  %t6 = trunc i64 %w6 to i32
  %s1 = add i32 %t1, %t2
  %s2 = add i32 %s1, %t3
  %s3 = add i32 %s2, %t4
  %s4 = add i32 %s3, %t5
  %s5 = add i32 %s4, %t6
  ret i32 %s5
}
"#;

const INDICES: &str = r#"
define i32 @g(ptr %p, i32 %i, i64 %j) {
  %s = sext i32 %i to i64
  %z = zext i32 %i to i64
  %t = trunc i64 %j to i32
  %a = getelementptr i32, ptr %p, i64 %s
  %b = getelementptr i32, ptr %p, i64 %z
  %c = getelementptr i32, ptr %p, i32 %t
  %x = load i32, ptr %a
  %y = load i32, ptr %b
  %w = load i32, ptr %c
  %r = add i32 %x, %y
  %q = add i32 %r, %w
  ret i32 %q
}
"#;

/// The targets `pass` counts on `text`, with or without `--mr`.
fn count(pass: &str, text: &str, defined_values_only: bool) -> usize {
    let pass = whittle_passes::PASSES
        .iter()
        .find(|p| p.info.name == pass)
        .expect("registered");
    let ctx = context();
    let module = parse(&ctx, text.as_bytes(), "wide.ll").unwrap();
    let options = PassOptions {
        defined_values_only,
        ..PassOptions::default()
    };
    let mut counting = Targets::counting();
    (pass.run)(&module, &mut counting, &options);
    counting.into_weights().len()
}

#[test]
fn under_mr_only_exact_narrowings_are_targets() {
    // Every truncation narrows without --mr...
    assert_eq!(count("narrow-integer-ops", WIDE, false), 6);
    // ...and under it only add, sdiv by 3 and lshr of a zext by 4: sdiv of
    // two sext'ed values may be MIN / -1, a shift by a variable amount may
    // reach the width, and ashr of a zext'ed value fills with zeros.
    assert_eq!(count("narrow-integer-ops", WIDE, true), 3);
}

#[test]
fn under_mr_gep_indices_keep_their_truncations() {
    assert_eq!(count("gep-index-casts", INDICES, false), 3);
    assert_eq!(count("gep-index-casts", INDICES, true), 2);
}
