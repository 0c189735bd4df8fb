import TouchCore
import XCTest

/// Multi-finger swipes as fingers on real panels make them (issue 38): they stray 1-2 mm
/// off the axis before they have travelled the swipe's length, wobble as they land, and
/// land one after another. Through the session's front door, on panels of a known and of
/// an unknown size.
final class PanelSwipeTests: XCTestCase {
    /// A 127 dpi panel (5 px per mm), about the density of the panel in the issue whose
    /// fingers strayed 5.3 and 7.5 px.
    static let density = 5.0

    /// `fingers` fingers 20 mm apart swipe down 20 mm in 20 frames 8 ms apart; each strays
    /// `stray` mm to the side over the first `strayFrames` frames (one way for even
    /// fingers, the other for odd), then goes straight down. `angle` turns the whole
    /// path off the axis; `wobble` adds ±0.4 mm of landing jitter on the first frames;
    /// `lateFinger` lands the last finger 50 ms after the others.
    func swipe(fingers: Int, density: Double?, stray: Double = 0, strayFrames: Int = 4, angle: Double = 0,
               wobble: Bool = false, lateFinger: Bool = false, settings: GestureSettings = GestureSettings()) -> SessionDriver {
        let driver = SessionDriver(size: Size(width: 1200, height: 900), settings: settings, now: 10)
        driver.session.setPanel(pixelsPerMillimetre: density)
        let mm = density ?? GestureDetector.referencePixelsPerMillimetre
        let ids = (1...fingers).map { Int32($0) }
        func start(_ id: Int32) -> Point { Point(x: 300 + Double(id) * 20 * mm, y: 200) }
        let onTime = lateFinger ? Array(ids.dropLast()) : ids
        driver.send(onTime.map { ($0, .began, start($0).x, start($0).y) })
        let c = cosineOfDegrees(angle), s = cosineOfDegrees(90 - angle)
        for frame in 1...20 {
            driver.clock.advance(by: 0.008)
            if lateFinger && frame == 6 { driver.send([(ids.last!, .began, start(ids.last!).x, start(ids.last!).y)]) }
            var touches: [(Int32, TouchPhase, Double, Double)] = []
            for id in ids where !(lateFinger && id == ids.last! && frame <= 6) {
                let t = lateFinger && id == ids.last! ? Double(frame - 6) / 14 : Double(frame) / 20
                let down = 20 * mm * t
                let side = (id % 2 == 0 ? 1.0 : -1.0) * stray * mm * min(1, Double(frame) / Double(strayFrames))
                let jitter = wobble && frame <= 3 ? (frame % 2 == 0 ? 0.4 : -0.4) * mm : 0
                let dx = side + jitter, dy = down
                touches.append((id, .moved, start(id).x + dx * c + dy * s, start(id).y - dx * s + dy * c))
            }
            driver.send(touches)
        }
        driver.clock.advance(by: 0.008)
        for id in ids { driver.up(id: id) }
        driver.frame()
        driver.run(1)
        return driver
    }

    private func swipes(_ driver: SessionDriver) -> [Gesture] {
        driver.gestures.filter { if case .swipe = $0 { true } else { false } }
    }

    func testTwoAndFourFingersStrayingOneAndAHalfMillimetresAreSwipes() {
        for density in [Self.density, 8, nil] as [Double?] {
            for fingers in [2, 4] {
                let driver = swipe(fingers: fingers, density: density, stray: 1.5)
                XCTAssertEqual(swipes(driver), [.swipe(.vertical, fingers: fingers)],
                               "\(fingers) fingers straying 1.5 mm at \(density.map { "\($0) px/mm" } ?? "an unknown size")")
            }
        }
        // The former rule (5 px, whatever the travel and the panel) missed them.
        var former = GestureSettings()
        former.swipeMaximumAngle = 0
        let driver = swipe(fingers: 4, density: nil, stray: 1.5 * Self.density / GestureDetector.referencePixelsPerMillimetre,
                           settings: former)
        XCTAssertEqual(swipes(driver), [], "7.5 px of stray under the former 5 px")
        XCTAssertEqual(nearMisses(driver).first?.text, "swipe: strayed 7.5 px off the axis, the limit is 5 (swipe-max-variance)")
    }

    func testFingersStrayingTwoMillimetresWhileLandingWobblingAndLateAreSwipes() {
        for fingers in [2, 3, 4] {
            XCTAssertEqual(swipes(swipe(fingers: fingers, density: Self.density, stray: 2, wobble: true)),
                           [.swipe(.vertical, fingers: fingers)], "\(fingers) fingers, 2 mm and a landing wobble")
            XCTAssertEqual(swipes(swipe(fingers: fingers, density: Self.density, stray: 1, lateFinger: true)),
                           [.swipe(.vertical, fingers: fingers)], "\(fingers) fingers, one 50 ms late")
        }
    }

    func testFingersTwentyDegreesOffTheAxisAreNoSwipe() {
        for density in [Self.density, nil] as [Double?] {
            for fingers in [1, 2, 4] {
                let driver = swipe(fingers: fingers, density: density, angle: 20)
                XCTAssertEqual(swipes(driver), [], "\(fingers) fingers 20 degrees off the axis")
                let miss = nearMisses(driver).first { $0.recognizer == .swipe }
                XCTAssertEqual(miss?.setting, .swipeMaximumAngle, "\(fingers) fingers: \(nearMisses(driver))")
            }
        }
    }

    /// The same swipe in millimetres is the same gesture on a dense panel: 20 px of travel
    /// is a swipe at 96 dpi and too short at 10 px per mm.
    func testLengthsScaleWithThePanel() {
        XCTAssertEqual(GestureDetector.lengthScale(pixelsPerMillimetre: nil), 1)
        XCTAssertEqual(GestureDetector.lengthScale(pixelsPerMillimetre: 0.2), 1, "absurd densities are ignored")
        XCTAssertEqual(GestureDetector.lengthScale(pixelsPerMillimetre: GestureDetector.referencePixelsPerMillimetre), 1, accuracy: 1e-9)
        for (density, swiped) in [(nil, true), (10.0, false)] as [(Double?, Bool)] {
            let driver = SessionDriver(size: Size(width: 1200, height: 900), now: 10)
            driver.session.setPanel(pixelsPerMillimetre: density)
            driver.send([(1, .began, 300, 300), (2, .began, 400, 300)])
            for step in 1...10 {
                driver.clock.advance(by: 0.008)
                driver.send([(1, .moved, 300 + 3.0 * Double(step), 300), (2, .moved, 400 + 3.0 * Double(step), 300)])
            }
            driver.send([(1, .ended, 330, 300), (2, .ended, 430, 300)])
            driver.run(1)
            XCTAssertEqual(!swipes(driver).isEmpty, swiped, "30 px at \(String(describing: density)) px/mm")
        }
    }

    func nearMisses(_ driver: SessionDriver) -> [NearMiss] {
        driver.events.flatMap { event -> [NearMiss] in if case .nearMiss(let misses) = event { misses } else { [] } }
    }
}
