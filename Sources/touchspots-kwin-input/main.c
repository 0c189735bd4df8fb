/*
 * touchspots-kwin-input: injects touches into kwin through org_kde_kwin_fake_input (kwin
 * shows it only with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, and drops events from a client
 * that has not called authenticate first). It listens on a Unix socket for the harness's
 * line commands: down ID X Y, motion ID X Y, up ID, frame, cancel, sync. Each command is
 * followed by a roundtrip, so "ok" means kwin has handled it.
 *
 * Usage: WAYLAND_DISPLAY=... touchspots-kwin-input SOCKET_PATH
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <wayland-client.h>
#include "fake-input-client-protocol.h"
#include "harness-protocol.h"

static struct org_kde_kwin_fake_input *fake_input;

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	if (strcmp(interface, "org_kde_kwin_fake_input") == 0 && version >= 2)
		fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface,
					      version < 4 ? version : 4);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void
reply(int fd, const char *text)
{
	char line[256];
	int n = snprintf(line, sizeof line, "%s\n", text);
	if (send(fd, line, (size_t)n, MSG_NOSIGNAL) < 0)
		perror("touchspots-kwin-input: send");
}

/* Runs one command line; returns the reply (NULL for an empty line). */
static const char *
run(struct wl_display *display, char *line)
{
	static char reply[512];
	struct ts_command cmd;
	if (!ts_command_parse(line, &cmd, reply, sizeof reply))
		return reply;
	switch (cmd.kind) {
	case TS_COMMAND_NONE:
		return NULL;
	case TS_COMMAND_DOWN:
	case TS_COMMAND_MOTION:
		if (cmd.id < 0) {
			snprintf(reply, sizeof reply, "error: %s: ID %d is negative (fake_input ids are unsigned)",
				 cmd.name, cmd.id);
			return reply;
		}
		if (cmd.kind == TS_COMMAND_DOWN)
			org_kde_kwin_fake_input_touch_down(fake_input, (uint32_t)cmd.id,
							   wl_fixed_from_double(cmd.x), wl_fixed_from_double(cmd.y));
		else
			org_kde_kwin_fake_input_touch_motion(fake_input, (uint32_t)cmd.id,
							     wl_fixed_from_double(cmd.x), wl_fixed_from_double(cmd.y));
		break;
	case TS_COMMAND_UP:
		if (cmd.id < 0) {
			snprintf(reply, sizeof reply, "error: up: ID %d is negative (fake_input ids are unsigned)", cmd.id);
			return reply;
		}
		org_kde_kwin_fake_input_touch_up(fake_input, (uint32_t)cmd.id);
		break;
	case TS_COMMAND_FRAME:
		org_kde_kwin_fake_input_touch_frame(fake_input);
		break;
	case TS_COMMAND_CANCEL:
		org_kde_kwin_fake_input_touch_cancel(fake_input);
		break;
	case TS_COMMAND_SYNC:
	case TS_COMMAND_WAIT_READY:
		break;
	default:
		snprintf(reply, sizeof reply, "unsupported: %s: touchspots-kwin-input injects touches only",
			 cmd.name);
		return reply;
	}
	if (wl_display_roundtrip(display) < 0)
		return "error: kwin closed the connection";
	return "ok";
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: touchspots-kwin-input SOCKET_PATH\n");
		return 64;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "touchspots-kwin-input: cannot connect to kwin\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!fake_input) {
		fprintf(stderr, "touchspots-kwin-input: no org_kde_kwin_fake_input v2+ "
				"(set KWIN_WAYLAND_NO_PERMISSION_CHECKS=1)\n");
		return 1;
	}
	org_kde_kwin_fake_input_authenticate(fake_input, "touchspots harness", "injects test touches");
	wl_display_roundtrip(display);

	/* Listen under a temporary name, then rename: whoever sees the path can connect. */
	char temporary[sizeof ((struct sockaddr_un *)0)->sun_path];
	snprintf(temporary, sizeof temporary, "%s.tmp", argv[1]);
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	snprintf(addr.sun_path, sizeof addr.sun_path, "%s", temporary);
	unlink(temporary);
	unlink(argv[1]);
	int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listener < 0 || bind(listener, (struct sockaddr *)&addr, sizeof addr) < 0 ||
	    listen(listener, 1) < 0 || rename(temporary, argv[1]) < 0) {
		fprintf(stderr, "touchspots-kwin-input: cannot listen on %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	for (;;) {
		int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
		if (conn < 0)
			continue;
		char buf[8192];
		size_t len = 0;
		for (;;) {
			struct pollfd fds[2] = { { conn, POLLIN, 0 }, { wl_display_get_fd(display), POLLIN, 0 } };
			if (poll(fds, 2, -1) < 0 && errno != EINTR)
				return 1;
			if (fds[1].revents & (POLLHUP | POLLERR))
				return 0; /* kwin is gone */
			if (fds[1].revents & POLLIN && wl_display_dispatch(display) < 0)
				return 0;
			if (!(fds[0].revents & (POLLIN | POLLHUP)))
				continue;
			ssize_t n = read(conn, buf + len, sizeof buf - len - 1);
			if (n <= 0)
				break;
			len += (size_t)n;
			char *nl;
			while ((nl = memchr(buf, '\n', len))) {
				*nl = '\0';
				size_t used = (size_t)(nl - buf) + 1;
				const char *answer = run(display, buf);
				if (answer)
					reply(conn, answer);
				memmove(buf, buf + used, len - used);
				len -= used;
			}
		}
		close(conn);
	}
}
