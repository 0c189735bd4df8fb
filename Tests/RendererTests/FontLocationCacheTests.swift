import Foundation
import Glibc
import Renderer
import XCTest

/// The font location cache must give back only what still holds, so a start that skips
/// fontconfig opens the font fontconfig would have chosen.
final class FontLocationCacheTests: XCTestCase {
    private var directory: URL!
    private var fontFile: URL!
    private var watchedFile: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("font-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fontFile = directory.appendingPathComponent("Face.ttf")
        watchedFile = directory.appendingPathComponent("fonts.conf")
        try Data("face".utf8).write(to: fontFile)
        try Data("<fontconfig/>".utf8).write(to: watchedFile)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func makeCache() -> FontLocationCache {
        FontLocationCache(file: directory.appendingPathComponent("cache/touchspots/font-locations").path,
                          watchedPaths: [watchedFile.path, directory.appendingPathComponent("absent").path])
    }

    func testAStoredLocationComesBackForItsFamilyOnly() {
        let location = FontLocationCache.Location(path: fontFile.path, index: 2)
        makeCache().store(location, for: "Face Sans")
        XCTAssertEqual(makeCache().location(for: "Face Sans"), location)
        XCTAssertNil(makeCache().location(for: "Face Serif"))
    }

    func testAChangedWatchedFileOrFontFileInvalidatesTheEntry() throws {
        let location = FontLocationCache.Location(path: fontFile.path, index: 0)
        makeCache().store(location, for: "Face Sans")
        try Data("<fontconfig><dir>/elsewhere</dir></fontconfig>".utf8).write(to: watchedFile)
        XCTAssertNil(makeCache().location(for: "Face Sans"), "fontconfig's configuration changed")

        makeCache().store(location, for: "Face Sans")
        XCTAssertEqual(makeCache().location(for: "Face Sans"), location)
        try FileManager.default.removeItem(at: fontFile)
        XCTAssertNil(makeCache().location(for: "Face Sans"), "the font file is gone")
    }

    func testAWatchedPathAppearingInvalidatesTheEntry() throws {
        let location = FontLocationCache.Location(path: fontFile.path, index: 0)
        makeCache().store(location, for: "Face Sans")
        try Data().write(to: directory.appendingPathComponent("absent"))
        XCTAssertNil(makeCache().location(for: "Face Sans"))
    }

    func testFamiliesAreKeptSideBySideUpToTheCapacity() {
        for number in 0..<12 {
            makeCache().store(FontLocationCache.Location(path: fontFile.path, index: number), for: "Family \(number)")
        }
        XCTAssertNil(makeCache().location(for: "Family 3"), "the oldest went first")
        for number in 4..<12 {
            XCTAssertEqual(makeCache().location(for: "Family \(number)")?.index, number)
        }
    }

    func testAnUnreadableOrForeignCacheFileIsAMiss() throws {
        let cache = makeCache()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: cache.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Face Sans\t\(fontFile.path)\t0\tx\n".utf8).write(to: URL(fileURLWithPath: cache.file))
        XCTAssertNil(cache.location(for: "Face Sans"), "no header")
        try Data("touchspots font locations 1\nFace Sans\trelative.ttf\t0\t-\n\u{FF}\u{FE}\n".utf8)
            .write(to: URL(fileURLWithPath: cache.file))
        XCTAssertNil(cache.location(for: "Face Sans"), "a relative path is never trusted")
        cache.store(FontLocationCache.Location(path: fontFile.path, index: 0), for: "Face Sans")
        XCTAssertEqual(cache.location(for: "Face Sans")?.path, fontFile.path, "a bad file is replaced")
    }

    /// A FIFO in the cache's place is a miss at once (it held the client forever, deaf to
    /// SIGTERM); a link planted under the temporary name the store writes is not written
    /// through.
    func testAFIFOOrAPlantedLinkIsNotFollowed() throws {
        let cache = makeCache()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: cache.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(cache.file, 0o600), 0)
        let started = Date()
        XCTAssertNil(cache.location(for: "Face Sans"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "a FIFO is not waited on")
        unlink(cache.file)
        let victim = directory.appendingPathComponent("victim").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        XCTAssertEqual(symlink(victim, "\(cache.file).\(getpid())"), 0)
        let location = FontLocationCache.Location(path: fontFile.path, index: 0)
        cache.store(location, for: "Face Sans")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep")
        XCTAssertEqual(makeCache().location(for: "Face Sans"), location, "the store still lands")
    }

    func testFontconfigPointedElsewhereMeansNoCache() {
        func cache(_ values: [String: String]) -> FontLocationCache? {
            FontLocationCache.standard(environment: { values[$0] })
        }
        XCTAssertNil(cache(["HOME": "/home/someone", "FONTCONFIG_FILE": "/tmp/empty.conf"]))
        XCTAssertNil(cache(["HOME": "/home/someone", "FONTCONFIG_PATH": "/tmp/fonts"]))
        XCTAssertNil(cache([:]), "no home and no XDG_CACHE_HOME")
        XCTAssertEqual(cache(["HOME": "/home/someone"])?.file, "/home/someone/.cache/touchspots/font-locations")
        let chosen = cache(["HOME": "/home/someone", "XDG_CACHE_HOME": "/var/tmp/c", "XDG_CONFIG_HOME": "/etc/x"])
        XCTAssertEqual(chosen?.file, "/var/tmp/c/touchspots/font-locations")
        XCTAssertTrue(chosen?.watchedPaths.contains("/etc/x/fontconfig/fonts.conf") ?? false)
        XCTAssertTrue(chosen?.watchedPaths.contains("/var/tmp/c/fontconfig") ?? false)
    }

    /// The real thing: a Font opened through fontconfig records its file, and the next one
    /// opened through the cache gets the same file.
    func testAFontOpenedThroughTheCacheIsTheOneFontconfigChose() throws {
        let cache = FontLocationCache(file: directory.appendingPathComponent("real/font-locations").path,
                                      watchedPaths: ["/etc/fonts/fonts.conf"])
        let looked = try Font(family: "DejaVu Sans", cache: cache)
        XCTAssertEqual(cache.location(for: "DejaVu Sans")?.path, looked.path)
        let cached = try Font(family: "DejaVu Sans", cache: cache)
        XCTAssertEqual(cached.path, looked.path)
    }
}
