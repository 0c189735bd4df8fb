#ifndef TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H
#define TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H

/* What the weston module and the wlroots shim both do inside a compositor. */

#include <stdarg.h>
#include <stdint.h>
#include <wayland-server-core.h>

/* Writes one reply line (printf-style, newline added, at most 1 KiB) to a control
 * connection. Replies are short and the peer waits for each: a blocking write is fine. */
void ts_vsend_line(int fd, const char *fmt, va_list ap);

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
