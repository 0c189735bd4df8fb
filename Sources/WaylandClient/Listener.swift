/// Passing Swift objects through libwayland's `void *data`.
///
/// libwayland keeps listener pointers for the proxy's lifetime, so each listener table is
/// allocated once, for the whole process, and filled in every slot (a nil slot aborts when
/// that event arrives). The closures in them capture nothing; state comes back through
/// `data`, unretained: each wrapper destroys its proxy in deinit, before it goes away.
enum Listener {
    /// A process-lifetime copy of `table`.
    static func make<T>(_ table: T) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: table)
        return pointer
    }
}

func unretained(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

func object<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}
