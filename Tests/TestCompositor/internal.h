/* What the test compositor's files share: its state, a surface's state, and the helpers
 * and globals' bind functions each file uses from another. Each file owns one job:
 * surfaces and buffers (surfaces.c), the seat with its touch and pointer injection
 * (seat.c), tablet-v2 (tablet.c), xdg-shell and the surface extensions (shell.c), and
 * the public API's lifecycle, outputs and queries (test-compositor.c). */
#ifndef TEST_COMPOSITOR_INTERNAL_H
#define TEST_COMPOSITOR_INTERNAL_H

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server.h>

#include "test-compositor.h"
#include "harness-server-support.h"
#include "xdg-shell-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "tablet-unstable-v2-server-protocol.h"

struct tc {
	struct wl_display *display;
	unsigned flushes;          /* tc_flush calls (tc_flush_count) */
	struct wl_list seats;      /* wl_seat resources */
	struct wl_list touches;    /* wl_touch resources */
	struct wl_list pointers;   /* wl_pointer resources */
	uint32_t capabilities;
	char *seat_name;           /* wl_seat.name sent at bind */
	int touches_created;
	struct wl_resource *toplevel_surface; /* wl_surface of the toplevel */
	bool configured;
	bool mapped;
	uint32_t ping_serial;
	int pongs_wanted;
	uint32_t preferred_scale120; /* 0: no wp_fractional_scale_manager_v1 */
	/* What the toplevel last showed. */
	int32_t shown_width, shown_height, shown_scale;
	int32_t viewport_width, viewport_height;
	struct wl_global *output_global; /* NULL: no wl_output */
	struct wl_list outputs;          /* wl_output resources */
	int32_t output_scale;
	int32_t configure_width, configure_height; /* the toplevel's first configure */
	struct wl_resource *toplevel;    /* xdg_toplevel of the toplevel surface */
	struct wl_resource *xdg_surface; /* its xdg_surface */
	int commits;                     /* commits of the toplevel surface */
	bool holds_frame_callbacks;      /* answer none, as for a window nobody sees */
	struct wl_list tablet_seats;     /* zwp_tablet_seat_v2 resources */
	struct wl_resource *tablet;      /* the one zwp_tablet_v2, once added */
	struct wl_resource *tool;        /* the one zwp_tablet_tool_v2, once added */
	struct wl_list subsurfaces;      /* struct subsurface, in creation order */
	int buffers_created;             /* wl_shm_pool.create_buffer requests */
};

/* Sends what is queued to every client now, and counts it (tc_flush_count). */
static inline void
tc_flush(struct tc *tc)
{
	tc->flushes++;
	wl_display_flush_clients(tc->display);
}

struct surface {
	struct tc *tc;
	struct wl_resource *resource;
	int32_t pending_scale, scale;
	int32_t viewport_width, viewport_height;
	struct wl_resource *pending_buffer;
	bool pending_attach; /* attach was called since the last commit (with NULL: unmap) */
	/* A subsurface in synchronized mode: its committed attach waits for the parent's commit. */
	bool synchronized;
	bool cached_attach;
	struct wl_resource *cached_buffer;
	int32_t cached_scale;
	struct wl_resource *current_buffer; /* NULL once the client destroys it */
	struct wl_listener current_buffer_destroyed;
	bool shows;                      /* a buffer was committed and not unmapped since */
	int32_t shown_width, shown_height; /* that buffer's size in buffer pixels */
	struct wl_list frame_callbacks;
	bool has_role;
};

/* A buffer keeps its own descriptor of the pool's memory, so that a screenshot can read
 * the pixels whatever became of the pool. */
struct buffer_size {
	int32_t width, height;
	int fd;
	int32_t offset, stride;
};

uint32_t now_ms(void);
struct tc *tc_of(struct wl_resource *r);
void bind_compositor(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_fractional(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_seat(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_shm(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_subcompositor(struct wl_client *c, void *data, uint32_t version, uint32_t id);
/* The toplevel committed: its subsurfaces' pending positions take effect. */
void subsurfaces_parent_committed(struct tc *tc);
void surface_apply_attach(struct surface *s, struct wl_resource *buffer, int32_t scale);
/* The shown buffer's pixel at x, y (buffer pixels), ARGB8888; false when there is none. */
bool surface_pixel(struct surface *s, int32_t x, int32_t y, uint32_t *argb);
void bind_tablet_manager(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_viewporter(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void bind_wm_base(struct wl_client *c, void *data, uint32_t version, uint32_t id);
void destroy_request(struct wl_client *c, struct wl_resource *r);
void send_toplevel_configure(struct tc *tc, struct wl_resource *toplevel, struct wl_resource *xdg_surface, int32_t width, int32_t height);
void unlink_resource(struct wl_resource *r);

#endif
