// slam: lowers
// expect: SAFE
// Issue 12, cause 11: the correct version of extern_ptr_queue_bug.c.
void reach_error(void);
struct req { struct req *Next; int id; };
extern struct req *PendingRequests(void);
int locked = 0;
int main(void) {
  struct req *request = PendingRequests();
  while (request) {
    if (locked) reach_error();
    locked = 1;
    if (request->id == 3) { locked = 0; request = request->Next; continue; }
    locked = 0;
    request = request->Next;
  }
  return 0;
}
