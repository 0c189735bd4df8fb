/* wlroots' own bugs that the shim works around, each named after the wlroots version it
 * was seen on, as weston's module keeps its own in quirks.c (docs/compositor-quirks.md). */
#include "shim.h"

/* wlroots 0.15's headless backend never signals that a committed buffer was presented,
 * so clients' wp_presentation_feedback never ends (seen on sway, cage and phoc headless).
 * A real display presents each committed buffer at the next refresh; headless has no
 * refresh, so the shim says it was presented when it was committed. Retire with a wlroots
 * whose headless backend sends presentation events (not checked: later than 0.15). */
void
quirk_wlroots015_headless_never_presents(struct wlr_output *output)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	struct wlr_output_event_present event = {
		.output = output,
		.commit_seq = output->commit_seq,
		.presented = true,
		.when = &now,
		.refresh = output->refresh > 0 ? (int)(1000000000000LL / output->refresh) : 0,
	};
	wlr_output_send_present(output, &event);
}
