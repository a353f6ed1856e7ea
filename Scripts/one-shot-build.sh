# Sourced by Scripts/test.sh and Scripts/sanitize.sh: the flags of a build made once and thrown
# away (CI's, a sanitizer's), which no one rebuilds file by file.
#
# Whole-module: one compiler job a module, which also writes its .swiftmodule. SwiftPM's default
# (batches of files, and one more job that emits the module) expands and type-checks Swift
# Testing's macros in every job that sees them: each @Test and #expect of a test file once in its
# batch and once more to emit the module (about 40 ms an @Test and 17 ms an #expect, twice; the
# suite has 1,104 and 4,193). Measured on 2026-11-29 on this 2-core machine, clean builds:
#   the debug build with its tests   535 -> 445 core-seconds (user), 266-303 -> 237-244 s
#   AddressSanitizer's (its set)     206 -> 168 core-seconds
#   ThreadSanitizer's (its set)      183 -> 123 core-seconds
# -num-threads 2 makes the job write an object file a source file, as SwiftPM expects (its link
# step names them), and runs LLVM on both cores. A developer's `swift build` keeps the default:
# there a changed file recompiles alone.
one_shot_build=(-Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2 -Xswiftc -no-emit-module-separately-wmo)
