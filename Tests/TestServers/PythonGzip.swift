import Foundation

/// Python's `gzip` module (zlib underneath), the independent judge of what `Gzip` writes: a
/// test that uses it needs ``Peer/python3``.
public enum PythonGzip {
    /// Decompresses each of `members` with `gzip.decompress`, all in one run of Python.
    /// - Throws: `TestFailure` with Python's traceback when one does not decompress (a bad
    ///   code, CRC-32 or length), naming it by its place in `members`.
    public static func decompress(_ members: [[UInt8]]) throws -> [[UInt8]] {
        // Each member in and out as a 4-byte big-endian length, then its bytes. Python reads
        // all its input before it writes: neither pipe can fill while the other waits.
        let script = """
            import gzip, struct, sys
            data = sys.stdin.buffer.read()
            at = 0
            member = 0
            while at < len(data):
                (length,) = struct.unpack('>I', data[at:at + 4])
                try:
                    body = gzip.decompress(data[at + 4:at + 4 + length])
                except Exception as error:
                    sys.exit('member %d: %r' % (member, error))
                sys.stdout.buffer.write(struct.pack('>I', len(body)) + body)
                at += 4 + length
                member += 1
            """
        var input: [UInt8] = []
        for member in members { input += bigEndian(member.count) + member }
        let run = try PythonProcess.run(["-c", script], input: Data(input))
        guard run.status == 0 else { throw TestFailure("python3's gzip.decompress refused it: \(run.errors)") }
        let output = Array(run.output)
        var bodies: [[UInt8]] = []
        var at = 0
        while at + 4 <= output.count {
            let length = output[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            bodies.append(Array(output[at + 4 ..< min(output.count, at + 4 + length)]))
            at += 4 + length
        }
        return bodies
    }

    private static func bigEndian(_ count: Int) -> [UInt8] {
        (0 ..< 4).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
    }
}
