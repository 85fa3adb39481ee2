// A function the test needs (@f, whose division it looks for) and one it
// does not (@noise); MLIR that LLVM 19's and 22's parsers both read.
func.func @noise(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}
func.func @f(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  %d = arith.divsi %s, %b : i32
  %m = arith.muli %d, %a : i32
  return %m : i32
}
