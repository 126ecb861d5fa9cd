// slam: lowers
// expect: VIOLATION
// random runs miss it: a request object from the environment with id 3 and a next one
// Issue 12, cause 11: an undefined function returning a pointer returns NULL or a fresh
// object whose contents are unknown. The lock is not released on one path of the loop.
void reach_error(void);
struct req { struct req *Next; int id; };
extern struct req *PendingRequests(void);
int locked = 0;
int main(void) {
  struct req *request = PendingRequests();
  while (request) {
    if (locked) reach_error();
    locked = 1;
    if (request->id == 3) { request = request->Next; continue; }
    locked = 0;
    request = request->Next;
  }
  return 0;
}
