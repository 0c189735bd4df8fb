import CWaylandClient
import CXkbcommon
import Glibc

/// What the keyboard reports once xkbcommon has made sense of it.
public protocol KeyboardHandler: AnyObject {
    /// A key went down (or repeats): its keysym (XKB_KEY_*) and text.
    func keyPressed(keysym: UInt32, text: String, isRepeat: Bool)
    /// Modifiers changed; `alt` is Mod1.
    func modifiersChanged(alt: Bool)
    /// The keyboard left our surface: nothing is held any more.
    func keyboardLeft()
}

/// A wl_keyboard with its xkbcommon keymap and state. Key repeat follows the compositor's
/// repeat_info: the owner calls `repeatDeadline` / `fireRepeat` from its event loop.
public final class KeyboardDevice {
    let proxy: OpaquePointer
    private let version: UInt32
    private let display: Display
    weak var handler: KeyboardHandler?

    private let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    /// The compositor's keymap, compiled when a key or a modifier first needs it: compiling
    /// takes about 2 ms, and the keymap comes at start-up, before the first configure,
    /// which it would delay (docs/design/performance.md, "Start-up").
    private var pendingKeymap: (fd: Int32, size: UInt32)?
    private var repeatRate: Int32 = 25
    private var repeatDelay: Int32 = 600
    private var held: (key: UInt32, nextAt: Double)?

    nonisolated(unsafe) private static let listener = Listener.make(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            object(data, as: KeyboardDevice.self).keepKeymap(format: format, fd: fd, size: size)
        },
        enter: { _, _, _, _, _ in },
        leave: { data, _, _, _ in
            let keyboard = object(data, as: KeyboardDevice.self)
            keyboard.held = nil
            keyboard.handler?.keyboardLeft()
        },
        key: { data, _, _, _, key, state in
            object(data, as: KeyboardDevice.self).key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            object(data, as: KeyboardDevice.self).modifiers(depressed, latched, locked, group)
        },
        repeat_info: { data, _, rate, delay in
            let keyboard = object(data, as: KeyboardDevice.self)
            keyboard.repeatRate = rate
            keyboard.repeatDelay = delay
        }))

    init(proxy: OpaquePointer, version: UInt32, display: Display) {
        self.proxy = proxy
        self.version = version
        self.display = display
        wl_keyboard_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit {
        if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
        if let pendingKeymap { close(pendingKeymap.fd) }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    private func keepKeymap(format: UInt32, fd: Int32, size: UInt32) {
        if let pendingKeymap { close(pendingKeymap.fd) }
        pendingKeymap = nil
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0 else {
            close(fd)
            return
        }
        pendingKeymap = (fd, size)
    }

    /// The xkb state, once the keymap kept last is compiled.
    private func compiledState() -> OpaquePointer? {
        if let pending = pendingKeymap {
            pendingKeymap = nil
            loadKeymap(fd: pending.fd, size: pending.size)
        }
        return state
    }

    private func loadKeymap(fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED
        else { return }
        defer { munmap(map, Int(size)) }
        let text = map.assumingMemoryBound(to: CChar.self)
        guard let newKeymap = xkb_keymap_new_from_buffer(context, text, strnlen(text, Int(size)),
                                                        XKB_KEYMAP_FORMAT_TEXT_V1,
                                                        XKB_KEYMAP_COMPILE_NO_FLAGS),
              let newState = xkb_state_new(newKeymap)
        else { return }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        keymap = newKeymap
        state = newState
    }

    private func key(_ key: UInt32, pressed: Bool) {
        guard let state = compiledState() else { return }
        let code = key + 8  // evdev to xkb keycode
        if !pressed {
            if held?.key == key { held = nil }
            return
        }
        emit(code: code, state: state, isRepeat: false)
        if repeatRate > 0, xkb_keymap_key_repeats(keymap, code) != 0 {
            held = (key, EventLoop.monotonicNow() + Double(repeatDelay) / 1000)
        } else {
            held = nil
        }
    }

    private func emit(code: UInt32, state: OpaquePointer, isRepeat: Bool) {
        let keysym = xkb_state_key_get_one_sym(state, code)
        var buffer = [CChar](repeating: 0, count: 16)
        let length = Int(xkb_state_key_get_utf8(state, code, &buffer, buffer.count))
        let bytes = buffer.prefix(max(0, min(length, buffer.count - 1))).map { UInt8(bitPattern: $0) }
        handler?.keyPressed(keysym: keysym, text: String(decoding: bytes, as: UTF8.self), isRepeat: isRepeat)
    }

    private func modifiers(_ depressed: UInt32, _ latched: UInt32, _ locked: UInt32, _ group: UInt32) {
        // No modifier in effect (what keyboard focus brings at start-up) needs no keymap.
        if state == nil && depressed | latched | locked | group == 0 {
            handler?.modifiersChanged(alt: false)
            return
        }
        guard let state = compiledState() else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        let alt = xkb_state_mod_name_is_active(state, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0
        handler?.modifiersChanged(alt: alt)
    }

    /// When the held key next repeats (monotonic seconds), if one is held.
    public var repeatDeadline: Double? { held?.nextAt }

    /// Emits the held key's repeats that are due by now.
    public func fireRepeat() {
        guard var current = held, let state, repeatRate > 0 else { return }
        let now = EventLoop.monotonicNow()
        while current.nextAt <= now {
            emit(code: current.key + 8, state: state, isRepeat: true)
            current.nextAt += 1 / Double(repeatRate)
        }
        if held?.key == current.key { held = current }
    }
}
