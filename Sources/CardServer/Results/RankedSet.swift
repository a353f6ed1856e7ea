/// A set kept in order, least first: inserting and removing cost O(log n), reading the
/// first `k` costs O(log n + k), and an element's rank O(log n), however many it holds.
///
/// An AVL tree whose nodes live in one array and point at each other by index, so an
/// element costs no allocation of its own, and a slot freed by ``remove(_:)`` is the
/// next ``insert(_:)``'s (a leaderboard's update is a remove and an insert). Insertion
/// and removal walk down, then back up only as far as heights change.
/// Balanced by height, not by chance: no order of arrival, chosen or not, makes it deep.
struct RankedSet<Element: Comparable> {
    private struct Node {
        var element: Element
        var left: Int32
        var right: Int32
        /// The height of the subtree rooted here: 1 for a leaf. At most 1.44 log2(n + 2).
        var height: UInt8
        /// The elements in the subtree rooted here, for ranks.
        var size: Int32
    }

    /// The index that stands for no node.
    private static var none: Int32 { -1 }

    private var nodes: [Node] = []
    /// Slots of removed nodes, for the next insertions.
    private var free: [Int32] = []
    private var root: Int32 = none
    /// The nodes from the root down to where an insertion or removal happens, kept between
    /// calls so that walking back up allocates nothing.
    private var path: [Int32] = []

    /// How many elements the set holds.
    private(set) var count = 0

    /// The nodes on the longest path down from the root: at most 1.44 log2(count + 2),
    /// the bound every operation's cost rests on.
    var depth: Int { Int(height(root)) }

    /// An empty set.
    init() {}

    /// The set of `sorted`, whose elements must be in strictly increasing order, built
    /// perfectly balanced in O(n): how a board read from the journal is ranked at once.
    init(sorted: [Element]) {
        assert(zip(sorted, sorted.dropFirst()).allSatisfy { $0 < $1 }, "RankedSet(sorted:) takes strictly increasing elements")
        nodes = sorted.map { Node(element: $0, left: Self.none, right: Self.none, height: 1, size: 1) }
        count = sorted.count
        root = link(sorted.indices)
    }

    /// Links the nodes of `range` (in order) into a balanced subtree; returns its root.
    private mutating func link(_ range: Range<Int>) -> Int32 {
        guard !range.isEmpty else { return Self.none }
        let middle = (range.lowerBound + range.upperBound) / 2
        let left = link(range.lowerBound..<middle)
        let right = link((middle + 1)..<range.upperBound)
        nodes[middle].left = left
        nodes[middle].right = right
        nodes[middle].height = Swift.max(height(left), height(right)) + 1
        nodes[middle].size = size(left) + size(right) + 1
        return Int32(middle)
    }

    /// Adds `element` where it ranks.
    /// - Returns: false, changing nothing, when the set already holds an equal element.
    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        path.removeAll(keepingCapacity: true)
        var node = root
        var wentLeft = false
        while node != Self.none {
            path.append(node)
            if element < nodes[Int(node)].element {
                node = nodes[Int(node)].left
                wentLeft = true
            } else if nodes[Int(node)].element < element {
                node = nodes[Int(node)].right
                wentLeft = false
            } else {
                return false
            }
        }
        let new = newNode(element)
        if let parent = path.last {
            if wentLeft { nodes[Int(parent)].left = new } else { nodes[Int(parent)].right = new }
        } else {
            root = new
        }
        count += 1
        // Every subtree on the way down holds one more; rotations recount their own two nodes.
        for node in path { nodes[Int(node)].size += 1 }
        retrace()
        return true
    }

    /// Takes `element` out.
    /// - Returns: false when the set did not hold it.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        path.removeAll(keepingCapacity: true)
        var node = root
        while node != Self.none {
            if element < nodes[Int(node)].element {
                path.append(node)
                node = nodes[Int(node)].left
            } else if nodes[Int(node)].element < element {
                path.append(node)
                node = nodes[Int(node)].right
            } else {
                break
            }
        }
        guard node != Self.none else { return false }
        if nodes[Int(node)].left != Self.none, nodes[Int(node)].right != Self.none {
            // Two children: the next element up takes this node's place, and its own
            // node, which has no left child, is the one unlinked.
            let found = node
            path.append(found)
            node = nodes[Int(found)].right
            while nodes[Int(node)].left != Self.none {
                path.append(node)
                node = nodes[Int(node)].left
            }
            nodes[Int(found)].element = nodes[Int(node)].element
        }
        let child = nodes[Int(node)].left != Self.none ? nodes[Int(node)].left : nodes[Int(node)].right
        replace(node, with: child, under: path.last)
        free.append(node)
        count -= 1
        for node in path { nodes[Int(node)].size -= 1 }
        retrace()
        return true
    }

    /// Where `element` ranks, 1 for the least; nil when the set does not hold it.
    func rank(of element: Element) -> Int? {
        var node = root
        var before = 0
        while node != Self.none {
            if element < nodes[Int(node)].element {
                node = nodes[Int(node)].left
            } else if nodes[Int(node)].element < element {
                before += Int(size(nodes[Int(node)].left)) + 1
                node = nodes[Int(node)].right
            } else {
                return before + Int(size(nodes[Int(node)].left)) + 1
            }
        }
        return nil
    }

    /// The least `maxLength` elements (all of them when there are fewer), least first.
    func prefix(_ maxLength: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(Swift.min(maxLength, count))
        // An in-order walk that stops early: the path down to the next node is the stack.
        var path: [Int32] = []
        var node = root
        while result.count < maxLength {
            while node != Self.none {
                path.append(node)
                node = nodes[Int(node)].left
            }
            guard let next = path.popLast() else { break }
            result.append(nodes[Int(next)].element)
            node = nodes[Int(next)].right
        }
        return result
    }

    // MARK: - The tree

    private func height(_ node: Int32) -> UInt8 {
        node == Self.none ? 0 : nodes[Int(node)].height
    }

    private func size(_ node: Int32) -> Int32 {
        node == Self.none ? 0 : nodes[Int(node)].size
    }

    private mutating func newNode(_ element: Element) -> Int32 {
        let node = Node(element: element, left: Self.none, right: Self.none, height: 1, size: 1)
        if let slot = free.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// Links `new` where `old` was: as `parent`'s child, or as the root.
    private mutating func replace(_ old: Int32, with new: Int32, under parent: Int32?) {
        guard let parent else {
            root = new
            return
        }
        if nodes[Int(parent)].left == old { nodes[Int(parent)].left = new } else { nodes[Int(parent)].right = new }
    }

    /// Walks back up ``path`` after an insertion or a removal below its last node, setting
    /// heights and rotating where the two sides differ by two. It stops at the first
    /// subtree as high as before: nothing above it changed. An insertion so stops within
    /// a rotation; a removal may rotate at every level, O(log n) still.
    private mutating func retrace() {
        while let node = path.popLast() {
            let before = nodes[Int(node)].height
            let top = rebalance(node)
            if top != node { replace(node, with: top, under: path.last) }
            if nodes[Int(top)].height == before { return }
        }
    }

    /// Sets `node`'s height from its children's and, when they differ by two, rotates
    /// it back into balance. Returns the subtree's new root.
    private mutating func rebalance(_ node: Int32) -> Int32 {
        let (left, right) = (nodes[Int(node)].left, nodes[Int(node)].right)
        let (leftHeight, rightHeight) = (height(left), height(right))
        if leftHeight > rightHeight + 1 {
            if height(nodes[Int(left)].left) < height(nodes[Int(left)].right) {
                nodes[Int(node)].left = rotateLeft(left)
            }
            return rotateRight(node)
        }
        if rightHeight > leftHeight + 1 {
            if height(nodes[Int(right)].right) < height(nodes[Int(right)].left) {
                nodes[Int(node)].right = rotateRight(right)
            }
            return rotateLeft(node)
        }
        nodes[Int(node)].height = Swift.max(leftHeight, rightHeight) + 1
        return node
    }

    /// Sets a rotated node's height and size from its children's.
    private mutating func updateHeight(_ node: Int32) {
        let (left, right) = (nodes[Int(node)].left, nodes[Int(node)].right)
        nodes[Int(node)].height = Swift.max(height(left), height(right)) + 1
        nodes[Int(node)].size = size(left) + size(right) + 1
    }

    private mutating func rotateRight(_ node: Int32) -> Int32 {
        let top = nodes[Int(node)].left
        nodes[Int(node)].left = nodes[Int(top)].right
        nodes[Int(top)].right = node
        updateHeight(node)
        updateHeight(top)
        return top
    }

    private mutating func rotateLeft(_ node: Int32) -> Int32 {
        let top = nodes[Int(node)].right
        nodes[Int(node)].right = nodes[Int(top)].left
        nodes[Int(top)].left = node
        updateHeight(node)
        updateHeight(top)
        return top
    }
}
