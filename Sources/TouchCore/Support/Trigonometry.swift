/// cos for angles in degrees, by Taylor series. The core imports nothing from C, so libm
/// is out of reach; thresholds are converted once per comparison, which is cheap.
/// Accurate to about 1e-15 over 0...180 degrees.
func cosineOfDegrees(_ degrees: Double) -> Double {
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
