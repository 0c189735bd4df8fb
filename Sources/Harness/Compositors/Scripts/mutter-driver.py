"""Touch, pointer and key injection plus screenshots for mutter and gnome-shell.

mutter has no Wayland protocol for fake input; it offers the org.gnome.Mutter.RemoteDesktop
D-Bus API, whose touch calls need a ScreenCast stream (RecordMonitor) to give the
coordinates a meaning, and pipewire to carry that stream. A RemoteDesktop session ends
with the D-Bus connection that made it, so this script stays up for the whole run and
takes the harness's line commands on a Unix socket, as docs/harness-protocol.md specifies
them (plus its own `overview hide`: gnome-shell starts in the overview), and answers each
with "ok", "unsupported: ..." or "error: ..." naming the bad argument. Screenshots record the
monitor through a second ScreenCast session and take its first pipewire frame with
gst-launch (pipewiresrc ! videoconvert ! pngenc).

Usage: DBUS_SESSION_BUS_ADDRESS=... /usr/bin/python3 mutter-driver.py SOCKET
"""
import os
import socket
import subprocess
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
context = GLib.MainContext.default()

REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"
SCREEN_CAST = "org.gnome.Mutter.ScreenCast"
# linux/input-event-codes.h
BUTTONS = {"left": 0x110, "right": 0x111, "middle": 0x112}
KEYS = {"esc": 1, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "q": 16, "leftalt": 56, "leftshift": 42,
        "f": 33, "c": 46, "h": 35, "i": 23, "t": 20, "f11": 87}
# mutter's virtual touchscreen has a fixed number of slots; harness ids are mapped onto them.
SLOTS = 10


def iterate_until(done, timeout, what):
    deadline = GLib.get_monotonic_time() + int(timeout * 1_000_000)
    while not done():
        if GLib.get_monotonic_time() > deadline:
            raise RuntimeError("timed out waiting for " + what)
        GLib.timeout_add(100, lambda: False)
        context.iteration(True)


def wait_for_service(name, timeout=30):
    iterate_until(lambda: bus.name_has_owner(name), timeout, name)


def record_monitor(remote_desktop_session_id=None):
    """A ScreenCast session recording the primary monitor: (session, stream path, node ids)."""
    manager = dbus.Interface(bus.get_object(SCREEN_CAST, "/org/gnome/Mutter/ScreenCast"), SCREEN_CAST)
    # As gnome-remote-desktop does: no window animations while the harness drives mutter
    # (a window zooming in takes touches at scaled positions).
    properties = {"disable-animations": True}
    if remote_desktop_session_id is not None:
        properties["remote-desktop-session-id"] = remote_desktop_session_id
    path = manager.CreateSession(dbus.Dictionary(properties, signature="sv"))
    session = dbus.Interface(bus.get_object(SCREEN_CAST, path), SCREEN_CAST + ".Session")
    stream_path = session.RecordMonitor("", dbus.Dictionary({"cursor-mode": dbus.UInt32(0)}, signature="sv"))
    stream = dbus.Interface(bus.get_object(SCREEN_CAST, stream_path), SCREEN_CAST + ".Stream")
    nodes = []
    stream.connect_to_signal("PipeWireStreamAdded", lambda node: nodes.append(int(node)))
    return session, stream_path, nodes


class Injector:
    def __init__(self):
        wait_for_service(REMOTE_DESKTOP)
        wait_for_service(SCREEN_CAST)
        manager = dbus.Interface(bus.get_object(REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop"), REMOTE_DESKTOP)
        path = manager.CreateSession()
        self.session = dbus.Interface(bus.get_object(REMOTE_DESKTOP, path), REMOTE_DESKTOP + ".Session")
        properties = dbus.Interface(bus.get_object(REMOTE_DESKTOP, path), "org.freedesktop.DBus.Properties")
        session_id = properties.Get(REMOTE_DESKTOP + ".Session", "SessionId")
        self.cast, self.stream, nodes = record_monitor(session_id)
        self.session.Start()
        iterate_until(lambda: nodes, 20, "the input stream")
        self.properties = properties
        self.slots = {}

    def run(self, words):
        try:
            command, arguments = parse(words)
        except CommandError as error:
            return "error: %s" % error
        if command in ("down", "motion"):
            identifier, x, y = arguments
            if command == "down":
                if identifier in self.slots:
                    return "error: down: touch %d is already down" % identifier
                free = [s for s in range(SLOTS) if s not in self.slots.values()]
                if not free:
                    return "error: down: mutter takes at most %d touches" % SLOTS
                self.slots[identifier] = free[0]
                self.session.NotifyTouchDown(self.stream, dbus.UInt32(free[0]), x, y)
            else:
                if identifier not in self.slots:
                    return "error: motion: touch %d is not down" % identifier
                self.session.NotifyTouchMotion(self.stream, dbus.UInt32(self.slots[identifier]), x, y)
        elif command == "up":
            slot = self.slots.pop(arguments[0], None)
            if slot is None:
                return "error: up: touch %d is not down" % arguments[0]
            self.session.NotifyTouchUp(dbus.UInt32(slot))
        elif command == "frame":
            pass  # mutter groups the events it makes into frames itself
        elif command == "cancel":
            return "unsupported: cancel: mutter's RemoteDesktop API has no way to cancel touches"
        elif command == "pointer":
            self.session.NotifyPointerMotionAbsolute(self.stream, arguments[0], arguments[1])
        elif command == "button":
            self.session.NotifyPointerButton(dbus.Int32(arguments[0]), arguments[1])
        elif command == "key":
            self.session.NotifyKeyboardKeycode(dbus.UInt32(arguments[0]), arguments[1])
        elif command in ("sync", "wait-ready"):
            # A D-Bus round trip: mutter has taken every call made before it.
            self.properties.Get(REMOTE_DESKTOP + ".Session", "SessionId")
        elif command == "overview":
            return hide_overview()
        elif command == "screenshot":
            return screenshot(arguments[0])
        elif command in TOOL_COMMANDS:
            return "unsupported: %s: mutter's RemoteDesktop API has no tablet tool" % command
        else:
            return "unsupported: %s: the mutter driver cannot answer it" % command
        return "ok"


class CommandError(Exception):
    pass


# The harness command language (docs/harness-protocol.md): name -> argument kinds.
COMMANDS = {
    "down": ("ID", "X", "Y"), "motion": ("ID", "X", "Y"), "up": ("ID",), "frame": (), "cancel": (),
    "pointer": ("X", "Y"), "button": ("BUTTON", "STATE"), "key": ("KEY", "STATE"),
    "wait-ready": (), "wait-idle": (), "sync": (), "screenshot": ("PATH",), "size": (), "commits": (),
    "requests": ("IFACE.MSG",),
    "touch-capability": ("on|off",),
    # This driver's own: gnome-shell starts in the overview.
    "overview": ("hide",),
}


# Tablet tool commands: known, answered "unsupported" (their arguments are not checked).
TOOL_COMMANDS = ("tool-in", "tool-motion", "tool-tip", "tool-button", "tool-out")


def parse(words):
    """The command and its checked arguments; CommandError names what is wrong."""
    name = words[0]
    if name in TOOL_COMMANDS:
        return name, words[1:]
    if name not in COMMANDS:
        raise CommandError("unknown command '%s'" % name)
    kinds = COMMANDS[name]
    arguments = words[1:]
    if len(arguments) != len(kinds):
        raise CommandError("%s takes %d argument%s, not %d (usage: %s)"
                           % (name, len(kinds), "" if len(kinds) == 1 else "s", len(arguments),
                              " ".join((name,) + kinds)))
    values = []
    for kind, word in zip(kinds, arguments):
        if kind == "ID":
            try:
                value = int(word)
            except ValueError:
                value = None
            if value is None or not -2**31 <= value < 2**31:
                raise CommandError("%s: ID '%s' is not a 32-bit integer" % (name, word))
        elif kind in ("X", "Y"):
            try:
                value = float(word)
            except ValueError:
                value = float("nan")
            if value != value or value in (float("inf"), float("-inf")):
                raise CommandError("%s: %s '%s' is not a finite number" % (name, kind, word))
        elif kind == "BUTTON":
            if word not in BUTTONS:
                raise CommandError("button: BUTTON '%s' is not left, right or middle" % word)
            value = BUTTONS[word]
        elif kind == "KEY":
            value = KEYS.get(word)
            if value is None and word.isdigit():
                value = int(word)
            if value is None:
                raise CommandError("key: KEY '%s' is neither a known name nor a Linux key code" % word)
        elif kind == "STATE":
            if word not in ("press", "release"):
                raise CommandError("%s: STATE '%s' is not press or release" % (name, word))
            value = word == "press"
        elif kind == "hide":
            if word != "hide":
                raise CommandError("overview: only 'overview hide' exists")
            value = word
        else:
            value = word
        values.append(value)
    return name, values


def hide_overview():
    """gnome-shell shows the overview once it has started; waits for that, then hides it."""
    SHELL = "org.gnome.Shell"
    wait_for_service(SHELL)
    properties = dbus.Interface(bus.get_object(SHELL, "/org/gnome/Shell"), "org.freedesktop.DBus.Properties")
    iterate_until(lambda: properties.Get(SHELL, "OverviewActive"), 10, "the overview to show")
    properties.Set(SHELL, "OverviewActive", False)
    iterate_until(lambda: not properties.Get(SHELL, "OverviewActive"), 10, "the overview to hide")
    return "ok"


def screenshot(path):
    session, _, nodes = record_monitor()
    session.Start()
    try:
        iterate_until(lambda: nodes, 20, "the screenshot stream")
        result = subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % nodes[0], "num-buffers=1",
                                 "!", "videoconvert", "!", "video/x-raw,format=RGB", "!", "pngenc",
                                 "!", "filesink", "location=" + path],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
    finally:
        session.Stop()
    if result.returncode != 0:
        return "error: gst-launch-1.0 failed: " + result.stdout.decode(errors="replace").strip()[-300:]
    return "ok"


def main():
    injector = Injector()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(sys.argv[1] + ".tmp")
    listener.listen(4)
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])  # the path appears only once it listens

    def serve(connection):
        pending = b""

        def readable(_fd, _condition):
            nonlocal pending
            data = connection.recv(65536)
            if not data:
                connection.close()
                return False
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                words = line.decode().split()
                if not words:
                    continue
                try:
                    reply = injector.run(words)
                except dbus.exceptions.DBusException as error:
                    reply = "error: " + error.get_dbus_message()
                except (ValueError, RuntimeError, subprocess.TimeoutExpired) as error:
                    reply = "error: %s" % error
                connection.sendall((reply + "\n").encode())
            return True

        GLib.io_add_watch(connection.fileno(), GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR, readable)

    def accept(_fd, _condition):
        connection, _ = listener.accept()
        serve(connection)
        return True

    GLib.io_add_watch(listener.fileno(), GLib.IO_IN, accept)
    # The session dies with this connection; when mutter goes, so does this script.
    bus.add_signal_receiver(lambda *_: os._exit(0), "NameOwnerChanged", "org.freedesktop.DBus",
                            arg0=REMOTE_DESKTOP, arg2="")
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
