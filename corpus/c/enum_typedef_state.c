// slam: lowers
// expect: SAFE
typedef enum { IDLE, RUNNING = 5, PAUSED, STOPPED } run_state;
typedef struct { run_state st; unsigned ticks; } job_t;
static void step(job_t *j, int ev) {
  switch (j->st) {
  case IDLE: if (ev) j->st = RUNNING; break;
  case RUNNING: j->ticks++; if (ev == 2) j->st = PAUSED; else if (ev == 3) j->st = STOPPED; break;
  case PAUSED: if (ev == 1) j->st = RUNNING; break;
  case STOPPED: break;
  }
}
int main(void) {
  job_t j = { IDLE, 0 };
  int n;
  for (n = 0; n < 8; n++) step(&j, __VERIFIER_nondet_int());
  if (j.st != IDLE && j.st != RUNNING && j.st != PAUSED && j.st != STOPPED) reach_error();
  if (PAUSED != 6) reach_error();
  return 0;
}
