#ifndef TOUCHSPOTS_WESTON_HARNESS_H
#define TOUCHSPOTS_WESTON_HARNESS_H

/* What the module's files share: its one state (struct harness), a control connection,
 * and the functions each file offers the others. Nothing here is exported from the module
 * (only wet_module_init is). */

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <libweston/libweston.h>
#include <wayland-server.h>

#include "harness-protocol.h"
#include "harness-server-support.h"
#include "pixel-watch.h"

#define HIDDEN __attribute__((visibility("hidden")))

/* libweston 10 exports these, but declares them only in headers Debian does not ship
 * (libweston/backend.h, libweston-internal.h). */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
void weston_seat_release(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id, double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_compositor_read_presentation_clock(const struct weston_compositor *compositor,
					       struct timespec *ts);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x,
			    double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
		   enum wl_pointer_button_state state);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state, enum weston_key_state_update update_state);
#define MAX_TOUCHES 64
#define TIMEOUT_MS 10000
#define MAX_SYNC_ROUNDS 400

enum wait_kind {
	WAIT_NONE,
	WAIT_READY,
	WAIT_IDLE,
	WAIT_SYNC_PONG,       /* first ping of a round */
	WAIT_SYNC_SECOND_PONG, /* second ping, right after the first */
	WAIT_SYNC_REPAINT,
	WAIT_SCREENSHOT,
	WAIT_WATCH,
};

struct connection;

struct harness {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	struct weston_touch_device *device;

	int listen_fd;
	char *listen_path;
	struct wl_event_source *listen_source;
	struct wl_list connections; /* struct connection::link */

	struct wl_protocol_logger *logger;
	struct wl_listener destroy_listener;
	struct wl_listener frame_listener;
	struct weston_output *output;

	bool has_pointer;
	bool has_keyboard;

	int32_t active[MAX_TOUCHES];
	int active_count;

	/* for quirk_weston10_frame_after_last_up() */
	struct wl_client *last_focus_client;
	bool frame_owed;
	/* TOUCHSPOTS_WESTON_AS_SHIPPED: weston as its users have it, none of the quirks.c
	 * workarounds that add what weston 10 itself does not send (a conformance run). */
	bool as_shipped;
	/* touch-capability off: the seat has no touch until it is on again. */
	bool touch_released;

	/* The one command that is waiting, if any. */
	struct connection *waiter;
	enum wait_kind wait;
	struct wl_event_source *timeout;
	struct wl_event_source *idle_check; /* polls the output while WAIT_IDLE */
	uint32_t ping_serial;
	int pongs_expected;
	int sync_rounds;
	uint64_t commits;
	uint64_t commits_after_first_pong;
	uint64_t commits_shown; /* commits seen when the output last finished a repaint */
	char *screenshot_path;

	/* Touch to pixel (pixel-watch.h). */
	struct pixel_watch watch;

	/* Requests seen, for the `requests` command. */
	struct ts_request_counts requests;
};

struct connection {
	struct harness *harness;
	int fd;
	struct wl_event_source *source;
	struct ts_line_buffer input;
	struct wl_list link;
};

/* touchspots-weston.c: replies and the one waiting command. */
HIDDEN void reply(struct connection *c, const char *fmt, ...);
HIDDEN void finish_wait(struct harness *h, const char *fmt, ...);
HIDDEN void begin_wait(struct harness *h, struct connection *c, enum wait_kind kind);

/* sync.c: pinging clients until they are idle and shown. */
HIDDEN bool client_view_is_pickable(struct harness *h);
HIDDEN void sync_round(struct harness *h);
HIDDEN void protocol_logger(void *data, enum wl_protocol_logger_type type,
			    const struct wl_protocol_logger_message *message);

/* output.c: what the output shows: repaints, screenshots, the client's window. */
HIDDEN void take_screenshot(struct harness *h);
HIDDEN void on_frame(struct wl_listener *listener, void *data);
HIDDEN void window_command(struct harness *h, struct connection *c);

/* input.c: the seat's touch, pointer and keyboard. */
HIDDEN void touch_command(struct harness *h, struct connection *c, const struct ts_command *cmd);
HIDDEN void harness_frame(struct harness *h, struct connection *c);
HIDDEN void harness_cancel(struct harness *h, struct connection *c);
HIDDEN void harness_touch_capability(struct harness *h, struct connection *c, bool on);
HIDDEN void pointer_command(struct harness *h, struct connection *c, const struct ts_command *cmd);
HIDDEN void key_command(struct harness *h, struct connection *c, const struct ts_command *cmd);

#endif
