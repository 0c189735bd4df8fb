#include "shim.h"

/* ---- sync: ping every client, repeat across output frames until nobody commits ---- */

void
finish(const char *msg)
{
	shim.wait = WAIT_NONE;
	wl_event_source_timer_update(shim.timeout, 0);
	reply("%s", msg);
	process_lines();
}

void
sync_round(void)
{
	if (++shim.rounds > MAX_ROUNDS) {
		finish("error: clients kept committing");
		return;
	}
	shim.ping_serial = wl_display_next_serial(shim.display);
	shim.round_commits = shim.commits;
	int count = ts_ping_clients(shim.display, shim.ping_serial);
	shim.pongs_expected = count;
	shim.wait = WAIT_PONG;
	if (count == 0)
		finish("ok");
}

/* All pongs in. Done after two rounds in a row, each after a rendered frame, with no
 * commit since the previous round ended: a client still animating draws on the frame
 * callbacks those frames answer. The gap between rounds counts too: sway sends frame
 * callbacks when a frame starts but renders (and so starts our round) later, so a client
 * may commit in between. */
static void
after_pongs(void)
{
	bool quiet = shim.rounds > 1 && shim.commits == shim.last_round_end_commits;
	shim.last_round_end_commits = shim.commits;
	shim.quiet_rounds = quiet ? shim.quiet_rounds + 1 : 0;
	if (shim.quiet_rounds >= 2) {
		finish("ok");
		return;
	}
	shim.wait = WAIT_FRAME;
	shim.wait_frames = shim.frames;
	if (shim.output)
		wlr_output_schedule_frame(shim.output);
}

void
logger(void *data, enum wl_protocol_logger_type type, const struct wl_protocol_logger_message *m)
{
	if (type != WL_PROTOCOL_LOGGER_REQUEST)
		return;
	const char *iface = wl_resource_get_class(m->resource);
	ts_request_counts_add(&shim.requests, iface, m->message->name);
	if (strcmp(m->message->name, "commit") == 0 && strcmp(iface, "wl_surface") == 0)
		shim.commits++;
	else if (shim.wait == WAIT_PONG && strcmp(m->message->name, "pong") == 0 &&
		 strcmp(iface, "xdg_wm_base") == 0 && m->arguments_count > 0 &&
		 m->arguments[0].u == shim.ping_serial && --shim.pongs_expected <= 0)
		after_pongs();
}

int
on_timeout(void *data)
{
	if (shim.wait != WAIT_NONE)
		finish("error: timed out");
	return 0;
}
