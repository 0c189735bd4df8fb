"""Writes kwin's screen as PNG: org.kde.KWin.ScreenShot2 writes raw QImage bytes (32-bit,
BGRA in memory) into a pipe; this turns them into an RGB PNG with nothing but the standard
library and python3-dbus.

Usage: DBUS_SESSION_BUS_ADDRESS=... /usr/bin/python3 kwin-screenshot.py PATH
"""
import dbus, os, struct, sys, zlib
bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
shot = dbus.Interface(bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2"), "org.kde.KWin.ScreenShot2")
r, w = os.pipe()
meta = shot.CaptureActiveScreen({"native-resolution": True}, dbus.types.UnixFd(w))
os.close(w)
data = bytearray()
while True:
    chunk = os.read(r, 1 << 20)
    if not chunk:
        break
    data += chunk
width, height, stride = int(meta["width"]), int(meta["height"]), int(meta["stride"])
rows = bytearray()
for y in range(height):
    row = data[y * stride:y * stride + width * 4]
    rgb = bytearray(width * 3)
    rgb[0::3] = row[2::4]; rgb[1::3] = row[1::4]; rgb[2::3] = row[0::4]
    rows += b"\0" + rgb
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(bytes(rows), 1)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
