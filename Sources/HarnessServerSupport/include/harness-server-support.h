#ifndef TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H
#define TOUCHSPOTS_HARNESS_SERVER_SUPPORT_H

/* What the weston module and the wlroots shim both do inside a compositor. */

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>

/* Writes one reply line (printf-style, newline added, at most 1 KiB) to a control
 * connection. Replies are short and the peer waits for each: a blocking write is fine. */
void ts_vsend_line(int fd, const char *fmt, va_list ap);

/* Bytes read from a control connection, handed out one command line at a time. */
#define TS_LINE_MAX 8192
struct ts_line_buffer {
	char data[TS_LINE_MAX];
	size_t length;
};

enum ts_read_result {
	TS_READ_OK,       /* something was read */
	TS_READ_AGAIN,    /* nothing to read now (EINTR, EAGAIN) */
	TS_READ_CLOSED,   /* the peer closed the connection, or reading failed */
	TS_READ_OVERFLOW, /* a line longer than TS_LINE_MAX was dropped; reading goes on */
};

/* Reads what `fd` has into the buffer. */
enum ts_read_result ts_line_buffer_read(struct ts_line_buffer *buffer, int fd);

/* Moves the next complete line, without its newline and NUL-terminated, into `line`;
 * returns false when no complete line is buffered. */
bool ts_line_buffer_take(struct ts_line_buffer *buffer, char line[TS_LINE_MAX]);

/* Writes 32-bit pixels as an RGB PNG (fast compression: ~10 ms at 1024x640). Rows are
 * `stride` bytes apart, bottom-up when `bottom_up`; red is in bits 16-23 of each
 * native-endian pixel when `red_high` (XRGB8888, pixman a8r8g8b8), else in bits 0-7.
 * Returns false with a message in `error` when it cannot. */
bool ts_write_png(const char *path, const void *pixels, size_t stride, int width, int height,
		  bool red_high, bool bottom_up, char *error, size_t error_size);

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

/* The pixel watch's verdicts (docs/benchmark.md, "Touch to pixel"), shared by the weston
 * module and the wlroots shim, which each read pixels and time repaints their own way.
 * Repaints (output commits on wlroots) are numbered in order by the caller. */
struct ts_pixel_watch {
	bool armed;
	uint32_t before[9];    /* the 3x3 block when the watch was armed */
	uint64_t touch_ns;     /* CLOCK_MONOTONIC; 0 until the touch is injected */
	int64_t floor;         /* the first repaint begun at least 1 ms after the touch; -1 */
	int64_t changed;       /* the first repaint that changed the block; -1 */
};

void ts_pixel_watch_arm(struct ts_pixel_watch *watch, const uint32_t before[9]);
/* A down or motion was injected at `ns`: the first after arming is the touch. */
void ts_pixel_watch_touched(struct ts_pixel_watch *watch, uint64_t ns);
/* Whether the watch still looks for the repaint that changes the block (read it then). */
bool ts_pixel_watch_wants_pixels(const struct ts_pixel_watch *watch);
/* Repaint `number`, begun at `start_ns`, shows `block` (NULL: could not be read). Updates
 * the floor and the changed repaint; a repaint that changed the block is the floor when
 * none was found before it. Returns whether this repaint changed the block. */
bool ts_pixel_watch_saw(struct ts_pixel_watch *watch, int64_t number, uint64_t start_ns,
			const uint32_t *block);

#endif
