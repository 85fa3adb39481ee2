define void @f(i32 %keep, ptr %p) {
  %a = add i32 %keep, 1
  store i32 %a, ptr %p
  store i32 %keep, ptr %p
  ret void
}
