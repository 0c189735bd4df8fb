/// The mapping check (docs/qualify.md): taps asked on the four corners and the centre,
/// fitted to an affine map in normalized output coordinates (0...1 across and down), which
/// is named (rotated, mirrored, offset, scaled) and, where it is not the identity, inverted
/// into the `LIBINPUT_CALIBRATION_MATRIX` that would correct it: libinput applies that
/// matrix to normalized device coordinates before the compositor maps them to the output,
/// so this holds for an output with no transform of its own.
public struct MappingCheck: Sendable {
    /// reported = fit(asked), normalized: x' = m[0] x + m[1] y + m[2], y' = m[3] x + m[4] y + m[5].
    public let fit: [Double]
    /// "as expected", or what is wrong: "rotated 90 degrees clockwise", "mirrored left-right",
    /// "offset 4.0 mm right and 0.0 mm down", "scaled 1.10x", joined.
    public let name: String
    /// The largest distance between an asked point and where the fit puts its taps (mm),
    /// at most 2 mm.
    public let verdict: Verdict
    /// Six numbers for `LIBINPUT_CALIBRATION_MATRIX`, nil when the mapping is as expected.
    public let calibrationMatrix: [Double]?

    /// nil with fewer than three taps or taps on one line.
    public init?(asked: [Point], reported: [Point], panel: Size, limit: Double = QualifyLimit.mapping.defaultValue) {
        guard asked.count == reported.count, asked.count >= 3 else { return nil }
        let a = asked.map { Point(x: $0.x / panel.width, y: $0.y / panel.height) }
        let r = reported.map { Point(x: $0.x / panel.width, y: $0.y / panel.height) }
        guard let xs = Self.solve(a, r.map(\.x)), let ys = Self.solve(a, r.map(\.y)) else { return nil }
        let m = xs + ys
        fit = m
        func apply(_ p: Point) -> Point { Point(x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5]) }
        var worst = 0.0
        for p in a {
            let q = apply(p)
            worst = max(worst, Point(x: (q.x - p.x) * panel.width, y: (q.y - p.y) * panel.height).distance(to: .zero))
        }
        var parts: [String] = []
        let determinant = m[0] * m[4] - m[1] * m[3]
        if determinant < 0 {
            parts.append(abs(m[0]) >= abs(m[4]) ? (m[0] < 0 ? "mirrored left-right" : "mirrored top-bottom")
                                                 : (m[4] < 0 ? "mirrored top-bottom" : "mirrored left-right"))
        } else {
            let degrees = arcTangent(m[3], m[0]) * 180 / Double.pi
            if abs(degrees) > 2 {
                parts.append("rotated \(Int(abs(degrees).rounded())) degrees \(degrees > 0 ? "clockwise" : "counterclockwise")")
            }
        }
        let scale = abs(determinant).squareRoot()
        if abs(scale - 1) > 0.02 { parts.append("scaled \(fixed(scale, decimals: 2))x") }
        let centre = apply(Point(x: 0.5, y: 0.5))
        let dx = (centre.x - 0.5) * panel.width, dy = (centre.y - 0.5) * panel.height
        if (dx * dx + dy * dy).squareRoot() > limit {
            parts.append("offset \(fixed(abs(dx), decimals: 1)) mm \(dx >= 0 ? "right" : "left") and \(fixed(abs(dy), decimals: 1)) mm \(dy >= 0 ? "down" : "up")")
        }
        name = parts.isEmpty ? "as expected" : parts.joined(separator: ", ")
        if parts.isEmpty && worst <= limit {
            calibrationMatrix = nil
            verdict = Verdict(.mapping, figure: worst, .atMost, limit, unit: "mm", detail: name)
        } else {
            // The inverse affine map: what turns the reported (device) point back into the touched one.
            let inverse = 1 / determinant
            let i0 = m[4] * inverse, i1 = -m[1] * inverse, i3 = -m[3] * inverse, i4 = m[0] * inverse
            let matrix = [i0, i1, -(i0 * m[2] + i1 * m[5]), i3, i4, -(i3 * m[2] + i4 * m[5])]
            calibrationMatrix = matrix
            // The udev property as a person pastes it into a hwdb or udev rule.
            let property = "LIBINPUT_CALIBRATION_MATRIX=\"" + matrix.map { fixed($0, decimals: 4) }.joined(separator: " ") + "\""
            verdict = Verdict(.mapping, figure: worst, .atMost, limit, unit: "mm", detail: "\(name); corrected by \(property)")
        }
    }

    /// `matrix` applied to a normalized point, as libinput applies it.
    public static func apply(_ matrix: [Double], to p: Point) -> Point {
        Point(x: matrix[0] * p.x + matrix[1] * p.y + matrix[2], y: matrix[3] * p.x + matrix[4] * p.y + matrix[5])
    }

    /// Least squares for v = c0 x + c1 y + c2 over the points (normal equations, Cramer's rule).
    private static func solve(_ points: [Point], _ values: [Double]) -> [Double]? {
        var sxx = 0.0, sxy = 0.0, sx = 0.0, syy = 0.0, sy = 0.0, n = 0.0, vx = 0.0, vy = 0.0, v1 = 0.0
        for (p, v) in zip(points, values) {
            sxx += p.x * p.x; sxy += p.x * p.y; sx += p.x; syy += p.y * p.y; sy += p.y; n += 1
            vx += v * p.x; vy += v * p.y; v1 += v
        }
        func det(_ a: [Double]) -> Double {
            a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
        }
        let m = [sxx, sxy, sx, sxy, syy, sy, sx, sy, n]
        let d = det(m)
        guard abs(d) > 1e-12 else { return nil }
        let c0 = det([vx, sxy, sx, vy, syy, sy, v1, sy, n]) / d
        let c1 = det([sxx, vx, sx, sxy, vy, sy, sx, v1, n]) / d
        let c2 = det([sxx, sxy, vx, sxy, syy, vy, sx, sy, v1]) / d
        return [c0, c1, c2]
    }
}

extension MappingCheck {
    /// The mapping's verdict where no map could be fitted: `arrived` of the `asked` taps
    /// came (not all, or on one line), and where they did not all come, why they may not
    /// have, by the compositor's outputs (`outputCount`, where known).
    static func tapsLost(asked: Int, arrived: Int, outputCount: Int?, limit: Double) -> Verdict {
        let lost: String
        switch outputCount {
        case .some(let n) where n > 1:
            lost = "; the others never came: the touchscreen is spread over all \(n) outputs or mapped to another (map it to this one: sway's map_to_output, GNOME's and KDE's display settings), so no matrix corrects it"
        case .some(1):
            lost = "; the others never came: the touchscreen is mapped to no part of this output"
        default:
            lost = "; the others never came: is the touchscreen mapped to another output, or spread over all of them?"
        }
        let detail = "\(arrived) of \(asked) taps arrived" + (arrived < asked ? lost : "")
        return Verdict(.mapping, figure: .infinity, .atMost, limit, unit: "mm", detail: detail)
    }
}
