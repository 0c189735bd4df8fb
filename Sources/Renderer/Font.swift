import CFontconfig
import CFreeType
import CPixman

/// Why text cannot be drawn.
public struct FontError: Error, CustomStringConvertible {
    public let description: String
}

/// One FreeType face found through fontconfig, with rendered glyphs cached per pixel size
/// as pixman A8 masks. Kerning and shaping are left out: the labels are short Latin text.
public final class Font {
    struct Glyph {
        let mask: OpaquePointer?  // pixman_image_t, nil for blank glyphs (space)
        let left: Int32
        let top: Int32
        let width: Int32
        let height: Int32
        let advance: Double
    }

    private struct GlyphKey: Hashable {
        let scalar: UInt32
        let pixelSize: UInt32
    }

    public let path: String
    private var library: FT_Library?
    private var face: FT_Face?
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var currentPixelSize: UInt32 = 0

    /// Finds `family` (through `cache` when it still holds the answer, else with
    /// fontconfig, then recorded there) and opens it. Throws with a readable message when
    /// fontconfig finds no font at all or FreeType cannot open the file.
    public init(family: String = "DejaVu Sans", cache: FontLocationCache? = nil) throws {
        guard FT_Init_FreeType(&library) == 0 else {
            throw FontError(description: "FreeType failed to initialise")
        }
        if let cached = cache?.location(for: family), FT_New_Face(library, cached.path, FT_Long(cached.index), &face) == 0 {
            path = cached.path
            return
        }
        let location: FontLocationCache.Location
        do { location = try Self.lookUp(family) } catch {
            FT_Done_FreeType(library)
            throw error
        }
        guard FT_New_Face(library, location.path, FT_Long(location.index), &face) == 0 else {
            FT_Done_FreeType(library)
            throw FontError(description: "FreeType cannot open the font file \(location.path)")
        }
        path = location.path
        cache?.store(location, for: family)
    }

    /// fontconfig's choice for `family`.
    private static func lookUp(_ family: String) throws -> FontLocationCache.Location {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError(description: "fontconfig could not load its configuration")
        }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(family) else {
            throw FontError(description: "'\(family)' is not a valid font name")
        }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else {
            throw FontError(description: "no font found for '\(family)' (install fonts-dejavu-core)")
        }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw FontError(description: "fontconfig matched '\(family)' to a font without a file")
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return FontLocationCache.Location(
            path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: Int(index))
    }

    deinit {
        for glyph in glyphs.values { if let mask = glyph.mask { pixman_image_unref(mask) } }
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Ascender and descender (negative) in pixels at `pixelSize`.
    func verticalMetrics(pixelSize: UInt32) -> (ascender: Double, descender: Double) {
        select(pixelSize)
        let metrics = face!.pointee.size.pointee.metrics
        return (Double(metrics.ascender) / 64, Double(metrics.descender) / 64)
    }

    /// Width in pixels of `text` at `pixelSize`.
    func width(of text: String, pixelSize: UInt32) -> Double {
        text.unicodeScalars.reduce(0) { $0 + glyph($1, pixelSize: pixelSize).advance }
    }

    func glyph(_ scalar: Unicode.Scalar, pixelSize: UInt32) -> Glyph {
        let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
        if let cached = glyphs[key] { return cached }
        select(pixelSize)
        let rendered = render(scalar)
        glyphs[key] = rendered
        return rendered
    }

    private func select(_ pixelSize: UInt32) {
        guard pixelSize != currentPixelSize else { return }
        FT_Set_Pixel_Sizes(face, 0, pixelSize)
        currentPixelSize = pixelSize
    }

    private func render(_ scalar: Unicode.Scalar) -> Glyph {
        guard FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0,
              let slot = face?.pointee.glyph
        else { return Glyph(mask: nil, left: 0, top: 0, width: 0, height: 0, advance: 0) }
        let bitmap = slot.pointee.bitmap
        let advance = Double(slot.pointee.advance.x) / 64
        let width = Int32(bitmap.width), height = Int32(bitmap.rows)
        guard width > 0, height > 0, let source = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue),
              let mask = pixman_image_create_bits(PIXMAN_a8, width, height, nil, 0)
        else {
            return Glyph(mask: nil, left: 0, top: 0, width: 0, height: 0, advance: advance)
        }
        let destination = UnsafeMutableRawPointer(pixman_image_get_data(mask)!)
        let destinationStride = Int(pixman_image_get_stride(mask))
        for row in 0..<Int(height) {
            (destination + row * destinationStride).copyMemory(
                from: source + row * Int(bitmap.pitch), byteCount: Int(width))
        }
        return Glyph(mask: mask, left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top,
                     width: width, height: height, advance: advance)
    }
}
