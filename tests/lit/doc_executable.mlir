stream.executable private @ex {
  stream.executable.export public @d_b2_p1
  builtin.module {
    func.func @d_b2_p1(%b0: !stream.binding, %b1: !stream.binding, %p0: index) {
      return
    }
  }
}
