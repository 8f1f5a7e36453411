import { setFlagsFromString } from "node:v8"

/**
 * Imported first by the entries that answer the web API (web, standalone), so that it runs
 * before any other module: V8's allocation-site pretenuring off. V8 otherwise learns during the
 * start (a burst of objects that live) to allocate the objects of some sites straight into the
 * old generation, and then keeps doing it for every request's short-lived ones (rows, decoded
 * views, tRPC's contexts): the old generation fills with garbage and a full GC (10–45 ms on the
 * 2 shared cores) comes every few hundred campaign.list calls instead of every few thousand.
 * Measured at 1,000,000 messages (docs/scaling.md, "Sizing"): 22% less CPU per campaign.list and
 * its p99 from ~24 to ~13 ms on a busy machine. The flag is read at each GC, not when the heap is
 * made, so it can be set here rather than on every command line; a scheduler alone keeps the
 * default (its objects are not per request).
 */
setFlagsFromString("--no-allocation-site-pretenuring")
