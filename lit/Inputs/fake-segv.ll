declare void @segv()

define void @f(i32 %x) {
  %y = add i32 %x, 1
  call void @segv()
  ret void
}

define void @g() {
  ret void
}
