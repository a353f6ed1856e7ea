/// A canonical prefix code (RFC 1951, 3.2.2): the bit length of each symbol's code, and the
/// codes those lengths give, bit-reversed so that ``BitWriter`` sends their first bit first.
struct HuffmanCode {
    /// Each symbol's code length in bits; 0 for a symbol the code leaves out.
    let lengths: [UInt8]
    /// Each symbol's code, its bits reversed.
    let codes: [UInt16]

    /// The code with these lengths (a canonical code is named by its lengths alone).
    init(lengths: [UInt8]) {
        self.lengths = lengths
        let longest = Int(lengths.max() ?? 0)
        var countOfLength = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        // The first code of each length: shorter codes come first, and each length starts
        // where the codes of the length before it end, doubled.
        var next = [Int](repeating: 0, count: longest + 1)
        var code = 0
        if longest > 0 {
            for length in 1 ... longest {
                code = (code + countOfLength[length - 1]) << 1
                next[length] = code
            }
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = Self.reversed(next[Int(length)], bits: Int(length))
            next[Int(length)] += 1
        }
        self.codes = codes
    }

    /// The optimal code for these symbol counts whose codes are at most `limit` bits long.
    init(frequencies: [Int], limit: Int) {
        self.init(lengths: Self.lengths(frequencies: frequencies, limit: limit))
    }

    /// Writes `symbol`'s code.
    func write(_ symbol: Int, to writer: inout BitWriter) {
        writer.write(UInt32(codes[symbol]), count: Int(lengths[symbol]))
    }

    /// What `frequencies` cost in bits under this code.
    func cost(of frequencies: [Int]) -> Int {
        zip(frequencies, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
    }

    /// The low `bits` bits of `code`, in the other order.
    static func reversed(_ code: Int, bits: Int) -> UInt16 {
        var reversed = 0
        var code = code
        for _ in 0 ..< bits {
            reversed = reversed << 1 | code & 1
            code >>= 1
        }
        return UInt16(reversed)
    }

    /// Code lengths, none above `limit`, that minimize the total bits of `frequencies`: the
    /// package-merge algorithm (Larmore and Hirschberg, 1990).
    ///
    /// Every symbol counted gets a code. A code of one symbol (or none) gets two of one bit,
    /// the other for a symbol not counted: a complete code, which every inflater takes.
    static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
        guard used.count >= 2 else {
            let first = used.first ?? 0
            lengths[first] = 1
            lengths[first == 0 ? 1 : 0] = 1
            return lengths
        }
        precondition(used.count <= 1 << limit, "\(used.count) symbols cannot have codes of \(limit) bits")
        // Items are coins: a leaf is a symbol, a package the two items it was made of.
        var weights: [Int] = []
        var children: [(Int, Int)] = []
        var symbols: [Int] = []
        let leaves = used.sorted { frequencies[$0] < frequencies[$1] }.map { symbol in
            weights.append(frequencies[symbol])
            children.append((-1, -1))
            symbols.append(symbol)
            return weights.count - 1
        }
        var list = leaves
        // Each level packages the list's items in pairs, then merges the packages with the leaves.
        for _ in 1 ..< limit {
            var merged: [Int] = []
            merged.reserveCapacity(leaves.count + list.count / 2)
            var leaf = 0
            var pair = 0
            while leaf < leaves.count || pair + 1 < list.count {
                let packageWeight = pair + 1 < list.count ? weights[list[pair]] + weights[list[pair + 1]] : Int.max
                if leaf < leaves.count, weights[leaves[leaf]] <= packageWeight {
                    merged.append(leaves[leaf])
                    leaf += 1
                } else {
                    weights.append(packageWeight)
                    children.append((list[pair], list[pair + 1]))
                    symbols.append(-1)
                    merged.append(weights.count - 1)
                    pair += 2
                }
            }
            list = merged
        }
        // A symbol's code length is how many of the chosen items hold it.
        var stack = Array(list.prefix(2 * used.count - 2))
        while let item = stack.popLast() {
            if symbols[item] >= 0 {
                lengths[symbols[item]] += 1
            } else {
                stack.append(children[item].0)
                stack.append(children[item].1)
            }
        }
        return lengths
    }
}
