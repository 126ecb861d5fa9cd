// expect: VIOLATION
// entry: cluster_size
// The same unknown contents of a global defined in another unit
// (extern_global_contents_unknown.c), but the code tests `server.cluster` for NULL itself and
// dereferences it on that very branch: its own mistake, whatever the other unit stores.
struct cluster { int size; };
struct server_state { struct cluster *cluster; int port; };
extern struct server_state server;
int cluster_size(void) {
  if (server.cluster == 0)
    return server.cluster->size;
  return 0;
}
