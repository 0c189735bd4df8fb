import TouchCore

/// A touch spot whose growth the compositor draws (docs/architecture.md, "Drawing"): a
/// plain disc fills its bounds whatever its size, so its pixels at any size are those of
/// the full-size disc scaled. Where the compositor offers wp_viewporter, LayerPresenter
/// draws the disc once at full size and grows it with `wp_viewport.set_destination`,
/// instead of a new wl_buffer, opaque region and pixman disc on every step of the growth.
/// A spot that draws more than the disc (a contact ellipse, whose size is the finger's,
/// not the spot's) is drawn at its own size, as is every spot where there is no viewporter.
enum ScaledSpot {
    /// The full size, logical px.
    static let side = Int32(TouchSpotView.diameter)

    /// What the full-size pixels depend on: a spot whose look is unchanged is not redrawn.
    struct Look: Equatable {
        let color: Color
        let alpha: Double
    }

    /// `view`'s look when it is a plain disc the compositor may scale; `alpha` is what its
    /// ancestors give it.
    static func look(of view: View, alpha: Double) -> Look? {
        guard let spot = view as? TouchSpotView, spot.contact == nil, spot.subviews.isEmpty,
              spot.backgroundColor == nil, spot.frame.width > 0, spot.frame.width == spot.frame.height,
              spot.frame.width <= TouchSpotView.diameter else { return nil }
        return Look(color: spot.color, alpha: alpha * spot.drawingAlpha)
    }
}
