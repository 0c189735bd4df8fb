/// cos for angles in degrees, by Taylor series. The core imports nothing from C, so libm
/// is out of reach; thresholds are converted once per comparison, which is cheap.
/// Accurate to about 1e-15 over 0...180 degrees.
public func cosineOfDegrees(_ degrees: Double) -> Double {
    // Reduce to 0...180 (cos is even and 360-periodic).
    // (No truncatingRemainder: it calls libm's fmod.)
    var d = abs(degrees)
    while d >= 360 { d -= 360 }
    if d > 180 { d = 360 - d }
    let x = d * Double.pi / 180
    var term = 1.0, sum = 1.0
    for n in stride(from: 2, through: 40, by: 2) {
        term *= -x * x / Double((n - 1) * n)
        sum += term
    }
    return sum
}

/// The angle of (x, y) in radians, in -pi...pi, as libm's atan2 (the core imports no C).
/// The ratio is halved twice (atan z = 2 atan(z / (1 + sqrt(1 + z^2)))) so the series
/// converges fast; accurate to about 1e-15.
func arcTangent(_ y: Double, _ x: Double) -> Double {
    let ax = abs(x), ay = abs(y)
    guard ax > 0 || ay > 0 else { return 0 }
    var z = min(ax, ay) / max(ax, ay)
    z = z / (1 + (1 + z * z).squareRoot())
    z = z / (1 + (1 + z * z).squareRoot())
    let z2 = z * z
    var power = z, sum = z
    for n in stride(from: 3, through: 31, by: 2) {
        power *= -z2
        sum += power / Double(n)
    }
    var angle = 4 * sum
    if ay > ax { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}
