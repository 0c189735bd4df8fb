#ifndef TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H
#define TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H

/* What the weston module and the wlroots shim both do inside a compositor. */

#include <stdint.h>
#include <wayland-server-core.h>

/* Counts requests by "interface.message", for the `requests` command. */
struct ts_request_counts {
	struct ts_request_count {
		char name[64];
		uint64_t count;
	} *entries;
	size_t length;
};

void ts_request_counts_add(struct ts_request_counts *counts, const char *interface,
			   const char *message);
uint64_t ts_request_counts_get(const struct ts_request_counts *counts, const char *key);
void ts_request_counts_release(struct ts_request_counts *counts);

/* Sends xdg_wm_base.ping(serial) to every xdg_wm_base of every client and flushes;
 * returns how many were pinged. Their pongs come back once each client has handled
 * everything sent before (compositors ignore pongs to serials they did not issue). */
int ts_ping_clients(struct wl_display *display, uint32_t serial);

#endif
