#ifndef TOUCHSPOTS_WLROOTS_H
#define TOUCHSPOTS_WLROOTS_H
/* touchspots-wlroots is an LD_PRELOAD shim with no API: see touchspots-wlroots.c. */
#endif
