/// A small map from fingers to values, kept as an array of pairs in the order the fingers
/// were added and searched linearly: what the touch path keys on fingers (the window's
/// bindings, the spot views of a `TouchableView`).
///
/// Why not a dictionary: a frame of ten moving fingers looked each finger up some thirty
/// times, and every lookup hashed its `FingerID` with SipHash (about 210 instructions);
/// a table holds the handful of fingers that are down, and comparing their integers
/// costs a few instructions each. Replacing the dictionaries cut the touch path by more
/// than the 3 % a device must save (docs/design/performance.md, "The core's touch path"). With
/// very many fingers down a lookup grows linearly; a touchscreen reports ten or so.
struct FingerTable<Value> {
    private var keys: [FingerID] = []
    private var stored: [Value] = []

    init() {}

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    /// The values, in the order their fingers were added.
    var values: [Value] { stored }

    private func index(of finger: FingerID) -> Int? {
        var i = 0
        let n = keys.count
        while i < n {
            if keys[i] == finger { return i }
            i += 1
        }
        return nil
    }

    /// The finger's value; setting nil removes it (the others keep their order).
    subscript(finger: FingerID) -> Value? {
        get { index(of: finger).map { stored[$0] } }
        set {
            if let i = index(of: finger) {
                if let newValue { stored[i] = newValue } else { keys.remove(at: i); stored.remove(at: i) }
            } else if let newValue {
                keys.append(finger)
                stored.append(newValue)
            }
        }
    }

    /// Changes the finger's value in place, if it has one.
    mutating func modify(_ finger: FingerID, _ change: (inout Value) -> Void) {
        if let i = index(of: finger) { change(&stored[i]) }
    }

    @discardableResult
    mutating func removeValue(forKey finger: FingerID) -> Value? {
        guard let i = index(of: finger) else { return nil }
        keys.remove(at: i)
        return stored.remove(at: i)
    }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        stored.removeAll(keepingCapacity: true)
    }
}
