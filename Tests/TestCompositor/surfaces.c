/* The test compositor's wl_compositor, wl_surface, wl_region and wl_shm buffers. */
#include "internal.h"

/* ---- wl_region ---- */

static void region_add(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w,
		       int32_t h) {}
static const struct wl_region_interface region_impl = {
	.destroy = destroy_request, .add = region_add, .subtract = region_add,
};

/* ---- wl_buffer (shm) ---- */

static const struct wl_buffer_interface buffer_impl = { .destroy = destroy_request };


static void
buffer_free(struct wl_resource *r)
{
	struct buffer_size *size = wl_resource_get_user_data(r);
	if (size->fd >= 0)
		close(size->fd);
	free(size);
}

struct pool {
	struct tc *tc;
	int32_t size;
	int fd;
};

static void
pool_create_buffer(struct wl_client *c, struct wl_resource *r, uint32_t id, int32_t offset,
		   int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	struct pool *pool = wl_resource_get_user_data(r);
	if (width <= 0 || height <= 0 || stride < width * 4 || offset < 0 ||
	    (int64_t)offset + (int64_t)stride * height > pool->size) {
		wl_resource_post_error(r, WL_SHM_ERROR_INVALID_STRIDE, "bad buffer geometry");
		return;
	}
	struct buffer_size *size = malloc(sizeof *size);
	size->width = width;
	size->height = height;
	size->fd = fcntl(pool->fd, F_DUPFD_CLOEXEC, 0);
	size->offset = offset;
	size->stride = stride;
	pool->tc->buffers_created++;
	struct wl_resource *b = wl_resource_create(c, &wl_buffer_interface, 1, id);
	wl_resource_set_implementation(b, &buffer_impl, size, buffer_free);
}

static void
pool_resize(struct wl_client *c, struct wl_resource *r, int32_t size)
{
	struct pool *pool = wl_resource_get_user_data(r);
	pool->size = size;
}

static const struct wl_shm_pool_interface pool_impl = {
	.create_buffer = pool_create_buffer, .destroy = destroy_request, .resize = pool_resize,
};

static void
pool_free(struct wl_resource *r)
{
	struct pool *pool = wl_resource_get_user_data(r);
	close(pool->fd);
	free(pool);
}

static void
shm_create_pool(struct wl_client *c, struct wl_resource *r, uint32_t id, int32_t fd, int32_t size)
{
	struct pool *pool = calloc(1, sizeof *pool);
	pool->tc = wl_resource_get_user_data(r);
	pool->size = size;
	pool->fd = fd;
	struct wl_resource *p = wl_resource_create(c, &wl_shm_pool_interface, 1, id);
	wl_resource_set_implementation(p, &pool_impl, pool, pool_free);
}

static const struct wl_shm_interface shm_impl = { .create_pool = shm_create_pool };

void
bind_shm(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_shm_interface, 1, id);
	wl_resource_set_implementation(r, &shm_impl, data, NULL);
	wl_shm_send_format(r, WL_SHM_FORMAT_ARGB8888);
	wl_shm_send_format(r, WL_SHM_FORMAT_XRGB8888);
}

/* ---- wl_surface ---- */

static void
surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *buffer, int32_t x,
	       int32_t y)
{
	struct surface *s = wl_resource_get_user_data(r);
	s->pending_buffer = buffer;
	s->pending_attach = true;
}

static void surface_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y,
			   int32_t w, int32_t h) {}

static void
surface_frame(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb = wl_resource_create(c, &wl_callback_interface, 1, id);
	wl_resource_set_implementation(cb, NULL, NULL, unlink_resource);
	wl_list_insert(s->frame_callbacks.prev, wl_resource_get_link(cb));
}

static void surface_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *g) {}

uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static void
current_buffer_destroyed(struct wl_listener *listener, void *data)
{
	struct surface *s = wl_container_of(listener, s, current_buffer_destroyed);
	wl_list_remove(&s->current_buffer_destroyed.link);
	s->current_buffer = NULL;
}

/* The buffer shown now (or none), watched so that a buffer the client destroys while
 * shown is never released or read. */
static void
set_current_buffer(struct surface *s, struct wl_resource *buffer)
{
	if (s->current_buffer)
		wl_list_remove(&s->current_buffer_destroyed.link);
	s->current_buffer = buffer;
	if (buffer) {
		s->current_buffer_destroyed.notify = current_buffer_destroyed;
		wl_resource_add_destroy_listener(buffer, &s->current_buffer_destroyed);
		struct buffer_size *size = wl_resource_get_user_data(buffer);
		s->shows = true;
		s->shown_width = size->width;
		s->shown_height = size->height;
	} else {
		s->shows = false;
	}
}

bool
surface_pixel(struct surface *s, int32_t x, int32_t y, uint32_t *argb)
{
	if (!s->current_buffer)
		return false;
	struct buffer_size *b = wl_resource_get_user_data(s->current_buffer);
	if (x < 0 || y < 0 || x >= b->width || y >= b->height || b->fd < 0)
		return false;
	size_t length = (size_t)b->offset + (size_t)b->stride * (size_t)b->height;
	void *map = mmap(NULL, length, PROT_READ, MAP_SHARED, b->fd, 0);
	if (map == MAP_FAILED)
		return false;
	const char *row = (const char *)map + b->offset + (size_t)b->stride * (size_t)y;
	memcpy(argb, row + 4 * (size_t)x, sizeof *argb);
	munmap(map, length);
	return true;
}

/* A commit's attach taking effect: `buffer` shown at once, the previous one free again;
 * a NULL attach unmaps a subsurface (a hidden spot layer), while the toplevel's is
 * ignored, as it always was here. */
void
surface_apply_attach(struct surface *s, struct wl_resource *buffer, int32_t scale)
{
	struct wl_resource *r = s->resource;
	if (buffer) {
		if (s->current_buffer && s->current_buffer != buffer)
			wl_buffer_send_release(s->current_buffer);
		set_current_buffer(s, buffer);
		s->scale = scale;
		if (r == s->tc->toplevel_surface && s->tc->configured) {
			s->tc->mapped = true;
			s->tc->shown_width = s->shown_width;
			s->tc->shown_height = s->shown_height;
			s->tc->shown_scale = s->scale;
			s->tc->viewport_width = s->viewport_width;
			s->tc->viewport_height = s->viewport_height;
		}
	} else if (r != s->tc->toplevel_surface && s->shows) {
		if (s->current_buffer)
			wl_buffer_send_release(s->current_buffer);
		set_current_buffer(s, NULL);
	}
}

static void
surface_commit(struct wl_client *c, struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	if (r == s->tc->toplevel_surface) {
		s->tc->commits++;
		subsurfaces_parent_committed(s->tc);
	}
	if (s->pending_attach) {
		if (s->synchronized) {
			/* A subsurface in synchronized mode (the default): its state waits for the
			 * parent's commit (subsurfaces.c), as a compositor keeps it. */
			s->cached_attach = true;
			s->cached_buffer = s->pending_buffer;
			s->cached_scale = s->pending_scale;
		} else {
			surface_apply_attach(s, s->pending_buffer, s->pending_scale);
		}
	}
	s->pending_attach = false;
	s->pending_buffer = NULL;
	if (s->tc->holds_frame_callbacks)
		return;
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &s->frame_callbacks) {
		wl_callback_send_done(cb, now_ms());
		wl_resource_destroy(cb);
	}
}

static void surface_transform(struct wl_client *c, struct wl_resource *r, int32_t v) {}

static void
surface_set_scale(struct wl_client *c, struct wl_resource *r, int32_t scale)
{
	struct surface *s = wl_resource_get_user_data(r);
	s->pending_scale = scale;
}
static void surface_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) {}

static const struct wl_surface_interface surface_impl = {
	.destroy = destroy_request,
	.attach = surface_attach,
	.damage = surface_damage,
	.frame = surface_frame,
	.set_opaque_region = surface_region,
	.set_input_region = surface_region,
	.commit = surface_commit,
	.set_buffer_transform = surface_transform,
	.set_buffer_scale = surface_set_scale,
	.damage_buffer = surface_damage,
	.offset = surface_offset,
};

static void
surface_free(struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &s->frame_callbacks)
		wl_resource_destroy(cb);
	set_current_buffer(s, NULL);
	if (s->tc->toplevel_surface == r) {
		s->tc->toplevel_surface = NULL;
		s->tc->mapped = false;
	}
	free(s);
}

static void
compositor_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = calloc(1, sizeof *s);
	s->tc = tc_of(r);
	s->pending_scale = s->scale = 1;
	wl_list_init(&s->frame_callbacks);
	s->resource = wl_resource_create(c, &wl_surface_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(s->resource, &surface_impl, s, surface_free);
}

static void
compositor_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *g = wl_resource_create(c, &wl_region_interface, 1, id);
	wl_resource_set_implementation(g, &region_impl, NULL, NULL);
}

static const struct wl_compositor_interface compositor_impl = {
	.create_surface = compositor_create_surface,
	.create_region = compositor_create_region,
};

void
bind_compositor(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_compositor_interface, version, id);
	wl_resource_set_implementation(r, &compositor_impl, data, NULL);
}
