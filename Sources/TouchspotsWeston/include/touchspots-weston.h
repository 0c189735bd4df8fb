#ifndef TOUCHSPOTS_WESTON_H
#define TOUCHSPOTS_WESTON_H

/*
 * touchspots-weston: a weston 10 module that gives a headless weston a touch seat and a
 * line-based control socket, so tests can inject touches and take screenshots.
 *
 * Load it with `weston --modules=/ABSOLUTE/PATH/libtouchspots-weston.so`. The control
 * channel is, in order of preference:
 *   TOUCHSPOTS_WESTON_CONTROL_FD=N  an already connected stream socket inherited as fd N;
 *   TOUCHSPOTS_WESTON_CONTROL=PATH  a Unix socket the module listens on (any number of
 *                                   connections, one command at a time each).
 *
 * Commands, one per line; every command gets exactly one reply line, "ok[ DATA]" or
 * "error: MESSAGE". Coordinates are compositor-global logical pixels (with kiosk-shell
 * these equal the fullscreen window's surface coordinates).
 *   down ID X Y        touch ID goes down at (X, Y)
 *   motion ID X Y      touch ID moves to (X, Y)
 *   up ID              touch ID lifts
 *   frame              ends the group of touch events (wl_touch.frame)
 *   cancel             cancels every touch (wl_touch.cancel), as a compositor gesture does
 *   pointer X Y        moves the pointer to (X, Y)
 *   button B S         B: left, right or middle; S: press or release
 *   key K S            K: esc, q, f, c, h, f11, leftalt, leftshift, 1-5 or a Linux key
 *                      code; S: press or release
 * The seat has a pointer and a keyboard too unless TOUCHSPOTS_WESTON_TOUCH_ONLY is set.
 *   wait-ready         waits until a client's window is on screen and touchable
 *   sync               returns once every client has handled all that was sent so far,
 *                      has stopped drawing (two back-to-back pings see no commit between
 *                      them) and the screen shows everything they committed
 *   screenshot PATH    repaints and writes the output to PATH as PNG; replies "ok W H"
 *   size               replies "ok W H" with the output size in logical pixels
 *   commits            replies "ok N": wl_surface.commit requests seen from all clients
 *   requests I.M       replies "ok N": requests M on interface I seen from all clients,
 *                      e.g. requests xdg_toplevel.set_fullscreen
 * Waiting commands time out after 10 s with an error.
 */

#endif
