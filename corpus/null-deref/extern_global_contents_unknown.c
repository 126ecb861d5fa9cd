// expect: UNKNOWN
// entry: cluster_size
// reason: null_from_outside
// A unit that uses a server's state defined in another unit (Redis's `extern struct
// redisServer server;` in every file but server.c): checked alone, the unit does not know
// `server`'s contents, so `server.cluster` may be anything — NULL too, when the server runs
// without a cluster, and then the callers never call `cluster_size`. A NULL read from a
// global the unit does not define is the other unit's, as one read from the object a
// parameter points to is the caller's: UNKNOWN, not a violation (before session 53 the
// shard of Redis checked had 10 such reports on `server.cluster` alone).
struct cluster { int size; };
struct server_state { struct cluster *cluster; int port; };
extern struct server_state server;
int cluster_size(void) { return server.cluster->size; }
